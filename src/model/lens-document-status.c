/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-cell-style.h"
#include "lens-document.h"

static char *
describe_solution (const LensResult *result)
{
  guint counts[LENS_N_CELL_ROLES] = { 0 };

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    counts[lens_grid_cell_role (&result->solution, i)]++;
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
    return describe_solution (lens_document_get_result (self));
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
