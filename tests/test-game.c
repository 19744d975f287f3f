/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A game played in the window: the time it takes in the header, the
 * message when it is done, and a photo dragged over the window. */
#include <adwaita.h>
#include <string.h>

#include "lens-application.h"
#include "lens-game-timer.h"
#include "lens-gui-test.h"
#include "lens-test-util.h"
#define LENS_TEST_WINDOW_FIXTURE
#include "lens-window-test.h"

static const char *puzzle = LENS_TEST_PUZZLE_EASY;
static const char *solution = LENS_TEST_PUZZLE_EASY_SOLUTION;

/* The puzzle typed in, solved in the background, the grid focused. */
static void
load_puzzle (Fixture *f)
{
  lens_test_load_puzzle (f->window, puzzle);
  lens_test_wait_settled (f->window);
  g_assert_nonnull (lens_document_get_analysis (f->doc));
  gtk_widget_grab_focus (f->grid);
}

static LensGameTimer *
timer (Fixture *f)
{
  return LENS_TEST_PART (f->window, LensGameTimer, "game_timer");
}

typedef struct {
  LensGameTimer *timer;
  const char    *text;
} TimerQuery;

static gboolean
timer_shows (gpointer data)
{
  TimerQuery *query = data;

  return g_strcmp0 (lens_game_timer_get_text (query->timer), query->text) == 0;
}

static gboolean
wait_timer (Fixture    *f,
            const char *text)
{
  TimerQuery query = { timer (f), text };

  return lens_test_wait (timer_shows, &query, 4000);
}

/* Play (Ctrl+P) begins the game: the header shows its time, ticking each
 * second; Play off stops it; the setting hides it, and the time is the
 * game's, kept in the saved session. */
static void
test_timer (Fixture       *f,
            gconstpointer  data)
{
  GSettings *settings = lens_application_get_settings (LENS_APPLICATION (app));
  g_autofree char *stopped = NULL;

  load_puzzle (f);
  g_assert_cmpstr (lens_game_timer_get_text (timer (f)), ==, "");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (timer (f))));

  lens_test_press_key (f->grid, GDK_KEY_p, GDK_CONTROL_MASK);
  g_assert_true (lens_document_get_playing (f->doc));
  g_assert_true (wait_timer (f, "0:00"));
  g_assert_true (lens_test_find_label (GTK_WIDGET (timer (f)), "0:00"));
  g_assert_true (wait_timer (f, "0:01"));

  g_settings_set_boolean (settings, "show-timer", FALSE);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (timer (f))));
  g_assert_true (lens_document_get_clock_running (f->doc));
  g_settings_set_boolean (settings, "show-timer", TRUE);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (timer (f))));

  /* Play off: the clock stops */
  lens_test_press_key (f->grid, GDK_KEY_p, GDK_CONTROL_MASK);
  g_assert_false (lens_document_get_playing (f->doc));
  g_assert_false (lens_document_get_clock_running (f->doc));
  stopped = g_strdup (lens_game_timer_get_text (timer (f)));
  lens_test_spin (1200);
  g_assert_cmpstr (lens_game_timer_get_text (timer (f)), ==, stopped);

  /* the game's own time, on again */
  lens_document_set_play_time (f->doc, 245 * G_USEC_PER_SEC);
  lens_test_press_key (f->grid, GDK_KEY_p, GDK_CONTROL_MASK);
  g_assert_true (wait_timer (f, "4:05"));
  g_assert_true (wait_timer (f, "4:06"));
}

static gboolean
dialog_shown (gpointer data)
{
  return lens_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

static gboolean
dialog_gone (gpointer data)
{
  return !dialog_shown (data);
}

/* The last right digit typed: the message says the puzzle is done and the
 * time it took, the clock stops; Close closes it, and Undo then Redo does
 * not bring it back. */
static void
test_finished_message (Fixture       *f,
                       gconstpointer  data)
{
  const guint last = 2;  /* r1c3, a 4 */
  AdwMessageDialog *dialog;
  GtkWidget *close;
  g_autofree char *time = NULL;

  load_puzzle (f);
  lens_test_press_key (f->grid, GDK_KEY_p, GDK_CONTROL_MASK);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (puzzle[i] == '.' && i != last)
      g_assert_true (lens_document_set_entry (f->doc, i, (guint8) (solution[i] - '0')));
  lens_test_spin (100);
  g_assert_false (dialog_shown (NULL));

  lens_test_click_cell (f->window, last);
  lens_test_press_key (f->grid, GDK_KEY_4, 0);
  g_assert_true (lens_test_wait (dialog_shown, NULL, 5000));
  g_assert_true (lens_document_get_completed (f->doc));
  g_assert_false (lens_document_get_clock_running (f->doc));
  dialog = ADW_MESSAGE_DIALOG (lens_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  time = lens_format_play_time (lens_document_get_play_time (f->doc));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Puzzle Solved");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), time));
  g_assert_cmpstr (lens_game_timer_get_text (timer (f)), ==, time);
  g_assert_true (gtk_widget_has_css_class (LENS_TEST_PART (f->window, GtkWidget, "message_box"), "success"));

  lens_test_spin (300);
  close = lens_test_find_button (GTK_WIDGET (dialog), "_Close");
  g_assert_nonnull (close);
  lens_test_click (close, gtk_widget_get_width (close) / 2.0, gtk_widget_get_height (close) / 2.0);
  g_assert_true (lens_test_wait (dialog_gone, NULL, 3000));

  lens_test_focus_window (GTK_WIDGET (f->window));
  gtk_widget_grab_focus (f->grid);
  lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (lens_document_get_entries (f->doc)[last], ==, 0);
  lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpuint (lens_document_get_entries (f->doc)[last], ==, 4);
  lens_test_wait_settled (f->window);
  lens_test_spin (500);
  g_assert_true (lens_document_is_complete_and_right (f->doc));
  g_assert_false (dialog_shown (NULL));
  g_assert_cmpstr (lens_game_timer_get_text (timer (f)), ==, time);
}

/* A puzzle done on paper, read complete and right, was never played
 * here: no message, no time. */
static void
test_done_on_paper (Fixture       *f,
                    gconstpointer  data)
{
  lens_test_load_puzzle (f->window, puzzle);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (puzzle[i] == '.')
      lens_document_set_entry (f->doc, i, (guint8) (solution[i] - '0'));
  lens_document_check_entries (f->doc);
  lens_test_wait_settled (f->window);
  lens_test_spin (300);
  g_assert_true (lens_document_is_complete_and_right (f->doc));
  g_assert_false (dialog_shown (NULL));
  g_assert_cmpstr (lens_game_timer_get_text (timer (f)), ==, "");
}

/* The root window's coordinates of @widget's point @x, @y. */
static void
root_point (GtkWidget *widget,
            double     x,
            double     y,
            int       *rx,
            int       *ry)
{
  Display *xd = lens_test_xdisplay (widget);
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t p;
  double nx, ny;
  Window child;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (x, y), &p));
  gtk_native_get_surface_transform (native, &nx, &ny);
  XTranslateCoordinates (xd, gdk_x11_surface_get_xid (gtk_native_get_surface (native)), DefaultRootWindow (xd),
                         (int) (p.x + nx), (int) (p.y + ny), rx, ry, &child);
}

static gboolean
drop_zone_shown (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

/* A window beside the app's, at the bottom right of the screen, whose
 * label drags the sample photo as a file. */
static GtkWidget *
new_drag_source (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", "sample.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GSList *files = g_slist_prepend (NULL, file);
  GdkFileList *list = gdk_file_list_new_from_list (files);
  g_autoptr(GdkContentProvider) content = gdk_content_provider_new_typed (GDK_TYPE_FILE_LIST, list);
  GtkDragSource *source = gtk_drag_source_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *label = gtk_label_new ("sample.jpg");

  g_slist_free (files);
  g_boxed_free (GDK_TYPE_FILE_LIST, list);
  gtk_drag_source_set_content (source, content);
  gtk_drag_source_set_actions (source, GDK_ACTION_COPY);
  gtk_widget_add_controller (label, GTK_EVENT_CONTROLLER (source));
  gtk_window_set_child (GTK_WINDOW (window), label);
  gtk_window_set_default_size (GTK_WINDOW (window), 140, 100);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (lens_test_wait (lens_test_window_ready, label, 5000));
  XMoveWindow (lens_test_xdisplay (window), gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window))),
               1120, 880);
  XSync (lens_test_xdisplay (window), False);
  lens_test_spin (200);
  return label;
}

/* A photo dragged over the window: the drop zone shows and says what a
 * drop does, the window's :drop(active) state styles it; dropped, the
 * photo is read and the zone goes. */
static void
test_drop_zone (Fixture       *f,
                gconstpointer  data)
{
  GtkWidget *zone = LENS_TEST_PART (f->window, GtkWidget, "drop_zone");
  GtkWidget *label = new_drag_source ();
  GtkWidget *source_window = GTK_WIDGET (gtk_widget_get_root (label));
  Display *xd = lens_test_xdisplay (label);
  int sx, sy, tx, ty;

  g_assert_false (gtk_widget_get_mapped (zone));
  root_point (label, gtk_widget_get_width (label) / 2.0, gtk_widget_get_height (label) / 2.0, &sx, &sy);
  root_point (GTK_WIDGET (f->window), 550, 360, &tx, &ty);
  g_assert_cmpint (sx, >, 1100);
  XTestFakeMotionEvent (xd, -1, sx, sy, CurrentTime);
  XSync (xd, False);
  lens_test_spin (100);
  XTestFakeButtonEvent (xd, 1, True, CurrentTime);
  XSync (xd, False);
  lens_test_spin (100);
  for (int step = 1; step <= 20; step++)
    {
      XTestFakeMotionEvent (xd, -1, sx + (tx - sx) * step / 20, sy + (ty - sy) * step / 20, CurrentTime);
      XSync (xd, False);
      lens_test_spin (40);
    }
  g_assert_true (lens_test_wait (drop_zone_shown, zone, 3000));
  g_assert_true (gtk_widget_get_state_flags (GTK_WIDGET (f->window)) & GTK_STATE_FLAG_DROP_ACTIVE);
  g_assert_true (lens_test_find_label (zone, "Drop a photo to read it"));

  XTestFakeButtonEvent (xd, 1, False, CurrentTime);
  XSync (xd, False);
  lens_test_spin (300);
  lens_test_wait_idle (f->window);
  g_assert_false (gtk_widget_get_mapped (zone));
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_true (g_str_has_suffix (lens_document_get_photo_path (f->doc), "sample.jpg"));
  gtk_window_destroy (GTK_WINDOW (source_window));
  lens_test_spin (50);
}

static void
add_tests (void)
{
  add ("/game/timer", test_timer);
  add ("/game/finished-message", test_finished_message);
  add ("/game/done-on-paper", test_done_on_paper);
  add ("/game/drop-zone", test_drop_zone);
}
