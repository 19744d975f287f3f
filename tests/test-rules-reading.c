/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The player's handwriting read with the puzzle's rules, in the window:
 * a doubtful entry shows as the reading the solution makes likelier, still
 * in doubt, its picture's digit offered beside its close-up; Ctrl+Z takes the reading
 * back (the picture's digit is then doubtful, not wrong), and the
 * picture's digit picked stays the player's. */
#include <adwaita.h>
#include <string.h>

#include "lens-application.h"
#include "lens-gui-test.h"
#include "lens-test-util.h"
#define LENS_TEST_WINDOW_FIXTURE
#include "lens-window-test.h"

/* r3c2 of data/photos-mixed/image100.jpg: the player wrote 6, which the
 * picture alone reads 8 (with some 6); the solution has 6 there. */
#define RULED_CELL 19

static guint8
shown_digit (LensWindow *window,
             guint       cell)
{
  LensGrid board;

  lens_document_get_board (lens_window_get_document (window), &board);
  g_assert_true (board.flags[cell] & LENS_CELL_ENTRY);
  return board.digits[cell];
}

static gboolean
shown_wrong (LensWindow *window,
             guint       cell)
{
  LensGrid board;

  lens_document_get_board (lens_window_get_document (window), &board);
  return (board.flags[cell] & LENS_CELL_WRONG) != 0;
}

static void
test_entry_read_with_rules (Fixture       *f,
                            gconstpointer  data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "photos-mixed", "image100.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  LensDocument *doc = lens_window_get_document (f->window);
  GtkWidget *grid = GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view"));
  LensCloseUp *close_up = LENS_TEST_PART (f->window, LensCloseUp, "close_up");
  const LensEntryCheck *check;

  lens_window_open_file (f->window, file);
  lens_test_wait_settled (f->window);
  g_assert_cmpuint (lens_document_get_scan (doc)->cells[RULED_CELL].digit, ==, 8);
  g_assert_cmpuint (lens_document_get_analysis (doc)->solution.digits[RULED_CELL], ==, 6);

  /* once solved, the entry shows as the rules read it, not wrong but in
   * doubt: its picture reads another digit, which the rules do not vouch
   * against */
  g_assert_cmpuint (shown_digit (f->window, RULED_CELL), ==, 6);
  g_assert_false (shown_wrong (f->window, RULED_CELL));
  g_assert_true (lens_document_cell_is_doubtful (doc, RULED_CELL));
  check = lens_document_get_check (doc);
  g_assert_nonnull (check);
  g_assert_cmpuint (check->status[RULED_CELL], ==, LENS_ENTRY_UNSURE);
  g_assert_cmpuint (check->n_wrong, ==, 0);

  /* its picture's digit is offered */
  lens_test_click_cell (f->window, RULED_CELL);
  lens_test_spin (100);
  g_assert_true (gtk_widget_get_mapped (lens_close_up_get_button (close_up, 0)));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (lens_close_up_get_button (close_up, 0))), ==, "8");

  /* Ctrl+Z shows the picture's digit again, Ctrl+Shift+Z the rules' */
  lens_test_press_key (grid, GDK_KEY_z, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  g_assert_cmpuint (shown_digit (f->window, RULED_CELL), ==, 8);
  g_assert_false (shown_wrong (f->window, RULED_CELL));
  g_assert_true (lens_document_cell_is_doubtful (doc, RULED_CELL));
  lens_test_press_key (grid, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpuint (shown_digit (f->window, RULED_CELL), ==, 6);

  /* the 8 picked is the player's word: checked as it is, and wrong */
  lens_test_press_key (grid, GDK_KEY_8, GDK_ALT_MASK);
  g_assert_cmpuint (shown_digit (f->window, RULED_CELL), ==, 8);
  lens_test_press_key (grid, GDK_KEY_k, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  g_assert_cmpuint (shown_digit (f->window, RULED_CELL), ==, 8);
  g_assert_true (shown_wrong (f->window, RULED_CELL));
  g_assert_cmpuint (lens_document_get_check (doc)->status[RULED_CELL], ==, LENS_ENTRY_WRONG);
}

static void
add_tests (void)
{
  add ("/rules-reading/entry-read-with-rules", test_entry_read_with_rules);
}
