/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The hint walk: each photo filled in by pen, Hint pressed (Ctrl+H) again
 * and again as a player would, up to 100 times. Each ends with the puzzle
 * complete and right, or with the hinter saying why it cannot go on (in a
 * toast); never the same words twice in a row on a board unchanged, and
 * never a step "made" that changed nothing. tools/hint-walk walks a whole
 * folder of photos the same way without a window. */
#include <adwaita.h>
#include <string.h>

#include "lens-application.h"
#include "lens-gui-test.h"
#include "lens-test-util.h"
#define LENS_TEST_WINDOW_FIXTURE
#include "lens-window-test.h"

#define MAX_PRESSES 100

/* The board as the player sees it: printed digits, theirs, their marks,
 * and the "?" of a digit in doubt (a step may place the digit a doubted
 * entry shows, which makes it the player's and takes the doubt away). */
static char *
board_key (LensDocument *doc)
{
  const LensGrid *grid = lens_document_get_grid (doc);
  GString *key = g_string_new (NULL);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    g_string_append_printf (key, "%u%u%03x%d", grid->digits[i], lens_document_get_entries (doc)[i],
                            lens_document_get_marks (doc)[i], lens_document_cell_is_doubtful (doc, i));
  return g_string_free (key, FALSE);
}

static void
collect_labels (GtkWidget *widget,
                GString   *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    g_string_append_printf (text, "%s\n", gtk_label_get_label (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect_labels (child, text);
}

/* What the window says now: the banner, and the toasts' words. */
static char *
shown_words (LensWindow *window)
{
  GtkWidget *overlay = GTK_WIDGET (LENS_TEST_PART (window, AdwToastOverlay, "toast_overlay"));
  g_autoptr(GPtrArray) toasts = g_ptr_array_new ();
  GString *text = g_string_new (NULL);

  if (gtk_widget_get_visible (LENS_TEST_PART (window, GtkWidget, "message_box")))
    g_string_append_printf (text, "%s\n", gtk_label_get_label (LENS_TEST_PART (window, GtkLabel, "message_label")));
  lens_test_find_toasts (overlay, toasts);
  for (guint i = 0; i < toasts->len; i++)
    collect_labels (g_ptr_array_index (toasts, i), text);
  return g_string_free (text, FALSE);
}

static void
test_walk (Fixture       *f,
           gconstpointer  data)
{
  const char *name = data;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "photos-mixed", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkWidget *overlay = GTK_WIDGET (LENS_TEST_PART (f->window, AdwToastOverlay, "toast_overlay"));
  LensHinter *hinter = lens_window_get_hinter (f->window);
  g_autofree char *last_words = NULL;
  g_autofree char *last_board = NULL;
  gboolean ended = FALSE;
  guint press;

  lens_window_open_file (f->window, file);
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_document_get_state (f->doc), !=, LENS_DOCUMENT_EMPTY);

  for (press = 0; press < MAX_PRESSES && !ended; press++)
    {
      g_autofree char *before = board_key (f->doc);
      g_autofree char *after = NULL;
      g_autofree char *words = NULL;
      gboolean making = lens_hinter_step_is_current (hinter) || lens_hinter_misread_is_current (hinter);

      lens_test_press_key (f->grid, GDK_KEY_h, GDK_CONTROL_MASK);
      lens_test_wait_settled (f->window);
      after = board_key (f->doc);
      words = shown_words (f->window);
      g_test_message ("%s, press %u: %s", name, press + 1, words);

      /* a step made changes the board */
      if (making)
        g_assert_cmpstr (after, !=, before);
      /* the same words on the same board: a loop */
      if (last_words != NULL && g_str_equal (after, last_board))
        g_assert_cmpstr (words, !=, last_words);

      if (lens_document_is_complete_and_right (f->doc))
        ended = TRUE;
      else if (lens_hinter_get_step (hinter) == NULL && !making && !lens_hinter_misread_is_current (hinter))
        {
          /* no step: the hinter says why, and the window shows it */
          const char *why = lens_hinter_get_message (hinter);

          g_assert_nonnull (why);
          g_assert_true (lens_test_wait_label (overlay, why));
          ended = TRUE;
        }
      g_free (last_words);
      last_words = g_steal_pointer (&words);
      g_free (last_board);
      last_board = g_steal_pointer (&after);
    }
  g_test_message ("%s: %s after %u presses", name,
                  lens_document_is_complete_and_right (f->doc) ? "solved" : lens_hinter_get_message (hinter), press);
  g_assert_true (ended);
}

static void
add_tests (void)
{
  static const char *const photos[] = {
    "image1.jpg", "image10.jpg", "image100.jpg", "image30.jpg", "image1-half.jpg", "image10-swapped.jpg",
  };

  /* each test has its photo: g_test_add, not the header's add() */
  (void) add;
  for (guint i = 0; i < G_N_ELEMENTS (photos); i++)
    {
      g_autofree char *path = g_strdup_printf ("/hint-walk/%s", photos[i]);

      g_test_add (path, Fixture, photos[i], fixture_set_up, test_walk, fixture_tear_down);
    }
}
