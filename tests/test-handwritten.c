/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Photos of puzzles filled in by hand: each cell's kind (printed or
 * handwritten) and digit, the printed puzzle apart from the entries, and
 * the entries' check. */
#include "config.h"

#include <string.h>

#include "lens-entries.h"
#include "lens-repair.h"
#include "lens-test-util.h"
#include "lens-vision-test.h"
#include "lens-vision.h"

static LensRecognizer *recognizer;

static char *
fixture (const char *dir,
         const char *stem,
         const char *ext)
{
  g_autofree char *name = g_strconcat (stem, ext, NULL);

  return g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);
}

static void
load_grid (const char *path,
           LensGrid   *grid)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (lens_grid_load_file (grid, path, &error));
  g_assert_no_error (error);
}

static void
scan (const char *dir,
      const char *stem,
      LensScan   *out)
{
  g_autofree char *path = fixture (dir, stem, ".jpg");
  g_autoptr(GError) error = NULL;

  g_assert_true (lens_scan_file (path, recognizer, NULL, out, NULL, &error));
  g_assert_no_error (error);
}

static LensReadKind
expected_kind (const LensGrid *paper,
               const LensGrid *printed,
               guint           i)
{
  if (paper->digits[i] == 0)
    return LENS_READ_KIND_EMPTY;
  return printed->digits[i] != 0 ? LENS_READ_KIND_PRINTED : LENS_READ_KIND_HANDWRITTEN;
}

/* Every cell's kind as labelled, and its digit too, unless the reader
 * doubts it (then the check calls the entry unsure, never wrong). */
static void
assert_paper (const char *dir,
              const char *stem)
{
  g_autofree char *dat = fixture (dir, stem, ".dat");
  g_autofree char *printed_path = fixture (dir, stem, ".printed");
  LensGrid paper, printed, puzzle;
  LensScan read;
  guint8 entries[LENS_GRID_CELLS];

  load_grid (dat, &paper);
  load_grid (printed_path, &printed);
  scan (dir, stem, &read);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      const LensCellRead *cell = &read.cells[i];

      if (cell->digit != paper.digits[i] || cell->kind != expected_kind (&paper, &printed, i))
        g_test_message ("%s r%uc%u: read %u (%s, %.3f), want %u (%s)", stem, i / 9 + 1, i % 9 + 1,
                        cell->digit, lens_read_kind_to_string (cell->kind), cell->kind_confidence,
                        paper.digits[i],
                        lens_read_kind_to_string (expected_kind (&paper, &printed, i)));
      if (cell->confidence >= 0.9f)
        g_assert_cmpuint (cell->digit, ==, paper.digits[i]);
      g_assert_cmpint (cell->kind, ==, expected_kind (&paper, &printed, i));
      g_assert_cmpfloat (cell->kind_confidence, >, 0.5f);
      g_assert_cmpfloat (cell->kind_confidence, <=, 1.0f);
    }
  /* the puzzle is the printed digits alone; the rest are entries */
  lens_scan_to_grid (&read, 0.0f, &puzzle);
  g_assert_true (lens_grid_equal_digits (&puzzle, &printed));
  lens_scan_get_entries (&read, entries);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    g_assert_cmpuint (entries[i] != 0, ==, printed.digits[i] == 0 && paper.digits[i] != 0);
}

static void
test_filled_in (void)
{
  const char *stems[] = { "image1", "image10", "image100" };

  for (guint i = 0; i < G_N_ELEMENTS (stems); i++)
    assert_paper ("photos-mixed", stems[i]);
}

/* Entries in some cells only: the others read as empty. */
static void
test_half_filled (void)
{
  assert_paper ("photos-mixed", "image1-half");
}

/* A faint, blurred grid whose givens stand on grey shading: the ink's
 * threshold takes the shaded cells whole and fits no grid there, so the
 * board is found only by its faint lines. */
static void
test_faint_grid (void)
{
  g_autofree char *dat = fixture ("photos-mixed", "image30", ".dat");
  LensGrid paper;
  LensScan read;
  guint wrong = 0;

  load_grid (dat, &paper);
  scan ("photos-mixed", "image30", &read);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    wrong += read.cells[i].digit != paper.digits[i];
  g_assert_cmpuint (wrong, <=, 2);
}

/* Printed-only photos: every digit is printed. */
static void
test_printed_only (void)
{
  const char *stems[] = { "image1", "image13", "image71" };

  for (guint s = 0; s < G_N_ELEMENTS (stems); s++)
    {
      LensScan read;

      scan ("photos", stems[s], &read);
      for (guint i = 0; i < LENS_GRID_CELLS; i++)
        g_assert_cmpint (read.cells[i].kind, ==,
                         read.cells[i].digit ? LENS_READ_KIND_PRINTED : LENS_READ_KIND_EMPTY);
    }
}

/* The checks the app and `check` make: repair the printed puzzle, solve,
 * and check the entries against the solution. */
static void
check_photo (const char     *stem,
             LensEntryCheck *check)
{
  g_autofree LensRepairScores *scores = g_new (LensRepairScores, 1);
  LensRepairResult repair;
  LensGrid puzzle;
  LensScan read;
  guint8 entries[LENS_GRID_CELLS];

  scan ("photos-mixed", stem, &read);
  lens_scan_to_grid (&read, 0.0f, &puzzle);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    memcpy (scores->p[i], read.cells[i].scores, sizeof scores->p[i]);
  lens_repair (&puzzle, scores, NULL, &repair, NULL);
  g_assert_cmpint (repair.status, ==, LENS_SOLVE_UNIQUE);
  lens_scan_get_entries (&read, entries);
  lens_entries_check (&repair.puzzle, &repair.solution, entries, scores, check);
}

static void
test_clean_fill_all_right (void)
{
  LensEntryCheck check;

  check_photo ("image10", &check);
  g_assert_cmpuint (check.n_entries, >, 40);
  g_assert_cmpuint (check.n_wrong, ==, 0);
  g_assert_cmpuint (check.n_right + check.n_unsure, ==, check.n_entries);
  g_assert_cmpuint (check.n_unsure, <=, 2);
}

/* Handwritten digits swapped between cells: exactly those are wrong. */
static void
test_swapped_entries (void)
{
  g_autofree char *path = fixture ("photos-mixed", "image10-swapped", ".swapped");
  g_autofree char *text = NULL;
  g_auto(GStrv) cells = NULL;
  LensEntryCheck check;
  guint wrong = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  cells = g_strsplit (g_strstrip (text), " ", -1);
  g_assert_cmpuint (g_strv_length (cells), >=, 2);
  check_photo ("image10-swapped", &check);
  for (guint i = 0; cells[i] != NULL; i++)
    g_assert_cmpuint (check.status[atoi (cells[i])], ==, LENS_ENTRY_WRONG);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    wrong += check.status[i] == LENS_ENTRY_WRONG;
  g_assert_cmpuint (wrong, ==, g_strv_length (cells));
}

int
main (int    argc,
      char **argv)
{
  recognizer = lens_test_vision_init (&argc, &argv, LENS_ENGINE_BUILTIN);
  g_test_add_func ("/handwritten/filled-in", test_filled_in);
  g_test_add_func ("/handwritten/half-filled", test_half_filled);
  g_test_add_func ("/handwritten/faint-grid", test_faint_grid);
  g_test_add_func ("/handwritten/printed-only", test_printed_only);
  g_test_add_func ("/handwritten/clean-fill-all-right", test_clean_fill_all_right);
  g_test_add_func ("/handwritten/swapped", test_swapped_entries);
  return lens_test_vision_run (recognizer);
}
