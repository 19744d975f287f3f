/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "lens-logic-private.h"

/* XY-Wing, XYZ-Wing and W-Wing: a few two-candidate cells that force a
 * digit into one of two cells, so cells seeing both lose that digit. */

/* Eliminates @digit from every cell seeing all of @cells (not themselves). */
static gboolean
eliminate_seen_by (const LensCandidates *c,
                   LensLogicStep        *step,
                   const guint8         *cells,
                   guint                 n,
                   guint                 digit)
{
  gboolean any = FALSE;

  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      gboolean sees_all = (c->marks[cell] & LENS_DIGIT_BIT (digit)) != 0;

      for (guint k = 0; k < n && sees_all; k++)
        sees_all = lens_cells_see (cell, cells[k]);
      if (sees_all)
        {
          lens_step_add_elimination (step, cell, digit);
          any = TRUE;
        }
    }
  return any;
}

static gboolean
try_xy_wing (const LensCandidates *c,
             LensLogicStep        *step,
             guint                 pivot,
             guint                 a,
             guint                 b,
             gboolean              xyz)
{
  guint16 p = c->marks[pivot], ma = c->marks[a], mb = c->marks[b];
  guint z = ma & mb;
  guint8 cells[3] = { (guint8) a, (guint8) b, (guint8) pivot };
  g_autofree char *pivot_name = NULL, *a_name = NULL, *b_name = NULL, *targets = NULL;

  if (lens_popcount (z) != 1 || ma == mb)
    return FALSE;
  if (xyz ? (ma | mb) != p : ((ma | mb) & ~z) != p)
    return FALSE;
  if (!eliminate_seen_by (c, step, cells, xyz ? 3 : 2, lens_first_digit (z)))
    return FALSE;
  for (guint k = 0; k < 3; k++)
    lens_step_add_cell (step, cells[k]);
  pivot_name = lens_cell_name (pivot);
  a_name = lens_cell_name (a);
  b_name = lens_cell_name (b);
  targets = lens_format_elimination_cells (step);
  if (xyz)
    /* TRANSLATORS: "Whatever r1c1 holds, it or r1c5 or r3c2 is 4, so r1c3 cannot be 4." */
    lens_step_set_text (step, _("Whatever %s holds, it or %s or %s is %u, so %s cannot be %u."),
                        pivot_name, a_name, b_name, lens_first_digit (z), targets, lens_first_digit (z));
  else
    /* TRANSLATORS: "Whatever r1c1 holds, r1c5 or r3c2 is 4, so r3c4 cannot be 4." */
    lens_step_set_text (step, _("Whatever %s holds, %s or %s is %u, so %s cannot be %u."),
                        pivot_name, a_name, b_name, lens_first_digit (z), targets, lens_first_digit (z));
  return TRUE;
}

static gboolean
find_wing (const LensCandidates *c,
           LensLogicStep        *step,
           gboolean              xyz)
{
  for (guint pivot = 0; pivot < LENS_GRID_CELLS; pivot++)
    {
      const guint8 *peers = lens_cell_peers (pivot);

      if (lens_popcount (c->marks[pivot]) != (xyz ? 3u : 2u))
        continue;
      for (guint i = 0; i < 20; i++)
        for (guint j = i + 1; j < 20; j++)
          {
            guint a = peers[i], b = peers[j];

            if (lens_popcount (c->marks[a]) != 2 || lens_popcount (c->marks[b]) != 2)
              continue;
            if (try_xy_wing (c, step, pivot, a, b, xyz))
              return TRUE;
          }
    }
  return FALSE;
}

gboolean lens_find_xy_wing (const LensCandidates *c, LensLogicStep *step) { return find_wing (c, step, FALSE); }
gboolean lens_find_xyz_wing (const LensCandidates *c, LensLogicStep *step) { return find_wing (c, step, TRUE); }

static gboolean
try_w_wing (const LensCandidates *c,
            LensLogicStep        *step,
            guint                 a,
            guint                 b,
            guint                 x,
            guint                 unit)
{
  guint positions = lens_unit_positions (c, unit, x);
  guint e1, e2, y = lens_first_digit (c->marks[a] & ~LENS_DIGIT_BIT (x));
  guint8 cells[2] = { (guint8) a, (guint8) b };
  g_autofree char *a_name = NULL, *b_name = NULL, *unit_name = NULL, *targets = NULL;

  if (lens_popcount (positions) != 2)
    return FALSE;
  e1 = lens_unit_cell (unit, lens_first_digit (positions) - 1);
  e2 = lens_unit_cell (unit, 31 - __builtin_clz (positions));
  if (e1 == a || e1 == b || e2 == a || e2 == b)
    return FALSE;
  if (!((lens_cells_see (e1, a) && lens_cells_see (e2, b)) || (lens_cells_see (e1, b) && lens_cells_see (e2, a))))
    return FALSE;
  if (!eliminate_seen_by (c, step, cells, 2, y))
    return FALSE;
  lens_step_add_cell (step, a);
  lens_step_add_cell (step, b);
  lens_step_add_cell (step, e1);
  lens_step_add_cell (step, e2);
  lens_step_add_unit (step, unit);
  a_name = lens_cell_name (a);
  b_name = lens_cell_name (b);
  unit_name = lens_unit_name (unit);
  targets = lens_format_elimination_cells (step);
  /* TRANSLATORS: "r1c1 and r5c6 both hold 3 or 8; both being 3 would leave 3 no place in row 4, so one is 8 and r1c6 cannot be 8." */
  lens_step_set_text (step, _("%s and %s both hold %u or %u; both being %u would leave %u no place in %s, so one is %u and %s cannot be %u."),
                      a_name, b_name, x, y, x, x, unit_name, y, targets, y);
  return TRUE;
}

gboolean
lens_find_w_wing (const LensCandidates *c,
                  LensLogicStep        *step)
{
  for (guint a = 0; a < LENS_GRID_CELLS; a++)
    {
      if (lens_popcount (c->marks[a]) != 2)
        continue;
      for (guint b = a + 1; b < LENS_GRID_CELLS; b++)
        {
          if (c->marks[b] != c->marks[a] || lens_cells_see (a, b))
            continue;
          for (guint k = 0; k < 2; k++)
            {
              guint x = k == 0 ? lens_first_digit (c->marks[a])
                               : (guint) (32 - __builtin_clz (c->marks[a]));

              for (guint unit = 0; unit < LENS_N_UNITS; unit++)
                if (try_w_wing (c, step, a, b, x, unit))
                  return TRUE;
            }
        }
    }
  return FALSE;
}
