/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "lens-logic-private.h"

/* Simple colouring: a digit's conjugate pairs (units where it has exactly
 * two places) link cells that take turns holding it, so a connected set
 * of them splits into two colours, one of which holds the digit.  Colour
 * trap: a cell seeing both colours loses the digit.  Colour wrap: two
 * cells of one colour seeing each other rule that colour out. */

typedef struct {
  guint8  colour[LENS_GRID_CELLS];   /* 0 none, 1 or 2 */
  guint8  cells[2][LENS_GRID_CELLS];
  guint   n[2];
} Colouring;

static void
colour_component (const LensCandidates *c,
                  guint                 digit,
                  guint                 start,
                  Colouring            *k)
{
  guint8 queue[LENS_GRID_CELLS];
  guint head = 0, tail = 0;

  k->n[0] = k->n[1] = 0;
  k->colour[start] = 1;
  queue[tail++] = (guint8) start;
  while (head < tail)
    {
      guint cell = queue[head++];
      guint units[3] = { lens_cell_row_unit (cell), lens_cell_col_unit (cell), lens_cell_box_unit (cell) };

      k->cells[k->colour[cell] - 1][k->n[k->colour[cell] - 1]++] = (guint8) cell;
      for (guint u = 0; u < 3; u++)
        {
          guint positions = lens_unit_positions (c, units[u], digit);

          if (lens_popcount (positions) != 2)
            continue;
          for (guint i = 0; i < 9; i++)
            {
              guint other = lens_unit_cell (units[u], i);

              if ((positions & (1u << i)) && other != cell && k->colour[other] == 0)
                {
                  k->colour[other] = (guint8) (3 - k->colour[cell]);
                  queue[tail++] = (guint8) other;
                }
            }
        }
    }
}

static gboolean
colour_has_clash (const Colouring *k,
                  guint            colour)
{
  for (guint i = 0; i < k->n[colour]; i++)
    for (guint j = i + 1; j < k->n[colour]; j++)
      if (lens_cells_see (k->cells[colour][i], k->cells[colour][j]))
        return TRUE;
  return FALSE;
}

static gboolean
sees_colour (const Colouring *k,
             guint            cell,
             guint            colour)
{
  for (guint i = 0; i < k->n[colour]; i++)
    if (lens_cells_see (cell, k->cells[colour][i]))
      return TRUE;
  return FALSE;
}

static gboolean
use_component (const LensCandidates *c,
               LensLogicStep        *step,
               guint                 digit,
               const Colouring      *k)
{
  g_autofree char *one = NULL, *two = NULL, *targets = NULL;

  for (guint colour = 0; colour < 2 && step->n_eliminations == 0; colour++)
    if (colour_has_clash (k, colour))
      for (guint i = 0; i < k->n[colour]; i++)
        lens_step_add_elimination (step, k->cells[colour][i], digit);
  if (step->n_eliminations == 0)
    for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
      if (k->colour[cell] == 0 && (c->marks[cell] & LENS_DIGIT_BIT (digit)) &&
          sees_colour (k, cell, 0) && sees_colour (k, cell, 1))
        lens_step_add_elimination (step, cell, digit);
  if (step->n_eliminations == 0)
    return FALSE;
  for (guint colour = 0; colour < 2; colour++)
    for (guint i = 0; i < k->n[colour]; i++)
      lens_step_add_cell (step, k->cells[colour][i]);
  one = lens_format_cells (k->cells[0], k->n[0]);
  two = lens_format_cells (k->cells[1], k->n[1]);
  targets = lens_format_elimination_cells (step);
  /* TRANSLATORS: "Pairs of places for 5 link cells so that either all of r1c1, r2c5 or all of r1c5, r2c2 hold 5; this rules out 5 in r2c1." */
  lens_step_set_text (step, _("Pairs of places for %u link cells so that either all of %s or all of %s hold %u; this rules out %u in %s."),
                      digit, one, two, digit, digit, targets);
  return TRUE;
}

gboolean
lens_find_simple_colouring (const LensCandidates *c,
                            LensLogicStep        *step)
{
  for (guint digit = 1; digit <= 9; digit++)
    {
      gboolean seen[LENS_GRID_CELLS] = { FALSE };

      for (guint start = 0; start < LENS_GRID_CELLS; start++)
        {
          Colouring k = { { 0 } };

          if (seen[start] || !(c->marks[start] & LENS_DIGIT_BIT (digit)))
            continue;
          colour_component (c, digit, start, &k);
          for (guint colour = 0; colour < 2; colour++)
            for (guint i = 0; i < k.n[colour]; i++)
              seen[k.cells[colour][i]] = TRUE;
          if (k.n[1] >= 1 && k.n[0] + k.n[1] >= 3 && use_component (c, step, digit, &k))
            return TRUE;
        }
    }
  return FALSE;
}
