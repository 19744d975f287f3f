/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Open → grid in the app, as a user waits for it: opens PHOTO in a real
 * window RUNS times and prints, for each, the milliseconds from Open to the
 * read grid in the document with the window idle, to the first frame drawn
 * after that, and how many frames the window drew in between. Each Open
 * starts in an idle window (no frame drawn for IDLE_MS, as when a user has
 * picked the photo), after the previous photo was closed or, with
 * --replace, with it still shown (the next photo replaces it). The first
 * run loads the models; the median of the others is printed last. Run it
 * under Xvfb with tools/bench-open.sh; G_MESSAGES_DEBUG=SudokuLens-timing
 * adds the decode and scan stages. */
#include "config.h"

#include <gtk/gtk.h>
#include <stdlib.h>

#include "lens-application.h"
#include "lens-tool-wait.h"
#include "lens-document.h"
#include "lens-vision.h"
#include "lens-window.h"

static gboolean
is_mapped (gpointer window)
{
  return gtk_widget_get_mapped (GTK_WIDGET (window));
}

static gboolean
has_grid (gpointer window)
{
  return lens_document_get_state (lens_window_get_document (window)) != LENS_DOCUMENT_EMPTY &&
         !lens_window_is_busy (window);
}

static gboolean
is_empty (gpointer window)
{
  return lens_document_get_state (lens_window_get_document (window)) == LENS_DOCUMENT_EMPTY &&
         !lens_window_is_busy (window);
}

#define IDLE_MS 250

static gboolean painted;
static guint n_paints;
static gint64 last_paint;

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       data)
{
  painted = TRUE;
  n_paints++;
  last_paint = g_get_monotonic_time ();
}

static gboolean
was_painted (gpointer window)
{
  return painted;
}

static gboolean
is_idle (gpointer window)
{
  return g_get_monotonic_time () - last_paint >= IDLE_MS * G_TIME_SPAN_MILLISECOND;
}

static gboolean
wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Until no frame was drawn for IDLE_MS (at most 5 s). */
static void
wait_idle (LensWindow *window)
{
  guint wake = g_timeout_add (20, wake_cb, NULL);

  lens_tool_wait (is_idle, window, 5000);
  g_source_remove (wake);
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* One Open: the times to the grid and to its first frame, the frames drawn
 * before the grid, or FALSE. */
static gboolean
open_once (LensWindow *window,
           GFile      *file,
           gboolean    replace,
           double     *grid_ms,
           double     *frame_ms,
           guint      *reading_frames)
{
  gint64 start;

  wait_idle (window);
  n_paints = 0;
  start = g_get_monotonic_time ();
  lens_window_open_file (window, file);
  if (!lens_tool_wait (has_grid, window, 60000))
    return FALSE;
  *grid_ms = (g_get_monotonic_time () - start) / 1000.0;
  *reading_frames = n_paints;
  painted = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (window));
  lens_tool_wait (was_painted, window, 10000);
  *frame_ms = (g_get_monotonic_time () - start) / 1000.0;
  if (replace)
    return TRUE;
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-photo", NULL);
  return lens_tool_wait (is_empty, window, 10000);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *data_dir = NULL;
  g_autofree double *frames = NULL;
  GApplication *app;
  LensWindow *window;
  gboolean replace = argc > 1 && g_str_equal (argv[1], "--replace");
  int runs;

  lens_vision_init ();
  if (replace)
    argc--, argv++;
  if (argc < 2)
    {
      g_printerr ("usage: bench-open [--replace] PHOTO [RUNS]\n");
      return 2;
    }
  runs = argc > 2 ? MAX (2, atoi (argv[2])) : 6;
  file = g_file_new_for_commandline_arg (argv[1]);
  data_dir = g_dir_make_tmp ("lens-bench-XXXXXX", NULL);
  g_setenv ("SUDOKU_LENS_DATA_DIR", data_dir, TRUE);
  gtk_init ();
  app = G_APPLICATION (lens_application_new ());
  g_application_set_flags (app, G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (app, NULL, &error))
    g_error ("%s", error->message);
  window = lens_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 720);
  gtk_window_present (GTK_WINDOW (window));
  if (!lens_tool_wait (is_mapped, window, 10000))
    g_error ("the window was not shown");
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (after_paint_cb), NULL);

  frames = g_new (double, runs);
  for (int i = 0; i < runs; i++)
    {
      double grid_ms, frame_ms;
      guint reading_frames;

      if (!open_once (window, file, replace, &grid_ms, &frame_ms, &reading_frames))
        g_error ("run %d: no grid was read from %s within a minute", i + 1, argv[1]);
      g_print ("run %d: grid %.0f ms, first frame %.0f ms, %u frames drawn before the grid%s\n", i + 1,
               grid_ms, frame_ms, reading_frames, i == 0 ? " (loads the models)" : "");
      frames[i] = frame_ms;
    }
  qsort (frames + 1, runs - 1, sizeof *frames, compare_doubles);
  g_print ("open to grid shown, median of runs 2 to %d: %.0f ms\n", runs, frames[1 + (runs - 2) / 2]);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (app);
  return 0;
}
