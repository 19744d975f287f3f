/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's layouts: narrow, the grid and the photo two views switched
 * at the bottom and the commands in a bar above the switcher; wide, side by
 * side with the commands on top. */
#include <adwaita.h>
#include <math.h>

#include "lens-application.h"
#include "lens-cell-legend.h"
#include "lens-gui-test.h"
#include "lens-test-util.h"
#define LENS_TEST_WINDOW_FIXTURE
#include "lens-window-test.h"

typedef struct {
  LensWindow *window;
  int         width;
} WidthQuery;

/* The window's width on the screen, its border included. */
static int
surface_width (LensWindow *window)
{
  return gdk_surface_get_width (gtk_native_get_surface (GTK_NATIVE (window)));
}

/* Narrow, the commands are in the bottom bar. */
static gboolean
is_narrow (LensWindow *window)
{
  return gtk_widget_is_ancestor (lens_test_window_part (window, "solve_button"),
                                 lens_test_window_part (window, "bottom_bar"));
}

static gboolean
width_is (gpointer data)
{
  const WidthQuery *query = data;

  return surface_width (query->window) == query->width &&
         is_narrow (query->window) == (query->width < 720);
}

/* Resizes the window as its user would, and waits for the layout. */
static void
resize (LensWindow *window,
        int         width,
        int         height)
{
  WidthQuery query = { window, width };

  /* a window shrinks to its wide minimum first, then to the narrow one */
  for (int attempt = 0; attempt < 3 && !width_is (&query); attempt++)
    {
      gtk_window_set_default_size (GTK_WINDOW (window), width, height);
      lens_test_wait (width_is, &query, 2000);
    }
  g_assert_true (width_is (&query));
  lens_test_spin (300);
  g_assert_cmpint (surface_width (window), ==, width);
}

static void
open_sample (LensWindow *window)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", "sample.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  lens_window_open_file (window, file);
  lens_test_wait_settled (window);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), ==, "board");
}

static void
get_bounds (LensWindow      *window,
            GtkWidget       *widget,
            graphene_rect_t *bounds)
{
  g_assert_true (gtk_widget_get_mapped (widget));
  lens_test_get_bounds (window, widget, bounds);
}

/* Whole in the window, not cut at its sides. */
static void
assert_inside (LensWindow            *window,
               const graphene_rect_t *r)
{
  g_assert_cmpfloat (r->origin.x, >=, 0);
  g_assert_cmpfloat (r->origin.y, >=, 0);
  g_assert_cmpfloat (r->origin.x + r->size.width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpfloat (r->origin.y + r->size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
}

static GtkWidget *
template_child (LensWindow *window,
                const char *name)
{
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), LENS_TYPE_WINDOW, name));
}

/* The switcher's button for the view called @title. */
static GtkWidget *
find_view_button (GtkWidget  *root,
                  const char *title)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_LABEL (child) && gtk_widget_get_mapped (child) &&
          g_strcmp0 (gtk_label_get_text (GTK_LABEL (child)), title) == 0)
        {
          GtkWidget *button = gtk_widget_get_ancestor (child, GTK_TYPE_TOGGLE_BUTTON);

          g_assert_nonnull (button);
          return button;
        }
      if ((found = find_view_button (child, title)) != NULL)
        return found;
    }
  return NULL;
}

static const char *
shown_view (LensWindow *window)
{
  return adw_view_stack_get_visible_child_name (ADW_VIEW_STACK (template_child (window, "views")));
}

/* Clicks the switcher's button for the view called @title. */
static void
click_view (LensWindow *window,
            const char *title)
{
  GtkWidget *button = find_view_button (template_child (window, "view_switcher"), title);
  graphene_rect_t at;

  g_assert_nonnull (button);
  get_bounds (window, button, &at);
  assert_inside (window, &at);
  lens_test_click (button, gtk_widget_get_width (button) / 2.0, gtk_widget_get_height (button) / 2.0);
  lens_test_spin (300);
}

/* Narrow, the grid's view: the grid, its digits as large as 30 pixels a
 * cell, and the close-up of the cell under it large enough to read. */
static void
assert_grid_view (LensWindow *window)
{
  GtkWidget *picture = GTK_WIDGET (lens_close_up_get_picture (LENS_TEST_PART (window, LensCloseUp, "close_up")));
  graphene_rect_t grid, status, close_up;

  g_assert_cmpstr (shown_view (window), ==, "grid");
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (LENS_TEST_PART (window, LensPhotoView, "photo_view"))));
  get_bounds (window, GTK_WIDGET (LENS_TEST_PART (window, LensGridView, "grid_view")), &grid);
  get_bounds (window, GTK_WIDGET (LENS_TEST_PART (window, GtkLabel, "status_label")), &status);
  get_bounds (window, picture, &close_up);
  assert_inside (window, &grid);
  assert_inside (window, &status);
  assert_inside (window, &close_up);
  g_assert_cmpfloat (MIN (grid.size.width, grid.size.height), >=, 9 * 30);
  g_assert_cmpfloat (close_up.origin.y, >=, grid.origin.y + grid.size.height);
  g_assert_cmpfloat (MIN (close_up.size.width, close_up.size.height), >=, 96);
}

/* Narrow, the photo's view: the photo about as large as the window. */
static void
assert_photo_view (LensWindow *window)
{
  graphene_rect_t photo;

  g_assert_cmpstr (shown_view (window), ==, "photo");
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (LENS_TEST_PART (window, LensGridView, "grid_view"))));
  get_bounds (window, GTK_WIDGET (LENS_TEST_PART (window, LensPhotoView, "photo_view")), &photo);
  assert_inside (window, &photo);
  g_assert_cmpfloat (photo.size.width, >=, gtk_widget_get_width (GTK_WIDGET (window)) - 20);
  g_assert_cmpfloat (photo.size.height, >=, gtk_widget_get_height (GTK_WIDGET (window)) / 2.0);
}

/* TRUE if the label under @root showing @text is cut short. */
static gboolean
is_ellipsized (GtkWidget  *root,
               const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (root)), text) == 0)
    {
      g_assert_true (gtk_widget_get_mapped (root));
      return pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (root)));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    if (is_ellipsized (child, text))
      return TRUE;
  return FALSE;
}

static void
assert_side_by_side (LensWindow *window)
{
  graphene_rect_t photo, grid;

  get_bounds (window, GTK_WIDGET (LENS_TEST_PART (window, LensPhotoView, "photo_view")), &photo);
  get_bounds (window, GTK_WIDGET (LENS_TEST_PART (window, LensGridView, "grid_view")), &grid);
  assert_inside (window, &photo);
  assert_inside (window, &grid);
  g_assert_cmpfloat (photo.origin.x + photo.size.width, <=, grid.origin.x);
  g_assert_cmpfloat (grid.origin.y, <, photo.origin.y + photo.size.height);
  g_assert_cmpfloat (photo.origin.y, <, grid.origin.y + grid.size.height);
}

/* 360 pixels wide, the grid and the photo are two views, switched by a
 * click at the bottom, and Solve is in the bar above the switcher, where a
 * click solves; wide again, the two are side by side, Solve is back in the
 * header and the switcher hides. */
static void
test_narrow_views (Fixture       *f,
                   gconstpointer  data)
{
  GtkWidget *solve = LENS_TEST_PART (f->window, GtkWidget, "solve_button");
  GtkWidget *header = template_child (f->window, "header_bar");
  GtkWidget *bar = template_child (f->window, "bottom_bar");
  GtkWidget *switcher = template_child (f->window, "view_switcher");
  AdwWindowTitle *title = LENS_TEST_PART (f->window, AdwWindowTitle, "window_title");
  graphene_rect_t at;

  open_sample (f->window);
  assert_side_by_side (f->window);
  g_assert_true (gtk_widget_is_ancestor (solve, header));
  g_assert_false (adw_view_switcher_bar_get_reveal (ADW_VIEW_SWITCHER_BAR (switcher)));

  resize (f->window, 360, 760);
  assert_grid_view (f->window);
  click_view (f->window, "Photo");
  assert_photo_view (f->window);
  click_view (f->window, "Grid");
  assert_grid_view (f->window);
  /* the title is not cut short */
  g_assert_false (is_ellipsized (GTK_WIDGET (title), "Sudoku Lens"));

  g_assert_true (lens_bottom_bar_get_narrow (LENS_BOTTOM_BAR (bar)));
  g_assert_true (gtk_widget_is_ancestor (solve, bar));
  get_bounds (f->window, solve, &at);
  assert_inside (f->window, &at);
  lens_test_click (solve, gtk_widget_get_width (solve) / 2.0, gtk_widget_get_height (solve) / 2.0);
  lens_test_wait_settled (f->window);
  g_assert_true (lens_result_is_solved (lens_document_get_result (lens_window_get_document (f->window))));

  resize (f->window, 1000, 720);
  assert_side_by_side (f->window);
  g_assert_true (gtk_widget_is_ancestor (solve, header));
  g_assert_false (lens_bottom_bar_get_narrow (LENS_BOTTOM_BAR (bar)));
  g_assert_false (adw_view_switcher_bar_get_reveal (ADW_VIEW_SWITCHER_BAR (switcher)));
}

/* At 360 × 700 the player compares a cell with its picture: the cell
 * clicked in the grid shows its close-up under it, large, and the photo's
 * view, by Alt+T, shows that cell selected on the whole photo; Alt+G goes
 * back to the grid, where typing still goes. */
static void
test_narrow_compare (Fixture       *f,
                     gconstpointer  data)
{
  LensGridView *grid = LENS_TEST_PART (f->window, LensGridView, "grid_view");
  GtkPicture *picture = lens_close_up_get_picture (LENS_TEST_PART (f->window, LensCloseUp, "close_up"));
  GdkPaintable *paintable;

  resize (f->window, 360, 700);
  open_sample (f->window);
  assert_grid_view (f->window);
  lens_test_click_cell (f->window, 22);
  lens_test_spin (100);
  g_assert_cmpint (lens_grid_view_get_selected (grid), ==, 22);
  paintable = gtk_picture_get_paintable (picture);
  g_assert_nonnull (paintable);
  /* the cell's picture is drawn no smaller than its side */
  g_assert_cmpint (gdk_paintable_get_intrinsic_width (paintable), >=, 48);
  assert_grid_view (f->window);

  lens_test_press_key (GTK_WIDGET (grid), GDK_KEY_t, GDK_ALT_MASK);
  lens_test_spin (200);
  assert_photo_view (f->window);
  g_assert_cmpint (lens_photo_view_get_selected (LENS_TEST_PART (f->window, LensPhotoView, "photo_view")), ==, 22);

  lens_test_press_key (GTK_WIDGET (f->window), GDK_KEY_g, GDK_ALT_MASK);
  lens_test_spin (200);
  assert_grid_view (f->window);
  g_assert_cmpint (lens_grid_view_get_selected (grid), ==, 22);
  /* the arrows move in the grid, not in the switcher */
  gtk_widget_grab_focus (GTK_WIDGET (grid));
  lens_test_press_key (GTK_WIDGET (grid), GDK_KEY_Right, 0);
  g_assert_cmpint (lens_grid_view_get_selected (grid), ==, 23);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (grid)));
}

/* Narrow too, the grid stays put when the close-up of a cell shows, when
 * a message comes and after a look at the photo. */
static void
test_narrow_nothing_moves (Fixture       *f,
                           gconstpointer  data)
{
  graphene_rect_t grid_at, now;

  resize (f->window, 360, 760);
  open_sample (f->window);
  lens_test_spin (100);
  get_bounds (f->window, f->grid, &grid_at);
  assert_grid_view (f->window);

  lens_test_click (f->grid, gtk_widget_get_width (f->grid) / 2.0, gtk_widget_get_height (f->grid) / 2.0);
  lens_test_spin (100);
  g_assert_cmpint (lens_grid_view_get_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view")), ==, 40);
  g_assert_nonnull (gtk_picture_get_paintable (lens_close_up_get_picture (LENS_TEST_PART (f->window, LensCloseUp, "close_up"))));
  get_bounds (f->window, f->grid, &now);
  lens_test_assert_same_place (&now, &grid_at);

  lens_test_press_key (f->grid, GDK_KEY_Return, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  lens_test_spin (100);
  g_assert_true (gtk_widget_get_visible (LENS_TEST_PART (f->window, GtkWidget, "message_box")));
  /* the message and the legend of the solved board fit the width */
  g_assert_cmpint (surface_width (f->window), ==, 360);
  get_bounds (f->window, f->grid, &now);
  lens_test_assert_same_place (&now, &grid_at);
  get_bounds (f->window, LENS_TEST_PART (f->window, GtkWidget, "message_box"), &now);
  assert_inside (f->window, &now);

  click_view (f->window, "Photo");
  assert_photo_view (f->window);
  click_view (f->window, "Grid");
  get_bounds (f->window, f->grid, &now);
  lens_test_assert_same_place (&now, &grid_at);
}

/* The corner handles, drawn around each corner, stay inside the photo's
 * pane, which cuts off what is drawn outside it. */
static void
test_handles_inside (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", "sample.jpg", NULL);
  g_autoptr(LensImage) image = lens_image_load (path, NULL);

  g_assert_nonnull (image);
  open_sample (f->window);
  for (int layout = 0; layout < 2; layout++)
    {
      int w = gtk_widget_get_width (GTK_WIDGET (LENS_TEST_PART (f->window, LensPhotoView, "photo_view")));
      int h = gtk_widget_get_height (GTK_WIDGET (LENS_TEST_PART (f->window, LensPhotoView, "photo_view")));

      /* the photo's own corners, as far as a handle can be dragged */
      for (int i = 0; i < 4; i++)
        {
          LensPoint p = { i % 2 ? lens_image_get_width (image) : 0,
                          i / 2 ? lens_image_get_height (image) : 0 };
          double x, y;

          g_assert_true (lens_photo_view_image_to_widget (LENS_TEST_PART (f->window, LensPhotoView, "photo_view"), &p, &x, &y));
          g_assert_cmpfloat (x - 11, >=, 0);
          g_assert_cmpfloat (y - 11, >=, 0);
          g_assert_cmpfloat (x + 11, <=, w);
          g_assert_cmpfloat (y + 11, <=, h);
        }
      resize (f->window, 360, 760);
      if (layout == 0)
        {
          click_view (f->window, "Photo");
          assert_photo_view (f->window);
        }
    }
}

/* No room is left between the board and the message's: the grid is no
 * higher than wide, whatever the shape of its pane. */
static void
test_no_gap_when_tall (Fixture       *f,
                       gconstpointer  data)
{
  GtkWidget *message_area = gtk_widget_get_next_sibling (f->grid);
  graphene_rect_t grid_at, message_at;

  open_sample (f->window);
  for (int shape = 0; shape < 2; shape++)
    {
      /* the grid's pane narrow and tall, then wide and low */
      resize (f->window, 1200, shape ? 700 : 1000);
      gtk_paned_set_position (LENS_TEST_PART (f->window, GtkPaned, "paned"), shape ? 600 : 750);
      lens_test_spin (300);
      get_bounds (f->window, f->grid, &grid_at);
      get_bounds (f->window, message_area, &message_at);
      /* the board is drawn as a square of the smaller side, centred */
      g_assert_cmpfloat (grid_at.size.height, <=, grid_at.size.width + 1);
      g_assert_cmpfloat (message_at.origin.y - (grid_at.origin.y + grid_at.size.height), <=, 12);
    }
}

/* A narrow spell does not shrink the grid for good: back at the same
 * size (1260 × 1000, after 360 × 700), the panes are as they were. */
static void
test_wide_again_same_panes (Fixture       *f,
                            gconstpointer  data)
{
  graphene_rect_t before, after;

  open_sample (f->window);
  resize (f->window, 1260, 1000);
  get_bounds (f->window, f->grid, &before);
  g_assert_cmpfloat (before.size.width, >, 500);
  resize (f->window, 360, 700);
  resize (f->window, 1260, 1000);
  assert_side_by_side (f->window);
  get_bounds (f->window, f->grid, &after);
  g_assert_cmpfloat (fabs (after.size.width - before.size.width), <=, 4);
  g_assert_cmpfloat (fabs (after.size.height - before.size.height), <=, 4);
}

/* The long side of the photo as the view shows it, in pixels of the
 * screen: the least its picture must have. */
static int
side_shown (LensWindow *window)
{
  LensPhotoView *view = LENS_TEST_PART (window, LensPhotoView, "photo_view");
  const LensImage *image = lens_document_get_image (lens_window_get_document (window));
  int width, height;

  lens_photo_view_get_room (view, &width, &height);
  return MIN (lens_photo_fit_picture (lens_document_get_photo (lens_window_get_document (window)),
                                      lens_photo_view_get_rotation (view), width, height),
              MAX (lens_image_get_width (image), lens_image_get_height (image)));
}

static int
picture_side (LensWindow *window)
{
  GdkTexture *texture = lens_photo_view_get_texture (LENS_TEST_PART (window, LensPhotoView, "photo_view"));

  return MAX (gdk_texture_get_width (texture), gdk_texture_get_height (texture));
}

static gboolean
picture_covers (gpointer data)
{
  LensWindow *window = data;

  return picture_side (window) >= side_shown (window) - 1;
}

/* The photo's picture is made at the size it is shown, not larger; when
 * the window grows, again at the new size. */
static void
test_picture_at_size_shown (Fixture       *f,
                            gconstpointer  data)
{
  LensPhotoView *view = LENS_TEST_PART (f->window, LensPhotoView, "photo_view");
  LensPoint corners[4], moved[4];

  resize (f->window, 800, 600);
  open_sample (f->window);
  g_assert_true (picture_covers (f->window));
  g_assert_cmpint (picture_side (f->window), <=, 2 * side_shown (f->window));
  /* the sample, 960 × 1280, is shown far smaller than its own size here */
  g_assert_cmpint (picture_side (f->window), <, 1280);
  g_assert_true (lens_photo_view_get_corners (view, corners));

  resize (f->window, 1260, 1000);
  gtk_paned_set_position (LENS_TEST_PART (f->window, GtkPaned, "paned"), 900);
  g_assert_true (lens_test_wait (picture_covers, f->window, 5000));
  g_assert_cmpint (picture_side (f->window), >, 800);
  /* the corners stay where they were on the photo */
  g_assert_true (lens_photo_view_get_corners (view, moved));
  for (int i = 0; i < 4; i++)
    {
      g_assert_cmpfloat_with_epsilon (moved[i].x, corners[i].x, 0.01);
      g_assert_cmpfloat_with_epsilon (moved[i].y, corners[i].y, 0.01);
    }
}

/* Whether the main menu has Export (narrow, its button leaves the header). */
static gboolean
menu_has_export (LensWindow *window)
{
  GMenuModel *menu = lens_test_main_menu (template_child (window, "header_bar"));

  return lens_test_menu_has (menu, G_MENU_ATTRIBUTE_LABEL, "Export", G_MENU_LINK_SUBMENU);
}

static double
photo_width (LensWindow *window)
{
  return gtk_widget_get_width (GTK_WIDGET (LENS_TEST_PART (window, LensPhotoView, "photo_view")));
}

/* Inside the window and as wide as its text needs, not cut short. */
static void
assert_whole (LensWindow *window,
              GtkWidget  *widget)
{
  graphene_rect_t at;
  int min;

  get_bounds (window, widget, &at);
  assert_inside (window, &at);
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  g_assert_cmpfloat (at.size.width, >=, min);
  if (GTK_IS_LABEL (widget))
    g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))));
}

/* A photo filled in by pen, its entries checked: from 1100 pixels wide
 * the window shrinks to 360 (the legend of the player's digits, wrong and
 * right, once held it at 747: its items now wrap), where the banner, the
 * status and the legend are whole, and the header still offers Open (and
 * the main menu Export); the photo's pane keeps its share of the width
 * after Ctrl+K (the legend once squeezed it), and has it back once the
 * window is wide again. */
static void
test_narrow_pen_photo (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "photos-mixed", "image10-swapped.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkWidget *open = template_child (f->window, "open_button");
  GtkWidget *header = template_child (f->window, "header_bar");
  GtkWidget *legend = LENS_TEST_PART (f->window, GtkWidget, "legend");
  double wide, checked, again;
  guint shown = 0;

  resize (f->window, 1100, 720);
  lens_window_open_file (f->window, file);
  lens_test_wait_settled (f->window);
  assert_side_by_side (f->window);
  wide = photo_width (f->window);
  g_test_message ("photo pane %.0f wide", wide);
  /* its share of the window: the grid's pane needs no more than its own */
  g_assert_cmpfloat (wide, >=, 0.45 * gtk_widget_get_width (GTK_WIDGET (f->window)));
  g_assert_true (gtk_widget_get_mapped (open));

  lens_test_press_key (f->grid, GDK_KEY_k, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  lens_test_spin (300);
  checked = photo_width (f->window);
  g_test_message ("photo pane %.0f wide after Ctrl+K", checked);
  g_assert_true (lens_cell_legend_shows (LENS_CELL_LEGEND (legend), LENS_CELL_ROLE_WRONG));
  g_assert_cmpfloat (checked, >=, wide - 2);

  resize (f->window, 360, 760);
  assert_grid_view (f->window);
  g_assert_true (gtk_widget_get_visible (LENS_TEST_PART (f->window, GtkWidget, "message_box")));
  assert_whole (f->window, LENS_TEST_PART (f->window, GtkWidget, "message_label"));
  assert_whole (f->window, LENS_TEST_PART (f->window, GtkWidget, "status_label"));
  assert_whole (f->window, legend);
  for (GtkWidget *child = gtk_widget_get_first_child (legend); child; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child))
      {
        assert_whole (f->window, child);
        shown++;
      }
  g_assert_cmpuint (shown, >=, 3);
  /* Open, in the narrow header too; Export in the main menu */
  g_assert_false (gtk_widget_get_mapped (template_child (f->window, "export_button")));
  g_assert_true (menu_has_export (f->window));
  g_assert_true (gtk_widget_is_ancestor (open, header));
  g_assert_true (gtk_widget_get_mapped (open));
  {
    graphene_rect_t at;

    get_bounds (f->window, open, &at);
    assert_inside (f->window, &at);
  }

  resize (f->window, 1100, 720);
  assert_side_by_side (f->window);
  g_assert_true (gtk_widget_get_mapped (template_child (f->window, "export_button")));
  g_assert_false (menu_has_export (f->window));
  again = photo_width (f->window);
  g_test_message ("photo pane %.0f wide, wide again", again);
  g_assert_cmpfloat (again, >=, checked - 4);
  g_assert_cmpfloat (again, >=, 0.45 * gtk_widget_get_width (GTK_WIDGET (f->window)));
}

static void
add_tests (void)
{
  add ("/window-layout/narrow-views", test_narrow_views);
  add ("/window-layout/narrow-compare", test_narrow_compare);
  add ("/window-layout/narrow-nothing-moves", test_narrow_nothing_moves);
  add ("/window-layout/handles-inside", test_handles_inside);
  add ("/window-layout/no-gap-when-tall", test_no_gap_when_tall);
  add ("/window-layout/wide-again-same-panes", test_wide_again_same_panes);
  add ("/window-layout/picture-at-size-shown", test_picture_at_size_shown);
  add ("/window-layout/narrow-pen-photo", test_narrow_pen_photo);
}

