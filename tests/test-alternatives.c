/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The reader's other readings of a doubtful cell, offered beside its
 * close-up: clicked or typed with Alt, taken back with Ctrl+Z. */
#include <adwaita.h>
#include <string.h>

#include "lens-application.h"
#include "lens-gui-test.h"
#include "lens-test-util.h"
#define LENS_TEST_WINDOW_FIXTURE
#include "lens-window-test.h"

/* r1c3 of data/samples/sample.jpg holds a printed 6: the tests say the
 * reader read it with doubt, 8, empty and 5 coming next, then 3. */
#define DOUBTED_CELL 2
static const float doubt[LENS_N_CLASSES] = { [6] = 0.55f, [8] = 0.25f, [0] = 0.1f, [5] = 0.06f, [3] = 0.04f };

/* Opens the sample and gives its r1c3 the doubtful reading above. */
static void
open_doubtful_sample (LensWindow *window)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", "sample.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  LensDocument *doc = lens_window_get_document (window);
  LensScan scan;
  LensGrid grid;

  lens_window_open_file (window, file);
  lens_test_wait_settled (window);
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_CHECK);
  scan = *lens_document_get_scan (doc);
  memcpy (scan.cells[DOUBTED_CELL].scores, doubt, sizeof doubt);
  lens_cell_read_update (&scan.cells[DOUBTED_CELL], 0);
  lens_scan_read_grid (&scan, LENS_ENGINE_DEFAULT, &grid);
  lens_document_reread (doc, &scan, &grid);
  lens_test_wait_settled (window);
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[DOUBTED_CELL], ==, 6);
  g_assert_true (lens_document_get_grid (doc)->flags[DOUBTED_CELL] & LENS_CELL_UNCERTAIN);
}

static GtkWidget *
get_button (LensWindow *window,
            guint       index)
{
  GtkWidget *button = lens_close_up_get_button (LENS_TEST_PART (window, LensCloseUp, "close_up"), index);

  g_assert_nonnull (button);
  return button;
}

static guint
count_offered (LensWindow *window)
{
  guint n = 0;

  for (guint i = 0; i < LENS_CLOSE_UP_MAX_ALTERNATIVES; i++)
    n += gtk_widget_get_mapped (lens_close_up_get_button (LENS_TEST_PART (window, LensCloseUp, "close_up"), i));
  return n;
}

/* What @button shows: its digit, or "empty" for the icon of an empty cell. */
static const char *
button_shows (GtkWidget *button)
{
  if (g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (button)), "edit-clear-symbolic") == 0)
    return "empty";
  return gtk_button_get_label (GTK_BUTTON (button));
}

static void
assert_offers_doubt (LensWindow *window)
{
  static const char * const want[] = { "8", "empty", "5" };

  g_assert_cmpuint (count_offered (window), ==, 3);
  g_assert_true (gtk_widget_get_mapped (lens_close_up_get_alternatives_label (LENS_TEST_PART (window, LensCloseUp, "close_up"))));
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    {
      GtkWidget *button = get_button (window, i);
      g_autofree char *label = g_strdup_printf ("Could also be %s", want[i]);

      g_assert_cmpstr (button_shows (button), ==, want[i]);
      g_assert_true (gtk_widget_is_sensitive (button));
      gtk_test_accessible_assert_property (button, GTK_ACCESSIBLE_PROPERTY_LABEL, label);
    }
}

/* Selecting the doubtful cell offers its three best other readings, best
 * first, and nothing moves for them; a click takes one, Ctrl+Z takes it
 * back, and the readings are offered again. */
static void
test_click_picks (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *description = NULL;
  graphene_rect_t grid_at, box_at, now;
  guint hidden;

  open_doubtful_sample (f->window);
  g_assert_cmpuint (count_offered (f->window), ==, 0);
  g_assert_false (gtk_widget_get_mapped (lens_close_up_get_alternatives_label (LENS_TEST_PART (f->window, LensCloseUp, "close_up"))));
  lens_test_get_bounds (f->window, f->grid, &grid_at);
  lens_test_get_bounds (f->window, lens_close_up_get_alternatives (LENS_TEST_PART (f->window, LensCloseUp, "close_up")), &box_at);
  hidden = lens_test_hash_pixels (lens_close_up_get_alternatives (LENS_TEST_PART (f->window, LensCloseUp, "close_up")));

  lens_test_click_cell (f->window, 40);
  g_assert_cmpint (lens_grid_view_get_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view")), ==, 40);
  g_assert_cmpuint (count_offered (f->window), ==, 0);
  lens_test_click_cell (f->window, DOUBTED_CELL);
  g_assert_cmpint (lens_grid_view_get_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view")), ==, DOUBTED_CELL);
  lens_test_spin (100);
  assert_offers_doubt (f->window);
  /* on the screen, not only in the widget tree */
  g_assert_cmpuint (lens_test_hash_pixels (lens_close_up_get_alternatives (LENS_TEST_PART (f->window, LensCloseUp, "close_up"))), !=, hidden);
  description = lens_grid_view_describe_cell (LENS_TEST_PART (f->window, LensGridView, "grid_view"), DOUBTED_CELL);
  g_assert_nonnull (strstr (description, "could also be 8, empty or 5"));
  lens_test_get_bounds (f->window, f->grid, &now);
  g_assert_true (graphene_rect_equal (&now, &grid_at));
  lens_test_get_bounds (f->window, lens_close_up_get_alternatives (LENS_TEST_PART (f->window, LensCloseUp, "close_up")), &now);
  g_assert_true (graphene_rect_equal (&now, &box_at));

  lens_test_click (get_button (f->window, 0), gtk_widget_get_width (get_button (f->window, 0)) / 2.0,
                   gtk_widget_get_height (get_button (f->window, 0)) / 2.0);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[DOUBTED_CELL], ==, 8);
  g_assert_false (lens_document_get_grid (f->doc)->flags[DOUBTED_CELL] & LENS_CELL_UNCERTAIN);
  g_assert_cmpuint (count_offered (f->window), ==, 0);
  g_assert_true (gtk_widget_has_focus (f->grid));
  lens_test_spin (100);
  g_assert_cmpuint (lens_test_hash_pixels (lens_close_up_get_alternatives (LENS_TEST_PART (f->window, LensCloseUp, "close_up"))), ==, hidden);

  lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[DOUBTED_CELL], ==, 6);
  assert_offers_doubt (f->window);
  lens_test_get_bounds (f->window, f->grid, &now);
  g_assert_true (graphene_rect_equal (&now, &grid_at));
}

/* Alt and a digit takes that reading of the selected cell, when it is
 * one offered; empty is Alt+0. */
static void
test_keys_pick (Fixture       *f,
                gconstpointer  data)
{
  open_doubtful_sample (f->window);
  lens_test_click_cell (f->window, DOUBTED_CELL);
  assert_offers_doubt (f->window);
  /* 3 is the reader's fourth guess, 7 none of its */
  lens_test_press_key (f->grid, GDK_KEY_3, GDK_ALT_MASK);
  lens_test_press_key (f->grid, GDK_KEY_7, GDK_ALT_MASK);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[DOUBTED_CELL], ==, 6);
  g_assert_false (lens_document_can_redo (f->doc));

  lens_test_press_key (f->grid, GDK_KEY_5, GDK_ALT_MASK);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[DOUBTED_CELL], ==, 5);
  lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK);
  lens_test_press_key (f->grid, GDK_KEY_0, GDK_ALT_MASK);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[DOUBTED_CELL], ==, 0);
  lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[DOUBTED_CELL], ==, 6);

  /* a cell the reader was sure of offers nothing, and Alt+digit there
   * changes nothing */
  lens_test_click_cell (f->window, 0);
  g_assert_cmpuint (count_offered (f->window), ==, 0);
  lens_test_press_key (f->grid, GDK_KEY_8, GDK_ALT_MASK);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[0], ==, lens_document_get_scan (f->doc)->cells[0].digit);
}

static void
add_tests (void)
{
  add ("/alternatives/click-picks", test_click_picks);
  add ("/alternatives/keys-pick", test_keys_pick);
}
