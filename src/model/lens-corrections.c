/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-candidates.h"
#include "lens-corrections.h"

static gboolean
is_correction (const LensGrid *grid,
          guint           cell)
{
  return (grid->flags[cell] & LENS_CELL_CORRECTION) != 0 && grid->digits[cell] != 0;
}

gboolean
lens_repair_changes_corrections (const LensGrid         *grid,
                                 const LensRepairResult *repair)
{
  g_return_val_if_fail (grid != NULL && repair != NULL, FALSE);

  for (guint i = 0; i < repair->n_changes; i++)
    if (is_correction (grid, repair->changes[i].cell))
      return TRUE;
  return FALSE;
}

guint
lens_grid_get_corrections (const LensGrid *grid,
                           gboolean        corrected[LENS_GRID_CELLS])
{
  guint n = 0;

  g_return_val_if_fail (grid != NULL, 0);

  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    n += corrected[cell] = is_correction (grid, cell);
  return n;
}

LensResult *
lens_result_new_corrections_block (const LensGrid         *grid,
                                   const LensRepairResult *repair)
{
  LensResult *result = lens_result_new (LENS_OUTCOME_CORRECTIONS_BLOCK);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint last = 0;

  g_return_val_if_fail (grid != NULL && repair != NULL, result);

  for (guint i = 0; i < repair->n_changes; i++)
    if (is_correction (grid, repair->changes[i].cell))
      {
        last = repair->changes[i].cell;
        result->suspects[last] = TRUE;
        g_ptr_array_add (names, lens_cell_name (last));
      }
  g_ptr_array_add (names, NULL);
  if (names->len == 2)
    result->message = g_strdup_printf (_("Your %u in %s leaves no solution. Check it against the photo, "
                                         "or let repair change it."),
                                       grid->digits[last], (const char *) names->pdata[0]);
  else
    {
      /* TRANSLATORS: between two cells in a list of cells */
      g_autofree char *list = g_strjoinv (C_("list separator", "; "), (char **) names->pdata);

      result->message = g_strdup_printf (_("Your digits in %s leave no solution. Check them against the photo, "
                                           "or let repair change them."), list);
    }
  return result;
}

void
lens_result_describe_corrections (LensResult             *result,
                                  const LensGrid         *grid,
                                  const LensRepairResult *repair)
{
  g_return_if_fail (result != NULL && grid != NULL && repair != NULL);

  for (guint i = 0; i < repair->n_changes; i++)
    {
      const LensRepairChange *change = &repair->changes[i];
      const char *why = lens_repair_reason_describe (change->reason);

      if (!is_correction (grid, change->cell) || result->reasons[change->cell] == NULL)
        continue;
      g_free (result->reasons[change->cell]);
      if (change->to == 0)
        result->reasons[change->cell] = g_strdup_printf (_("You typed %u; repair removed it: %s"), change->from, why);
      else
        result->reasons[change->cell] = g_strdup_printf (_("You typed %u; repair changed it to %u: %s"),
                                                         change->from, change->to, why);
    }
}
