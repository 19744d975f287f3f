/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The bad-input matrix: what a user gets from files that are broken, not
 * what they claim to be, or out of bounds. */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <sys/wait.h>
#include <string.h>

#include "lens-autosave.h"
#include "lens-document.h"
#include "lens-error.h"
#include "lens-grid.h"
#include "lens-test-util.h"
#include "lens-vision-test.h"
#include "lens-vision.h"

/* The givens of image1070, the board in board.jpg and the screenshots. */
static const char *board_givens =
  "4..8.2..6.6..1..4..38...17....127...7..3.4..1...589....74...21..2..3..6.9..2.8..5";

static const char *classic =
  "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

static void
assert_parse_error (const char *text,
                    gssize      length,
                    const char *message)
{
  g_autoptr(GError) error = NULL;
  LensGrid grid;

  g_assert_false (lens_grid_parse (&grid, text, length, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_text_80_cells (void)
{
  g_autofree char *text = g_strndup (classic, 80);

  assert_parse_error (text, -1, "Line 1: expected 81 cells, found 80");
}

static void
test_text_82_cells (void)
{
  g_autofree char *text = g_strconcat (classic, "1", NULL);

  assert_parse_error (text, -1, "Line 1: expected 81 cells, found 82");
}

static void
test_text_letter (void)
{
  g_autofree char *text = g_strdup (classic);

  text[4] = 'x';
  assert_parse_error (text, -1,
                      "Line 1, column 5: “x” is not a digit or an empty cell");
}

/* Found by fuzz/fuzz-grid-parse: a stray byte that is not UTF-8 went into
 * the message as it was, and a GTK label showing it would complain. */
static void
test_text_invalid_utf8 (void)
{
  g_autofree char *text = g_strdup (classic);
  g_autofree char *accented = g_strdup_printf ("%.10sé%s", classic, classic + 11);

  text[59] = (char) 0xb3;
  assert_parse_error (text, -1,
                      "Line 1, column 60: “\\xB3” is not a digit or an empty cell");
  assert_parse_error (accented, -1,
                      "Line 1, column 11: “é” is not a digit or an empty cell");
}

static void
test_text_windows_line_endings (void)
{
  g_autoptr(GString) text = g_string_new ("# from a Windows editor\r\n");
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  LensGrid grid;

  for (guint r = 0; r < 9; r++)
    g_string_append_printf (text, "%.9s\r\n", classic + r * 9);
  g_assert_true (lens_grid_parse (&grid, text->str, -1, &error));
  g_assert_no_error (error);
  line = lens_grid_to_line (&grid);
  g_assert_cmpstr (line, ==, classic);
}

static void
test_text_ten_rows (void)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint r = 0; r < 10; r++)
    g_string_append_printf (text, "%.9s\n", classic + (r % 9) * 9);
  assert_parse_error (text->str, -1, "Line 10: more than 9 rows");
}

static void
test_text_empty (void)
{
  assert_parse_error ("", 0, "The puzzle text is empty");
  assert_parse_error ("\r\n  \n# only a comment\n", -1, "The puzzle text is empty");
}

static void
test_text_file_with_nul (void)
{
  static const char contents[] = "4.....8.5\0binary";
  g_autofree char *path = lens_test_write_temp ("puzzle.txt", contents, sizeof contents);
  g_autoptr(GError) error = NULL;
  LensGrid grid;

  g_assert_false (lens_grid_load_file (&grid, path, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, "The file is neither puzzle text nor an image that can be read");
  lens_test_remove_temp (path);
}

static char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "bad", name, NULL);
}

static GBytes *
read_fixture (const char *name)
{
  g_autofree char *path = fixture_path (name);
  g_autoptr(GError) error = NULL;
  char *contents;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (contents, length);
}

/* Runs the CLI (LENS_CLI) with @args; returns its exit status. */
static int
run_cli (const char * const *args,
         char              **out,
         char              **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("LENS_CLI");
  int status;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT,
                               NULL, NULL, out, err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

/* `@command PATH` fails with exit status 1 and the one line
 * "PATH: @message". */
static void
assert_cli_fails (const char *command,
                  const char *path,
                  const char *message)
{
  const char *args[] = { command, path, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *expected = g_strdup_printf ("sudoku-lens-cli: %s: %s\n", path, message);

  g_assert_cmpint (run_cli (args, &out, &err), ==, 1);
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpstr (err, ==, expected);
}

/* `solve PATH` reads the puzzle @givens, needs no repair for it, and prints
 * its solution. */
static void
assert_solve_reads_saying (const char *path,
                           const char *givens,
                           const char *note)
{
  const char *args[] = { "solve", "--no-color", path, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  LensGrid puzzle, solution;

  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  g_assert_cmpstr (err, ==, note);
  lines = g_strsplit (out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), >=, 3);
  g_assert_cmpstr (lines[0], ==, givens);
  g_assert_cmpstr (lines[1], ==, givens);
  g_assert_true (lens_grid_parse (&puzzle, givens, -1, &error));
  g_assert_true (lens_grid_parse (&solution, lines[2], -1, &error));
  g_assert_no_error (error);
  g_assert_true (lens_grid_is_solution_of (&solution, &puzzle));
}

static void
assert_solve_reads (const char *path,
                    const char *givens)
{
  assert_solve_reads_saying (path, givens, "");
}

static void
assert_load_fails (GBytes     *bytes,
                   LensError   code,
                   const char *message)
{
  g_autoptr(GError) error = lens_test_load_error (bytes, code);

  g_assert_cmpstr (error->message, ==, message);
}

/* The same for a file holding @contents. */
static void
assert_solve_fails (const char *contents,
                    const char *message)
{
  g_autofree char *path = lens_test_write_temp ("puzzle.txt", contents, strlen (contents));

  assert_cli_fails ("solve", path, message);
  lens_test_remove_temp (path);
}

static void
test_cli_text_cell_counts (void)
{
  g_autofree char *short_line = g_strndup (classic, 80);
  g_autofree char *long_line = g_strconcat (classic, "1\n", NULL);

  assert_solve_fails (short_line, "Line 1: expected 81 cells, found 80");
  assert_solve_fails (long_line, "Line 1: expected 81 cells, found 82");
}

static void
test_cli_text_letters (void)
{
  assert_solve_fails ("4 . . 8 . 2 . . 6\n. 6 . . 1 . . 4 .\n. 3 8 . . . 1 7 .\n"
                      ". . . 1 2 7 . . .\n7 . . 3 . 4 . . 1\n. . . 5 8 9 . . .\n"
                      ". 7 4 . . . 2 1 .\n. 2 . . 3 . . 6 .\n9 . . 2 . 8 . . S\n",
                      "Line 9, column 17: “S” is not a digit or an empty cell");
}

/* A puzzle saved by a Windows editor solves like any other. */
static void
test_cli_text_windows_line_endings (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  LensGrid puzzle, solution;

  for (guint r = 0; r < 9; r++)
    g_string_append_printf (text, "%.9s\r\n", classic + r * 9);
  path = lens_test_write_temp ("puzzle.txt", text->str, text->len);
  {
    const char *args[] = { "solve", "--no-color", path, NULL };

    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  }
  g_assert_cmpstr (err, ==, "");
  lines = g_strsplit (out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), >=, 3);
  g_assert_cmpstr (lines[0], ==, classic);
  g_assert_true (lens_grid_parse (&puzzle, classic, -1, &error));
  g_assert_true (lens_grid_parse (&solution, lines[2], -1, &error));
  g_assert_no_error (error);
  g_assert_true (lens_grid_is_solution_of (&solution, &puzzle));
  lens_test_remove_temp (path);
}

/* @bytes fail to load, and scanning them as the file @name fails, with
 * @message. */
static void
assert_image_fails (const char *name,
                    GBytes     *bytes,
                    const char *message)
{
  g_autofree char *path = lens_test_write_temp (name, g_bytes_get_data (bytes, NULL),
                                                (gssize) g_bytes_get_size (bytes));

  assert_load_fails (bytes, LENS_ERROR_DECODE, message);
  assert_cli_fails ("scan", path, message);
  lens_test_remove_temp (path);
}

static void
test_image_empty (void)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static ("", 0);

  assert_image_fails ("empty.jpg", bytes, "The image file is empty");
}

/* The first half of the fixture @fixture, as the file @name. */
static void
assert_half_truncated (const char *fixture,
                       const char *name)
{
  g_autoptr(GBytes) whole = read_fixture (fixture);
  g_autoptr(GBytes) half = g_bytes_new_from_bytes (whole, 0, g_bytes_get_size (whole) / 2);

  assert_image_fails (name, half, "The image file is truncated");
}

static void
test_image_truncated_jpeg (void)
{
  assert_half_truncated ("board.jpg", "truncated.jpg");
}

static void
test_image_truncated_png (void)
{
  assert_half_truncated ("screenshot-alpha.png", "truncated.png");
}

/* A PNG damaged in the middle: libpng says why on stderr (not ours to
 * silence), the user's message says what. */
static void
test_image_corrupt_png (void)
{
  g_autoptr(GBytes) whole = read_fixture ("screenshot-alpha.png");
  g_autofree guint8 *damaged = g_memdup2 (g_bytes_get_data (whole, NULL), g_bytes_get_size (whole));
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *last_line = NULL;

  for (gsize i = 2000; i < 2100; i++)
    damaged[i] ^= 0x5a;
  bytes = g_bytes_new (damaged, g_bytes_get_size (whole));
  assert_load_fails (bytes, LENS_ERROR_DECODE, "The image file is corrupt or truncated");
  path = lens_test_write_temp ("damaged.png", (const char *) damaged, g_bytes_get_size (whole));
  {
    const char *args[] = { "scan", path, NULL };

    g_assert_cmpint (run_cli (args, &out, &err), ==, 1);
  }
  last_line = g_strdup_printf ("sudoku-lens-cli: %s: The image file is corrupt or truncated\n", path);
  g_assert_true (g_str_has_suffix (err, last_line));
  lens_test_remove_temp (path);
}

static void
test_image_text_named_jpg (void)
{
  g_autofree char *path = lens_test_write_temp ("puzzle.jpg", classic, strlen (classic));

  assert_cli_fails ("scan", path, "The file is not an image in a format that can be read");
  lens_test_remove_temp (path);
}

static void
test_image_pdf_named_jpg (void)
{
  static const char pdf[] =
    "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
    "2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n"
    "trailer << /Root 1 0 R >>\n%%EOF\n";
  g_autofree char *path = lens_test_write_temp ("scan.jpg", pdf, sizeof pdf - 1);

  assert_cli_fails ("scan", path, "The file is not an image in a format that can be read");
  lens_test_remove_temp (path);
}

/* A fixture that `scan` refuses, and what it says. */
typedef struct {
  const char *name;
  const char *message;
} Refusal;

static void
test_image_refused (gconstpointer data)
{
  const Refusal *refusal = data;
  g_autofree char *path = fixture_path (refusal->name);

  assert_cli_fails ("scan", path, refusal->message);
}

static const Refusal one_pixel = { "one-pixel.png", "The image is too small to hold a puzzle (1 × 1 pixels)" };
/* Just under the size limit: decoded and searched, within the test's
 * timeout, and nothing is found. */
static const Refusal blank_7000 = { "blank-7000.png", "No Sudoku board was found in the image" };
static const Refusal no_board = { "no-board.jpg", "No Sudoku board was found in the image" };

/* Refused from the header alone: quickly, and without the gigabytes the
 * pixels would take. */
static void
assert_refused_quickly (const char *name,
                        LensError   code,
                        const char *message)
{
  g_autofree char *path = fixture_path (name);
  g_autoptr(GBytes) bytes = read_fixture (name);
  gint64 start = g_get_monotonic_time ();

  assert_load_fails (bytes, code, message);
  g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC / 4);
  assert_cli_fails ("scan", path, message);
}

static void
test_image_blank_8000 (void)
{
  assert_refused_quickly ("blank-8000.png", LENS_ERROR_TOO_LARGE,
                          "The image is too large (8000 × 8000 pixels; the limit is 50 megapixels)");
}

static void
test_image_huge_header (void)
{
  assert_refused_quickly ("huge-header.png", LENS_ERROR_TOO_LARGE,
                          "The image is too large (100000 × 100000 pixels; the limit is 50 megapixels)");
  assert_refused_quickly ("huge-header-20000.png", LENS_ERROR_TOO_LARGE,
                          "The image is too large (20000 × 20000 pixels; the limit is 50 megapixels)");
  /* A JPEG is read at a fraction of its size, up to a larger limit. */
  assert_refused_quickly ("huge-header.jpg", LENS_ERROR_TOO_LARGE,
                          "The image is too large (30000 × 30000 pixels; the limit is 250 megapixels)");
}

/* Headers of the other formats the app opens, each claiming 30000 × 30000
 * pixels over a few bytes: refused before a decoder allocates. */
static void
test_image_huge_header_other_formats (void)
{
  static const char webp[] =
    "RIFF\x16\0\0\0WEBPVP8X\x0a\0\0\0\0\0\0\0\x2f\x75\0\x2f\x75\0";
  static const char tiff[] =
    "II*\0\x08\0\0\0\x02\0"
    "\0\x01\x04\0\x01\0\0\0\x30\x75\0\0"
    "\x01\x01\x03\0\x01\0\0\0\x30\x75\0\0"
    "\0\0\0\0";
  static const char pgm[] = "P5\n# from a scanner\n30000 30000\n255\n";
  const struct { const char *name; const char *data; gsize size; } cases[] = {
    { "huge.webp", webp, sizeof webp - 1 },
    { "huge.tif", tiff, sizeof tiff - 1 },
    { "huge.pgm", pgm, sizeof pgm - 1 },
  };
  const char *message = "The image is too large (30000 × 30000 pixels; the limit is 50 megapixels)";

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GBytes) bytes = g_bytes_new_static (cases[i].data, cases[i].size);
      g_autofree char *path = lens_test_write_temp (cases[i].name, cases[i].data, cases[i].size);

      assert_load_fails (bytes, LENS_ERROR_TOO_LARGE, message);
      assert_cli_fails ("scan", path, message);
      lens_test_remove_temp (path);
    }
}

/* OpenCV reads more formats than the app offers (Radiance HDR, Sun raster,
 * JPEG 2000, …); their headers go unchecked, so they are refused. */
static void
test_image_unoffered_format (void)
{
  static const char hdr[] = "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 30000 +X 30000\n";
  g_autofree char *path = lens_test_write_temp ("photo.hdr", hdr, sizeof hdr - 1);

  assert_cli_fails ("scan", path, "The file is not an image in a format that can be read");
  lens_test_remove_temp (path);
}

/* Each message names the file once, in front. */
static void
test_file_unreadable (void)
{
  static const guint8 noise[] = { 0x00, 0x9c, 0x17, 0xfe, 0x42, 0x00, 0x8b, 0x03 };
  g_autofree char *path = lens_test_write_temp ("photo.jpg", (const char *) noise, sizeof noise);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *missing = g_build_filename (dir, "gone.jpg", NULL);

  assert_cli_fails ("scan", dir, g_strerror (EISDIR));
  assert_cli_fails ("scan", missing, g_strerror (ENOENT));
  assert_cli_fails ("scan", path, "The file is not an image in a format that can be read");
  assert_cli_fails ("solve", dir, g_strerror (EISDIR));
  assert_cli_fails ("solve", path, "The file is neither puzzle text nor an image that can be read");
  lens_test_remove_temp (path);
}

/* The larger board is read, and the user is told of the other. */
static void
test_image_two_boards (void)
{
  g_autofree char *path = fixture_path ("two-boards.jpg");
  g_autofree char *note = g_strdup_printf ("sudoku-lens-cli: %s: the photo shows 1 more board; "
                                           "the largest, clearest one was read\n", path);

  assert_solve_reads_saying (path, board_givens, note);
}

/* Phones save "motion photos" as a JPEG followed by a video: the photo is
 * complete, the rest is not ours to read. */
static void
test_image_motion_photo (void)
{
  g_autoptr(GBytes) photo = read_fixture ("board.jpg");
  g_autoptr(GByteArray) data = g_byte_array_new ();
  g_autofree char *path = NULL;
  guint32 state = 1;

  g_byte_array_append (data, g_bytes_get_data (photo, NULL), g_bytes_get_size (photo));
  g_byte_array_append (data, (const guint8 *) "\0\0\0\x18" "ftypmp42", 12);
  for (guint i = 0; i < 300000; i++)
    {
      guint8 byte = (guint8) ((state = state * 1103515245 + 12345) >> 16);

      g_byte_array_append (data, &byte, 1);
    }
  path = lens_test_write_temp ("PXL_20240101_120000000.MP.jpg", (const char *) data->data, data->len);
  assert_solve_reads (path, board_givens);
  lens_test_remove_temp (path);
}

static void
test_image_reads (gconstpointer data)
{
  g_autofree char *path = fixture_path (data);

  assert_solve_reads (path, board_givens);
}

/* A damaged autosave: the app starts empty, says so, and keeps the file
 * aside for the user. */
static void
assert_session_damaged (const char *contents,
                        const char *reason)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LensDocument) document = lens_document_new ();
  g_autofree char *path = lens_test_write_temp ("session.json", contents, strlen (contents));
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *prefix = g_strdup_printf ("The last session could not be restored "
                                             "(The saved puzzle is damaged (%s)). "
                                             "It was kept as “%s.damaged-", reason, path);
  g_autoptr(GDir) listing = NULL;
  g_autofree char *aside = NULL;
  gboolean was_solved = FALSE;

  g_setenv ("SUDOKU_LENS_DATA_DIR", dir, TRUE);
  g_assert_false (lens_autosave_restore (document, &was_solved, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  listing = g_dir_open (dir, 0, NULL);
  aside = g_build_filename (dir, g_dir_read_name (listing), NULL);
  g_assert_true (g_str_has_prefix (aside, path));
  g_assert_null (g_dir_read_name (listing));
  g_assert_cmpint (lens_document_count_givens (document), ==, 0);
  lens_test_remove_tree (dir);
  g_unsetenv ("SUDOKU_LENS_DATA_DIR");
}

/* Found by fuzz/fuzz-session: members of the wrong JSON type made
 * json-glib emit criticals (fatal in the test suite). */
static void
test_session_wrong_member_types (void)
{
  assert_session_damaged ("{\"version\": 1, \"digits\": [1], \"flags\": []}",
                          "not a saved puzzle");
  assert_session_damaged ("{\"version\": {}}", "not a saved puzzle");
  assert_session_damaged ("{\"version\": 1, \"digits\": \"1\", \"solved\": [true]}",
                          "not a saved puzzle");
}

static void
test_session_missing_digits (void)
{
  assert_session_damaged ("{\"version\": 1, \"photo\": null}", "digits missing");
}

/* The same board in every encoding a user may hand us; two-boards.jpg
 * holds it beside a smaller one. */
static const char * const readable[] = {
  "board.jpg",
  "board.webp",
  "screenshot.tif",
  "screenshot.pbm",
  "board-grey.jpg",
  "board-cmyk.jpg",
  "screenshot-alpha.png",
  "screenshot-16bit.png",
  "screenshot-grey-alpha.png",
  "screenshot-palette.png",
};

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/bad-input/text/80-cells", test_text_80_cells);
  g_test_add_func ("/bad-input/text/82-cells", test_text_82_cells);
  g_test_add_func ("/bad-input/text/letter", test_text_letter);
  g_test_add_func ("/bad-input/text/invalid-utf8", test_text_invalid_utf8);
  g_test_add_func ("/bad-input/text/windows-line-endings", test_text_windows_line_endings);
  g_test_add_func ("/bad-input/text/ten-rows", test_text_ten_rows);
  g_test_add_func ("/bad-input/text/empty", test_text_empty);
  g_test_add_func ("/bad-input/text/file-with-nul", test_text_file_with_nul);

  g_test_add_func ("/bad-input/cli/text-cell-counts", test_cli_text_cell_counts);
  g_test_add_func ("/bad-input/cli/text-letters", test_cli_text_letters);
  g_test_add_func ("/bad-input/cli/text-windows-line-endings", test_cli_text_windows_line_endings);

  g_test_add_func ("/bad-input/session/wrong-member-types", test_session_wrong_member_types);
  g_test_add_func ("/bad-input/session/missing-digits", test_session_missing_digits);

  g_test_add_func ("/bad-input/image/empty", test_image_empty);
  g_test_add_func ("/bad-input/image/truncated-jpeg", test_image_truncated_jpeg);
  g_test_add_func ("/bad-input/image/truncated-png", test_image_truncated_png);
  g_test_add_func ("/bad-input/image/corrupt-png", test_image_corrupt_png);
  g_test_add_func ("/bad-input/image/text-named-jpg", test_image_text_named_jpg);
  g_test_add_func ("/bad-input/image/pdf-named-jpg", test_image_pdf_named_jpg);
  g_test_add_data_func ("/bad-input/image/one-pixel", &one_pixel, test_image_refused);
  g_test_add_func ("/bad-input/image/blank-8000", test_image_blank_8000);
  g_test_add_data_func ("/bad-input/image/blank-7000", &blank_7000, test_image_refused);
  g_test_add_func ("/bad-input/image/huge-header", test_image_huge_header);
  g_test_add_func ("/bad-input/image/huge-header-other-formats", test_image_huge_header_other_formats);
  g_test_add_func ("/bad-input/image/unoffered-format", test_image_unoffered_format);
  g_test_add_func ("/bad-input/image/file-unreadable", test_file_unreadable);
  g_test_add_func ("/bad-input/image/two-boards", test_image_two_boards);
  g_test_add_data_func ("/bad-input/image/no-board", &no_board, test_image_refused);
  g_test_add_func ("/bad-input/image/motion-photo", test_image_motion_photo);
  for (guint i = 0; i < G_N_ELEMENTS (readable); i++)
    {
      g_autofree char *name = g_strconcat ("/bad-input/image/reads/", readable[i], NULL);

      g_test_add_data_func (name, readable[i], test_image_reads);
    }

  return g_test_run ();
}
