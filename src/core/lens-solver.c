/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "lens-solver.h"

/* Placeholder: plain backtracking, to be replaced by the bitboard solver. */

static gboolean
can_place (const guint8 *g, guint cell, guint8 d)
{
  guint r = cell / 9, c = cell % 9, br = r / 3 * 3, bc = c / 3 * 3;

  for (guint i = 0; i < 9; i++)
    if (g[r * 9 + i] == d || g[i * 9 + c] == d || g[(br + i / 3) * 9 + bc + i % 3] == d)
      return FALSE;
  return TRUE;
}

static void
search (guint8 *g, guint limit, guint *count, guint8 *solution)
{
  guint cell;

  for (cell = 0; cell < 81 && g[cell]; cell++)
    ;
  if (cell == 81)
    {
      if (*count == 0 && solution)
        memcpy (solution, g, 81);
      (*count)++;
      return;
    }
  for (guint8 d = 1; d <= 9 && *count < limit; d++)
    if (can_place (g, cell, d))
      {
        g[cell] = d;
        search (g, limit, count, solution);
        g[cell] = 0;
      }
}

guint
lens_solver_count (const guint8 *puzzle, guint limit, guint8 *solution)
{
  guint8 g[81];
  guint count = 0;

  memcpy (g, puzzle, 81);
  for (guint i = 0; i < 81; i++)
    if (g[i])
      {
        guint8 d = g[i];
        g[i] = 0;
        if (!can_place (g, i, d))
          return 0;
        g[i] = d;
      }
  search (g, limit, &count, solution);
  return count;
}
