/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "lens-logic-private.h"

/* Locked candidates: a digit confined to where a box meets a row or a
 * column.  Pointing: within a box it lies on one line, so the rest of the
 * line loses it.  Claiming: within a line it lies in one box, so the rest
 * of the box loses it. */

static gboolean
eliminate_outside (const LensCandidates *c,
                   LensLogicStep        *step,
                   guint                 from_unit,
                   guint                 keep_unit,
                   guint                 digit)
{
  gboolean any = FALSE;

  for (guint i = 0; i < 9; i++)
    {
      guint cell = lens_unit_cell (from_unit, i);
      guint row = lens_cell_row_unit (cell), col = lens_cell_col_unit (cell), box = lens_cell_box_unit (cell);

      if (row != keep_unit && col != keep_unit && box != keep_unit)
        any |= lens_step_eliminate_mask (step, c, cell, LENS_DIGIT_BIT (digit));
    }
  return any;
}

static gboolean
try_intersection (const LensCandidates *c,
                  LensLogicStep        *step,
                  guint                 unit,
                  guint                 digit,
                  gboolean              pointing)
{
  guint positions = lens_unit_positions (c, unit, digit);
  guint first, other = G_MAXUINT;
  g_autofree char *unit_name = NULL;
  g_autofree char *other_name = NULL;

  if (lens_popcount (positions) < 2)
    return FALSE;
  first = lens_unit_cell (unit, lens_first_digit (positions) - 1);
  for (guint k = pointing ? 0 : 2; k < 3; k++)
    {
      guint candidate = k == 0 ? lens_cell_row_unit (first)
                      : k == 1 ? lens_cell_col_unit (first) : lens_cell_box_unit (first);
      gboolean all = TRUE;

      if (candidate == unit)
        continue;
      for (guint i = 0; i < 9 && all; i++)
        if (positions & (1u << i))
          {
            guint cell = lens_unit_cell (unit, i);

            all = lens_cell_row_unit (cell) == candidate || lens_cell_col_unit (cell) == candidate ||
                  lens_cell_box_unit (cell) == candidate;
          }
      if (all)
        {
          other = candidate;
          break;
        }
    }
  if (other == G_MAXUINT || !eliminate_outside (c, step, other, unit, digit))
    return FALSE;
  for (guint i = 0; i < 9; i++)
    if (positions & (1u << i))
      lens_step_add_cell (step, lens_unit_cell (unit, i));
  lens_step_add_unit (step, unit);
  lens_step_add_unit (step, other);
  unit_name = lens_unit_name (unit);
  other_name = lens_unit_name (other);
  /* TRANSLATORS: "In box 1, 7 can only go where it meets row 2, so the rest of row 2 cannot hold 7." */
  lens_step_set_text (step, _("In %s, %u can only go where it meets %s, so the rest of %s cannot hold %u."),
                      unit_name, digit, other_name, other_name, digit);
  return TRUE;
}

/* try_intersection() for each digit in the units [@first, @last). */
static gboolean
find_intersection (const LensCandidates *c,
                   LensLogicStep        *step,
                   guint                 first,
                   guint                 last,
                   gboolean              pointing)
{
  for (guint unit = first; unit < last; unit++)
    for (guint digit = 1; digit <= 9; digit++)
      if (try_intersection (c, step, unit, digit, pointing))
        return TRUE;
  return FALSE;
}

/* From a box into a row or column. */
gboolean
lens_find_pointing (const LensCandidates *c,
                    LensLogicStep        *step)
{
  return find_intersection (c, step, 18, LENS_N_UNITS, TRUE);
}

/* From a row or column into a box. */
gboolean
lens_find_claiming (const LensCandidates *c,
                    LensLogicStep        *step)
{
  return find_intersection (c, step, 0, 18, FALSE);
}
