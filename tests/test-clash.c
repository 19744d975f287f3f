/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "lens-application.h"
#include "lens-document.h"
#include "lens-gui-test.h"
#include "lens-test-util.h"
#include "lens-window.h"

/* A clash frames the digit it likely comes from, not the right ones it
 * clashes with, and the legend says what the frame means. Only the
 * window's public API. */

static GApplication *app;
static char *data_dir;

typedef struct {
  LensWindow *window;
  char       *tmp;
} Fixture;

static gboolean
window_ready (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0;
}

static gboolean
window_idle (gpointer data)
{
  return !lens_window_is_busy (data);
}

static void
wait_idle (LensWindow *window)
{
  g_assert_true (lens_test_wait (window_idle, window, 60000));
  lens_test_spin (300);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->tmp = g_dir_make_tmp ("lens-clash-XXXXXX", NULL);
  f->window = lens_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1100, 720);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (lens_test_wait (window_ready, f->window, 5000));
  lens_test_focus_window (GTK_WIDGET (f->window));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_object_ref (f->window);
  gtk_window_close (GTK_WINDOW (f->window));
  lens_test_spin (30);
  g_assert_finalize_object (f->window);
  lens_test_remove_tree (f->tmp);
  g_free (f->tmp);
}

static void
open_sample (LensWindow *window)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", "sample.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  lens_window_open_file (window, file);
  wait_idle (window);
  g_assert_cmpint (lens_document_get_state (lens_window_get_document (window)), ==, LENS_DOCUMENT_CHECK);
}

typedef struct {
  GtkWidget  *root;
  const char *text;
} LabelQuery;

static gboolean
label_shown (gpointer data)
{
  LabelQuery *query = data;

  return lens_test_find_label (query->root, query->text);
}

/* The sample has a printed 6 in r1c3 (cell 2): a 6 typed in r1c9 clashes
 * with it, and the legend explains the frame. A second 6 typed in r5c9
 * clashes with the first one alone: the 6 in r1c9 is the one digit both
 * clashes share, and it alone is framed; the printed 6 and the other
 * typed one look right. */
static void
test_clash_frames_source (Fixture       *f,
                          gconstpointer  data)
{
  LensDocument *doc = lens_window_get_document (f->window);
  LabelQuery legend = { GTK_WIDGET (f->window), "Likely cause of a clash" };

  open_sample (f->window);
  g_assert_cmpuint (lens_document_count_conflicts (doc), ==, 0);
  g_assert_false (label_shown (&legend));

  g_assert_true (lens_document_set_correction (doc, 8, 6));
  lens_test_spin (200);
  g_assert_cmpuint (lens_document_count_conflicts (doc), >=, 1);
  g_assert_true (lens_test_wait (label_shown, &legend, 3000));

  g_assert_true (lens_document_set_correction (doc, 44, 6));
  lens_test_spin (200);
  g_assert_true (lens_document_cell_conflicts (doc, 8));
  g_assert_false (lens_document_cell_conflicts (doc, 2));
  g_assert_false (lens_document_cell_conflicts (doc, 44));
  g_assert_cmpuint (lens_document_count_conflicts (doc), ==, 1);

  g_assert_true (lens_document_set_correction (doc, 8, 0));
  g_assert_true (lens_document_set_correction (doc, 44, 0));
  lens_test_spin (200);
  g_assert_cmpuint (lens_document_count_conflicts (doc), ==, 0);
  g_assert_false (label_shown (&legend));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  data_dir = g_dir_make_tmp ("lens-data-XXXXXX", NULL);
  g_setenv ("SUDOKU_LENS_DATA_DIR", data_dir, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  app = G_APPLICATION (lens_application_new ());
  g_application_set_flags (app, G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (app, NULL, &error));
  g_assert_no_error (error);

  g_test_add ("/clash/frames-source", Fixture, NULL, fixture_set_up,
              test_clash_frames_source, fixture_tear_down);
  status = g_test_run ();
  g_object_unref (app);
  lens_test_remove_tree (data_dir);
  g_free (data_dir);
  return status;
}
