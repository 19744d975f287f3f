/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "lens-logic-private.h"

/* A player's mistakes: wrong or clashing entries first, then marks that
 * leave out a cell's digit. */

static gboolean
entry_clashes (const LensCandidates *state,
               guint                 cell)
{
  const guint8 *peers = lens_cell_peers (cell);

  for (guint p = 0; p < 20; p++)
    if (state->digits[peers[p]] == state->digits[cell])
      return TRUE;
  return FALSE;
}

/* An entry over a given is wrong unless it is the given; another is
 * wrong when it is not the solution's digit, or without a solution when it
 * clashes with a digit it sees. */
static gboolean
entry_is_wrong (const guint8         *givens,
                const LensCandidates *state,
                const guint8         *solution,
                guint                 cell)
{
  if (state->digits[cell] == 0)
    return FALSE;
  if (givens[cell] != 0)
    return state->digits[cell] != givens[cell];
  /* Of two clashing entries, the solution tells which is wrong. */
  if (solution != NULL)
    return state->digits[cell] != solution[cell];
  return entry_clashes (state, cell);
}

static void
set_mistake_text (LensLogicStep *step,
                  gboolean       marks)
{
  g_autofree char *cells = lens_format_cells (step->cells, step->n_cells);

  if (marks)
    lens_step_set_text (step, g_dngettext (GETTEXT_PACKAGE,
                                           "The pencil marks of %s leave out the digit that goes there.",
                                           "The pencil marks of %s leave out the digit that goes there.",
                                           step->n_cells), cells);
  else
    lens_step_set_text (step, g_dngettext (GETTEXT_PACKAGE,
                                           "The digit in %s is wrong.",
                                           "The digits in %s are wrong.",
                                           step->n_cells), cells);
}

LensLogicStep *
lens_logic_check (const guint8         *givens,
                  const LensCandidates *state,
                  const guint8         *solution)
{
  g_autoptr(LensLogicStep) step = NULL;

  g_return_val_if_fail (givens != NULL, NULL);
  g_return_val_if_fail (state != NULL, NULL);

  step = g_new0 (LensLogicStep, 1);
  lens_step_reset (step, LENS_TECHNIQUE_MISTAKE);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (entry_is_wrong (givens, state, solution, i))
      lens_step_add_cell (step, i);
  if (step->n_cells > 0)
    {
      set_mistake_text (step, FALSE);
      return g_steal_pointer (&step);
    }
  for (guint i = 0; solution != NULL && i < LENS_GRID_CELLS; i++)
    if (state->digits[i] == 0 && !(state->marks[i] & LENS_DIGIT_BIT (solution[i])))
      lens_step_add_cell (step, i);
  if (step->n_cells == 0)
    return NULL;
  set_mistake_text (step, TRUE);
  return g_steal_pointer (&step);
}
