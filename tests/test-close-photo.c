/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Closing the photo: back to the start page with nothing to act on, the
 * saved session gone, and the toast's Undo bringing everything back. */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "lens-application.h"
#include "lens-gui-test.h"
#include "lens-test-util.h"
#define LENS_TEST_WINDOW_FIXTURE
#include "lens-window-test.h"

static void
open_path (LensWindow *window,
           const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  lens_window_open_file (window, file);
  lens_test_wait_settled (window);
  g_assert_cmpint (lens_document_get_state (lens_window_get_document (window)), ==, LENS_DOCUMENT_CHECK);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), ==, "board");
}

/* @name: of data/samples */
static void
open_photo (LensWindow *window,
            const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", name, NULL);

  open_path (window, path);
}

static gboolean
session_saved (gpointer data)
{
  g_autofree char *path = g_build_filename (data_dir, "session.json", NULL);

  return g_file_test (path, G_FILE_TEST_EXISTS) == GPOINTER_TO_INT (data);
}

/* The header's control for @action, found as a user would see it. */
static gboolean
has_action (GtkWidget  *widget,
            const char *action)
{
  return GTK_IS_ACTIONABLE (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static GtkWidget *
find_actionable (GtkWidget  *root,
                 const char *action)
{
  return lens_test_find_widget (root, has_action, action);
}

static void
assert_control_sensitive (LensWindow *window,
                          const char *action,
                          gboolean    sensitive)
{
  GtkWidget *control = find_actionable (GTK_WIDGET (window), action);

  g_assert_nonnull (control);
  g_assert_cmpint (gtk_widget_is_sensitive (control), ==, sensitive);
}

/* The sample edited every way a player can: a printed digit fixed, a digit
 * of the player's while playing, a pencil mark. */
static void
edit_sample (LensWindow *window)
{
  GtkWidget *grid = GTK_WIDGET (LENS_TEST_PART (window, LensGridView, "grid_view"));
  LensDocument *doc = lens_window_get_document (window);

  gtk_widget_grab_focus (grid);
  lens_test_click_cell (window, 0);
  lens_test_press_key (grid, GDK_KEY_3, 0);
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[0], ==, 3);
  lens_test_press_key (grid, GDK_KEY_p, GDK_CONTROL_MASK);
  g_assert_true (lens_document_get_playing (doc));
  lens_test_click_cell (window, 1);
  lens_test_press_key (grid, GDK_KEY_9, 0);
  g_assert_cmpuint (lens_document_get_entries (doc)[1], ==, 9);
  lens_test_click_cell (window, 3);
  lens_test_press_key (grid, GDK_KEY_2, GDK_CONTROL_MASK);
  g_assert_cmpuint (lens_document_get_marks (doc)[3], ==, LENS_DIGIT_BIT (2));
}

/* Ctrl+Shift+W closes the photo: the start page, nothing to solve, hint,
 * play, undo or export, and no saved session; the toast's Undo brings the
 * photo, the grid, the edits and their history back as they were. */
static void
test_close_and_undo (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(LensPhoto) photo = NULL;
  GdkTexture *shown;
  GtkWidget *undo;

  open_photo (f->window, "sample.jpg");
  edit_sample (f->window);
  lens_test_wait_settled (f->window);
  g_assert_true (lens_test_wait (session_saved, GINT_TO_POINTER (TRUE), 5000));
  before = lens_test_document_text (f->window);
  texture = g_object_ref (lens_photo_view_get_texture (LENS_TEST_PART (f->window, LensPhotoView, "photo_view")));
  photo = lens_photo_ref (lens_document_get_photo (f->doc));

  lens_test_press_key (f->grid, GDK_KEY_w, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (f->window, GtkStack, "stack")), ==, "empty");
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_EMPTY);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window)));
  g_assert_false (gtk_widget_is_sensitive (LENS_TEST_PART (f->window, GtkWidget, "export_button")));
  g_assert_false (gtk_widget_is_sensitive (LENS_TEST_PART (f->window, GtkWidget, "solve_button")));
  assert_control_sensitive (f->window, "win.hint", FALSE);
  assert_control_sensitive (f->window, "win.play", FALSE);
  assert_control_sensitive (f->window, "win.redo", FALSE);
  assert_control_sensitive (f->window, "win.pencil", FALSE);
  assert_control_sensitive (f->window, "win.open", TRUE);
  /* the game closed can come back, by the toast or by Ctrl+Z */
  assert_control_sensitive (f->window, "win.undo", TRUE);
  g_assert_true (lens_test_wait (session_saved, GINT_TO_POINTER (FALSE), 5000));
  lens_test_spin (500);
  g_assert_true (session_saved (GINT_TO_POINTER (FALSE)));

  undo = lens_test_find_button (GTK_WIDGET (LENS_TEST_PART (f->window, AdwToastOverlay, "toast_overlay")), "_Undo");
  g_assert_nonnull (undo);
  g_assert_true (lens_test_find_label (GTK_WIDGET (LENS_TEST_PART (f->window, AdwToastOverlay, "toast_overlay")), "Photo closed"));
  lens_test_click (undo, gtk_widget_get_width (undo) / 2.0, gtk_widget_get_height (undo) / 2.0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (f->window, GtkStack, "stack")), ==, "board");
  after = lens_test_document_text (f->window);
  g_assert_cmpstr (after, ==, before);
  /* the same photo, not decoded again, shown at the same size */
  g_assert_true (lens_document_get_photo (f->doc) == photo);
  shown = lens_photo_view_get_texture (LENS_TEST_PART (f->window, LensPhotoView, "photo_view"));
  g_assert_nonnull (shown);
  g_assert_cmpint (gdk_texture_get_width (shown), ==, gdk_texture_get_width (texture));
  g_assert_cmpint (gdk_texture_get_height (shown), ==, gdk_texture_get_height (texture));
  g_assert_true (lens_document_get_playing (f->doc));
  g_assert_true (gtk_widget_is_sensitive (LENS_TEST_PART (f->window, GtkWidget, "export_button")));
  assert_control_sensitive (f->window, "win.undo", TRUE);
  g_assert_true (lens_test_wait (session_saved, GINT_TO_POINTER (TRUE), 5000));

  /* the history came back too, newest edit first */
  lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (lens_document_get_marks (f->doc)[3], ==, 0);
  lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (lens_document_get_entries (f->doc)[1], ==, 0);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[0], ==, 3);
}

static gboolean
no_undo_offered (gpointer window)
{
  return lens_test_find_button (GTK_WIDGET (LENS_TEST_PART (window, AdwToastOverlay, "toast_overlay")), "_Undo") == NULL;
}

static void
press (Fixture         *f,
       guint            keyval,
       GdkModifierType  mods)
{
  lens_test_press_key (f->grid, keyval, mods);
  lens_test_wait_settled (f->window);
}

/* Opening another photo over a game and Close Photo are undone with
 * Ctrl+Z like any edit, after the edits made since: the game before comes
 * back whole; Ctrl+Shift+Z goes forward again. */
static void
test_undo_brings_games_back (Fixture       *f,
                             gconstpointer  data)
{
  g_autofree char *other_path = g_test_build_filename (G_TEST_DIST, "data", "photos", "image1.jpg", NULL);
  g_autofree char *sample = NULL, *other = NULL, *text = NULL;

  open_photo (f->window, "sample.jpg");
  edit_sample (f->window);
  lens_test_wait_settled (f->window);
  sample = lens_test_document_text (f->window);

  open_path (f->window, other_path);
  other = lens_test_document_text (f->window);
  g_assert_cmpstr (other, !=, sample);
  assert_control_sensitive (f->window, "win.undo", TRUE);
  press (f, GDK_KEY_z, GDK_CONTROL_MASK);
  text = lens_test_document_text (f->window);
  g_assert_cmpstr (text, ==, sample);
  g_clear_pointer (&text, g_free);
  press (f, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  text = lens_test_document_text (f->window);
  g_assert_cmpstr (text, ==, other);
  g_clear_pointer (&text, g_free);
  g_assert_cmpstr (lens_document_get_photo_path (f->doc), ==, other_path);
  press (f, GDK_KEY_z, GDK_CONTROL_MASK);
  text = lens_test_document_text (f->window);
  g_assert_cmpstr (text, ==, sample);
  g_clear_pointer (&text, g_free);

  /* Close Photo, undone by Ctrl+Z with no toast clicked */
  press (f, GDK_KEY_w, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (f->window, GtkStack, "stack")), ==, "empty");
  lens_test_press_key (GTK_WIDGET (f->window), GDK_KEY_z, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (f->window, GtkStack, "stack")), ==, "board");
  text = lens_test_document_text (f->window);
  g_assert_cmpstr (text, ==, sample);
  g_clear_pointer (&text, g_free);
  /* its toast went with it */
  g_assert_true (lens_test_wait (no_undo_offered, f->window, 3000));
  press (f, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_EMPTY);
}

static void
load_typed (LensWindow *window)
{
  LensGrid grid;

  g_assert_true (lens_grid_parse (&grid, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
                                  -1, NULL));
  lens_window_load_grid (window, &grid);
}

/* Close, then open the next at once, again and again, as fast as the app
 * lets a player: each close's toast slides in while the one before it
 * still hides, and goes when the next close offers its own. libadwaita
 * 1.2 crashed the app when a toast left before it had finished sliding in. */
static void
test_close_open_quickly (Fixture       *f,
                         gconstpointer  data)
{
  GtkWidget *overlay = GTK_WIDGET (LENS_TEST_PART (f->window, AdwToastOverlay, "toast_overlay"));

  load_typed (f->window);
  for (guint i = 0; i < 8; i++)
    {
      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.close-photo", NULL);
      g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_EMPTY);
      lens_test_spin (20 * i);
      load_typed (f->window);
      g_assert_cmpint (lens_document_get_state (f->doc), !=, LENS_DOCUMENT_EMPTY);
      lens_test_spin (40);
    }
  /* every toast's animations run to their end */
  lens_test_spin (1500);
  g_assert_true (lens_test_wait (lens_test_no_toasts, overlay, 5000));

  /* the last close still offers its Undo, and it works */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.close-photo", NULL);
  g_assert_true (lens_test_wait_label (overlay, "Photo closed"));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.reopen-photo", NULL);
  g_assert_cmpint (lens_document_get_state (f->doc), !=, LENS_DOCUMENT_EMPTY);
  lens_test_spin (1000);
}

/* The same words twice in a row make one toast, not a queue of them. */
static void
test_same_failure_one_toast (Fixture       *f,
                             gconstpointer  data)
{
  GtkWidget *overlay = GTK_WIDGET (LENS_TEST_PART (f->window, AdwToastOverlay, "toast_overlay"));
  g_autofree char *path = g_build_filename (f->tmp, "broken.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_true (g_file_set_contents (path, "not a photo", -1, NULL));
  for (guint i = 0; i < 3; i++)
    {
      lens_window_open_file (f->window, file);
      lens_test_wait_settled (f->window);
    }
  g_assert_cmpuint (lens_test_count_toasts (overlay), ==, 1);
  lens_test_dismiss_toasts (f->window);
  /* and no other one waits behind it */
  lens_test_spin (1000);
  g_assert_cmpuint (lens_test_count_toasts (overlay), ==, 0);
}

static gboolean
has_shortcut (GtkWidget  *root,
              const char *accelerator)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (root))
    {
      g_autofree char *accel = NULL;

      g_object_get (root, "accelerator", &accel, NULL);
      if (g_strcmp0 (accel, accelerator) == 0)
        return TRUE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    if (has_shortcut (child, accelerator))
      return TRUE;
  return FALSE;
}

/* The main menu has the item, and the shortcuts window the key. */
static void
test_menu_and_shortcut (Fixture       *f,
                        gconstpointer  data)
{
  GtkShortcutsWindow *help = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (f->window));
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.close-photo");

  g_assert_true (lens_test_menu_has (lens_test_main_menu (GTK_WIDGET (f->window)), G_MENU_ATTRIBUTE_ACTION,
                                     "win.close-photo", NULL));
  g_assert_nonnull (accels[0]);
  g_assert_cmpstr (accels[0], ==, "<Shift><Control>w");
  g_assert_nonnull (help);
  g_assert_true (has_shortcut (GTK_WIDGET (help), "<Ctrl><Shift>w"));
}

static void
add_tests (void)
{
  add ("/close-photo/close-and-undo", test_close_and_undo);
  add ("/close-photo/undo-brings-games-back", test_undo_brings_games_back);
  add ("/close-photo/menu-and-shortcut", test_menu_and_shortcut);
  add ("/close-photo/close-open-quickly", test_close_open_quickly);
  add ("/close-photo/same-failure-one-toast", test_same_failure_one_toast);
}
