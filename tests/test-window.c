/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "lens-application.h"
#include "lens-autosave.h"
#include "lens-cell-legend.h"
#include "lens-gui-test.h"
#include "lens-render.h"
#include "lens-solver.h"
#include "lens-test-util.h"
#define LENS_TEST_WINDOW_FIXTURE
#include "lens-window-test.h"

/* The printed givens of data/samples/sample.jpg. */
static const char *sample_truth =
  "006070000040000007070500210008050001021000430600030700063008040100000090000100600";

static char *
sample_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "..", "data", "samples", "sample.jpg", NULL);
}

static void
open_sample (LensWindow *window)
{
  g_autofree char *path = sample_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);

  lens_window_open_file (window, file);
  g_assert_true (lens_window_is_busy (window));
  lens_test_wait_settled (window);
  g_assert_cmpint (lens_document_get_state (lens_window_get_document (window)), ==, LENS_DOCUMENT_CHECK);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), ==, "board");
}

static void
solve_and_wait (Fixture *f)
{
  lens_test_press_key (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")), GDK_KEY_Return, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
}

static gboolean
has_toast (LensWindow *window,
           const char *text)
{
  return lens_test_find_label (GTK_WIDGET (LENS_TEST_PART (window, AdwToastOverlay, "toast_overlay")), text);
}

typedef struct {
  LensWindow *window;
  const char *text;
} ToastQuery;

static gboolean
toast_shown (gpointer data)
{
  const ToastQuery *query = data;

  return has_toast (query->window, query->text);
}

/* Toasts queue: the next one shows once the one before is dismissed. */
static gboolean
wait_toast (LensWindow *window,
            const char *text)
{
  ToastQuery query = { window, text };

  return lens_test_wait (toast_shown, &query, 3000);
}

static guint
count_entries (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* Clicks @button in its middle, as a user would. */
static void
click_button (GtkWidget *button)
{
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  lens_test_click (button, gtk_widget_get_width (button) / 2.0, gtk_widget_get_height (button) / 2.0);
}

static void
get_kinds (LensWindow   *window,
           LensCellRole  kinds[LENS_GRID_CELLS])
{
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    lens_grid_view_get_cell (LENS_TEST_PART (window, LensGridView, "grid_view"), i, &kinds[i]);
}

static void
test_empty_state (Fixture       *f,
                  gconstpointer  data)
{
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (f->window, GtkStack, "stack")), ==, "empty");
  g_assert_false (gtk_widget_get_sensitive (LENS_TEST_PART (f->window, GtkWidget, "solve_button")));
  g_assert_false (gtk_widget_get_sensitive (LENS_TEST_PART (f->window, GtkWidget, "export_button")));
  g_assert_cmpint (lens_document_get_state (lens_window_get_document (f->window)), ==, LENS_DOCUMENT_EMPTY);
  g_assert_true (lens_test_find_label (GTK_WIDGET (f->window), "Read a Sudoku from a Photo"));
}

static void
edit_with_keys (Fixture *f)
{
  LensDocument *doc = lens_window_get_document (f->window);
  GtkWidget *grid = GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view"));
  const guint cell = 0;
  g_autofree char *status = NULL;

  gtk_widget_grab_focus (grid);
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), cell);
  lens_test_press_key (grid, GDK_KEY_3, 0);
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[cell], ==, 3);
  status = g_strdup_printf ("%u digits", lens_document_count_givens (doc));
  g_assert_true (lens_test_find_label (GTK_WIDGET (f->window), status));
  lens_test_press_key (grid, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[cell], ==, 0);
  lens_test_press_key (grid, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[cell], ==, 3);
  lens_test_press_key (grid, GDK_KEY_Delete, 0);
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[cell], ==, 0);
}

static void
check_solution (Fixture        *f,
                const LensGrid *truth)
{
  LensDocument *doc = lens_window_get_document (f->window);
  const LensResult *result = lens_document_get_result (doc);
  const LensGrid *read = lens_document_get_grid (doc);
  LensCellRole kind;

  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_SOLVED);
  g_assert_true (lens_grid_is_solution_of (&result->solution, truth));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      guint8 digit = lens_grid_view_get_cell (LENS_TEST_PART (f->window, LensGridView, "grid_view"), i, &kind);

      g_assert_cmpuint (digit, ==, result->solution.digits[i]);
      if (read->digits[i] == truth->digits[i])
        g_assert_cmpint (kind, ==, truth->digits[i] ? LENS_CELL_ROLE_PRINTED : LENS_CELL_ROLE_SOLVED);
      else
        g_assert_cmpint (kind, ==, LENS_CELL_ROLE_REPAIRED);
    }
  g_assert_true (lens_cell_legend_shows (LENS_CELL_LEGEND (LENS_TEST_PART (f->window, GtkWidget, "legend")), LENS_CELL_ROLE_SOLVED));
}

static void
export (Fixture    *f,
        const char *action,
        const char *name,
        char      **path)
{
  *path = g_build_filename (f->tmp, name, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), action, "s", *path));
  g_assert_true (g_file_test (*path, G_FILE_TEST_IS_REGULAR));
}

/* Reads the board on an exported page back, as a photo of it would be read. */
static void
assert_page_reads (LensImage      *page,
                   LensRecognizer *recognizer,
                   const LensGrid *solution,
                   const char     *what)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL, *want = lens_grid_to_line (solution);
  LensScan scan;
  LensGrid read;

  g_assert_nonnull (page);
  g_assert_true (lens_scan_image (page, recognizer, NULL, &scan, &error));
  g_assert_no_error (error);
  lens_scan_to_grid (&scan, 0, &read);
  line = lens_grid_to_line (&read);
  if (g_strcmp0 (line, want) != 0)
    g_test_message ("%s:\n read %s\n want %s", what, line, want);
  g_assert_cmpstr (line, ==, want);
}

static LensImage *
load_page (const char *path)
{
  g_autoptr(GError) error = NULL;
  LensImage *page = lens_image_load (path, &error);

  g_assert_no_error (error);
  return page;
}

/* Through gdk-pixbuf's SVG loader (librsvg), as a viewer would draw it. */
static LensImage *
load_svg_page (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  GdkPixbufFormat *format = gdk_pixbuf_get_file_info (path, NULL, NULL);
  g_autofree char *format_name = NULL;

  g_assert_nonnull (format);
  format_name = gdk_pixbuf_format_get_name (format);
  g_assert_cmpstr (format_name, ==, "svg");
  pixbuf = gdk_pixbuf_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_pixbuf_get_height (pixbuf) * LENS_RENDER_EXPORT_WIDTH, ==,
                   gdk_pixbuf_get_width (pixbuf) * LENS_RENDER_EXPORT_HEIGHT);
  return lens_image_new_from_rgb (gdk_pixbuf_read_pixels (pixbuf), gdk_pixbuf_get_width (pixbuf),
                                  gdk_pixbuf_get_height (pixbuf), gdk_pixbuf_get_rowstride (pixbuf),
                                  gdk_pixbuf_get_has_alpha (pixbuf));
}

static void
assert_page_size (LensImage *page)
{
  g_assert_cmpint (lens_image_get_width (page), ==, LENS_RENDER_EXPORT_WIDTH);
  g_assert_cmpint (lens_image_get_height (page), ==, LENS_RENDER_EXPORT_HEIGHT);
}

static void
check_exports (Fixture *f)
{
  const LensGrid *solution = &lens_document_get_result (lens_window_get_document (f->window))->solution;
  g_autofree char *png = NULL, *svg = NULL, *pdf = NULL, *photo = NULL, *pdf_page = NULL;
  g_autoptr(LensRecognizer) recognizer = NULL;
  g_autoptr(LensImage) board = NULL, svg_board = NULL, pdf_board = NULL;
  g_autoptr(GdkTexture) overlay = NULL;
  g_autoptr(GError) error = NULL;

  recognizer = lens_recognizer_new (LENS_ENGINE_DEFAULT, &error);
  g_assert_no_error (error);

  export (f, "win.export-board", "board.png", &png);
  g_assert_true (wait_toast (f->window, "Saved “board.png”"));
  board = load_page (png);
  assert_page_size (board);
  assert_page_reads (board, recognizer, solution, "PNG");

  export (f, "win.export-board", "board.svg", &svg);
  svg_board = load_svg_page (svg);
  assert_page_reads (svg_board, recognizer, solution, "SVG");

  export (f, "win.export-board", "board.pdf", &pdf);
  pdf_page = lens_test_render_pdf (pdf);
  pdf_board = load_page (pdf_page);
  assert_page_size (pdf_board);
  assert_page_reads (pdf_board, recognizer, solution, "PDF");

  export (f, "win.export-overlay", "photo.png", &photo);
  overlay = gdk_texture_new_from_filename (photo, &error);
  g_assert_no_error (error);
  /* the photo at its own size, upright, not the picture shown */
  {
    const LensImage *image = lens_document_get_image (f->doc);
    gboolean turned = lens_document_get_scan (f->doc)->rotation % 180 != 0;

    g_assert_cmpint (gdk_texture_get_width (overlay), ==,
                     turned ? lens_image_get_height (image) : lens_image_get_width (image));
    g_assert_cmpint (gdk_texture_get_height (overlay), ==,
                     turned ? lens_image_get_width (image) : lens_image_get_height (image));
  }
  /* The four files and the PDF's page: no temporary file is left. */
  g_assert_cmpuint (count_entries (f->tmp), ==, 5);
}

static void
read_text_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      data)
{
  *(char **) data = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (object), result, NULL);
}

static gboolean
pointer_set (gpointer data)
{
  return *(char **) data != NULL;
}

static char *
copy_text (Fixture    *f,
           const char *action)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (f->window));
  char *text = NULL;

  gdk_clipboard_set_text (clipboard, "");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), action, NULL));
  gdk_clipboard_read_text_async (clipboard, NULL, read_text_cb, &text);
  g_assert_true (lens_test_wait (pointer_set, &text, 5000));
  return text;
}

/* Both the puzzle and its solution can be copied, each by its name. */
static void
check_copy_text (Fixture *f)
{
  LensDocument *doc = lens_window_get_document (f->window);
  g_autofree char *solution = lens_grid_to_line (&lens_document_get_result (doc)->solution);
  g_autofree char *puzzle = lens_grid_to_line (lens_document_get_grid (doc));
  g_autofree char *copied_solution = copy_text (f, "win.copy-solution");
  g_autofree char *copied_puzzle = copy_text (f, "win.copy-puzzle");

  g_assert_cmpstr (copied_solution, ==, solution);
  g_assert_cmpstr (copied_puzzle, ==, puzzle);
  g_assert_cmpstr (copied_puzzle, !=, copied_solution);
}

static void
test_read_edit_solve_export (Fixture       *f,
                             gconstpointer  data)
{
  LensGrid truth;

  g_assert_true (lens_grid_parse (&truth, sample_truth, -1, NULL));
  open_sample (f->window);
  g_assert_cmpuint (lens_test_count_right (lens_document_get_grid (f->doc), &truth), >=, 78);
  g_assert_true (gtk_widget_get_sensitive (LENS_TEST_PART (f->window, GtkWidget, "export_button")));

  edit_with_keys (f);
  g_assert_false (lens_window_is_busy (f->window));
  lens_test_press_key (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")), GDK_KEY_Return, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  check_solution (f, &truth);
  check_exports (f);
  check_copy_text (f);

  lens_test_press_key (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")), GDK_KEY_5, 0);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[0], ==, 5);
  g_assert_true (lens_cell_legend_shows (LENS_CELL_LEGEND (LENS_TEST_PART (f->window, GtkWidget, "legend")), LENS_CELL_ROLE_CORRECTION));
  g_assert_false (lens_cell_legend_shows (LENS_CELL_LEGEND (LENS_TEST_PART (f->window, GtkWidget, "legend")), LENS_CELL_ROLE_SOLVED));
}

static void
test_bad_file_keeps_work (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *bad = g_build_filename (f->tmp, "not-a-photo.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (bad);
  g_autofree char *before = NULL, *after = NULL;
  g_autofree char *photo = NULL;

  open_sample (f->window);
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 0);
  lens_document_set_correction (f->doc, 0, 3);
  before = lens_grid_to_line (lens_document_get_grid (f->doc));
  photo = g_strdup (lens_document_get_photo_path (f->doc));

  g_assert_true (g_file_set_contents (bad, "this is not a JPEG file", -1, NULL));
  lens_window_open_file (f->window, file);
  lens_test_wait_settled (f->window);

  after = lens_grid_to_line (lens_document_get_grid (f->doc));
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (lens_document_get_photo_path (f->doc), ==, photo);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (f->window, GtkStack, "stack")), ==, "board");
  g_assert_true (lens_document_can_undo (f->doc));
  g_assert_true (wait_toast (f->window, "Could not open “not-a-photo.jpg”: "));
}

/* Of two boards the larger is read, and the toast says there is another. */
static void
test_two_boards (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "bad", "two-boards.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *line = NULL;

  lens_window_open_file (f->window, file);
  lens_test_wait_settled (f->window);
  line = lens_grid_to_line (lens_document_get_grid (lens_window_get_document (f->window)));
  g_assert_cmpstr (line, ==,
                   "4..8.2..6.6..1..4..38...17....127...7..3.4..1...589....74...21..2..3..6.9..2.8..5");
  /* said over the photo, where it does not cover the legend, until the
   * player dismisses it */
  {
    GtkWidget *note = LENS_TEST_PART (f->window, GtkWidget, "other_board_note");
    GtkWidget *close = gtk_widget_get_last_child (note);
    GtkWidget *legend = LENS_TEST_PART (f->window, GtkWidget, "legend");
    GtkWidget *photo = LENS_TEST_PART (f->window, GtkWidget, "photo_view");
    graphene_rect_t note_at, legend_at, photo_at;

    lens_test_spin (100);
    g_assert_true (gtk_widget_get_mapped (note));
    g_assert_true (lens_test_find_label (note, "more than one board"));
    g_assert_true (gtk_widget_compute_bounds (note, GTK_WIDGET (f->window), &note_at));
    g_assert_true (gtk_widget_compute_bounds (legend, GTK_WIDGET (f->window), &legend_at));
    g_assert_true (gtk_widget_compute_bounds (photo, GTK_WIDGET (f->window), &photo_at));
    g_assert_false (graphene_rect_intersection (&note_at, &legend_at, NULL));
    g_assert_true (graphene_rect_contains_rect (&photo_at, &note_at));
    lens_test_click (close, gtk_widget_get_width (close) / 2.0, gtk_widget_get_height (close) / 2.0);
    g_assert_false (gtk_widget_get_visible (note));
  }
}

/* The message names the file that was not there, and the open photo stays. */
static void
test_missing_file (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *gone = g_build_filename (f->tmp, "gone.jpg", NULL);
  g_autoptr(GFile) missing = g_file_new_for_path (gone);
  g_autofree char *photo = NULL;

  open_sample (f->window);
  photo = g_strdup (lens_document_get_photo_path (f->doc));
  lens_window_open_file (f->window, missing);
  lens_test_wait_settled (f->window);
  g_assert_true (has_toast (f->window, "Could not open “gone.jpg”"));
  g_assert_cmpstr (lens_document_get_photo_path (f->doc), ==, photo);
}

/* A grey 640 × 480 photo with no board in it, saved in the test's folder. */
static GFile *
make_blank_photo (Fixture *f)
{
  g_autofree char *blank = g_build_filename (f->tmp, "blank.png", NULL);
  g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, 640, 480);

  gdk_pixbuf_fill (pixbuf, 0xc0c0c0ff);
  g_assert_true (gdk_pixbuf_save (pixbuf, blank, "png", NULL, NULL));
  return g_file_new_for_path (blank);
}

/* A photo with no board leaves the puzzle open as it was, and offers to
 * mark the board by hand, which replaces it. */
static void
test_photo_without_board (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GFile) file = make_blank_photo (f);
  g_autofree char *blank = g_file_get_path (file);
  g_autoptr(GdkTexture) photo = NULL;
  g_autoptr(LensPhoto) sample = NULL;
  g_autofree char *before = NULL, *after = NULL, *path = NULL;
  LensScan scan;

  open_sample (f->window);
  sample = lens_photo_ref (lens_document_get_photo (f->doc));
  before = lens_grid_to_line (lens_document_get_grid (f->doc));
  path = g_strdup (lens_document_get_photo_path (f->doc));
  scan = *lens_document_get_scan (f->doc);
  photo = g_object_ref (lens_photo_view_get_texture (LENS_TEST_PART (f->window, LensPhotoView, "photo_view")));

  lens_window_open_file (f->window, file);
  lens_test_wait_settled (f->window);
  g_assert_true (has_toast (f->window, "mark its corners by hand"));
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (f->window, GtkStack, "stack")), ==, "board");
  after = lens_grid_to_line (lens_document_get_grid (f->doc));
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (lens_document_get_photo_path (f->doc), ==, path);
  g_assert_cmpmem (lens_document_get_scan (f->doc)->corners, sizeof scan.corners, scan.corners, sizeof scan.corners);
  g_assert_true (lens_photo_view_get_texture (LENS_TEST_PART (f->window, LensPhotoView, "photo_view")) == photo);

  /* the toast's Mark Corners, clicked */
  {
    GtkWidget *mark = lens_test_find_button (GTK_WIDGET (LENS_TEST_PART (f->window, AdwToastOverlay, "toast_overlay")),
                                             "_Mark Corners");

    g_assert_nonnull (mark);
    /* the toast slides in: click once it is in place */
    lens_test_spin (500);
    lens_test_click (mark, gtk_widget_get_width (mark) / 2.0, gtk_widget_get_height (mark) / 2.0);
    lens_test_wait_settled (f->window);
  }
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_cmpstr (lens_document_get_photo_path (f->doc), ==, blank);
  g_assert_nonnull (lens_photo_view_get_texture (LENS_TEST_PART (f->window, LensPhotoView, "photo_view")));
  g_assert_true (lens_photo_view_get_texture (LENS_TEST_PART (f->window, LensPhotoView, "photo_view")) != photo);
  g_assert_cmpfloat (lens_document_get_scan (f->doc)->corners[2].x, >, 320);
  g_assert_cmpuint (lens_document_count_givens (f->doc), ==, 0);

  /* Solve, with nothing read: the banner says so, and no cell is framed */
  lens_test_press_key (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")), GDK_KEY_Return, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  g_assert_true (gtk_widget_get_visible (LENS_TEST_PART (f->window, GtkWidget, "message_box")));
  g_assert_true (g_str_has_prefix (gtk_label_get_label (LENS_TEST_PART (f->window, GtkLabel, "message_label")),
                                   "No digit was read inside the outline."));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      g_autofree char *description = lens_grid_view_describe_cell (LENS_TEST_PART (f->window, LensGridView, "grid_view"), i);

      g_assert_null (strstr (description, "to check against the photo"));
    }

  /* the toast's Undo brings the puzzle before back, photo and all */
  {
    GtkWidget *undo = NULL;
    g_autofree char *back = NULL;

    for (guint tries = 0; tries < 100 && undo == NULL; tries++)
      {
        undo = lens_test_find_button (GTK_WIDGET (LENS_TEST_PART (f->window, AdwToastOverlay, "toast_overlay")), "_Undo");
        if (undo == NULL)
          lens_test_spin (50);
      }
    g_assert_nonnull (undo);
    lens_test_spin (500);
    lens_test_click (undo, gtk_widget_get_width (undo) / 2.0, gtk_widget_get_height (undo) / 2.0);
    lens_test_wait_settled (f->window);
    back = lens_grid_to_line (lens_document_get_grid (f->doc));
    g_assert_cmpstr (back, ==, before);
    g_assert_cmpstr (lens_document_get_photo_path (f->doc), ==, path);
    /* the same photo, not decoded again */
    g_assert_true (lens_document_get_photo (f->doc) == sample);
    g_assert_cmpint (gdk_texture_get_width (lens_photo_view_get_texture (LENS_TEST_PART (f->window, LensPhotoView, "photo_view"))),
                     ==, gdk_texture_get_width (photo));
    g_assert_cmpmem (lens_document_get_scan (f->doc)->corners, sizeof scan.corners, scan.corners, sizeof scan.corners);
  }
}

/* What the main loop did while the window read: timeouts dispatched and
 * frames drawn. */
typedef struct {
  LensWindow *window;
  guint       ticks;
  guint       frames;
} Ticker;

static gboolean
tick_cb (gpointer data)
{
  Ticker *t = data;

  t->ticks += lens_window_is_busy (t->window);
  return G_SOURCE_CONTINUE;
}

static void
after_paint_cb (GdkFrameClock *clock,
                Ticker        *t)
{
  t->frames += lens_window_is_busy (t->window);
}

/* The sample photo blown up to 23.5 megapixels: it takes a while to read. */
static GFile *
make_large_photo (Fixture *f)
{
  g_autofree char *sample = sample_path ();
  g_autofree char *large = g_build_filename (f->tmp, "large.jpg", NULL);
  g_autoptr(GdkPixbuf) small = gdk_pixbuf_new_from_file (sample, NULL);
  g_autoptr(GdkPixbuf) big = gdk_pixbuf_scale_simple (small, 4200, 5600, GDK_INTERP_BILINEAR);

  g_assert_true (gdk_pixbuf_save (big, large, "jpeg", NULL, "quality", "90", NULL));
  return g_file_new_for_path (large);
}

/* The photo is read off the main thread: while it is read, the main loop
 * goes on dispatching and the window goes on drawing (its spinner). Read
 * on the main thread, neither would happen until the read was over. What
 * is counted does not depend on how fast the machine is. */
static void
test_main_loop_runs_while_reading (Fixture       *f,
                                   gconstpointer  data)
{
  g_autoptr(GFile) file = make_large_photo (f);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (f->window));
  Ticker ticker = { f->window, 0, 0 };
  gulong handler;
  guint id;

  id = g_timeout_add (10, tick_cb, &ticker);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &ticker);
  lens_window_open_file (f->window, file);
  g_assert_true (lens_window_is_busy (f->window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (f->window, GtkStack, "stack")), ==, "reading");
  lens_test_wait_settled (f->window);
  g_source_remove (id);
  g_signal_handler_disconnect (clock, handler);

  g_test_message ("while reading a 23.5 MP photo: %u ticks, %u frames", ticker.ticks, ticker.frames);
  g_assert_cmpuint (ticker.ticks, >=, 2);
  g_assert_cmpuint (ticker.frames, >=, 1);
  g_assert_cmpint (lens_document_get_state (lens_window_get_document (f->window)), ==, LENS_DOCUMENT_CHECK);
}

/* Mark Corners for a photo read earlier with no board, while another is
 * being opened: the opening stops, and the window is not left reading for
 * ever. */
static void
test_mark_corners_while_opening (Fixture       *f,
                                 gconstpointer  data)
{
  g_autoptr(GFile) file = make_blank_photo (f);
  g_autofree char *blank = g_file_get_path (file);
  g_autoptr(GFile) large = make_large_photo (f);

  open_sample (f->window);
  lens_window_open_file (f->window, file);
  lens_test_wait_settled (f->window);
  g_assert_true (has_toast (f->window, "mark its corners by hand"));

  lens_window_open_file (f->window, large);
  g_assert_true (lens_window_is_busy (f->window));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.mark-corners", NULL);
  g_assert_true (lens_test_wait (lens_test_window_settled, f->window, 20000));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (f->window, GtkStack, "stack")), ==, "board");
  g_assert_cmpstr (lens_document_get_photo_path (f->doc), ==, blank);
}

/* Escape stops a long read and leaves the puzzle that was open. */
static void
test_escape_cancels_read (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GFile) file = make_large_photo (f);
  g_autofree char *before = NULL, *after = NULL, *photo = NULL;

  open_sample (f->window);
  before = lens_grid_to_line (lens_document_get_grid (f->doc));
  photo = g_strdup (lens_document_get_photo_path (f->doc));
  lens_test_focus_window (GTK_WIDGET (f->window));
  lens_window_open_file (f->window, file);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (f->window, GtkStack, "stack")), ==, "reading");
  lens_test_press_key (GTK_WIDGET (f->window), GDK_KEY_Escape, 0);
  g_assert_false (lens_window_is_busy (f->window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (f->window, GtkStack, "stack")), ==, "board");
  lens_test_spin (1500);
  after = lens_grid_to_line (lens_document_get_grid (f->doc));
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (lens_document_get_photo_path (f->doc), ==, photo);
}

static void
test_restore_session (Fixture       *f,
                      gconstpointer  data)
{
  LensWindow *second;
  LensDocument *doc;
  g_autofree char *before = NULL, *after = NULL;
  g_autofree char *photo = NULL;

  open_sample (f->window);
  gtk_widget_grab_focus (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")));
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 80);
  lens_test_press_key (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")), GDK_KEY_8, 0);
  doc = lens_window_get_document (f->window);
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[80], ==, 8);
  before = lens_grid_to_line (lens_document_get_grid (doc));
  photo = g_strdup (lens_document_get_photo_path (doc));
  lens_test_close_window (g_steal_pointer (&f->window));

  second = lens_test_open_window (app);
  f->window = second;
  g_assert_true (lens_window_restore_session (second));
  doc = lens_window_get_document (second);
  after = lens_grid_to_line (lens_document_get_grid (doc));
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (lens_document_get_photo_path (doc), ==, photo);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (second, GtkStack, "stack")), ==, "board");
  lens_test_wait_settled (second);
  g_assert_nonnull (lens_photo_view_get_texture (LENS_TEST_PART (second, LensPhotoView, "photo_view")));
}

static gboolean
has_kind (const LensCellRole kinds[LENS_GRID_CELLS],
          LensCellRole       kind)
{
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (kinds[i] == kind)
      return TRUE;
  return FALSE;
}

static LensWindow *
restore_window (void)
{
  LensWindow *window = lens_test_open_window (app);

  g_assert_true (lens_window_restore_session (window));
  return window;
}

static void
assert_solved_as (LensWindow         *window,
                  const char         *solution,
                  const LensCellRole  kinds[LENS_GRID_CELLS])
{
  LensDocument *doc = lens_window_get_document (window);
  g_autofree char *line = NULL;
  LensCellRole now[LENS_GRID_CELLS];

  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_SOLVED);
  line = lens_grid_to_line (&lens_document_get_result (doc)->solution);
  g_assert_cmpstr (line, ==, solution);
  get_kinds (window, now);
  g_assert_cmpmem (now, sizeof now, kinds, sizeof now);
  g_assert_true (lens_cell_legend_shows (LENS_CELL_LEGEND (LENS_TEST_PART (window, GtkWidget, "legend")), LENS_CELL_ROLE_SOLVED));
}

/* A solved puzzle comes back solved, with its photo, and a window closed
 * before the photo of a restored session showed keeps it solved too. */
static void
test_restore_solved_session (Fixture       *f,
                             gconstpointer  data)
{
  LensCellRole kinds[LENS_GRID_CELLS];
  g_autofree char *solution = NULL;

  open_sample (f->window);
  /* A typed digit the puzzle has no room for: the player lets repair
   * take it out. */
  gtk_widget_grab_focus (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")));
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 80);
  lens_test_press_key (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")), GDK_KEY_8, 0);
  solve_and_wait (f);
  g_assert_cmpint (lens_document_get_result (f->doc)->outcome, ==, LENS_OUTCOME_CORRECTIONS_BLOCK);
  click_button (LENS_TEST_PART (f->window, GtkWidget, "overrule_button"));
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_SOLVED);
  solution = lens_grid_to_line (&lens_document_get_result (f->doc)->solution);
  get_kinds (f->window, kinds);
  g_assert_true (has_kind (kinds, LENS_CELL_ROLE_PRINTED));
  g_assert_true (has_kind (kinds, LENS_CELL_ROLE_REPAIRED));
  g_assert_true (has_kind (kinds, LENS_CELL_ROLE_SOLVED));
  g_assert_true (lens_test_find_label (GTK_WIDGET (f->window), "shown in purple italics with a corner mark"));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    g_assert_true ((lens_document_get_result (f->doc)->reasons[i] != NULL) == (i == 80));
  lens_test_close_window (g_steal_pointer (&f->window));

  f->window = restore_window ();
  g_assert_true (lens_window_is_busy (f->window));
  lens_test_wait_settled (f->window);
  assert_solved_as (f->window, solution, kinds);
  g_assert_nonnull (lens_photo_view_get_texture (LENS_TEST_PART (f->window, LensPhotoView, "photo_view")));
  lens_test_close_window (g_steal_pointer (&f->window));

  f->window = restore_window ();
  g_assert_true (lens_window_is_busy (f->window));
  lens_test_close_window (g_steal_pointer (&f->window));

  f->window = restore_window ();
  lens_test_wait_settled (f->window);
  assert_solved_as (f->window, solution, kinds);
}

static void
test_damaged_session_is_set_aside (Fixture       *f,
                                   gconstpointer  data)
{
  g_autofree char *path = g_build_filename (data_dir, "session.json", NULL);

  g_assert_true (g_file_set_contents (path, "{ \"version\": 1, \"digits\": ", -1, NULL));
  g_assert_false (lens_window_restore_session (f->window));
  g_assert_true (has_toast (f->window, "could not be restored"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (f->window, GtkStack, "stack")), ==, "empty");
}

static void
cell_center (LensWindow *window,
             guint       cell,
             double     *x,
             double     *y)
{
  const LensScan *scan = lens_document_get_scan (lens_window_get_document (window));
  double u = (lens_cell_col (cell) + 0.5) / 9, v = (lens_cell_row (cell) + 0.5) / 9;
  double px[4], py[4];

  for (guint i = 0; i < 4; i++)
    g_assert_true (lens_photo_view_image_to_widget (LENS_TEST_PART (window, LensPhotoView, "photo_view"), &scan->corners[i], &px[i], &py[i]));
  *x = (1 - v) * ((1 - u) * px[0] + u * px[1]) + v * ((1 - u) * px[3] + u * px[2]);
  *y = (1 - v) * ((1 - u) * py[0] + u * py[1]) + v * ((1 - u) * py[3] + u * py[2]);
}

static void
test_photo_and_grid_selection (Fixture       *f,
                               gconstpointer  data)
{
  double x, y;

  open_sample (f->window);
  cell_center (f->window, 4 * 9 + 6, &x, &y);
  lens_test_click (GTK_WIDGET (LENS_TEST_PART (f->window, LensPhotoView, "photo_view")), x, y);
  g_assert_cmpint (lens_grid_view_get_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view")), ==, 4 * 9 + 6);
  gtk_widget_grab_focus (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")));
  lens_test_press_key (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")), GDK_KEY_Down, 0);
  g_assert_cmpint (lens_photo_view_get_selected (LENS_TEST_PART (f->window, LensPhotoView, "photo_view")), ==, 5 * 9 + 6);
  g_assert_nonnull (gtk_picture_get_paintable (lens_close_up_get_picture (LENS_TEST_PART (f->window, LensCloseUp, "close_up"))));
}

/* Drags the corner @corner of the outline shown by @dx, @dy pixels and
 * waits for the board read there: that corner alone moved, to where it
 * was dropped, and the photo kept its turn. */
static void
drag_one_corner (Fixture *f,
                 guint    corner,
                 double   dx,
                 double   dy)
{
  LensPhotoView *view = LENS_TEST_PART (f->window, LensPhotoView, "photo_view");
  int rotation = lens_photo_view_get_rotation (view);
  LensPoint before[4], after[4];
  double x, y, nx, ny;

  g_assert_true (lens_photo_view_get_corners (view, before));
  g_assert_true (lens_photo_view_image_to_widget (view, &before[corner], &x, &y));
  lens_test_drag (GTK_WIDGET (view), x, y, dx, dy);
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_photo_view_get_rotation (view), ==, rotation);
  g_assert_cmpint (lens_document_get_scan (f->doc)->rotation, ==, rotation);
  g_assert_true (lens_photo_view_get_corners (view, after));
  g_assert_cmpmem (after, sizeof after, lens_document_get_scan (f->doc)->corners, sizeof after);
  for (guint k = 0; k < 4; k++)
    if (k != corner)
      {
        g_assert_cmpfloat (fabs (after[k].x - before[k].x), <, 0.01);
        g_assert_cmpfloat (fabs (after[k].y - before[k].y), <, 0.01);
      }
  g_assert_true (lens_photo_view_image_to_widget (view, &after[corner], &nx, &ny));
  g_assert_cmpfloat (fabs (nx - (x + dx)), <=, 1.5);
  g_assert_cmpfloat (fabs (ny - (y + dy)), <=, 1.5);
}

/* A photo 200 by 150 pixels, its board turned by hand (its digits too
 * small for the reader to be sure of the turn): dragging one corner
 * handle moves that handle alone, to where it was dropped, each corner in
 * turn, and one dragged past another, which makes a thin, crossed
 * outline. The photo keeps its turn. A corner read judged the turn again
 * and sorted the corners again: the photo turned a quarter under the
 * player's hand, and the other handles jumped. */
static void
test_drag_corner_tiny_photo (Fixture       *f,
                             gconstpointer  data)
{
  g_autofree char *source = sample_path ();
  g_autofree char *tiny = g_build_filename (f->tmp, "tiny.png", NULL);
  g_autoptr(GdkPixbuf) full = gdk_pixbuf_new_from_file (source, NULL);
  g_autoptr(GdkPixbuf) small = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (tiny);
  LensPhotoView *view = LENS_TEST_PART (f->window, LensPhotoView, "photo_view");
  const double dx[4] = { 9, -9, -9, 9 }, dy[4] = { 7, 7, -7, -7 };
  LensPoint corners[4], target;
  guint first = 0, other;
  double x, y, tx, ty;

  g_assert_nonnull (full);
  small = gdk_pixbuf_scale_simple (full, 200, 150, GDK_INTERP_BILINEAR);
  g_assert_true (gdk_pixbuf_save (small, tiny, "png", NULL, NULL));
  lens_window_open_file (f->window, file);
  lens_test_wait_settled (f->window);
  g_assert_cmpstr (lens_document_get_photo_path (f->doc), ==, tiny);
  g_assert_true (lens_photo_view_get_corners (view, corners));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.turn-board", NULL));
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_photo_view_get_rotation (view), ==, 90);

  for (guint corner = 0; corner < 4; corner++)
    drag_one_corner (f, corner, dx[corner], dy[corner]);

  /* the corner nearest the photo's top left, and another dragged nearer */
  g_assert_true (lens_photo_view_get_corners (view, corners));
  for (guint k = 1; k < 4; k++)
    if (corners[k].x + corners[k].y < corners[first].x + corners[first].y)
      first = k;
  other = (first + 3) % 4;
  target = (LensPoint) { corners[first].x * 0.4, corners[first].y * 0.4 };
  g_assert_true (lens_photo_view_image_to_widget (view, &corners[other], &x, &y));
  g_assert_true (lens_photo_view_image_to_widget (view, &target, &tx, &ty));
  drag_one_corner (f, other, tx - x, ty - y);
}

/* A dragged corner stays where it was dropped, and the others where they
 * were; undo goes back to the outline before, with the solution shown
 * then. */
static void
test_drag_corner_rereads (Fixture       *f,
                          gconstpointer  data)
{
  LensDocument *doc;
  LensScan before;
  const LensScan *after;
  g_autofree char *solution = NULL, *again = NULL;
  double x, y, nx, ny;

  open_sample (f->window);
  doc = lens_window_get_document (f->window);
  before = *lens_document_get_scan (doc);
  g_assert_false (lens_document_can_undo (doc));
  solve_and_wait (f);
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_SOLVED);
  solution = lens_grid_to_line (&lens_document_get_result (doc)->solution);

  g_assert_true (lens_photo_view_image_to_widget (LENS_TEST_PART (f->window, LensPhotoView, "photo_view"), &before.corners[2], &x, &y));
  lens_test_drag (GTK_WIDGET (LENS_TEST_PART (f->window, LensPhotoView, "photo_view")), x, y, 12, 9);
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_CHECK);
  after = lens_document_get_scan (doc);
  g_assert_true (lens_photo_view_image_to_widget (LENS_TEST_PART (f->window, LensPhotoView, "photo_view"), &after->corners[2], &nx, &ny));
  g_assert_cmpfloat (fabs (nx - (x + 12)), <=, 1.5);
  g_assert_cmpfloat (fabs (ny - (y + 9)), <=, 1.5);
  for (guint k = 0; k < 4; k++)
    if (k != 2)
      {
        g_assert_cmpfloat (after->corners[k].x, ==, before.corners[k].x);
        g_assert_cmpfloat (after->corners[k].y, ==, before.corners[k].y);
      }
  /* the photo shows the outline the document holds */
  {
    LensPoint shown[4];

    g_assert_true (lens_photo_view_get_corners (LENS_TEST_PART (f->window, LensPhotoView, "photo_view"), shown));
    g_assert_cmpmem (shown, sizeof shown, after->corners, sizeof after->corners);
  }

  gtk_widget_grab_focus (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")));
  lens_test_press_key (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")), GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpmem (lens_document_get_scan (doc)->corners, sizeof before.corners,
                   before.corners, sizeof before.corners);
  {
    LensPoint shown[4];

    g_assert_true (lens_photo_view_get_corners (LENS_TEST_PART (f->window, LensPhotoView, "photo_view"), shown));
    g_assert_cmpmem (shown, sizeof shown, before.corners, sizeof before.corners);
  }
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_SOLVED);
  again = lens_grid_to_line (&lens_document_get_result (doc)->solution);
  g_assert_cmpstr (again, ==, solution);
}

static void
test_settings_and_help (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.sudokulens.SudokuLens");
  g_autofree char *sample = sample_path ();
  g_autofree char *folder = g_path_get_dirname (sample);
  g_autofree char *last = NULL;
  g_autoptr(GFile) last_file = NULL;
  g_autoptr(GFile) folder_file = NULL;
  AdwAboutWindow *about = NULL;
  GList *windows;
  LensWindow *restored;
  int width, height;

  g_assert_nonnull (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (f->window)));
  open_sample (f->window);
  last = g_settings_get_string (settings, "last-folder");
  last_file = g_file_new_for_path (last);
  folder_file = g_file_new_for_path (folder);
  g_assert_true (g_file_equal (last_file, folder_file));

  gtk_window_set_default_size (GTK_WINDOW (f->window), 900, 650);
  lens_test_close_window (g_steal_pointer (&f->window));
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 900);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 650);

  restored = g_object_ref_sink (lens_window_new (GTK_APPLICATION (app)));
  gtk_window_get_default_size (GTK_WINDOW (restored), &width, &height);
  g_assert_cmpint (width, ==, 900);
  g_assert_cmpint (height, ==, 650);
  gtk_window_destroy (GTK_WINDOW (restored));
  g_assert_finalize_object (restored);

  f->window = lens_test_open_window (app);
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  windows = gtk_window_list_toplevels ();
  for (GList *l = windows; l; l = l->next)
    if (ADW_IS_ABOUT_WINDOW (l->data))
      about = l->data;
  g_list_free (windows);
  g_assert_nonnull (about);
  g_assert_cmpstr (adw_about_window_get_application_name (about), ==, "Sudoku Lens");
  g_assert_true (g_str_has_prefix (adw_about_window_get_website (about), "https://"));
  g_assert_true (g_str_has_suffix (adw_about_window_get_issue_url (about), "/issues"));
  /* the icon is the app's own, not a placeholder, also from the build tree */
  g_assert_cmpstr (adw_about_window_get_application_icon (about), ==, "io.github.sudokulens.SudokuLens");
  g_assert_true (gtk_icon_theme_has_icon (gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (about))),
                                          "io.github.sudokulens.SudokuLens"));
  gtk_window_destroy (GTK_WINDOW (about));
}

static void
test_paste_puzzle_text (Fixture       *f,
                        gconstpointer  data)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (f->window));
  g_autofree char *line = NULL;

  gdk_clipboard_set_text (clipboard, sample_truth);
  lens_test_press_key (GTK_WIDGET (f->window), GDK_KEY_v, GDK_CONTROL_MASK);
  lens_test_spin (100);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  line = lens_grid_to_line (lens_document_get_grid (f->doc));
  g_strdelimit (line, ".", '0');
  g_assert_cmpstr (line, ==, sample_truth);
  g_assert_null (lens_document_get_photo_path (f->doc));
  g_assert_false (gtk_widget_get_visible (gtk_paned_get_start_child (LENS_TEST_PART (f->window, GtkPaned, "paned"))));

  gdk_clipboard_set_text (clipboard, "hello");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.paste", NULL));
  lens_test_spin (100);
  g_assert_true (has_toast (f->window, "neither a photo nor a puzzle"));
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
}

static void
test_paste_picture (Fixture       *f,
                    gconstpointer  data)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (f->window));
  g_autofree char *sample = sample_path ();
  g_autoptr(GdkTexture) texture = gdk_texture_new_from_filename (sample, NULL);
  g_autofree char *first = NULL;

  gdk_clipboard_set_texture (clipboard, texture);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.paste", NULL));
  lens_test_spin (200);
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_true (g_str_has_prefix (lens_document_get_photo_path (f->doc), data_dir));
  g_assert_true (g_file_test (lens_document_get_photo_path (f->doc), G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (lens_document_count_givens (f->doc), >=, 20);

  /* A second paste, within the same second, replaces the first photo kept
   * for the autosave. */
  first = g_strdup (lens_document_get_photo_path (f->doc));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.paste", NULL));
  lens_test_spin (200);
  lens_test_wait_settled (f->window);
  g_assert_cmpstr (lens_document_get_photo_path (f->doc), !=, first);
  g_assert_false (g_file_test (first, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (lens_document_get_photo_path (f->doc), G_FILE_TEST_IS_REGULAR));
}

/* A file copied in a file manager, then Ctrl+V: the photo is read. */
static void
test_paste_file (Fixture       *f,
                 gconstpointer  data)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (f->window));
  g_autofree char *sample = sample_path ();
  g_autoptr(GFile) file = g_file_new_for_path (sample);
  g_autofree char *want = g_file_get_path (file);

  gdk_clipboard_set (clipboard, G_TYPE_FILE, file);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.paste", NULL));
  lens_test_spin (200);
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_cmpstr (lens_document_get_photo_path (f->doc), ==, want);
  g_assert_cmpuint (lens_document_count_givens (f->doc), >=, 20);
}

/* A file dropped on the window, as its drop target receives it. */
static void
test_drop_file (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *sample = sample_path ();
  g_autoptr(GFile) file = g_file_new_for_path (sample);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->window));
  GtkDropTarget *target = NULL;
  GValue value = G_VALUE_INIT;
  GSList *files = g_slist_prepend (NULL, file);
  gboolean accepted = FALSE;
  g_autofree char *want = g_file_get_path (file);

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        target = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (target);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
  g_slist_free (files);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_value_unset (&value);
  g_assert_true (accepted);
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_cmpstr (lens_document_get_photo_path (f->doc), ==, want);
}

static void
test_too_few_digits_explained (Fixture       *f,
                               gconstpointer  data)
{
  const char *message;

  open_sample (f->window);
  for (guint i = 0; i < 45; i++)
    lens_document_set_correction (f->doc, i, 0);
  solve_and_wait (f);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_true (gtk_widget_get_visible (LENS_TEST_PART (f->window, GtkWidget, "message_box")));
  message = gtk_label_get_label (LENS_TEST_PART (f->window, GtkLabel, "message_label"));
  g_assert_nonnull (strstr (message, "at least 17"));
}

static void
test_no_solution_names_cells (Fixture       *f,
                              gconstpointer  data)
{
  const LensResult *result;
  const char *message;
  /* Typed digits that clash: each pair is in one row, column or box. */
  const guint cells[] = { 0, 1, 9, 10, 18 };

  open_sample (f->window);
  gtk_widget_grab_focus (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")));
  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), cells[i]);
      lens_test_press_key (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")), GDK_KEY_9, 0);
      g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[cells[i]], ==, 9);
    }
  g_assert_cmpuint (lens_document_count_conflicts (f->doc), >=, 5);
  solve_and_wait (f);
  result = lens_document_get_result (f->doc);
  g_assert_nonnull (result);
  g_assert_false (lens_result_is_solved (result));
  g_assert_true (result->suspects[0] && result->suspects[10]);
  message = gtk_label_get_label (LENS_TEST_PART (f->window, GtkLabel, "message_label"));
  g_assert_nonnull (strstr (message, "r1c1"));
  g_assert_true (gtk_widget_get_visible (LENS_TEST_PART (f->window, GtkWidget, "message_box")));
}

/* The sample's puzzle typed without its r3c8: two solutions, which differ
 * in four cells. The message names them, and one solution's digits in
 * them leave just that solution. */
static void
test_several_solutions_names_cells (Fixture       *f,
                                    gconstpointer  data)
{
  const LensResult *result;
  const char *message;
  LensGrid grid;
  guint8 solution[LENS_GRID_CELLS], filled[LENS_GRID_CELLS];
  guint n_suspects = 0;

  g_assert_true (lens_grid_parse (&grid, "..6.7.....4......7.7.5..2....8.5...1.21...43.6...3.7...63..8.4.1......9....1..6..", -1, NULL));
  g_assert_cmpuint (lens_solver_count (grid.digits, 2, solution), ==, 2);
  lens_window_load_grid (f->window, &grid);
  solve_and_wait (f);
  result = lens_document_get_result (f->doc);
  g_assert_nonnull (result);
  g_assert_cmpint (result->outcome, ==, LENS_OUTCOME_MULTIPLE);
  message = gtk_label_get_label (LENS_TEST_PART (f->window, GtkLabel, "message_label"));
  g_assert_nonnull (strstr (message, "more than one solution"));
  g_assert_nonnull (strstr (message, "Check these cells against the photo: r"));
  memcpy (filled, grid.digits, sizeof filled);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (result->suspects[i])
      {
        g_assert_cmpuint (grid.digits[i], ==, 0);
        filled[i] = solution[i];
        n_suspects++;
      }
  g_assert_cmpuint (n_suspects, ==, 4);
  g_assert_cmpuint (lens_solver_count (filled, 2, NULL), ==, 1);
}

/* A stray 1 typed at r1c1 clashes with the 1 at r9c1, and deleting either
 * leaves one solution, not the same: the solution is shown as a guess,
 * framed on both cells, and the message names them. */
static void
test_unsure_solution_names_cells (Fixture       *f,
                                  gconstpointer  data)
{
  GtkWidget *label = LENS_TEST_PART (f->window, GtkWidget, "message_box");
  const LensResult *result;
  const char *message;

  lens_test_load_puzzle (f->window, "1..7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4...");
  solve_and_wait (f);
  result = lens_document_get_result (f->doc);
  g_assert_nonnull (result);
  g_assert_true (lens_result_is_solved (result));
  g_assert_true (result->unsure);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    g_assert_cmpint (result->suspects[i], ==, i == 0 || i == 72);
  message = gtk_label_get_label (LENS_TEST_PART (f->window, GtkLabel, "message_label"));
  g_assert_nonnull (strstr (message, "not for certain: removing as many other digits"));
  g_assert_nonnull (strstr (message, "r1c1"));
  g_assert_nonnull (strstr (message, "r9c1"));
  g_assert_true (gtk_widget_has_css_class (label, "warning"));
  g_assert_false (gtk_widget_has_css_class (label, "success"));

  /* A sure solution is shown as a success again. */
  lens_document_set_correction (f->doc, 0, 0);
  solve_and_wait (f);
  result = lens_document_get_result (f->doc);
  g_assert_true (lens_result_is_solved (result));
  g_assert_false (result->unsure);
  g_assert_true (gtk_widget_has_css_class (label, "success"));
  g_assert_false (gtk_widget_has_css_class (label, "warning"));
}

/* Twelve givens and ink of any digit in every empty cell: repair tries
 * ways to add digits until its time limit, a second. */
static void
load_slow_puzzle (LensDocument *doc)
{
  LensScan scan = *lens_document_get_scan (doc);
  LensGrid grid;

  g_assert_true (lens_grid_parse (&grid, sample_truth, -1, NULL));
  for (guint cell = 0, kept = 0; cell < LENS_GRID_CELLS; cell++)
    {
      LensCellRead *read = &scan.cells[cell];

      if (grid.digits[cell] && ++kept > 12)
        grid.digits[cell] = 0;
      for (guint c = 0; c < LENS_N_CLASSES; c++)
        read->scores[c] = grid.digits[cell] ? c == grid.digits[cell] : c == 0 ? 0.55f : 0.05f;
      read->digit = grid.digits[cell];
      read->confidence = read->scores[read->digit];
    }
  lens_grid_mark_givens (&grid);
  lens_document_reread (doc, &scan, &grid);
}

static void
assert_edit_kept (Fixture *f,
                  guint    cell,
                  guint8   digit)
{
  LensDocument *doc = lens_window_get_document (f->window);

  g_assert_false (lens_window_is_busy (f->window));
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[cell], ==, digit);
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_null (lens_document_get_result (doc));
  g_assert_false (lens_cell_legend_shows (LENS_CELL_LEGEND (LENS_TEST_PART (f->window, GtkWidget, "legend")), LENS_CELL_ROLE_SOLVED));
}

/* A digit typed while the puzzle is being solved stops the solve: the
 * digit stays, and no solution of the grid before it shows up later. */
static void
test_typing_stops_solve (Fixture       *f,
                         gconstpointer  data)
{
  g_autofree char *status = NULL;

  open_sample (f->window);
  load_slow_puzzle (f->doc);
  gtk_widget_grab_focus (f->grid);
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.solve", NULL));
  g_assert_true (lens_window_is_busy (f->window));
  g_assert_true (lens_test_find_label (GTK_WIDGET (f->window), "Repairing and solving"));

  lens_test_press_key (f->grid, GDK_KEY_3, 0);
  assert_edit_kept (f, 0, 3);
  status = g_strdup_printf ("%u digits", lens_document_count_givens (f->doc));
  g_assert_true (lens_test_find_label (GTK_WIDGET (f->window), status));
  /* Past the time the solve would have taken had it gone on. */
  lens_test_spin (1500);
  assert_edit_kept (f, 0, 3);
  g_assert_true (lens_document_can_undo (f->doc));
}

/* The same when the solve would have found a solution: nothing but the
 * edit decides what shows. The edit comes straight after the solve
 * starts, before its thread can finish. */
static void
test_edit_stops_solve (Fixture       *f,
                       gconstpointer  data)
{
  open_sample (f->window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.solve", NULL));
  g_assert_true (lens_window_is_busy (f->window));
  g_assert_true (lens_document_set_correction (f->doc, 0, 9));
  assert_edit_kept (f, 0, 9);
  lens_test_spin (1000);
  assert_edit_kept (f, 0, 9);
}

/* An edit made while the cells are read again, after a corner moved, is
 * not overwritten by that reading: the reading is dropped, and says so. */
static void
test_edit_stops_reread (Fixture       *f,
                        gconstpointer  data)
{
  LensPoint before[4], moved[4], shown[4];

  open_sample (f->window);
  memcpy (before, lens_document_get_scan (f->doc)->corners, sizeof before);
  memcpy (moved, before, sizeof moved);
  moved[2].x += 12;
  moved[2].y += 9;
  lens_photo_view_set_corners (LENS_TEST_PART (f->window, LensPhotoView, "photo_view"), moved);
  g_signal_emit_by_name (LENS_TEST_PART (f->window, LensPhotoView, "photo_view"), "corners-changed");
  g_assert_true (lens_window_is_busy (f->window));

  g_assert_true (lens_document_set_correction (f->doc, 1, 9));
  g_assert_false (lens_window_is_busy (f->window));
  g_assert_true (wait_toast (f->window, "stopped to keep your edit"));
  lens_test_spin (1500);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[1], ==, 9);
  g_assert_cmpmem (lens_document_get_scan (f->doc)->corners, sizeof before, before, sizeof before);
  g_assert_true (lens_photo_view_get_corners (LENS_TEST_PART (f->window, LensPhotoView, "photo_view"), shown));
  g_assert_cmpmem (shown, sizeof shown, before, sizeof before);
  lens_document_undo (f->doc);
  g_assert_false (lens_document_can_undo (f->doc));
}

static void
export_fails (Fixture    *f,
              const char *action,
              const char *path,
              const char *message)
{
  lens_test_dismiss_toasts (f->window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), action, "s", path));
  g_assert_true (wait_toast (f->window, message));
}

/* A failed export says why, leaves no file behind, not even a temporary
 * one, and keeps the solved puzzle. */
static void
test_export_failure (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *missing = g_build_filename (f->tmp, "missing", "board.png", NULL);
  g_autofree char *taken = g_build_filename (f->tmp, "taken.pdf", NULL);
  g_autofree char *photo = g_build_filename (f->tmp, "missing", "photo.png", NULL);
  g_autofree char *missing_message = g_strdup_printf ("Could not write “%s”: ", missing);
  g_autofree char *taken_message = g_strdup_printf ("Could not write “%s”: ", taken);
  g_autofree char *photo_message = g_strdup_printf ("Could not save “%s”: ", photo);
  g_autofree char *solution = NULL, *after = NULL;

  open_sample (f->window);
  solve_and_wait (f);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_SOLVED);
  solution = lens_grid_to_line (&lens_document_get_result (f->doc)->solution);

  export_fails (f, "win.export-board", missing, missing_message);
  g_assert_cmpuint (count_entries (f->tmp), ==, 0);

  /* A folder in the way: the page is written to a temporary file beside
   * it, which has to go when it cannot take the folder's place. */
  g_assert_cmpint (g_mkdir (taken, 0700), ==, 0);
  export_fails (f, "win.export-board", taken, taken_message);
  g_assert_cmpuint (count_entries (f->tmp), ==, 1);
  g_assert_true (g_file_test (taken, G_FILE_TEST_IS_DIR));
  g_assert_cmpuint (count_entries (taken), ==, 0);

  export_fails (f, "win.export-overlay", photo, photo_message);
  g_assert_cmpuint (count_entries (f->tmp), ==, 1);

  g_assert_false (has_toast (f->window, "Saved"));
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_SOLVED);
  after = lens_grid_to_line (&lens_document_get_result (f->doc)->solution);
  g_assert_cmpstr (after, ==, solution);
}

static void
test_corner_keys_reread (Fixture       *f,
                         gconstpointer  data)
{
  GtkWidget *photo = GTK_WIDGET (LENS_TEST_PART (f->window, LensPhotoView, "photo_view"));
  LensDocument *doc;
  LensPoint before[4], moved[4];

  open_sample (f->window);
  doc = lens_window_get_document (f->window);
  memcpy (before, lens_document_get_scan (doc)->corners, sizeof before);
  /* a click on the photo, away from the board, gives it the keys */
  gtk_widget_grab_focus (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")));
  lens_test_drag (photo, 4, 4, 0, 0);
  g_assert_true (gtk_widget_has_focus (photo));
  g_assert_cmpint (lens_grid_view_get_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view")), ==, -1);

  lens_test_press_key (photo, GDK_KEY_3, 0);
  lens_test_press_key (photo, GDK_KEY_Left, GDK_SHIFT_MASK);
  lens_test_press_key (photo, GDK_KEY_Escape, 0);
  g_assert_true (lens_photo_view_get_corners (LENS_TEST_PART (f->window, LensPhotoView, "photo_view"), moved));
  g_assert_cmpfloat (fabs (moved[2].x - before[2].x), <, 0.01);
  g_assert_false (lens_window_is_busy (f->window));

  lens_test_press_key (photo, GDK_KEY_Right, GDK_SHIFT_MASK);
  lens_test_press_key (photo, GDK_KEY_Down, GDK_SHIFT_MASK);
  g_assert_true (lens_photo_view_get_corners (LENS_TEST_PART (f->window, LensPhotoView, "photo_view"), moved));
  g_assert_cmpfloat (moved[2].x - before[2].x, >, 5);
  g_assert_cmpfloat (moved[2].y - before[2].y, >, 5);
  g_assert_false (lens_document_can_undo (doc));
  lens_test_press_key (photo, GDK_KEY_Return, 0);
  lens_test_wait_settled (f->window);
  g_assert_true (lens_document_can_undo (doc));
}

static GtkFileChooser *
open_save_dialog (Fixture *f)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.export-board", "s", ""));
  return lens_test_wait_chooser ();
}

/* The save dialog starts in Pictures, not in the photo's folder, then in
 * the folder of the last save; the name offered is the photo's, and
 * choosing a type there changes its end. */
static void
test_export_follows_filter (Fixture       *f,
                            gconstpointer  data)
{
  const char *pictures = g_get_user_special_dir (G_USER_DIRECTORY_PICTURES);
  g_autoptr(GFile) want = g_file_new_for_path (pictures ? pictures : g_get_home_dir ());
  g_autoptr(GFile) tmp = g_file_new_for_path (f->tmp);
  g_autoptr(GFile) folder = NULL, again = NULL;
  g_autofree char *name = NULL;
  g_autofree char *pdf = g_build_filename (f->tmp, "sample-solution.pdf", NULL);
  g_autofree char *png = g_build_filename (f->tmp, "board.png", NULL);
  g_autofree char *svg = g_build_filename (f->tmp, "board.svg", NULL);
  GtkFileChooser *chooser;

  open_sample (f->window);
  solve_and_wait (f);
  chooser = open_save_dialog (f);
  folder = gtk_file_chooser_get_current_folder (chooser);
  g_assert_true (g_file_equal (folder, want));
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, tmp, NULL));
  lens_test_choose_filter (chooser, "PDF Document");
  name = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (name, ==, "sample-solution.pdf");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  lens_test_assert_file_starts (pdf, "%PDF-", 5);
  g_assert_true (wait_toast (f->window, "Saved “sample-solution.pdf”"));
  lens_test_dismiss_toasts (f->window);

  /* A name that ends in a type's extension is of that type, whatever the
   * filter says (tests/test-export-names.c has the rest of the rule). */
  chooser = open_save_dialog (f);
  again = gtk_file_chooser_get_current_folder (chooser);
  g_assert_true (g_file_equal (again, tmp));
  lens_test_choose_filter (chooser, "PNG Image");
  gtk_file_chooser_set_current_name (chooser, "board.svg");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  lens_test_assert_file_starts (svg, "<", 1);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  g_assert_true (wait_toast (f->window, "Saved “board.svg”"));
  /* the type saved last is offered next, in this test alone */
  g_settings_reset (lens_application_get_settings (LENS_APPLICATION (app)), "export-board-type");
}

static gboolean
message_has_style (LensWindow *window,
                   const char *style)
{
  return gtk_widget_has_css_class (LENS_TEST_PART (window, GtkWidget, "message_box"), style);
}

/* A digit the player typed that leaves no solution stays, and the message
 * says whose it is and where; the player may then let repair change it,
 * and the cell says it was the player's. */
static void
test_typed_digit_survives_solve (Fixture       *f,
                                 gconstpointer  data)
{
  const LensResult *result;
  const char *message;
  g_autofree char *description = NULL;
  LensCellRole role;

  open_sample (f->window);
  gtk_widget_grab_focus (f->grid);
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 80);
  lens_test_press_key (f->grid, GDK_KEY_8, 0);
  lens_grid_view_get_cell (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 80, &role);
  g_assert_cmpint (role, ==, LENS_CELL_ROLE_CORRECTION);
  solve_and_wait (f);

  result = lens_document_get_result (f->doc);
  g_assert_cmpint (result->outcome, ==, LENS_OUTCOME_CORRECTIONS_BLOCK);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[80], ==, 8);
  g_assert_cmpuint (lens_grid_view_get_cell (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 80, &role), ==, 8);
  g_assert_cmpint (role, ==, LENS_CELL_ROLE_CORRECTION);
  g_assert_true (result->suspects[80]);
  message = gtk_label_get_label (LENS_TEST_PART (f->window, GtkLabel, "message_label"));
  g_assert_nonnull (strstr (message, "Your 8 in r9c9 leaves no solution"));
  g_assert_false (message_has_style (f->window, "success"));
  g_assert_true (message_has_style (f->window, "warning"));
  g_assert_true (gtk_widget_get_visible (LENS_TEST_PART (f->window, GtkWidget, "overrule_button")));

  click_button (LENS_TEST_PART (f->window, GtkWidget, "overrule_button"));
  lens_test_wait_settled (f->window);
  result = lens_document_get_result (f->doc);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_SOLVED);
  lens_grid_view_get_cell (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 80, &role);
  g_assert_cmpint (role, ==, LENS_CELL_ROLE_REPAIRED);
  g_assert_true (g_str_has_prefix (result->reasons[80], "You typed 8; repair "));
  /* Repair changed a cell: the banner asks to check, it is no success. */
  g_assert_true (message_has_style (f->window, "warning"));
  g_assert_false (message_has_style (f->window, "success"));
  g_assert_false (gtk_widget_get_visible (LENS_TEST_PART (f->window, GtkWidget, "overrule_button")));
  description = lens_grid_view_describe_cell (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 80);
  g_assert_nonnull (strstr (description, "changed by repair"));
}

/* Solving is a step: Ctrl+Z goes back to the grid before it, with the
 * edits made; Ctrl+Shift+Z brings the solution back; an edit after solving
 * says it put the solution aside, and undoing it brings it back too. */
static void
test_undo_solve (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *edited = NULL, *solution = NULL, *after = NULL;

  open_sample (f->window);
  gtk_widget_grab_focus (f->grid);
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 0);
  lens_test_press_key (f->grid, GDK_KEY_Delete, 0);
  lens_test_press_key (f->grid, GDK_KEY_Delete, 0);
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 2);
  lens_test_press_key (f->grid, GDK_KEY_6, 0);
  edited = lens_grid_to_line (lens_document_get_grid (f->doc));
  solve_and_wait (f);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_SOLVED);
  solution = lens_grid_to_line (&lens_document_get_result (f->doc)->solution);

  lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_null (lens_document_get_result (f->doc));
  after = lens_grid_to_line (lens_document_get_grid (f->doc));
  g_assert_cmpstr (after, ==, edited);
  g_assert_true (gtk_widget_get_sensitive (LENS_TEST_PART (f->window, GtkWidget, "solve_button")));

  lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_SOLVED);
  g_clear_pointer (&after, g_free);
  after = lens_grid_to_line (&lens_document_get_result (f->doc)->solution);
  g_assert_cmpstr (after, ==, solution);

  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 4);
  lens_test_press_key (f->grid, GDK_KEY_1, 0);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_true (wait_toast (f->window, "Your edit put the solution aside"));
  lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_SOLVED);
  g_clear_pointer (&after, g_free);
  after = lens_grid_to_line (&lens_document_get_result (f->doc)->solution);
  g_assert_cmpstr (after, ==, solution);
}

/* The sample's puzzle without six more of its digits has many solutions
 * and more cells to check than the message names: it says how many more,
 * and Next (then F8) steps through every one of them in order. */
static void
test_next_cell_to_check (Fixture       *f,
                         gconstpointer  data)
{
  const LensResult *result;
  g_autofree char *more = NULL;
  guint suspects[LENS_GRID_CELLS], n = 0;
  LensGrid puzzle;

  g_assert_true (lens_grid_parse (&puzzle, "..6.......4......7.7.5..2....8.5...1..1...43.6...3.7...63..8.4.1......9....1..6..", -1, NULL));
  lens_window_load_grid (f->window, &puzzle);
  solve_and_wait (f);
  result = lens_document_get_result (f->doc);
  g_assert_cmpint (result->outcome, ==, LENS_OUTCOME_MULTIPLE);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (result->suspects[i])
      suspects[n++] = i;
  g_assert_cmpuint (n, >, 6);
  more = g_strdup_printf (" and %u more.", n - 5);
  g_assert_nonnull (strstr (gtk_label_get_label (LENS_TEST_PART (f->window, GtkLabel, "message_label")), more));
  g_assert_null (strstr (gtk_label_get_label (LENS_TEST_PART (f->window, GtkLabel, "message_label")), "…"));

  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), -1);
  click_button (LENS_TEST_PART (f->window, GtkWidget, "next_button"));
  g_assert_cmpint (lens_grid_view_get_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view")), ==, suspects[0]);
  g_assert_true (gtk_widget_has_focus (f->grid));
  for (guint i = 1; i <= n; i++)
    {
      lens_test_press_key (f->grid, GDK_KEY_F8, 0);
      g_assert_cmpint (lens_grid_view_get_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view")), ==, suspects[i % n]);
    }

  /* A sure solution with nothing repaired leaves nothing to step through. */
  g_assert_true (lens_grid_parse (&puzzle, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", -1, NULL));
  lens_window_load_grid (f->window, &puzzle);
  solve_and_wait (f);
  g_assert_cmpint (lens_document_get_result (f->doc)->outcome, ==, LENS_OUTCOME_SOLVED);
  g_assert_true (gtk_widget_get_visible (LENS_TEST_PART (f->window, GtkWidget, "message_box")));
  g_assert_false (gtk_widget_get_visible (LENS_TEST_PART (f->window, GtkWidget, "next_button")));
}

/* Beside the read grid, the numerals the photo was printed in. */
static void
test_numerals_shown (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "chinese", "image1.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkWidget *label = GTK_WIDGET (LENS_TEST_PART (f->window, GtkLabel, "numerals_label"));

  g_assert_false (gtk_widget_get_visible (label));
  open_sample (f->window);
  g_assert_true (gtk_widget_get_visible (label));
  g_assert_cmpstr (gtk_label_get_label (LENS_TEST_PART (f->window, GtkLabel, "numerals_label")), ==, "Printed in Arabic numerals");

  lens_window_open_file (f->window, file);
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_document_get_scan (lens_window_get_document (f->window))->numerals, ==,
                   LENS_NUMERALS_CHINESE);
  g_assert_true (gtk_widget_get_visible (label));
  g_assert_nonnull (strstr (gtk_label_get_label (LENS_TEST_PART (f->window, GtkLabel, "numerals_label")), "Chinese numerals"));
}

/* The grid and the photo stay put when the close-up of a cell shows, when
 * a message comes and when it goes. */
static void
test_nothing_moves (Fixture       *f,
                    gconstpointer  data)
{
  GtkWidget *photo = GTK_WIDGET (LENS_TEST_PART (f->window, LensPhotoView, "photo_view"));
  graphene_rect_t grid_at, photo_at, now;
  double x, y;

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 720);
  open_sample (f->window);
  lens_test_wait_settled (f->window);
  lens_test_spin (100);
  g_assert_false (gtk_widget_get_visible (LENS_TEST_PART (f->window, GtkWidget, "message_box")));
  lens_test_get_bounds (f->window, f->grid, &grid_at);
  lens_test_get_bounds (f->window, photo, &photo_at);

  /* a click on a cell shows its close-up */
  x = gtk_widget_get_width (f->grid) / 2.0;
  y = gtk_widget_get_height (f->grid) / 2.0;
  lens_test_click (f->grid, x, y);
  lens_test_spin (100);
  g_assert_cmpint (lens_grid_view_get_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view")), ==, 40);
  g_assert_nonnull (gtk_picture_get_paintable (lens_close_up_get_picture (LENS_TEST_PART (f->window, LensCloseUp, "close_up"))));
  lens_test_get_bounds (f->window, f->grid, &now);
  lens_test_assert_same_place (&now, &grid_at);

  solve_and_wait (f);
  lens_test_spin (100);
  g_assert_true (gtk_widget_get_visible (LENS_TEST_PART (f->window, GtkWidget, "message_box")));
  lens_test_get_bounds (f->window, f->grid, &now);
  lens_test_assert_same_place (&now, &grid_at);
  lens_test_get_bounds (f->window, photo, &now);
  lens_test_assert_same_place (&now, &photo_at);

  /* Undo takes the solution and its message away */
  lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK);
  lens_test_spin (100);
  g_assert_cmpint (lens_document_get_state (lens_window_get_document (f->window)), ==, LENS_DOCUMENT_CHECK);
  g_assert_false (gtk_widget_get_visible (LENS_TEST_PART (f->window, GtkWidget, "message_box")));
  lens_test_get_bounds (f->window, f->grid, &now);
  lens_test_assert_same_place (&now, &grid_at);
}

/* The photo is read and its grid laid out, a frame drawn: a user can aim
 * at it (a click sent before lands elsewhere, whatever the app does). */
static gboolean
grid_shown (gpointer data)
{
  LensWindow *window = data;
  GtkWidget *grid = GTK_WIDGET (LENS_TEST_PART (window, LensGridView, "grid_view"));

  return !lens_window_is_busy (window) &&
         lens_document_get_state (lens_window_get_document (window)) == LENS_DOCUMENT_CHECK &&
         gtk_widget_get_mapped (grid) && gtk_widget_get_width (grid) > 0 && gtk_widget_get_height (grid) > 0;
}

/* The puzzle read is solved and rated in the background: a click and a
 * key sent to the grid before that lands go where they were sent, and
 * when it lands, with the puzzle's level, the grid stays where it was. */
static void
test_click_during_analysis (Fixture       *f,
                            gconstpointer  data)
{
  g_autofree char *path = sample_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  graphene_rect_t grid_at, now;

  lens_window_open_file (f->window, file);
  g_assert_true (lens_test_wait (grid_shown, f->window, 60000));
  lens_test_spin (20);
  g_assert_true (lens_window_is_analysing (f->window));
  g_assert_null (lens_document_get_rating (f->doc));
  lens_test_get_bounds (f->window, f->grid, &grid_at);

  lens_test_click_cell (f->window, 80);
  g_assert_cmpint (lens_grid_view_get_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view")), ==, 80);
  lens_test_wait_settled (f->window);
  g_assert_nonnull (lens_document_get_rating (f->doc));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (LENS_TEST_PART (f->window, GtkLabel, "level_label"))));
  lens_test_get_bounds (f->window, f->grid, &now);
  lens_test_assert_same_place (&now, &grid_at);
  g_assert_cmpint (lens_grid_view_get_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view")), ==, 80);
  g_assert_true (gtk_widget_has_focus (f->grid));
  lens_test_press_key (f->grid, GDK_KEY_4, 0);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[80], ==, 4);
}

static gboolean
help_shown (gpointer data)
{
  GtkShortcutsWindow *help = gtk_application_window_get_help_overlay (data);

  return help != NULL && gtk_widget_get_mapped (GTK_WIDGET (help));
}

/* Ctrl+? shows the shortcuts window, whose first page has the keys a new
 * user looks for first: Open, Solve, Undo. All fit one page: a second
 * brought a page switcher whose labels GTK measured at -3 pixels (a
 * warning, fatal here). */
static void
test_shortcuts_first_page (Fixture       *f,
                           gconstpointer  data)
{
  GtkShortcutsWindow *help;

  lens_test_press_key (GTK_WIDGET (f->window), GDK_KEY_question, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_true (lens_test_wait (help_shown, f->window, 5000));
  lens_test_spin (200);
  help = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (f->window));
  /* the labels of the page shown are the mapped ones */
  g_assert_true (lens_test_find_label (GTK_WIDGET (help), "Open a photo"));
  g_assert_true (lens_test_find_label (GTK_WIDGET (help), "Solve"));
  g_assert_true (lens_test_find_label (GTK_WIDGET (help), "Undo"));
  g_assert_true (lens_test_find_label (GTK_WIDGET (help), "Play on: lock the printed digits"));
  g_assert_true (lens_test_find_label (GTK_WIDGET (help), "Put the corners back"));
  g_assert_true (lens_test_find_label (GTK_WIDGET (help), "Narrow window: the grid or the photo"));
  gtk_window_close (GTK_WINDOW (help));
  lens_test_spin (100);
}

static void
add_tests (void)
{
  add ("/window/empty-state", test_empty_state);
  add ("/window/read-edit-solve-export", test_read_edit_solve_export);
  add ("/window/bad-file-keeps-work", test_bad_file_keeps_work);
  add ("/window/missing-file", test_missing_file);
  add ("/window/two-boards", test_two_boards);
  add ("/window/shortcuts-first-page", test_shortcuts_first_page);
  add ("/window/photo-without-board", test_photo_without_board);
  add ("/window/main-loop-runs-while-reading", test_main_loop_runs_while_reading);
  add ("/window/restore-session", test_restore_session);
  add ("/window/restore-solved-session", test_restore_solved_session);
  add ("/window/damaged-session-set-aside", test_damaged_session_is_set_aside);
  add ("/window/photo-and-grid-selection", test_photo_and_grid_selection);
  add ("/window/drag-corner-rereads", test_drag_corner_rereads);
  add ("/window/drag-corner-tiny-photo", test_drag_corner_tiny_photo);
  add ("/window/corner-keys-reread", test_corner_keys_reread);
  add ("/window/typing-stops-solve", test_typing_stops_solve);
  add ("/window/edit-stops-solve", test_edit_stops_solve);
  add ("/window/edit-stops-reread", test_edit_stops_reread);
  add ("/window/export-failure", test_export_failure);
  add ("/window/export-follows-filter", test_export_follows_filter);
  add ("/window/typed-digit-survives-solve", test_typed_digit_survives_solve);
  add ("/window/undo-solve", test_undo_solve);
  add ("/window/next-cell-to-check", test_next_cell_to_check);
  add ("/window/nothing-moves", test_nothing_moves);
  add ("/window/click-during-analysis", test_click_during_analysis);
  add ("/window/settings-and-help", test_settings_and_help);
  add ("/window/paste-puzzle-text", test_paste_puzzle_text);
  add ("/window/paste-picture", test_paste_picture);
  add ("/window/paste-file", test_paste_file);
  add ("/window/drop-file", test_drop_file);
  add ("/window/too-few-digits-explained", test_too_few_digits_explained);
  add ("/window/several-solutions-names-cells", test_several_solutions_names_cells);
  add ("/window/unsure-solution-names-cells", test_unsure_solution_names_cells);
  add ("/window/escape-cancels-read", test_escape_cancels_read);
  add ("/window/mark-corners-while-opening", test_mark_corners_while_opening);
  add ("/window/no-solution-names-cells", test_no_solution_names_cells);
  add ("/window/numerals-shown", test_numerals_shown);
}
