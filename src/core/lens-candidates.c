/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "lens-candidates.h"

typedef struct {
  guint8 peers[LENS_GRID_CELLS][20];
} Geometry;

static gpointer
build_geometry (gpointer data)
{
  Geometry *g = data;

  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      guint n = 0;

      for (guint other = 0; other < LENS_GRID_CELLS; other++)
        if (lens_cells_see (cell, other))
          g->peers[cell][n++] = (guint8) other;
      g_assert (n == 20);
    }
  return g;
}

/* Built once, read-only after that: safe from any thread. */
static const Geometry *
geometry (void)
{
  static Geometry table;
  static GOnce once = G_ONCE_INIT;

  return g_once (&once, build_geometry, &table);
}

const guint8 *
lens_cell_peers (guint cell)
{
  g_return_val_if_fail (cell < LENS_GRID_CELLS, NULL);

  return geometry ()->peers[cell];
}

void
lens_candidates_init (LensCandidates *c,
                      const guint8   *digits)
{
  g_return_if_fail (c != NULL);
  g_return_if_fail (digits != NULL);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      c->digits[i] = digits[i] <= 9 ? digits[i] : 0;
      c->marks[i] = c->digits[i] ? 0 : LENS_ALL_DIGITS;
    }
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (c->digits[i])
      {
        const guint8 *peers = lens_cell_peers (i);

        for (guint p = 0; p < 20; p++)
          c->marks[peers[p]] &= (guint16) ~LENS_DIGIT_BIT (c->digits[i]);
      }
}

void
lens_candidates_place (LensCandidates *c,
                       guint           cell,
                       guint           digit)
{
  const guint8 *peers;

  g_return_if_fail (c != NULL);
  g_return_if_fail (cell < LENS_GRID_CELLS);
  g_return_if_fail (digit >= 1 && digit <= 9);

  peers = lens_cell_peers (cell);
  c->digits[cell] = (guint8) digit;
  c->marks[cell] = 0;
  for (guint p = 0; p < 20; p++)
    c->marks[peers[p]] &= (guint16) ~LENS_DIGIT_BIT (digit);
}

gboolean
lens_candidates_eliminate (LensCandidates *c,
                           guint           cell,
                           guint           digit)
{
  guint16 bit;

  g_return_val_if_fail (c != NULL, FALSE);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, FALSE);
  g_return_val_if_fail (digit >= 1 && digit <= 9, FALSE);

  bit = LENS_DIGIT_BIT (digit);
  if (!(c->marks[cell] & bit))
    return FALSE;
  c->marks[cell] &= (guint16) ~bit;
  return TRUE;
}

gboolean
lens_candidates_is_full (const LensCandidates *c)
{
  g_return_val_if_fail (c != NULL, FALSE);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (c->digits[i] == 0)
      return FALSE;
  return TRUE;
}

static gboolean
unit_is_broken (const LensCandidates *c,
                guint                 unit)
{
  guint placed = 0, open = 0;

  for (guint i = 0; i < 9; i++)
    {
      guint cell = lens_unit_cell (unit, i);

      if (c->digits[cell])
        {
          if (placed & LENS_DIGIT_BIT (c->digits[cell]))
            return TRUE;
          placed |= LENS_DIGIT_BIT (c->digits[cell]);
        }
      open |= c->marks[cell];
    }
  return (placed | open) != LENS_ALL_DIGITS;
}

gboolean
lens_candidates_is_broken (const LensCandidates *c)
{
  g_return_val_if_fail (c != NULL, TRUE);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (c->digits[i] == 0 && c->marks[i] == 0)
      return TRUE;
  for (guint u = 0; u < LENS_N_UNITS; u++)
    if (unit_is_broken (c, u))
      return TRUE;
  return FALSE;
}

char *
lens_cell_name (guint cell)
{
  g_return_val_if_fail (cell < LENS_GRID_CELLS, NULL);

  return g_strdup_printf ("r%uc%u", cell / 9 + 1, cell % 9 + 1);
}

char *
lens_unit_name (guint unit)
{
  g_return_val_if_fail (unit < LENS_N_UNITS, NULL);

  if (unit < 9)
    return g_strdup_printf (_("row %u"), unit + 1);
  if (unit < 18)
    return g_strdup_printf (_("column %u"), unit - 9 + 1);
  return g_strdup_printf (_("box %u"), unit - 18 + 1);
}
