/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Helpers for the tests that read puzzles from the data folder. Include
 * after lens-test-util.h. */

#include "lens-grid.h"

/* The puzzles of tests/data/@dir/@name, one a line (empty lines are
 * passed over), as an array of LensGrid. */
static G_GNUC_UNUSED GArray *
lens_test_read_grids (const char *dir,
                      const char *name)
{
  g_auto(GStrv) lines = lens_test_read_lines (dir, name);
  GArray *grids = g_array_new (FALSE, FALSE, sizeof (LensGrid));

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      LensGrid grid;

      if (*g_strstrip (lines[i]) == '\0')
        continue;
      g_assert_true (lens_grid_parse (&grid, lines[i], -1, &error));
      g_assert_no_error (error);
      g_array_append_val (grids, grid);
    }
  return grids;
}
