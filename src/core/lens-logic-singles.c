/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "lens-logic-private.h"

/* Full house, hidden single, naked single. */

static guint
unit_placed (const LensCandidates *c,
             guint                 unit,
             guint                *empty_cell)
{
  guint placed = 0, n_empty = 0;

  for (guint i = 0; i < 9; i++)
    {
      guint cell = lens_unit_cell (unit, i);

      if (c->digits[cell])
        placed |= LENS_DIGIT_BIT (c->digits[cell]);
      else
        {
          *empty_cell = cell;
          n_empty++;
        }
    }
  return n_empty == 1 ? placed : LENS_ALL_DIGITS;
}

/* @digit goes in @cell, its one place in @unit: @step shows the cell and
 * the unit and places it; the names are for its sentence. */
static void
place_single (LensLogicStep  *step,
              guint           unit,
              guint           cell,
              guint           digit,
              char          **unit_name,
              char          **cell_name)
{
  lens_step_add_cell (step, cell);
  lens_step_add_unit (step, unit);
  lens_step_add_placement (step, cell, digit);
  *unit_name = lens_unit_name (unit);
  *cell_name = lens_cell_name (cell);
}

gboolean
lens_find_full_house (const LensCandidates *c,
                      LensLogicStep        *step)
{
  for (guint unit = 0; unit < LENS_N_UNITS; unit++)
    {
      guint cell = 0;
      guint missing = LENS_ALL_DIGITS & ~unit_placed (c, unit, &cell);
      g_autofree char *unit_name = NULL;
      g_autofree char *cell_name = NULL;
      guint digit;

      if (lens_popcount (missing) != 1 || !(c->marks[cell] & missing))
        continue;
      digit = lens_first_digit (missing);
      place_single (step, unit, cell, digit, &unit_name, &cell_name);
      /* TRANSLATORS: "Only one cell is left empty in row 3: r3c5 is 7." */
      lens_step_set_text (step, _("Only one cell is left empty in %s: %s is %u."),
                          unit_name, cell_name, digit);
      return TRUE;
    }
  return FALSE;
}

static gboolean
find_hidden_single_in (const LensCandidates *c,
                       LensLogicStep        *step,
                       guint                 unit)
{
  for (guint digit = 1; digit <= 9; digit++)
    {
      guint positions = lens_unit_positions (c, unit, digit);
      g_autofree char *unit_name = NULL;
      g_autofree char *cell_name = NULL;
      guint cell;

      if (lens_popcount (positions) != 1)
        continue;
      cell = lens_unit_cell (unit, lens_first_digit (positions) - 1);
      place_single (step, unit, cell, digit, &unit_name, &cell_name);
      /* TRANSLATORS: "Row 3 has only one place for 7: r3c5." */
      lens_step_set_text (step, _("In %s, %u fits in one cell only: %s."), unit_name, digit, cell_name);
      return TRUE;
    }
  return FALSE;
}

/* Boxes first: a hidden single in a box is the easiest to see. */
gboolean
lens_find_hidden_single (const LensCandidates *c,
                         LensLogicStep        *step)
{
  for (guint k = 0; k < LENS_N_UNITS; k++)
    if (find_hidden_single_in (c, step, (k + 18) % LENS_N_UNITS))
      return TRUE;
  return FALSE;
}

gboolean
lens_find_naked_single (const LensCandidates *c,
                        LensLogicStep        *step)
{
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      g_autofree char *cell_name = NULL;
      guint digit;

      if (c->digits[cell] || lens_popcount (c->marks[cell]) != 1)
        continue;
      digit = lens_first_digit (c->marks[cell]);
      lens_step_add_cell (step, cell);
      lens_step_add_placement (step, cell, digit);
      cell_name = lens_cell_name (cell);
      lens_step_set_text (step, _("%s has one candidate left: %u."), cell_name, digit);
      return TRUE;
    }
  return FALSE;
}
