/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the tests of the whole window share: opening and closing it,
 * waiting until it has settled, and finding its parts by their ids in
 * ui/lens-window.ui and in the templates of its panes. Include after
 * lens-test-util.h. */
#pragma once

#include <adwaita.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "lens-bottom-bar.h"
#include "lens-close-up.h"
#include "lens-grid-pane.h"
#include "lens-grid-view.h"
#include "lens-photo-pane.h"
#include "lens-reading-page.h"
#include "lens-recent-list.h"
#include "lens-window.h"

/* The part with the id @id of @window's template, or of one of its panes'. */
static G_GNUC_UNUSED gpointer
lens_test_window_part (LensWindow *window,
                       const char *id)
{
  const struct { const char *id; GType (*get_type) (void); } panes[] = {
    { "grid_pane", lens_grid_pane_get_type },
    { "photo_pane", lens_photo_pane_get_type },
    { "reading_page", lens_reading_page_get_type },
    { "recent_list", lens_recent_list_get_type },
  };
  GObject *part = gtk_widget_get_template_child (GTK_WIDGET (window), LENS_TYPE_WINDOW, id);

  for (guint i = 0; part == NULL && i < G_N_ELEMENTS (panes); i++)
    {
      GObject *pane = gtk_widget_get_template_child (GTK_WIDGET (window), LENS_TYPE_WINDOW, panes[i].id);

      part = gtk_widget_get_template_child (GTK_WIDGET (pane), panes[i].get_type (), id);
    }
  g_assert_nonnull (part);
  return part;
}

#define LENS_TEST_PART(window, type, id) ((type *) lens_test_window_part ((window), (id)))

static G_GNUC_UNUSED gboolean
lens_test_window_ready (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0;
}

/* Idle, with the printed puzzle's background analysis done as well, so
 * that what a test looks at is final. (A click seen lost under the
 * sanitizers while the analysis landed had been sent before the board was
 * laid out: lens_test_drag now refuses that. /window/click-during-analysis
 * clicks while it is on its way.) */
static G_GNUC_UNUSED gboolean
lens_test_window_settled (gpointer data)
{
  return !lens_window_is_busy (data) && !lens_window_is_analysing (data);
}

static G_GNUC_UNUSED void
lens_test_wait_settled (LensWindow *window)
{
  g_assert_true (lens_test_wait (lens_test_window_settled, window, 60000));
  lens_test_spin (50);
}

/* Types @puzzle (81 characters) into @window, as the Type dialog does. */
static G_GNUC_UNUSED void
lens_test_load_puzzle (LensWindow *window,
                       const char *puzzle)
{
  LensGrid grid;

  g_assert_true (lens_grid_parse (&grid, puzzle, -1, NULL));
  lens_window_load_grid (window, &grid);
}

/* @window's document as saved, but for the time played: its clock runs
 * on while the player plays, and undo does not turn it back. */
static G_GNUC_UNUSED char *
lens_test_document_text (LensWindow *window)
{
  g_autoptr(JsonNode) node = lens_document_to_json (lens_window_get_document (window));

  json_object_remove_member (json_node_get_object (node), "play_time_ms");
  return json_to_string (node, FALSE);
}

/* A new window of @app, @width x @height, shown and focused. */
static G_GNUC_UNUSED LensWindow *
lens_test_open_window_sized (GApplication *app,
                             int           width,
                             int           height)
{
  LensWindow *window = lens_window_new (GTK_APPLICATION (app));

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (lens_test_wait (lens_test_window_ready, window, 5000));
  lens_test_focus_window (GTK_WIDGET (window));
  return window;
}

static G_GNUC_UNUSED LensWindow *
lens_test_open_window (GApplication *app)
{
  return lens_test_open_window_sized (app, 1100, 720);
}

static G_GNUC_UNUSED void
lens_test_close_window (LensWindow *window)
{
  g_object_ref (window);
  gtk_window_close (GTK_WINDOW (window));
  lens_test_spin (30);
  g_assert_finalize_object (window);
}

static G_GNUC_UNUSED gboolean
lens_test_window_idle (gpointer data)
{
  return !lens_window_is_busy (data);
}

/* Until no job runs, and then a little longer for the window to draw. */
static G_GNUC_UNUSED void
lens_test_wait_idle (LensWindow *window)
{
  g_assert_true (lens_test_wait (lens_test_window_idle, window, 60000));
  lens_test_spin (300);
}

/* Opens data/samples/sample.jpg and waits until it is read, its puzzle
 * to be checked. */
static G_GNUC_UNUSED void
lens_test_open_sample (LensWindow *window)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", "sample.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  lens_window_open_file (window, file);
  lens_test_wait_idle (window);
  g_assert_cmpint (lens_document_get_state (lens_window_get_document (window)), ==, LENS_DOCUMENT_CHECK);
}

/* Clicks the middle of @cell in the grid, as a user would. */
static G_GNUC_UNUSED void
lens_test_click_cell (LensWindow *window,
                      guint       cell)
{
  GtkWidget *grid = lens_test_window_part (window, "grid_view");
  double w = gtk_widget_get_width (grid), h = gtk_widget_get_height (grid);
  double side = MIN (w, h) - 4;

  lens_test_click (grid, (w - side) / 2 + side * (lens_cell_col (cell) + 0.5) / 9,
                   (h - side) / 2 + side * (lens_cell_row (cell) + 0.5) / 9);
}

/* Closes the toasts shown in @window, as a user would. */
static G_GNUC_UNUSED void
lens_test_dismiss_toasts (LensWindow *window)
{
  lens_test_close_toasts (GTK_WIDGET (LENS_TEST_PART (window, AdwToastOverlay, "toast_overlay")));
}

/* How many of @grid's cells hold @truth's digit. */
static G_GNUC_UNUSED guint
lens_test_count_right (const LensGrid *grid,
                       const LensGrid *truth)
{
  guint n = 0;

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    n += grid->digits[i] == truth->digits[i];
  return n;
}

/* Where @widget is drawn in @window's coordinates. */
static G_GNUC_UNUSED void
lens_test_get_bounds (LensWindow      *window,
                      GtkWidget       *widget,
                      graphene_rect_t *bounds)
{
  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (window), bounds));
}

static G_GNUC_UNUSED void
lens_test_assert_same_place (const graphene_rect_t *a,
                             const graphene_rect_t *b)
{
  g_assert_cmpfloat (a->origin.x, ==, b->origin.x);
  g_assert_cmpfloat (a->origin.y, ==, b->origin.y);
  g_assert_cmpfloat (a->size.width, ==, b->size.width);
  g_assert_cmpfloat (a->size.height, ==, b->size.height);
}

/* Deletes the files of @dir (the app's data directory between tests). */
static G_GNUC_UNUSED void
lens_test_clear_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
}

/* Before the tests: GTK and the application that opens their windows,
 * registered, its data (the autosave) in a new directory, *@data_dir. */
static G_GNUC_UNUSED GApplication *
lens_test_start_app (int    *argc,
                     char ***argv,
                     char  **data_dir)
{
  g_autoptr(GError) error = NULL;
  GApplication *app;

  /* Xvfb has no GPU: GL through llvmpipe makes every frame slow, which is
   * not what the tests measure. --gtk-renderer=default leaves GTK its own
   * choice (GL where the machine has a driver). */
  if (*argc > 1 && g_strcmp0 ((*argv)[*argc - 1], "--gtk-renderer=default") == 0)
    (*argv)[--*argc] = NULL;
  else
    g_setenv ("GSK_RENDERER", "cairo", FALSE);
  *data_dir = g_dir_make_tmp ("lens-data-XXXXXX", NULL);
  g_setenv ("SUDOKU_LENS_DATA_DIR", *data_dir, TRUE);
  gtk_test_init (argc, argv, NULL);
  app = G_APPLICATION (lens_application_new ());
  g_application_set_flags (app, G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (app, NULL, &error));
  g_assert_no_error (error);
  return app;
}

/* Runs the tests added, then drops @app and deletes @data_dir. */
static G_GNUC_UNUSED int
lens_test_run_app (GApplication *app,
                   char         *data_dir)
{
  int status = g_test_run ();

  g_object_unref (app);
  lens_test_remove_tree (data_dir);
  g_free (data_dir);
  return status;
}

#ifdef LENS_TEST_WINDOW_FIXTURE
/* A test program of one window, LENS_TEST_WINDOW_FIXTURE defined before
 * this header is included: the application and its data folder
 * (lens_test_start_app), a fixture with an open window, its document and
 * grid, and a folder of its own, removed after, and main(), which runs the
 * tests that the program's add_tests() adds. */
static GApplication *app;
static char *data_dir;

typedef struct {
  LensWindow   *window;
  LensDocument *doc;   /* the window's */
  GtkWidget    *grid;  /* its grid view */
  char         *tmp;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  lens_test_clear_dir (data_dir);
  f->tmp = g_dir_make_tmp ("lens-window-XXXXXX", NULL);
  f->window = lens_test_open_window (app);
  f->doc = lens_window_get_document (f->window);
  f->grid = GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view"));
}

/* A test may close the window itself, and set it to NULL. */
static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->window != NULL)
    lens_test_close_window (f->window);
  lens_test_remove_tree (f->tmp);
  g_free (f->tmp);
}

static void
add (const char *path,
     void (*func) (Fixture *, gconstpointer))
{
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down);
}

/* Each test program of one window defines this: its tests, with add().
 * One may also define LENS_TEST_BEFORE_START as a function of its own,
 * declared before this header, that main() calls first. */
static void add_tests (void);

int
main (int    argc,
      char **argv)
{
#ifdef LENS_TEST_BEFORE_START
  /* what must hold before GTK starts: the environment, read once */
  LENS_TEST_BEFORE_START ();
#endif
  app = lens_test_start_app (&argc, &argv, &data_dir);
  add_tests ();
  return lens_test_run_app (app, data_dir);
}
#endif
