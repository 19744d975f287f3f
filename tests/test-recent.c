/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "lens-application.h"
#include "lens-gui-test.h"
#include "lens-recent-games.h"
#include "lens-test-util.h"
#define LENS_TEST_WINDOW_FIXTURE
#include "lens-window-test.h"

/* The earlier games, as a player meets them: a game given up for another
 * or closed waits on the start page and in the main menu's Recent Games,
 * with its photo's name and when it was played, and a click takes it up
 * again as it was; a game that cannot be read, or whose photo is gone,
 * says so and loses nothing. */

static LensRecentGames *
recent_games (void)
{
  return lens_application_get_recent_games (LENS_APPLICATION (app));
}

/* No earlier games: each test starts without those of the last. */
static void
forget_games (void)
{
  lens_test_remove_tree (lens_recent_games_get_dir (recent_games ()));
  lens_recent_games_reload (recent_games ());
  lens_test_spin (50);
}

static GtkWidget *
find_row (Fixture    *f,
          const char *title)
{
  GtkWidget *list = GTK_WIDGET (LENS_TEST_PART (f->window, GtkListBox, "recent_rows"));

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (ADW_IS_ACTION_ROW (row) && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), title) == 0)
      return row;
  return NULL;
}

static guint
count_rows (Fixture *f)
{
  GtkWidget *list = GTK_WIDGET (LENS_TEST_PART (f->window, GtkListBox, "recent_rows"));
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    n += ADW_IS_ACTION_ROW (row);
  return n;
}

static void
click_row (Fixture    *f,
           const char *title)
{
  GtkWidget *row = find_row (f, title);

  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (row));
  lens_test_click (row, gtk_widget_get_width (row) / 2.0, gtk_widget_get_height (row) / 2.0);
  lens_test_spin (200);
}

static gboolean
start_page_shown (gpointer data)
{
  GtkStack *stack = LENS_TEST_PART (LENS_WINDOW (data), GtkStack, "stack");

  return g_strcmp0 (gtk_stack_get_visible_child_name (stack), "empty") == 0 &&
         gtk_widget_get_mapped (lens_test_window_part (data, "recent_list"));
}

static void
close_photo (Fixture *f)
{
  lens_test_press_key (GTK_WIDGET (f->window), GDK_KEY_w, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_true (lens_test_wait (start_page_shown, f->window, 5000));
  lens_test_spin (200);
  lens_test_dismiss_toasts (f->window);
}

static int
first_empty_cell (Fixture *f)
{
  const LensGrid *grid = lens_document_get_grid (f->doc);

  for (int i = 0; i < LENS_GRID_CELLS; i++)
    if (grid->digits[i] == 0)
      return i;
  g_assert_not_reached ();
}

/* The labels of the main menu's Recent Games. */
static char *
menu_labels (Fixture *f)
{
  GMenuModel *section = G_MENU_MODEL (lens_test_window_part (f->window, "recent_section"));
  GString *labels = g_string_new (NULL);
  GMenuModel *submenu;

  if (g_menu_model_get_n_items (section) == 0)
    return g_string_free (labels, FALSE);
  g_assert_cmpint (g_menu_model_get_n_items (section), ==, 1);
  submenu = g_menu_model_get_item_link (section, 0, G_MENU_LINK_SUBMENU);
  g_assert_nonnull (submenu);
  for (int i = 0; i < g_menu_model_get_n_items (submenu); i++)
    {
      g_autofree char *label = NULL;

      g_assert_true (g_menu_model_get_item_attribute (submenu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label));
      g_string_append_printf (labels, "%s\n", label);
    }
  g_object_unref (submenu);
  return g_string_free (labels, FALSE);
}

/* A photo given up for a typed puzzle, and that one closed: both wait on
 * the start page and in the menu; a click on the photo's brings it back
 * with the digit typed in it. */
static void
test_given_up_and_taken_up (Fixture       *f,
                            gconstpointer  data)
{
  g_autofree char *sample = NULL;
  g_autofree char *labels = NULL;
  LensGrid typed;
  GtkWidget *row;
  int cell;

  forget_games ();
  g_assert_false (gtk_widget_get_visible (lens_test_window_part (f->window, "recent_list")));
  labels = menu_labels (f);
  g_assert_cmpstr (labels, ==, "");
  g_clear_pointer (&labels, g_free);

  lens_test_open_sample (f->window);
  sample = g_strdup (lens_document_get_photo_path (f->doc));
  cell = first_empty_cell (f);
  lens_test_click_cell (f->window, (guint) cell);
  lens_test_press_key (f->grid, GDK_KEY_4, 0);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[cell], ==, 4);
  lens_grid_clear (&typed);
  typed.digits[0] = 5;
  typed.flags[0] = LENS_CELL_GIVEN;
  lens_window_load_grid (f->window, &typed);
  lens_test_wait_settled (f->window);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (recent_games ())), ==, 1);
  labels = menu_labels (f);
  g_assert_true (g_str_has_prefix (labels, "sample.jpg — Today at "));
  g_clear_pointer (&labels, g_free);

  close_photo (f);
  g_assert_cmpuint (count_rows (f), ==, 2);
  row = find_row (f, "Typed puzzle");
  g_assert_nonnull (row);
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "Today at "));
  g_assert_nonnull (find_row (f, "sample.jpg"));
  labels = menu_labels (f);
  g_assert_true (g_str_has_prefix (labels, "Typed puzzle — Today at "));
  g_assert_nonnull (strstr (labels, "\nsample.jpg — Today at "));

  click_row (f, "sample.jpg");
  lens_test_wait_settled (f->window);
  g_assert_cmpstr (lens_document_get_photo_path (f->doc), ==, sample);
  g_assert_nonnull (lens_document_get_image (f->doc));
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[cell], ==, 4);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  /* taken up, it leaves the list; the typed puzzle stays */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (recent_games ())), ==, 1);
  g_assert_cmpuint (count_rows (f), ==, 1);
  g_assert_nonnull (find_row (f, "Typed puzzle"));

  /* the menu's item takes up the typed puzzle, and keeps the photo's game */
  {
    g_autoptr(LensRecentGame) game = g_list_model_get_item (G_LIST_MODEL (recent_games ()), 0);

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open-recent", "s",
                                               lens_recent_game_get_path (game)));
  }
  lens_test_wait_settled (f->window);
  g_assert_null (lens_document_get_photo_path (f->doc));
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[0], ==, 5);
  g_clear_pointer (&labels, g_free);
  labels = menu_labels (f);
  g_assert_true (g_str_has_prefix (labels, "sample.jpg — Today at "));
  forget_games ();
}

/* A game file that cannot be read says so and is kept aside, the board
 * untouched; a game whose photo is gone says so, and its grid comes back. */
static void
test_unreadable_and_photo_gone (Fixture       *f,
                                gconstpointer  data)
{
  g_autofree char *sample = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", "sample.jpg", NULL);
  g_autofree char *photo = g_build_filename (f->tmp, "IMG_0001.jpg", NULL);
  g_autofree char *bad = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (photo);
  GtkWidget *row;
  gsize size;

  forget_games ();
  g_assert_true (g_file_get_contents (sample, &contents, &size, NULL));
  g_assert_true (g_file_set_contents (photo, contents, (gssize) size, NULL));
  lens_window_open_file (f->window, file);
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  close_photo (f);
  g_assert_cmpint (g_unlink (photo), ==, 0);

  bad = g_build_filename (lens_recent_games_get_dir (recent_games ()), "game-broken.json", NULL);
  g_assert_true (g_file_set_contents (bad, "{\"version\": 1, \"game\": {\"digits\": \"53..7", -1, NULL));
  lens_recent_games_reload (recent_games ());
  lens_test_spin (200);
  g_assert_cmpuint (count_rows (f), ==, 2);
  row = find_row (f, "IMG_0001.jpg");
  g_assert_nonnull (row);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "the photo is no longer there"));

  click_row (f, "Unreadable game");
  g_assert_true (lens_test_wait_label (GTK_WIDGET (f->window), "This game could not be restored ("));
  g_assert_true (lens_test_find_label (GTK_WIDGET (f->window), "It was kept as"));
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_EMPTY);
  g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_rows (f), ==, 1);
  lens_test_dismiss_toasts (f->window);

  click_row (f, "IMG_0001.jpg");
  lens_test_wait_settled (f->window);
  g_assert_true (lens_test_wait_label (GTK_WIDGET (f->window),
                                       "The photo of the saved puzzle could not be opened; the grid is kept"));
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_cmpuint (lens_document_count_givens (f->doc), >, 17);
  forget_games ();
}

static void
add_tests (void)
{
  add ("/recent/given-up-and-taken-up", test_given_up_and_taken_up);
  add ("/recent/unreadable-and-photo-gone", test_unreadable_and_photo_gone);
}
