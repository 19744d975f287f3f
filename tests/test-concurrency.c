/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reads that overlap, are cancelled or outlive their window: the last photo
 * opened wins, a cancelled read never lands, and closing a window while its
 * read runs neither crashes nor delivers a result to the dead window
 * (G_DEBUG=fatal-warnings turns any critical into an abort). */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "lens-application.h"
#include "lens-gui-test.h"
#include "lens-test-util.h"
#include "lens-vision-test.h"
#include "lens-window-test.h"

static GApplication *app;
static char *data_dir;

static void
open_path (LensWindow *window,
           const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  lens_window_open_file (window, file);
  g_assert_true (lens_window_is_busy (window));
}

static void
open_photo (LensWindow *window,
            const char *name)
{
  g_autofree char *path = lens_test_data_path ("photos", name);

  open_path (window, path);
}

/* A fixture blown up to 12 megapixels: its read outlasts a short spin of
 * the main loop on any machine. */
static char *
make_large_photo (void)
{
  g_autofree char *small_path = lens_test_data_path ("photos", "image1.jpg");
  g_autoptr(GdkPixbuf) small = gdk_pixbuf_new_from_file (small_path, NULL);
  g_autoptr(GdkPixbuf) big = gdk_pixbuf_scale_simple (small, 3000, 4000, GDK_INTERP_BILINEAR);
  char *large = g_build_filename (data_dir, "large.jpg", NULL);

  g_assert_true (gdk_pixbuf_save (big, large, "jpeg", NULL, "quality", "90", NULL));
  return large;
}

static void
wait_idle (LensWindow *window)
{
  g_assert_true (lens_test_wait (lens_test_window_idle, window, 20000));
  lens_test_spin (50);
}

/* The grid the photo @name reads to when opened alone in a fresh window. */
static char *
read_alone (const char *name,
            char      **photo)
{
  LensWindow *window = lens_test_open_window_sized (app, 900, 650);
  LensDocument *doc = lens_window_get_document (window);
  char *line;

  open_photo (window, name);
  wait_idle (window);
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_CHECK);
  line = lens_grid_to_line (lens_document_get_grid (doc));
  *photo = g_strdup (lens_document_get_photo_path (doc));
  lens_test_close_window (window);
  return line;
}

static void
test_last_open_wins (void)
{
  g_autofree char *alone = NULL, *photo = NULL, *line = NULL, *later = NULL;
  LensGrid truth_a, truth_b, truth_c;
  LensWindow *window;
  LensDocument *doc;

  lens_test_load_truth ("photos", "image13", &truth_a);
  lens_test_load_truth ("photos", "image188", &truth_b);
  lens_test_load_truth ("photos", "image1", &truth_c);
  alone = read_alone ("image1.jpg", &photo);

  window = lens_test_open_window_sized (app, 900, 650);
  doc = lens_window_get_document (window);
  open_photo (window, "image13.jpg");
  open_photo (window, "image188.jpg");
  open_photo (window, "image1.jpg");
  wait_idle (window);

  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_cmpstr (lens_document_get_photo_path (doc), ==, photo);
  line = lens_grid_to_line (lens_document_get_grid (doc));
  g_assert_cmpstr (line, ==, alone);
  g_assert_cmpuint (lens_test_count_right (lens_document_get_grid (doc), &truth_c), >=, 75);
  g_assert_cmpuint (lens_test_count_right (lens_document_get_grid (doc), &truth_a), <, 75);
  g_assert_cmpuint (lens_test_count_right (lens_document_get_grid (doc), &truth_b), <, 75);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), ==, "board");
  g_assert_false (lens_document_can_undo (doc));

  /* Nothing from the first two reads arrives late. */
  lens_test_spin (1500);
  later = lens_grid_to_line (lens_document_get_grid (doc));
  g_assert_cmpstr (later, ==, alone);
  g_assert_cmpstr (lens_document_get_photo_path (doc), ==, photo);
  lens_test_close_window (window);
}

static void
test_cancel_keeps_puzzle (void)
{
  LensWindow *window = lens_test_open_window_sized (app, 900, 650);
  LensDocument *doc = lens_window_get_document (window);
  g_autofree char *before = NULL, *after = NULL, *photo = NULL;

  open_photo (window, "image1.jpg");
  wait_idle (window);
  before = lens_grid_to_line (lens_document_get_grid (doc));
  photo = g_strdup (lens_document_get_photo_path (doc));

  open_photo (window, "image13.jpg");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), ==, "reading");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel", NULL));
  g_assert_false (lens_window_is_busy (window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), ==, "board");

  /* The cancelled read's thread finishes, but its result is dropped. */
  lens_test_spin (2500);
  after = lens_grid_to_line (lens_document_get_grid (doc));
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (lens_document_get_photo_path (doc), ==, photo);
  g_assert_false (lens_window_is_busy (window));
  lens_test_close_window (window);
}

static void
test_close_while_reading (void)
{
  g_autofree char *large = make_large_photo ();

  for (guint i = 0; i < 3; i++)
    {
      LensWindow *window = lens_test_open_window_sized (app, 900, 650);

      if (i == 2)
        {
          /* closed once the read is under way, not at once */
          open_path (window, large);
          lens_test_spin (20);
        }
      else
        open_photo (window, i == 1 ? "image93.jpg" : "image1.jpg");
      g_assert_true (lens_window_is_busy (window));
      lens_test_close_window (window);
    }
  /* Long enough for every read's thread to finish and its callback to run. */
  lens_test_spin (3000);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
}

static void
test_close_while_solving (void)
{
  LensWindow *window = lens_test_open_window_sized (app, 900, 650);

  open_photo (window, "image1.jpg");
  wait_idle (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.solve", NULL));
  g_assert_true (lens_window_is_busy (window));
  lens_test_close_window (window);
  lens_test_spin (3000);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
}

int
main (int argc, char **argv)
{
  app = lens_test_start_app (&argc, &argv, &data_dir);

  g_test_add_func ("/concurrency/last-open-wins", test_last_open_wins);
  g_test_add_func ("/concurrency/cancel-keeps-puzzle", test_cancel_keeps_puzzle);
  g_test_add_func ("/concurrency/close-while-reading", test_close_while_reading);
  g_test_add_func ("/concurrency/close-while-solving", test_close_while_solving);
  return lens_test_run_app (app, data_dir);
}
