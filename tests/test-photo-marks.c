/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A photo of a puzzle with the player's pencil candidates in some cells:
 * the candidates read become the player's pencil marks, drawn in the grid,
 * edited and undone with real keys; a click on such a cell shows its
 * close-up, which says it holds pencil marks, as its description does. */
#include <adwaita.h>
#include <string.h>

#include "lens-application.h"
#include "lens-gui-test.h"
#include "lens-test-util.h"
#define LENS_TEST_WINDOW_FIXTURE
#include "lens-window-test.h"

/* In data/pencil/images/02_22_iphone_14_0.jpg, r2c1 holds a pencilled
 * "1 2" (tools/labels/photos-kubiesa-candidates.txt, by eye); r1c1 a
 * printed 3. */
#define MARKED_CELL 9
#define PRINTED_CELL 0

static void
open_pencil_photo (LensWindow *window)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "pencil", "images",
                                                 "02_22_iphone_14_0.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  lens_window_open_file (window, file);
  lens_test_wait_settled (window);
}

static void
test_marks_from_photo (Fixture       *f,
                       gconstpointer  data)
{
  LensDocument *doc = lens_window_get_document (f->window);
  LensGridView *grid_view = LENS_TEST_PART (f->window, LensGridView, "grid_view");
  GtkWidget *grid = GTK_WIDGET (grid_view);
  LensCloseUp *close_up = LENS_TEST_PART (f->window, LensCloseUp, "close_up");
  /* the note stands where "Could also be" does */
  GtkWidget *note = lens_close_up_get_alternatives_label (close_up);
  const guint16 one_two = LENS_DIGIT_BIT (1) | LENS_DIGIT_BIT (2);
  g_autofree char *description = NULL;
  const char *tooltip;
  guint marked = 0;
  guint hash;

  open_pencil_photo (f->window);
  g_assert_cmpint (lens_document_get_state (doc), !=, LENS_DOCUMENT_EMPTY);
  g_assert_cmpint (lens_document_get_scan (doc)->cells[MARKED_CELL].kind, ==, LENS_READ_KIND_CANDIDATES);

  /* the candidates read are the player's marks; the cell stays empty */
  g_assert_cmpuint (lens_document_get_marks (doc)[MARKED_CELL], ==, one_two);
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[MARKED_CELL], ==, 0);
  g_assert_cmpuint (lens_document_get_entries (doc)[MARKED_CELL], ==, 0);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    marked += lens_document_get_marks (doc)[i] != 0;
  g_assert_cmpuint (marked, >=, 8);

  /* a click on the cell shows its close-up, which says what it holds */
  lens_test_click_cell (f->window, MARKED_CELL);
  lens_test_spin (100);
  g_assert_cmpint (lens_grid_view_get_selected (grid_view), ==, MARKED_CELL);
  g_assert_nonnull (gtk_picture_get_paintable (lens_close_up_get_picture (close_up)));
  g_assert_true (gtk_widget_get_mapped (note));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (note)), ==, "Pencil marks in the photo: 1 2");
  tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (lens_close_up_get_picture (close_up)));
  g_assert_cmpstr (tooltip, ==, "Row 2, column 1 in the photo: pencil marks");
  description = lens_grid_view_describe_cell (grid_view, MARKED_CELL);
  g_assert_cmpstr (description, ==, "Row 2, column 1: empty, pencil marks 1 2");

  /* drawn in the grid: Ctrl+1 takes the 1 out, and the grid shows it;
   * undo brings it back as it was */
  hash = lens_test_hash_pixels (grid);
  lens_test_press_key (grid, GDK_KEY_1, GDK_CONTROL_MASK);
  lens_test_spin (100);
  g_assert_cmpuint (lens_document_get_marks (doc)[MARKED_CELL], ==, LENS_DIGIT_BIT (2));
  g_assert_cmpuint (lens_test_hash_pixels (grid), !=, hash);
  lens_test_press_key (grid, GDK_KEY_z, GDK_CONTROL_MASK);
  lens_test_spin (100);
  g_assert_cmpuint (lens_document_get_marks (doc)[MARKED_CELL], ==, one_two);
  g_assert_cmpuint (lens_test_hash_pixels (grid), ==, hash);

  /* a printed cell the reader is sure of: its close-up says nothing */
  lens_test_click_cell (f->window, PRINTED_CELL);
  lens_test_spin (100);
  g_assert_cmpint (lens_grid_view_get_selected (grid_view), ==, PRINTED_CELL);
  g_assert_false (gtk_widget_get_mapped (note));
  tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (lens_close_up_get_picture (close_up)));
  g_assert_cmpstr (tooltip, ==, "Row 1, column 1 in the photo");
}

static void
add_tests (void)
{
  add ("/photo-marks/from-photo", test_marks_from_photo);
}
