/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <string.h>

#include "lens-error.h"
#include "lens-render.h"
#include "lens-solver.h"
#include "lens-test-util.h"

static const char *puzzle_line =
  "...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4...";
#define CORRECTED_CELL 3   /* the 7 in the first row */
#define TYPED_CELL 7       /* the 8 in the first row, as if the player typed it */
#define DELETED_CELL 0     /* shown as a deleted digit */

typedef struct {
  char     *dir;
  LensGrid  board;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  LensGrid puzzle;
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("lens-render-XXXXXX", &error);
  g_assert_no_error (error);
  g_assert_true (lens_grid_parse (&puzzle, puzzle_line, -1, &error));
  g_assert_cmpint (lens_solver_solve (&puzzle, &f->board), ==, LENS_SOLVE_UNIQUE);
  f->board.flags[CORRECTED_CELL] |= LENS_CELL_REPAIRED;
  f->board.flags[TYPED_CELL] |= LENS_CELL_CORRECTION;
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  lens_test_remove_tree (f->dir);
  g_free (f->dir);
}

static guint
count_files (const char *dir_path)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* The inks of the roles (lens-cell-style.c): printed dark, typed blue,
 * repaired purple, solved teal; and red, which only conflicts may use. */
typedef struct {
  guint dark, blue, purple, teal, red;
} InkCount;

/* Counts the pixels of each ink inside one cell of an exported PNG. */
static InkCount
count_ink (cairo_surface_t *surface,
           guint            cell)
{
  const int margin = LENS_RENDER_EXPORT_MARGIN;
  const double size = (LENS_RENDER_EXPORT_WIDTH - 2.0 * margin) / 9;
  int x0 = margin + (int) (lens_cell_col (cell) * size + size * 0.15);
  int y0 = margin + (int) (lens_cell_row (cell) * size + size * 0.15);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  InkCount n = { 0 };

  for (int y = y0; y < y0 + (int) (size * 0.7); y++)
    for (int x = x0; x < x0 + (int) (size * 0.7); x++)
      {
        const guint8 *px = data + y * stride + x * 4;  /* B, G, R, X */
        int r = px[2], g = px[1], b = px[0];

        n.dark += r < 90 && g < 90 && b < 90;
        n.blue += b > 140 && r < 90 && b > g + 50;
        n.purple += r > 100 && b > 120 && g < 100;
        n.teal += r < 60 && g > 90 && b > 90 && ABS (g - b) < 30;
        n.red += r > 150 && g < 90 && b < 90;
      }
  return n;
}

/* Loads a page drawn at one pixel a point and checks each kind of digit
 * is drawn in its own ink and weight. */
static void
assert_page_inks (const char *png)
{
  cairo_surface_t *surface = cairo_image_surface_create_from_png (png);
  InkCount given, typed, corrected, solved;

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, LENS_RENDER_EXPORT_WIDTH);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, LENS_RENDER_EXPORT_HEIGHT);
  cairo_surface_flush (surface);

  given = count_ink (surface, 10);       /* the printed 9 of row 2 */
  typed = count_ink (surface, TYPED_CELL);
  corrected = count_ink (surface, CORRECTED_CELL);
  solved = count_ink (surface, 1);
  g_assert_cmpuint (given.dark, >, 100);
  g_assert_cmpuint (given.blue + given.purple + given.teal + given.red, ==, 0);
  g_assert_cmpuint (typed.blue, >, 100);
  g_assert_cmpuint (typed.dark + typed.purple + typed.teal + typed.red, ==, 0);
  g_assert_cmpuint (corrected.purple, >, 100);
  g_assert_cmpuint (corrected.dark + corrected.blue + corrected.teal + corrected.red, ==, 0);
  g_assert_cmpuint (solved.teal, >, 50);
  g_assert_cmpuint (solved.dark + solved.blue + solved.purple + solved.red, ==, 0);
  /* Regular solved digits are lighter than bold printed ones. */
  g_assert_cmpuint (solved.teal, <, given.dark);
  cairo_surface_destroy (surface);
}

/* Exports the fixture's board to @name in its directory, which then holds
 * that file alone: its path. */
static char *
export_board (Fixture    *f,
              const char *name)
{
  char *path = g_build_filename (f->dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (lens_render_export (&f->board, path, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_files (f->dir), ==, 1);
  return path;
}

static void
test_png (Fixture       *f,
          gconstpointer  data)
{
  g_autofree char *path = export_board (f, "board.PNG");

  assert_page_inks (path);
}

static void
test_deleted_cell_marked (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "puzzle.png", NULL);
  LensGrid puzzle = f->board;
  cairo_surface_t *surface;
  InkCount deleted, empty;

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (puzzle.flags[i] & LENS_CELL_SOLVED)
      puzzle.digits[i] = 0;
  puzzle.digits[DELETED_CELL] = 0;
  puzzle.flags[DELETED_CELL] = LENS_CELL_REPAIRED;
  g_assert_true (lens_render_export (&puzzle, path, NULL));
  surface = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  deleted = count_ink (surface, DELETED_CELL);
  empty = count_ink (surface, 1);
  g_assert_cmpuint (deleted.purple, >, 20);
  g_assert_cmpuint (empty.dark + empty.red + empty.blue + empty.purple + empty.teal, ==, 0);
  cairo_surface_destroy (surface);
}

static char *
export_and_read (Fixture    *f,
                 const char *name,
                 gsize      *length)
{
  g_autofree char *path = export_board (f, name);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, length, &error));
  return contents;
}

static void
test_svg (Fixture       *f,
          gconstpointer  data)
{
  gsize length;
  g_autofree char *svg = export_and_read (f, "board.svg", &length);

  g_assert_true (g_str_has_prefix (svg, "<?xml"));
  g_assert_nonnull (strstr (svg, "<svg"));
  g_assert_nonnull (strstr (svg, "width=\"600"));
  g_assert_nonnull (strstr (svg, "</svg>"));
  g_assert_cmpuint (length, >, 5000);
}

static void
test_pdf (Fixture       *f,
          gconstpointer  data)
{
  gsize length;
  g_autofree char *pdf = export_and_read (f, "board.pdf", &length);
  g_autofree char *path = g_build_filename (f->dir, "board.pdf", NULL);
  g_autofree char *page = NULL;

  g_assert_true (g_str_has_prefix (pdf, "%PDF-"));
  g_assert_nonnull (g_strstr_len (pdf + length - 16, 16, "%%EOF"));
  g_assert_cmpuint (length, >, 2000);
  page = lens_test_render_pdf (path);
  assert_page_inks (page);
}

/* Exporting to @name in the fixture's directory fails with an I/O error
 * that says @phrase, and writes nothing. */
static void
assert_export_fails (Fixture    *f,
                     const char *name,
                     const char *phrase)
{
  g_autofree char *path = g_build_filename (f->dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (lens_render_export (&f->board, path, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_IO);
  g_assert_nonnull (strstr (error->message, phrase));
  g_assert_cmpuint (count_files (f->dir), ==, 0);
}

static void
test_unknown_extension (Fixture       *f,
                        gconstpointer  data)
{
  assert_export_fails (f, "board.gif", ".png");
}

static void
test_missing_directory (Fixture       *f,
                        gconstpointer  data)
{
  assert_export_fails (f, "no-such-dir" G_DIR_SEPARATOR_S "board.png", "board.png");
}

/* Exporting again replaces the file whole. */
static void
test_replace (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "board.png", NULL);
  cairo_surface_t *surface;

  g_assert_true (g_file_set_contents (path, "not a png", -1, NULL));
  g_assert_true (lens_render_export (&f->board, path, NULL));
  surface = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_assert_cmpuint (count_files (f->dir), ==, 1);
}

static void
test_format_from_path (void)
{
  const struct { const char *path; LensRenderFormat format; } known[] = {
    { "a/b.Svg", LENS_RENDER_SVG },
    { "x.pdf", LENS_RENDER_PDF },
    { "x.png", LENS_RENDER_PNG },
  };
  LensRenderFormat format;

  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    {
      g_assert_true (lens_render_format_from_path (known[i].path, &format));
      g_assert_cmpint (format, ==, known[i].format);
    }
  g_assert_false (lens_render_format_from_path ("x.png.txt", &format));
  g_assert_false (lens_render_format_from_path ("png", &format));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/format-from-path", test_format_from_path);
#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/render/export/png", test_png);
  ADD ("/render/export/deleted-cell", test_deleted_cell_marked);
  ADD ("/render/export/svg", test_svg);
  ADD ("/render/export/pdf", test_pdf);
  ADD ("/render/export/unknown-extension", test_unknown_extension);
  ADD ("/render/export/missing-directory", test_missing_directory);
  ADD ("/render/export/replace", test_replace);
#undef ADD
  return g_test_run ();
}
