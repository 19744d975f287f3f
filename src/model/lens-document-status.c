/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-cell-style.h"
#include "lens-document.h"

/* Of the board shown: the player's digits count as solved. */
static char *
describe_solution (LensDocument *self)
{
  guint counts[LENS_N_CELL_ROLES] = { 0 };
  LensGrid board;

  lens_document_get_board (self, &board);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      LensCellRole role = lens_grid_cell_role (&board, i);

      if (role == LENS_CELL_ROLE_ENTRY || role == LENS_CELL_ROLE_HELPED || role == LENS_CELL_ROLE_WRONG)
        role = LENS_CELL_ROLE_SOLVED;
      counts[role]++;
    }
  if (counts[LENS_CELL_ROLE_CORRECTION] > 0)
    /* TRANSLATORS: printed · typed · repaired · solved cells */
    return g_strdup_printf (_("%u printed · %u typed · %u repaired · %u solved"), counts[LENS_CELL_ROLE_PRINTED],
                            counts[LENS_CELL_ROLE_CORRECTION], counts[LENS_CELL_ROLE_REPAIRED], counts[LENS_CELL_ROLE_SOLVED]);
  /* TRANSLATORS: printed · repaired · solved cells */
  return g_strdup_printf (_("%u printed · %u repaired · %u solved"), counts[LENS_CELL_ROLE_PRINTED],
                          counts[LENS_CELL_ROLE_REPAIRED], counts[LENS_CELL_ROLE_SOLVED]);
}

char *
lens_document_describe (LensDocument *self)
{
  guint givens, uncertain, conflicts, entries;
  g_autofree char *a = NULL, *b = NULL, *c = NULL;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), NULL);

  if (lens_document_get_state (self) == LENS_DOCUMENT_SOLVED)
    return describe_solution (self);
  givens = lens_document_count_givens (self);
  /* the cells that show a "?" */
  uncertain = lens_document_count_doubtful (self);
  conflicts = lens_document_count_conflicts (self);
  entries = lens_document_count_entries (self) - lens_document_count_helped (self);
  a = g_strdup_printf (ngettext ("%u digit", "%u digits", givens), givens);
  b = g_strdup_printf (ngettext ("%u uncertain", "%u uncertain", uncertain), uncertain);
  c = conflicts ? g_strdup_printf (ngettext ("%u cell in conflict", "%u cells in conflict", conflicts), conflicts)
                : g_strdup (_("no conflicts"));
  if (entries > 0)
    {
      g_autofree char *d = g_strdup_printf (ngettext ("%u entry of yours", "%u entries of yours", entries), entries);

      /* TRANSLATORS: printed digits · the player's digits · uncertain · conflicts */
      return g_strdup_printf (_("%s · %s · %s · %s"), a, d, b, c);
    }
  /* TRANSLATORS: digits · uncertain · conflicts */
  return g_strdup_printf (_("%s · %s · %s"), a, b, c);
}

/* What the help the player just asked for did, NULL if the last change
 * was none. */
static char *
describe_help (LensDocument *self)
{
  const LensHelp *help = lens_document_get_last_help (self);
  g_autofree char *cell = help->kind != LENS_HELP_NONE ? lens_cell_name (help->cell) : NULL;

  switch (help->kind)
    {
    case LENS_HELP_STEP:
      if (help->digit == 0)
        /* TRANSLATORS: %s is a technique's name */
        return g_strdup_printf (_("The hint’s step is made: candidates are taken out of the pencil marks (%s)."),
                                lens_technique_get_label (help->technique));
      if (help->n_cells > 1)
        /* TRANSLATORS: how many digits, the first digit, its cell (as r4c5), a technique's name */
        return g_strdup_printf (_("The hint’s step is made: %u digits placed, the first %u in %s (%s)."),
                                help->n_cells, help->digit, cell, lens_technique_get_label (help->technique));
      /* TRANSLATORS: a digit, its cell (as r4c5), a technique's name */
      return g_strdup_printf (_("The hint’s step is made: %u in %s (%s)."),
                              help->digit, cell, lens_technique_get_label (help->technique));
    case LENS_HELP_MISTAKE:
      if (help->n_cells == 1)
        /* TRANSLATORS: %s is a cell, as r4c5 */
        return g_strdup_printf (_("Your wrong digit in %s is taken out."), cell);
      return g_strdup_printf (ngettext ("Your %u wrong digit is taken out.", "Your %u wrong digits are taken out.",
                                        help->n_cells), help->n_cells);
    case LENS_HELP_REVEAL:
      /* TRANSLATORS: a digit and its cell, as r4c5 */
      return g_strdup_printf (_("Revealed: %u in %s."), help->digit, cell);
    case LENS_HELP_NONE:
    default:
      return NULL;
    }
}

char *
lens_document_describe_play (LensDocument *self,
                             const char   *analysis_error,
                             LensTone     *tone)
{
  const LensEntryCheck *check;
  const LensResult *analysis;
  char *help;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self) && tone != NULL, NULL);

  check = lens_document_get_check (self);
  analysis = lens_document_get_analysis (self);
  *tone = LENS_TONE_ACCENT;
  if (lens_document_is_complete_and_right (self))
    {
      *tone = LENS_TONE_SUCCESS;
      /* every digit came from the hints */
      if (check->n_entries == 0)
        return g_strdup (_("Well done: the puzzle is complete."));
      return g_strdup_printf (ngettext ("Well done: the puzzle is complete, and your %u entry is right.",
                                        "Well done: the puzzle is complete, and all %u of your entries are right.",
                                        check->n_entries), check->n_entries);
    }
  if ((help = describe_help (self)) != NULL)
    return help;
  if (!lens_document_get_check_wanted (self))
    return NULL;
  if (analysis == NULL && analysis_error != NULL)
    {
      *tone = LENS_TONE_WARNING;
      return g_strdup_printf (_("Your entries could not be checked: %s"), analysis_error);
    }
  if (analysis == NULL || check == NULL)
    return g_strdup (_("Checking your entries…"));
  if (!lens_result_is_solved (analysis) || check->n_wrong + check->n_unsure > 0)
    *tone = LENS_TONE_WARNING;
  else if (check->n_entries > 0 && check->n_unchecked == 0)
    *tone = LENS_TONE_SUCCESS;
  return lens_entry_check_describe (check, lens_result_is_solved (analysis));
}
