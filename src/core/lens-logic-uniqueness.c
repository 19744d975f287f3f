/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "lens-logic-private.h"

/* Unique rectangle, type 1: four empty cells on two rows, two columns and
 * two boxes, three of them holding only the same two digits.  Were the
 * fourth to hold one of them too, the two digits could be swapped around
 * the rectangle and the puzzle would have two solutions; a proper puzzle
 * has one, so the fourth cell loses both digits. */

static gboolean
try_rectangle (const LensCandidates *c,
               LensLogicStep        *step,
               const guint           corners[4])
{
  for (guint odd = 0; odd < 4; odd++)
    {
      guint pair = 0;
      gboolean all_pairs = TRUE;
      guint8 three[3];
      guint n = 0;
      g_autofree char *three_names = NULL, *odd_name = NULL, *digits = NULL;

      for (guint k = 0; k < 4; k++)
        if (k != odd)
          {
            if (pair == 0)
              pair = c->marks[corners[k]];
            all_pairs &= lens_popcount (c->marks[corners[k]]) == 2 && c->marks[corners[k]] == pair;
            three[n++] = (guint8) corners[k];
          }
      if (!all_pairs || (c->marks[corners[odd]] & pair) != pair ||
          c->marks[corners[odd]] == pair)
        continue;
      lens_step_eliminate_mask (step, c, corners[odd], pair);
      for (guint k = 0; k < 4; k++)
        lens_step_add_cell (step, corners[k]);
      three_names = lens_format_cells (three, 3);
      odd_name = lens_cell_name (corners[odd]);
      digits = lens_format_digits (pair);
      /* TRANSLATORS: "r1c1, r1c4, r3c1 hold only 2, 7; if r3c4 held 2 or 7 as well, the four cells could swap them and the puzzle would have two solutions, so r3c4 holds neither." */
      lens_step_set_text (step, _("%s hold only %s; if %s held one of these as well, the four cells could swap them and the puzzle would have two solutions, so %s holds neither."),
                          three_names, digits, odd_name, odd_name);
      return TRUE;
    }
  return FALSE;
}

gboolean
lens_find_unique_rectangle (const LensCandidates *c,
                            LensLogicStep        *step)
{
  for (guint r1 = 0; r1 < 9; r1++)
    for (guint r2 = r1 + 1; r2 < 9; r2++)
      for (guint c1 = 0; c1 < 9; c1++)
        for (guint c2 = c1 + 1; c2 < 9; c2++)
          {
            guint corners[4] = { r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2 };
            gboolean same_band = r1 / 3 == r2 / 3, same_stack = c1 / 3 == c2 / 3;
            gboolean empty = TRUE;

            if (same_band == same_stack)
              continue;
            for (guint k = 0; k < 4; k++)
              empty &= c->digits[corners[k]] == 0;
            if (empty && try_rectangle (c, step, corners))
              return TRUE;
          }
  return FALSE;
}
