/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <cairo.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <unistd.h>

#include "lens-cli-test.h"
#include "lens-grid.h"
#include "lens-solver.h"
#include "lens-test-util.h"
#include "lens-vision.h"

/* The "solve" command run as a user would: a subprocess of $LENS_CLI. */

static const char *unique_puzzle =
  "...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4...";

/* `solve --json @input`, which must exit with @status: the JSON object
 * it prints. */
static JsonObject *
solve_json (const char *input,
            int         status)
{
  g_auto(LensCliRun) run = { 0 };

  lens_cli_run (&run, "solve", "--json", input, NULL);
  g_assert_cmpint (run.status, ==, status);
  return lens_cli_parse_object (run.out);
}

static void
assert_solves (const char *solution_line,
               const char *puzzle_line)
{
  LensGrid solution, puzzle;

  g_assert_cmpuint (strlen (solution_line), ==, 81);
  g_assert_true (lens_grid_parse (&solution, solution_line, -1, NULL));
  g_assert_true (lens_grid_parse (&puzzle, puzzle_line, -1, NULL));
  g_assert_true (lens_grid_is_solution_of (&solution, &puzzle));
}

static void
test_plain_unique (void)
{
  g_auto(LensCliRun) run = { 0 };
  g_auto(GStrv) lines = NULL;

  lens_cli_run_status (&run, 0, NULL, "solve", unique_puzzle, NULL);
  g_assert_cmpstr (run.err, ==, "");
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), >=, 14);
  g_assert_cmpstr (lines[0], ==, unique_puzzle);
  g_assert_cmpstr (lines[1], ==, unique_puzzle);
  assert_solves (lines[2], unique_puzzle);
  g_assert_cmpstr (lines[3], ==, "No changes");
  /* Piped output has no colour codes. */
  g_assert_null (strchr (run.out, '\033'));
}

static void
test_json_unique (void)
{
  g_autoptr(JsonObject) obj = NULL;

  obj = solve_json (unique_puzzle, 0);
  g_assert_cmpstr (json_object_get_string_member (obj, "read"), ==, unique_puzzle);
  g_assert_cmpstr (json_object_get_string_member (obj, "puzzle"), ==, unique_puzzle);
  assert_solves (json_object_get_string_member (obj, "solution"), unique_puzzle);
  g_assert_cmpstr (json_object_get_string_member (obj, "status"), ==, "unique");
  g_assert_false (json_object_get_boolean_member (obj, "unsure"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "check")), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "changes")), ==, 0);
}

/* A 5 typed into r3c1 clashes with the given 5 at r3c6: a typed puzzle
 * is repaired by deleting one of the two. */
static void
test_json_conflict_repaired (void)
{
  g_autofree char *typed = g_strdup (unique_puzzle);
  g_autoptr(JsonObject) obj = NULL;
  JsonArray *changes;
  JsonObject *change;
  guint cell;

  typed[18] = '5';  /* r3c1, in row 3 with the given 5 at r3c6 */
  obj = solve_json (typed, 0);
  g_assert_cmpstr (json_object_get_string_member (obj, "read"), ==, typed);
  g_assert_cmpstr (json_object_get_string_member (obj, "status"), ==, "unique");
  changes = json_object_get_array_member (obj, "changes");
  g_assert_cmpuint (json_array_get_length (changes), ==, 1);
  change = json_array_get_object_element (changes, 0);
  cell = (guint) json_object_get_int_member (change, "cell");
  g_assert_true (cell == 18 || cell == 23);
  g_assert_cmpint (json_object_get_int_member (change, "from"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (change, "to"), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (change, "reason"), ==, "conflict");
  g_assert_cmpint (json_object_get_string_member (obj, "puzzle")[cell], ==, '.');
  assert_solves (json_object_get_string_member (obj, "solution"),
                 json_object_get_string_member (obj, "puzzle"));
}

/* A stray 1 typed at r1c1 clashes with the 1 at r9c1; deleting either
 * leaves one solution, but not the same one: the result is a guess,
 * said in the output, though the exit status is 0 as for any unique one. */
static void
test_unsure_repair (void)
{
  g_autofree char *typed = g_strdup (unique_puzzle);
  g_auto(LensCliRun) plain = { 0 };
  g_autoptr(JsonObject) obj = NULL;
  JsonArray *check;

  typed[0] = '1';
  obj = solve_json (typed, 0);
  g_assert_cmpstr (json_object_get_string_member (obj, "status"), ==, "unique");
  g_assert_true (json_object_get_boolean_member (obj, "unsure"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "changes")), ==, 1);
  assert_solves (json_object_get_string_member (obj, "solution"),
                 json_object_get_string_member (obj, "puzzle"));
  /* the two 1s: whichever was kept, the other reading keeps the other */
  check = json_object_get_array_member (obj, "check");
  g_assert_cmpuint (json_array_get_length (check), ==, 2);
  g_assert_cmpint (json_array_get_int_element (check, 0), ==, 0);
  g_assert_cmpint (json_array_get_int_element (check, 1), ==, 72);

  lens_cli_run_status (&plain, 0, NULL, "solve", typed, NULL);
  g_assert_nonnull (strstr (plain.out, "Unsure: removing as many other digits"));
  g_assert_nonnull (strstr (plain.out, "Check these cells against the photo: r1c1, r9c1\n"));
}

static void
test_several_solutions (void)
{
  g_autofree char *sparse = g_strdup (unique_puzzle);
  g_auto(LensCliRun) plain = { 0 };
  g_autoptr(JsonObject) obj = NULL;

  memset (sparse + 40, '.', 41);
  obj = solve_json (sparse, 3);
  g_assert_cmpstr (json_object_get_string_member (obj, "status"), ==, "multiple");
  g_assert_true (json_object_get_null_member (obj, "solution"));
  g_assert_cmpstr (json_object_get_string_member (obj, "puzzle"), ==, sparse);

  lens_cli_run_status (&plain, 3, NULL, "solve", sparse, NULL);
  g_assert_nonnull (strstr (plain.out, "several"));
}

/* Four clashing pairs need more changes than the search allows. */
static void
test_no_solution (void)
{
  char grid[82];
  g_autoptr(JsonObject) obj = NULL;

  memset (grid, '.', 81);
  grid[81] = '\0';
  for (guint i = 0; i < 4; i++)
    grid[i * 20] = grid[i * 20 + 1] = '5';
  obj = solve_json (grid, 3);
  g_assert_cmpstr (json_object_get_string_member (obj, "status"), ==, "none");
  g_assert_true (json_object_get_null_member (obj, "solution"));
  g_assert_cmpstr (json_object_get_string_member (obj, "puzzle"), ==, grid);
}

static void
test_text_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_auto(LensCliRun) run = { 0 };
  LensGrid grid;
  int fd;

  g_assert_true (lens_grid_parse (&grid, unique_puzzle, -1, NULL));
  text = lens_grid_to_text (&grid);
  fd = g_file_open_tmp ("lens-solve-XXXXXX.txt", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  lens_cli_run (&run, "solve", "--no-color", path, NULL);
  g_unlink (path);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, unique_puzzle));
}

static void
test_stdin (void)
{
  g_auto(LensCliRun) run = { 0 };
  g_auto(LensCliRun) bad = { 0 };
  g_autoptr(JsonObject) obj = NULL;
  g_autofree char *text = g_strdup_printf ("# a comment\n%s\n", unique_puzzle);

  lens_cli_runv (&run, text, (const char *[]) { "solve", "--json", "-", NULL });
  g_assert_cmpint (run.status, ==, 0);
  obj = lens_cli_parse_object (run.out);
  g_assert_cmpstr (json_object_get_string_member (obj, "read"), ==, unique_puzzle);
  assert_solves (json_object_get_string_member (obj, "solution"), unique_puzzle);

  lens_cli_runv (&bad, "1 2 3\n", (const char *[]) { "solve", "--json", "-", NULL });
  g_assert_cmpint (bad.status, ==, 1);
  g_assert_true (g_str_has_prefix (bad.err, "sudoku-lens-cli: -: "));
}

static void
assert_bad_input (LensCliRun *run)
{
  g_assert_cmpint (run->status, ==, 1);
  g_assert_true (g_str_has_prefix (run->err, "sudoku-lens-cli: "));
  g_assert_cmpint (strchr (run->err, '\n') - run->err, ==, (int) strlen (run->err) - 1);
}

static void
test_bad_input (void)
{
  g_autofree char *path = NULL;
  g_auto(LensCliRun) missing = { 0 };
  g_auto(LensCliRun) garbage = { 0 };
  g_auto(LensCliRun) bad_text = { 0 };
  int fd;

  lens_cli_run (&missing, "solve", "/nonexistent/puzzle.txt", NULL);
  assert_bad_input (&missing);
  lens_cli_run (&garbage, "solve", "12345", NULL);
  assert_bad_input (&garbage);

  fd = g_file_open_tmp ("lens-solve-XXXXXX.txt", &path, NULL);
  close (fd);
  g_assert_true (g_file_set_contents (path, "this is not a sudoku\n", -1, NULL));
  lens_cli_run (&bad_text, "solve", path, NULL);
  g_unlink (path);
  assert_bad_input (&bad_text);
}

static void
test_export (gconstpointer data)
{
  const char *ext = data;
  g_autoptr(LensTestDir) dir = g_dir_make_tmp ("lens-solve-XXXXXX", NULL);
  g_autofree char *name = g_strconcat ("board.", ext, NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *contents = NULL;
  g_auto(LensCliRun) run = { 0 };
  gsize length = 0;

  lens_cli_run_status (&run, 0, NULL, "solve", "--export", path, unique_puzzle, NULL);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  if (g_str_equal (ext, "png"))
    {
      cairo_surface_t *surface = cairo_image_surface_create_from_png (path);

      g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpint (cairo_image_surface_get_width (surface), >=, 300);
      cairo_surface_destroy (surface);
    }
  else if (g_str_equal (ext, "svg"))
    g_assert_nonnull (strstr (contents, "<svg"));
  else
    g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  g_assert_cmpuint (length, >, 2000);
}

static char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "solve", name, NULL);
}

static void
load_truth (LensGrid *truth)
{
  g_autofree char *path = fixture_path ("photo.dat");
  g_autoptr(GError) error = NULL;

  g_assert_true (lens_grid_load_file (truth, path, &error));
  g_assert_no_error (error);
}

static void
test_photo_json (void)
{
  g_autofree char *photo = fixture_path ("photo.jpg");
  g_autofree char *truth_line = NULL;
  g_autoptr(JsonObject) obj = NULL;
  LensGrid truth;

  load_truth (&truth);
  truth_line = lens_grid_to_line (&truth);
  obj = solve_json (photo, 0);
  g_assert_cmpstr (json_object_get_string_member (obj, "puzzle"), ==, truth_line);
  g_assert_cmpstr (json_object_get_string_member (obj, "status"), ==, "unique");
  assert_solves (json_object_get_string_member (obj, "solution"), truth_line);
}

/* `solve --overlay PATH @photo`, PATH overlay.png in @dir, which must
 * succeed: PATH. */
static char *
draw_overlay (const char *dir,
              const char *photo)
{
  g_auto(LensCliRun) run = { 0 };
  char *path = g_build_filename (dir, "overlay.png", NULL);

  lens_cli_run_status (&run, 0, NULL, "solve", "--overlay", path, photo, NULL);
  return path;
}

/* The image @path, loaded, and its scan by the default engine in @scan. */
static LensImage *
load_and_scan (const char *path,
               LensScan   *scan)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LensRecognizer) recognizer = lens_recognizer_new (LENS_ENGINE_DEFAULT, &error);
  LensImage *image;

  g_assert_no_error (error);
  image = lens_image_load (path, &error);
  g_assert_no_error (error);
  g_assert_true (lens_scan_image (image, recognizer, NULL, scan, &error));
  g_assert_no_error (error);
  return image;
}

/* The overlay is read back by the app's own scanner: the cells left empty
 * in print now hold the solution's digits, and the printed ones are intact. */
static void
test_photo_overlay (void)
{
  g_autofree char *photo = fixture_path ("photo.jpg");
  g_autoptr(LensTestDir) dir = g_dir_make_tmp ("lens-solve-XXXXXX", NULL);
  g_autofree char *path = NULL;
  g_autoptr(LensImage) image = NULL;
  LensGrid truth, solution;
  LensScan scan;
  guint filled_right = 0, filled = 0;

  load_truth (&truth);
  g_assert_cmpint (lens_solver_solve (&truth, &solution), ==, LENS_SOLVE_UNIQUE);
  path = draw_overlay (dir, photo);
  image = load_and_scan (path, &scan);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      if (truth.digits[cell] != 0)
        {
          g_assert_cmpuint (scan.cells[cell].digit, ==, truth.digits[cell]);
          continue;
        }
      filled++;
      filled_right += scan.cells[cell].digit == solution.digits[cell];
    }
  g_test_message ("%u of %u solved digits read back", filled_right, filled);
  g_assert_cmpuint (filled_right, >=, filled * 95 / 100);
}

/* How much cell @cell changed between @before and @after (cut out alike by
 * @scan): the largest change of any channel, and the share of pixels that
 * changed by more than 40. The rim near the grid lines is left out. */
static void
compare_cell (const LensImage *before,
              const LensImage *after,
              const LensScan  *scan,
              guint            cell,
              int             *most,
              double          *share)
{
  const int size = 48, rim = 6;
  g_autoptr(LensImage) a = lens_scan_extract_cell (before, scan, cell, size);
  g_autoptr(LensImage) b = lens_scan_extract_cell (after, scan, cell, size);
  g_autoptr(GBytes) rgb_a = lens_image_get_rgb (a, 0, NULL, NULL);
  g_autoptr(GBytes) rgb_b = lens_image_get_rgb (b, 0, NULL, NULL);
  const guint8 *pa = g_bytes_get_data (rgb_a, NULL), *pb = g_bytes_get_data (rgb_b, NULL);
  guint changed = 0, inner = 0;

  *most = 0;
  for (int y = rim; y < size - rim; y++)
    for (int x = rim; x < size - rim; x++, inner++)
      {
        int pixel_most = 0;

        for (int ch = 0; ch < 3; ch++)
          pixel_most = MAX (pixel_most, ABS ((int) pa[(y * size + x) * 3 + ch] - (int) pb[(y * size + x) * 3 + ch]));
        *most = MAX (*most, pixel_most);
        changed += pixel_most > 40;
      }
  *share = (double) changed / inner;
}

/* A puzzle half filled in by hand: the photo with the solution keeps every
 * digit on the paper, printed or written, as it was and draws into every
 * cell left empty. */
static void
test_photo_overlay_entries (void)
{
  g_autofree char *photo = g_test_build_filename (G_TEST_DIST, "data", "photos-mixed", "image1-half.jpg", NULL);
  g_autofree char *dat = g_test_build_filename (G_TEST_DIST, "data", "photos-mixed", "image1-half.dat", NULL);
  g_autoptr(LensTestDir) dir = g_dir_make_tmp ("lens-solve-XXXXXX", NULL);
  g_autofree char *path = NULL;
  g_autoptr(LensImage) image = NULL, drawn = NULL;
  g_autoptr(GError) error = NULL;
  guint written = 0, empty = 0;
  LensGrid paper;
  LensScan scan;

  g_assert_true (lens_grid_load_file (&paper, dat, &error));
  g_assert_no_error (error);
  path = draw_overlay (dir, photo);
  image = load_and_scan (photo, &scan);
  drawn = lens_image_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (scan.rotation, ==, 0);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      int most;
      double share;

      compare_cell (image, drawn, &scan, cell, &most, &share);
      if (paper.digits[cell] != 0)
        {
          g_assert_cmpint (most, <, 3);
          written++;
        }
      else
        {
          g_assert_cmpfloat (share, >, 0.02);
          empty++;
        }
    }
  g_assert_cmpuint (empty, >=, 10);
  g_assert_cmpuint (written, >=, 50);
}

static JsonObject *
eval_one_photo (const char *dat_text)
{
  g_autoptr(LensTestDir) dir = g_dir_make_tmp ("lens-solve-eval-XXXXXX", NULL);
  g_autofree char *photo = fixture_path ("photo.jpg");
  g_autofree char *jpg = g_build_filename (dir, "image1.jpg", NULL);
  g_autofree char *dat = g_build_filename (dir, "image1.dat", NULL);
  g_autofree char *contents = NULL;
  const char *argv[] = { g_getenv ("LENS_CLI"), "eval", "--json", dir, NULL };
  g_autofree char *out = NULL;
  int status;
  gsize length;

  g_assert_true (g_file_get_contents (photo, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (jpg, contents, (gssize) length, NULL));
  g_assert_true (g_file_set_contents (dat, dat_text, -1, NULL));
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return lens_cli_parse_object (out);
}

/* eval counts the grids that repair brings back to the labels. */
static void
test_eval_repaired (void)
{
  g_autofree char *path = fixture_path ("photo.dat");
  g_autofree char *labels = NULL;
  g_autoptr(JsonObject) right = NULL;
  g_autoptr(JsonObject) mislabelled = NULL;
  char *first_row;

  g_assert_true (g_file_get_contents (path, &labels, NULL, NULL));
  right = eval_one_photo (labels);
  g_assert_cmpint (json_object_get_int_member (right, "images"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (right, "grids_exact_repaired"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (right, "repaired_unique"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (right, "repaired_wrong_solution"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (right, "repaired_unsure"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (right, "repaired_wrong_unflagged"), ==, 0);
  g_assert_cmpfloat (json_object_get_double_member (right, "repair_max_ms"), <, 1000.0);

  /* A label the photo does not have: no repair can match it. */
  first_row = strstr (labels, "8 5 0");
  g_assert_nonnull (first_row);
  first_row[4] = '3';
  mislabelled = eval_one_photo (labels);
  g_assert_cmpint (json_object_get_int_member (mislabelled, "grids_exact_repaired"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (mislabelled, "repaired_wrong_unflagged"), ==,
                   json_object_get_int_member (mislabelled, "repaired_wrong_solution"));
}

static void
test_export_unknown_extension (void)
{
  g_autoptr(LensTestDir) dir = g_dir_make_tmp ("lens-solve-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "board.bmp", NULL);
  g_auto(LensCliRun) run = { 0 };

  lens_cli_run (&run, "solve", "--export", path, unique_puzzle, NULL);
  assert_bad_input (&run);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

static void
test_overlay_needs_photo (void)
{
  g_auto(LensCliRun) run = { 0 };

  lens_cli_run (&run, "solve", "--overlay", "/tmp/never-written.png", unique_puzzle, NULL);
  assert_bad_input (&run);
  g_assert_false (g_file_test ("/tmp/never-written.png", G_FILE_TEST_EXISTS));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/solve/plain-unique", test_plain_unique);
  g_test_add_func ("/cli/solve/json-unique", test_json_unique);
  g_test_add_func ("/cli/solve/json-conflict-repaired", test_json_conflict_repaired);
  g_test_add_func ("/cli/solve/unsure-repair", test_unsure_repair);
  g_test_add_func ("/cli/solve/several-solutions", test_several_solutions);
  g_test_add_func ("/cli/solve/no-solution", test_no_solution);
  g_test_add_func ("/cli/solve/text-file", test_text_file);
  g_test_add_func ("/cli/solve/stdin", test_stdin);
  g_test_add_func ("/cli/solve/bad-input", test_bad_input);
  g_test_add_data_func ("/cli/solve/export/png", "png", test_export);
  g_test_add_data_func ("/cli/solve/export/svg", "svg", test_export);
  g_test_add_data_func ("/cli/solve/export/pdf", "pdf", test_export);
  g_test_add_func ("/cli/solve/export/unknown-extension", test_export_unknown_extension);
  g_test_add_func ("/cli/solve/overlay-needs-photo", test_overlay_needs_photo);
  g_test_add_func ("/cli/solve/photo/json", test_photo_json);
  g_test_add_func ("/cli/solve/photo/overlay", test_photo_overlay);
  g_test_add_func ("/cli/solve/photo/overlay-entries", test_photo_overlay_entries);
  g_test_add_func ("/cli/solve/photo/eval-repaired", test_eval_repaired);
  return g_test_run ();
}
