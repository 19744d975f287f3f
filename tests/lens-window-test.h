/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the tests of the whole window share: opening and closing it, and
 * waiting until it has settled. Include after lens-window-private.h and
 * lens-test-util.h. */
#pragma once

#include <glib/gstdio.h>

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
  return !lens_window_is_busy (data) && !_lens_window_is_analysing (data);
}

static G_GNUC_UNUSED void
lens_test_wait_settled (LensWindow *window)
{
  g_assert_true (lens_test_wait (lens_test_window_settled, window, 60000));
  lens_test_spin (50);
}

static G_GNUC_UNUSED LensWindow *
lens_test_open_window (GApplication *app)
{
  LensWindow *window = lens_window_new (GTK_APPLICATION (app));

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 720);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (lens_test_wait (lens_test_window_ready, window, 5000));
  lens_test_focus_window (GTK_WIDGET (window));
  return window;
}

static G_GNUC_UNUSED void
lens_test_close_window (LensWindow *window)
{
  g_object_ref (window);
  gtk_window_close (GTK_WINDOW (window));
  lens_test_spin (30);
  g_assert_finalize_object (window);
}

/* Clicks the middle of @cell in the grid, as a user would. */
static G_GNUC_UNUSED void
lens_test_click_cell (LensWindow *window,
                      guint       cell)
{
  GtkWidget *grid = GTK_WIDGET (window->grid_view);
  double w = gtk_widget_get_width (grid), h = gtk_widget_get_height (grid);
  double side = MIN (w, h) - 4;

  lens_test_click (grid, (w - side) / 2 + side * (lens_cell_col (cell) + 0.5) / 9,
                   (h - side) / 2 + side * (lens_cell_row (cell) + 0.5) / 9);
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
