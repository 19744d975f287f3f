/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "lens-grid-view.h"
#include "lens-render.h"
#include "lens-gui-test.h"

static const char *puzzle =
  "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const char *solution =
  "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

typedef struct {
  GtkWindow    *window;
  LensGridView *view;
  LensDocument *document;
} Fixture;

static gboolean
mapped (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  LensGrid grid;

  g_assert_true (lens_grid_parse (&grid, puzzle, -1, NULL));
  grid.flags[4] |= LENS_CELL_UNCERTAIN;
  f->document = lens_document_new ();
  lens_document_load (f->document, NULL, NULL, &grid);
  f->window = GTK_WINDOW (gtk_window_new ());
  f->view = LENS_GRID_VIEW (lens_grid_view_new ());
  lens_grid_view_set_document (f->view, f->document);
  gtk_window_set_child (f->window, GTK_WIDGET (f->view));
  gtk_window_set_default_size (f->window, 450, 450);
  gtk_window_present (f->window);
  g_assert_true (lens_test_wait (mapped, f->view, 5000));
  if (!lens_test_has_xtest (GTK_WIDGET (f->view)))
    return;
  lens_test_focus_window (GTK_WIDGET (f->view));
  gtk_widget_grab_focus (GTK_WIDGET (f->view));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_object_ref (f->view);
  gtk_window_destroy (f->window);
  lens_test_spin (20);
  g_assert_finalize_object (f->view);
  g_assert_finalize_object (f->document);
}

static gboolean
skip_without_xtest (Fixture *f)
{
  if (lens_test_has_xtest (GTK_WIDGET (f->view)))
    return FALSE;
  g_test_skip ("needs an X server with XTest (run under xvfb-run)");
  return TRUE;
}

static void
test_keys_move_and_edit (Fixture       *f,
                         gconstpointer  data)
{
  GtkWidget *w = GTK_WIDGET (f->view);

  if (skip_without_xtest (f))
    return;
  g_assert_true (gtk_widget_has_focus (w));
  lens_grid_view_set_selected (f->view, 0);

  lens_test_press_key (w, GDK_KEY_Right, 0);
  lens_test_press_key (w, GDK_KEY_Right, 0);
  g_assert_cmpint (lens_grid_view_get_selected (f->view), ==, 2);
  lens_test_press_key (w, GDK_KEY_Down, 0);
  g_assert_cmpint (lens_grid_view_get_selected (f->view), ==, 11);
  lens_test_press_key (w, GDK_KEY_Tab, 0);
  g_assert_cmpint (lens_grid_view_get_selected (f->view), ==, 12);
  lens_test_press_key (w, GDK_KEY_Tab, GDK_SHIFT_MASK);
  g_assert_cmpint (lens_grid_view_get_selected (f->view), ==, 11);
  lens_test_press_key (w, GDK_KEY_Up, 0);
  lens_test_press_key (w, GDK_KEY_Left, 0);
  lens_test_press_key (w, GDK_KEY_Left, 0);
  lens_test_press_key (w, GDK_KEY_Left, 0);
  g_assert_cmpint (lens_grid_view_get_selected (f->view), ==, 0);

  lens_test_press_key (w, GDK_KEY_Right, 0);
  lens_test_press_key (w, GDK_KEY_Right, 0);
  lens_test_press_key (w, GDK_KEY_4, 0);
  g_assert_cmpuint (lens_document_get_grid (f->document)->digits[2], ==, 4);
  lens_test_press_key (w, GDK_KEY_5, 0);
  g_assert_true (lens_document_cell_conflicts (f->document, 2));
  g_assert_true (lens_document_cell_conflicts (f->document, 0));
  lens_test_press_key (w, GDK_KEY_BackSpace, 0);
  g_assert_cmpuint (lens_document_get_grid (f->document)->digits[2], ==, 0);
  g_assert_cmpuint (lens_document_count_conflicts (f->document), ==, 0);
  lens_test_press_key (w, GDK_KEY_Left, 0);
  lens_test_press_key (w, GDK_KEY_Delete, 0);
  g_assert_cmpuint (lens_document_get_grid (f->document)->digits[1], ==, 0);
  lens_test_press_key (w, GDK_KEY_0, 0);
  lens_test_press_key (w, GDK_KEY_Left, 0);
  lens_test_press_key (w, GDK_KEY_0, 0);
  g_assert_cmpuint (lens_document_get_grid (f->document)->digits[0], ==, 0);
}

static void
test_click_selects_cell (Fixture       *f,
                         gconstpointer  data)
{
  GtkWidget *w = GTK_WIDGET (f->view);
  double side = MIN (gtk_widget_get_width (w), gtk_widget_get_height (w)) - 4;
  double x0 = (gtk_widget_get_width (w) - side) / 2, y0 = (gtk_widget_get_height (w) - side) / 2;

  if (skip_without_xtest (f))
    return;
  lens_test_click (w, x0 + side * 7.5 / 9, y0 + side * 3.5 / 9);
  g_assert_cmpint (lens_grid_view_get_selected (f->view), ==, 3 * 9 + 7);
  lens_test_press_key (w, GDK_KEY_9, 0);
  g_assert_cmpuint (lens_document_get_grid (f->document)->digits[34], ==, 9);
}

static void
test_roles_after_solving (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(LensResult) result = lens_result_new (LENS_OUTCOME_REPAIRED);
  g_autofree char *description = NULL;
  LensCellRole role;

  g_assert_true (lens_grid_parse (&result->solution, solution, -1, NULL));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    result->solution.flags[i] = puzzle[i] == '.' ? LENS_CELL_SOLVED : LENS_CELL_GIVEN;
  result->solution.flags[1] |= LENS_CELL_REPAIRED;
  result->reasons[1] = g_strdup ("Read as 8, changed to 3");
  lens_document_set_result (f->document, result);

  g_assert_cmpuint (lens_grid_view_get_cell (f->view, 0, &role), ==, 5);
  g_assert_cmpint (role, ==, LENS_CELL_ROLE_PRINTED);
  g_assert_cmpuint (lens_grid_view_get_cell (f->view, 2, &role), ==, 4);
  g_assert_cmpint (role, ==, LENS_CELL_ROLE_SOLVED);
  g_assert_cmpuint (lens_grid_view_get_cell (f->view, 1, &role), ==, 3);
  g_assert_cmpint (role, ==, LENS_CELL_ROLE_REPAIRED);

  /* a guess names the cells it hangs on, also to a screen reader */
  result->unsure = TRUE;
  result->suspects[1] = TRUE;
  lens_document_set_result (f->document, result);
  description = lens_grid_view_describe_cell (f->view, 1);
  g_assert_cmpstr (description, ==, "Row 1, column 2: 3, changed by repair, to check against the photo");

  /* a typed digit is the player's, in the grid being checked */
  lens_document_set_correction (f->document, 2, 4);
  g_assert_cmpuint (lens_grid_view_get_cell (f->view, 3, &role), ==, 0);
  g_assert_cmpint (role, ==, LENS_CELL_ROLE_EMPTY);
  g_assert_cmpuint (lens_grid_view_get_cell (f->view, 2, &role), ==, 4);
  g_assert_cmpint (role, ==, LENS_CELL_ROLE_CORRECTION);
  g_clear_pointer (&description, g_free);
  description = lens_grid_view_describe_cell (f->view, 2);
  g_assert_cmpstr (description, ==, "Row 1, column 3: 4, typed by you");
}

static void
test_accessible_description (Fixture       *f,
                             gconstpointer  data)
{
  g_autofree char *given = NULL;
  g_autofree char *uncertain = NULL;
  g_autofree char *empty = NULL;

  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (f->view)), ==,
                   GTK_ACCESSIBLE_ROLE_GRID);
  g_assert_true (gtk_widget_get_focusable (GTK_WIDGET (f->view)));
  given = lens_grid_view_describe_cell (f->view, 0);
  uncertain = lens_grid_view_describe_cell (f->view, 4);
  empty = lens_grid_view_describe_cell (f->view, 80 - 8);
  g_assert_cmpstr (given, ==, "Row 1, column 1: 5");
  g_assert_cmpstr (uncertain, ==, "Row 1, column 5: 7, uncertain");
  g_assert_cmpstr (empty, ==, "Row 9, column 1: empty");
}

/* The player's digits are drawn as theirs; once checked, a wrong one is
 * struck through, and a screen reader hears it. */
static void
test_entries_and_check (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(LensResult) analysis = lens_result_new (LENS_OUTCOME_SOLVED);
  g_autofree char *right = NULL, *wrong = NULL, *printed = NULL;
  LensCellRole role;

  g_assert_true (lens_grid_parse (&analysis->solution, solution, -1, NULL));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    analysis->solution.flags[i] = puzzle[i] == '.' ? LENS_CELL_SOLVED : LENS_CELL_GIVEN;
  lens_document_set_playing (f->document, TRUE);
  /* r1c3 belongs 4, r1c4 6 */
  g_assert_true (lens_document_type_digit (f->document, 2, 4));
  g_assert_true (lens_document_type_digit (f->document, 3, 2));
  g_assert_cmpuint (lens_grid_view_get_cell (f->view, 3, &role), ==, 2);
  g_assert_cmpint (role, ==, LENS_CELL_ROLE_ENTRY);
  g_assert_cmpuint (lens_grid_view_get_cell (f->view, 0, &role), ==, 5);
  g_assert_cmpint (role, ==, LENS_CELL_ROLE_PRINTED);

  lens_document_set_analysis (f->document, analysis, NULL, lens_document_get_puzzle_revision (f->document));
  lens_document_check_entries (f->document);
  right = lens_grid_view_describe_cell (f->view, 2);
  wrong = lens_grid_view_describe_cell (f->view, 3);
  printed = lens_grid_view_describe_cell (f->view, 0);
  g_assert_cmpuint (lens_grid_view_get_cell (f->view, 3, &role), ==, 2);
  g_assert_cmpint (role, ==, LENS_CELL_ROLE_WRONG);
  g_assert_cmpint (lens_cell_style_get (role)->mark, ==, LENS_CELL_MARK_STRIKE);
  g_assert_cmpstr (right, ==, "Row 1, column 3: 4, your digit, right");
  g_assert_cmpstr (wrong, ==, "Row 1, column 4: 2, your digit, wrong");
  g_assert_cmpstr (printed, ==, "Row 1, column 1: 5");

  /* Solve shows the whole solution, the player's right digits as theirs */
  lens_document_set_result (f->document, analysis);
  g_assert_cmpuint (lens_grid_view_get_cell (f->view, 2, &role), ==, 4);
  g_assert_cmpint (role, ==, LENS_CELL_ROLE_ENTRY);
  g_assert_cmpuint (lens_grid_view_get_cell (f->view, 3, &role), ==, 6);
  g_assert_cmpint (role, ==, LENS_CELL_ROLE_SOLVED);
}

/* The grid view's pixel at @x, @y as drawn, 0xAARRGGBB. */
static guint32
pixel_at (GtkWidget *widget,
          int        x,
          int        y)
{
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guint32 *pixels = g_new (guint32, w * h);

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  gdk_texture_download (texture, (guchar *) pixels, w * 4);
  return pixels[y * w + x];
}

/* The brightness (0..255) of the grid view's pixel at @x, @y as drawn. */
static guint
brightness_at (GtkWidget *widget,
               int        x,
               int        y)
{
  guint32 p = pixel_at (widget, x, y);

  return (((p >> 16) & 0xff) + ((p >> 8) & 0xff) + (p & 0xff)) / 3;
}

static void
test_follows_dark_mode (Fixture       *f,
                        gconstpointer  data)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  GtkWidget *w = GTK_WIDGET (f->view);
  double side = MIN (gtk_widget_get_width (w), gtk_widget_get_height (w)) - 4;
  int x = (int) ((gtk_widget_get_width (w) - side) / 2 + side * 2.2 / 9);
  int y = (int) ((gtk_widget_get_height (w) - side) / 2 + side * 0.2 / 9);

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
  lens_test_spin (100);
  g_assert_cmpuint (brightness_at (w, x, y), >, 200);
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
  lens_test_spin (100);
  g_assert_cmpuint (brightness_at (w, x, y), <, 80);
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
  lens_test_spin (50);
}

static gboolean
same_color (guint32 a,
            guint32 b)
{
  for (guint shift = 0; shift <= 16; shift += 8)
    if (ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)) > 6)
      return FALSE;
  return TRUE;
}

/* A board with one cell of each role, drawn by the export at the grid
 * view's cell size: the pixel at (u, v) of @cell. */
static guint32
exported_pixel_at (const LensGrid *board,
                   double          side,
                   guint           cell,
                   double          u,
                   double          v)
{
  int size = (int) ceil (side);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, size, size);
  cairo_t *cr = cairo_create (surface);
  double cell_size = side / 9;
  int x = (int) ((lens_cell_col (cell) + u) * cell_size), y = (int) ((lens_cell_row (cell) + v) * cell_size);
  guint32 p;

  lens_render_draw_board (cr, board, 0, 0, side);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  p = *(guint32 *) (cairo_image_surface_get_data (surface) + y * cairo_image_surface_get_stride (surface) + x * 4);
  cairo_surface_destroy (surface);
  return p;
}

/* Each role's tint and mark in the app's light style are those of the
 * exported board: a repaired cell's corner mark and tint, a typed digit's
 * underline, a solved cell's plain paper. */
static void
test_styles_match_export (Fixture       *f,
                          gconstpointer  data)
{
  static const struct {
    guint        cell;
    LensCellRole role;
    double       u, v;
  } samples[] = {
    { 1, LENS_CELL_ROLE_REPAIRED, 0.9, 0.08 },   /* the corner mark */
    { 1, LENS_CELL_ROLE_REPAIRED, 0.15, 0.75 },  /* the tint */
    { 2, LENS_CELL_ROLE_CORRECTION, 0.5, 0.86 },      /* the underline */
    { 2, LENS_CELL_ROLE_CORRECTION, 0.15, 0.15 },     /* no tint */
    { 3, LENS_CELL_ROLE_SOLVED, 0.15, 0.15 },
  };
  AdwStyleManager *manager = adw_style_manager_get_default ();
  GtkWidget *w = GTK_WIDGET (f->view);
  g_autoptr(LensResult) result = lens_result_new (LENS_OUTCOME_REPAIRED);
  double side = MIN (gtk_widget_get_width (w), gtk_widget_get_height (w)) - 4;
  double x0 = (gtk_widget_get_width (w) - side) / 2, y0 = (gtk_widget_get_height (w) - side) / 2;

  g_assert_true (lens_grid_parse (&result->solution, solution, -1, NULL));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    result->solution.flags[i] = puzzle[i] == '.' ? LENS_CELL_SOLVED : LENS_CELL_GIVEN;
  result->solution.flags[1] |= LENS_CELL_REPAIRED;
  result->solution.flags[2] = LENS_CELL_GIVEN | LENS_CELL_CORRECTION;
  lens_document_set_result (f->document, result);
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
  lens_test_spin (100);
  for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
    {
      guint cell = samples[i].cell;
      double size = side / 9;
      guint32 app = pixel_at (w, (int) (x0 + (lens_cell_col (cell) + samples[i].u) * size),
                              (int) (y0 + (lens_cell_row (cell) + samples[i].v) * size));
      guint32 file = exported_pixel_at (&result->solution, side, cell, samples[i].u, samples[i].v);
      LensCellRole role;

      lens_grid_view_get_cell (f->view, cell, &role);
      g_assert_cmpint (role, ==, samples[i].role);
      if (!same_color (app, file))
        g_test_message ("cell %u at %.2f, %.2f: app %06x, file %06x", cell, samples[i].u, samples[i].v,
                        app & 0xffffff, file & 0xffffff);
      g_assert_true (same_color (app, file));
    }
  /* The marks are there to be compared: not the paper's white. */
  g_assert_false (same_color (exported_pixel_at (&result->solution, side, 1, 0.9, 0.08), 0xffffff));
  g_assert_false (same_color (exported_pixel_at (&result->solution, side, 1, 0.15, 0.75), 0xffffff));
  g_assert_false (same_color (exported_pixel_at (&result->solution, side, 2, 0.5, 0.86), 0xffffff));
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
  lens_test_spin (50);
}

/* How far @a is from @b, summed over the channels. */
static guint
color_distance (guint32 a,
                guint32 b)
{
  guint d = 0;

  for (guint shift = 0; shift <= 16; shift += 8)
    d += (guint) ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff));
  return d;
}

/* The pixel near the top left corner of @cell, clear of its digit. */
static guint32
cell_paper (GtkWidget *w,
            guint      cell)
{
  double side = MIN (gtk_widget_get_width (w), gtk_widget_get_height (w)) - 4;
  double x0 = (gtk_widget_get_width (w) - side) / 2, y0 = (gtk_widget_get_height (w) - side) / 2;

  return pixel_at (w, (int) (x0 + (lens_cell_col (cell) + 0.2) * side / 9),
                   (int) (y0 + (lens_cell_row (cell) + 0.2) * side / 9));
}

/* As in GNOME Sudoku: a click on the 5 in r1c1 tints its row, column and
 * box, and every other 5 more; the uncertain r1c5 keeps its warning tint,
 * the rest of the board its paper. In the light style and the dark one;
 * the setting off, nothing is tinted. */
static void
test_highlight_selection (Fixture       *f,
                          gconstpointer  data)
{
  const AdwColorScheme schemes[] = { ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_FORCE_DARK };
  AdwStyleManager *manager = adw_style_manager_get_default ();
  GtkWidget *w = GTK_WIDGET (f->view);
  double side = MIN (gtk_widget_get_width (w), gtk_widget_get_height (w)) - 4;
  double x0 = (gtk_widget_get_width (w) - side) / 2, y0 = (gtk_widget_get_height (w) - side) / 2;

  if (skip_without_xtest (f))
    return;
  g_assert_true (lens_grid_view_get_highlight (f->view));
  for (guint i = 0; i < G_N_ELEMENTS (schemes); i++)
    {
      guint32 paper, row, col, five, other_five, uncertain;

      adw_style_manager_set_color_scheme (manager, schemes[i]);
      lens_grid_view_set_selected (f->view, -1);
      lens_test_spin (100);
      paper = cell_paper (w, 40);
      uncertain = cell_paper (w, 4);
      g_assert_cmpuint (color_distance (cell_paper (w, 2), paper), <=, 6);
      g_assert_cmpuint (color_distance (cell_paper (w, 14), paper), <=, 6);

      lens_test_click (w, x0 + side * 0.5 / 9, y0 + side * 0.5 / 9);
      g_assert_cmpint (lens_grid_view_get_selected (f->view), ==, 0);
      row = cell_paper (w, 2);
      col = cell_paper (w, 18);
      five = cell_paper (w, 14);
      other_five = cell_paper (w, 71);
      g_assert_cmpint (lens_grid_view_get_cell_highlight (f->view, 2), ==, LENS_CELL_HIGHLIGHT_UNIT);
      g_assert_cmpint (lens_grid_view_get_cell_highlight (f->view, 14), ==, LENS_CELL_HIGHLIGHT_DIGIT);
      g_assert_cmpint (lens_grid_view_get_cell_highlight (f->view, 40), ==, LENS_CELL_HIGHLIGHT_NONE);
      g_assert_cmpuint (color_distance (row, paper), >, 9);
      g_assert_cmpuint (color_distance (col, row), <=, 6);
      g_assert_cmpuint (color_distance (five, paper), >, color_distance (row, paper) + 20);
      g_assert_cmpuint (color_distance (other_five, five), <=, 6);
      g_assert_cmpuint (color_distance (cell_paper (w, 40), paper), <=, 6);
      g_assert_cmpuint (color_distance (cell_paper (w, 4), uncertain), <=, 6);

      /* the 3 beside it: its own digit's cells */
      lens_test_press_key (w, GDK_KEY_Right, 0);
      g_assert_cmpint (lens_grid_view_get_selected (f->view), ==, 1);
      g_assert_cmpuint (color_distance (cell_paper (w, 41), five), <=, 6);
      g_assert_cmpuint (color_distance (cell_paper (w, 14), paper), <=, 6);

      lens_grid_view_set_highlight (f->view, FALSE);
      lens_test_spin (50);
      g_assert_cmpuint (color_distance (cell_paper (w, 2), paper), <=, 6);
      g_assert_cmpuint (color_distance (cell_paper (w, 41), paper), <=, 6);
      g_assert_cmpint (lens_grid_view_get_cell_highlight (f->view, 41), ==, LENS_CELL_HIGHLIGHT_NONE);
      lens_grid_view_set_highlight (f->view, TRUE);
    }
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
  lens_test_spin (50);
}

/* A conflict keeps its own tint in the selection's row: the highlight
 * does not cover it. */
static void
test_highlight_keeps_conflicts (Fixture       *f,
                                gconstpointer  data)
{
  GtkWidget *w = GTK_WIDGET (f->view);
  guint32 conflict;

  if (skip_without_xtest (f))
    return;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  lens_grid_view_set_selected (f->view, 2);
  lens_test_press_key (w, GDK_KEY_5, 0);
  g_assert_true (lens_document_cell_conflicts (f->document, 0));
  lens_grid_view_set_selected (f->view, 80);
  lens_test_spin (50);
  conflict = cell_paper (w, 0);
  /* r9c1 shares r1c1's column */
  lens_test_press_key (w, GDK_KEY_Left, 0);
  lens_test_press_key (w, GDK_KEY_Left, 0);
  lens_test_press_key (w, GDK_KEY_Left, 0);
  lens_test_press_key (w, GDK_KEY_Left, 0);
  lens_test_press_key (w, GDK_KEY_Left, 0);
  lens_test_press_key (w, GDK_KEY_Left, 0);
  lens_test_press_key (w, GDK_KEY_Left, 0);
  lens_test_press_key (w, GDK_KEY_Left, 0);
  g_assert_cmpint (lens_grid_view_get_selected (f->view), ==, 72);
  g_assert_cmpint (lens_grid_view_get_cell_highlight (f->view, 0), ==, LENS_CELL_HIGHLIGHT_UNIT);
  g_assert_cmpuint (color_distance (cell_paper (w, 0), conflict), <=, 6);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  lens_test_spin (50);
}

static void
add (const char *path,
     void (*func) (Fixture *, gconstpointer))
{
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  add ("/grid-view/keys-move-and-edit", test_keys_move_and_edit);
  add ("/grid-view/click-selects-cell", test_click_selects_cell);
  add ("/grid-view/roles-after-solving", test_roles_after_solving);
  add ("/grid-view/accessible", test_accessible_description);
  add ("/grid-view/entries-and-check", test_entries_and_check);
  add ("/grid-view/follows-dark-mode", test_follows_dark_mode);
  add ("/grid-view/styles-match-export", test_styles_match_export);
  add ("/grid-view/highlight-selection", test_highlight_selection);
  add ("/grid-view/highlight-keeps-conflicts", test_highlight_keeps_conflicts);
  return g_test_run ();
}
