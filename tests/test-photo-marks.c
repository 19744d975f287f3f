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

static gboolean
says_unsure_empty (LensGridView *grid_view,
                   guint         cell)
{
  g_autofree char *tooltip = lens_grid_view_get_cell_tooltip (grid_view, cell);
  g_autofree char *description = lens_grid_view_describe_cell (grid_view, cell);

  return (tooltip != NULL && strstr (tooltip, "unsure whether this cell is empty") != NULL) ||
         strstr (description, "uncertain") != NULL;
}

/* The cells in doubt, and those of them that are empty and marked, in
 * the document as the grid shows it. */
static guint
count_doubtful (LensDocument *doc,
                guint        *marked)
{
  guint n = 0;

  *marked = 0;
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (lens_document_cell_is_doubtful (doc, i))
      {
        n++;
        *marked += lens_document_get_marks (doc)[i] != 0;
      }
  return n;
}

/* A cell of pencil marks is no cell in doubt of being empty: no "?" over
 * its marks, nor "unsure whether this cell is empty". A cell in doubt
 * loses its "?" once the player types a digit into it, and every cell
 * once the puzzle is complete. Fill In All Candidates (Ctrl+Shift+E)
 * fills the cells without marks and leaves the marks read as they are. */
static void
test_marks_not_doubtful (Fixture       *f,
                         gconstpointer  data)
{
  LensDocument *doc = lens_window_get_document (f->window);
  LensGridView *grid_view = LENS_TEST_PART (f->window, LensGridView, "grid_view");
  guint16 read[LENS_GRID_CELLS];
  const LensResult *analysis;
  guint marked, uncertain_marked = 0, filled = 0;
  int doubtful_empty = -1;

  open_pencil_photo (f->window);
  memcpy (read, lens_document_get_marks (doc), sizeof read);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      if (read[i] == 0)
        {
          if (doubtful_empty < 0 && lens_document_get_grid (doc)->digits[i] == 0 &&
              lens_document_get_entries (doc)[i] == 0 && lens_document_cell_is_doubtful (doc, i))
            doubtful_empty = (int) i;
          continue;
        }
      uncertain_marked += (lens_document_get_grid (doc)->flags[i] & LENS_CELL_UNCERTAIN) != 0;
      g_assert_false (lens_document_cell_is_doubtful (doc, i));
      g_assert_false (says_unsure_empty (grid_view, i));
    }
  /* the photo has marked cells the reader was unsure were empty */
  g_test_message ("%u marked cells read uncertain; first doubtful empty cell %d", uncertain_marked, doubtful_empty);
  g_assert_cmpuint (uncertain_marked, >, 0);
  g_assert_cmpuint (count_doubtful (doc, &marked), >=, 0);
  g_assert_cmpuint (marked, ==, 0);

  /* Fill In All Candidates: the marks read stay, the cells without any
   * get theirs */
  lens_test_press_key (f->grid, GDK_KEY_E, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  lens_test_wait_settled (f->window);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (read[i] != 0)
      g_assert_cmpuint (lens_document_get_marks (doc)[i], ==, read[i]);
    else
      filled += lens_document_get_marks (doc)[i] != 0;
  g_assert_cmpuint (filled, >, 0);
  /* and marked now, no cell of them is in doubt */
  g_assert_cmpuint (count_doubtful (doc, &marked), >=, 0);
  g_assert_cmpuint (marked, ==, 0);
  lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  g_assert_cmpmem (lens_document_get_marks (doc), sizeof read, read, sizeof read);

  /* the player types the solution's digit into each empty cell, with real
   * keys: each "?" goes as its cell is typed in, and none is left once
   * the puzzle is complete */
  analysis = lens_document_get_analysis (doc);
  g_assert_true (lens_result_is_solved (analysis));
  if (!lens_document_get_playing (doc))
    lens_test_press_key (f->grid, GDK_KEY_p, GDK_CONTROL_MASK);
  g_assert_true (lens_document_get_playing (doc));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      guint8 digit = analysis->solution.digits[i];

      if (lens_document_get_grid (doc)->digits[i] != 0 || lens_document_get_entries (doc)[i] == digit)
        continue;
      lens_grid_view_set_selected (grid_view, (int) i);
      lens_test_press_key (f->grid, GDK_KEY_0 + digit, 0);
      g_assert_cmpuint (lens_document_get_entries (doc)[i], ==, digit);
      g_assert_false (lens_document_cell_is_uncertain (doc, i));
      if ((int) i == doubtful_empty)
        g_assert_false (lens_document_cell_is_doubtful (doc, i));
    }
  lens_test_wait_settled (f->window);
  g_assert_true (lens_document_is_complete_and_right (doc));
  g_assert_cmpuint (count_doubtful (doc, &marked), ==, 0);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    g_assert_false (says_unsure_empty (grid_view, i));
}

static void
add_tests (void)
{
  add ("/photo-marks/from-photo", test_marks_from_photo);
  add ("/photo-marks/not-doubtful", test_marks_not_doubtful);
}
