/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Any bytes through the puzzle text parser (81-character line, 9-line
 * form, dataset .dat): either a grid that survives both printed forms or
 * a readable parse error. */
#include <stdint.h>
#include <string.h>

#include "lens-error.h"
#include "lens-grid.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_grid (const LensGrid *grid)
{
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      g_assert_cmpuint (grid->digits[i], <=, 9);
      g_assert_cmpint (!!(grid->flags[i] & LENS_CELL_GIVEN), ==, grid->digits[i] != 0);
    }
}

static void
check_reparse (const LensGrid *grid,
               char           *text)
{
  g_autofree char *owned = text;
  g_autoptr(GError) error = NULL;
  LensGrid again;

  g_assert_true (lens_grid_parse (&again, owned, -1, &error));
  g_assert_no_error (error);
  g_assert_true (lens_grid_equal_digits (grid, &again));
}

static void
check_error (const GError *error)
{
  g_assert_nonnull (error);
  g_assert_true (g_error_matches (error, LENS_ERROR, LENS_ERROR_PARSE));
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  LensGrid grid;

  if (lens_grid_parse (&grid, (const char *) data, (gssize) size, &error))
    {
      check_grid (&grid);
      check_reparse (&grid, lens_grid_to_line (&grid));
      check_reparse (&grid, lens_grid_to_text (&grid));
    }
  else
    check_error (error);
  return 0;
}
