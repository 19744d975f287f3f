/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "lens-application.h"
#include "lens-document.h"
#include "lens-gui-test.h"
#include "lens-test-util.h"
#define LENS_TEST_WINDOW_FIXTURE
#include "lens-window-test.h"
#include "lens-window.h"

/* What the player gets from Ctrl+S and the save dialog: the file type
 * follows the typed extension or the filter, never both; no other file is
 * overwritten without asking; Ctrl+S before solving says why nothing is
 * saved. Only the window's public API, its actions and real key presses. */

static void
press_ctrl (LensWindow *window,
            guint       keyval)
{
  lens_test_press_key (GTK_WIDGET (window), keyval, GDK_CONTROL_MASK);
  lens_test_spin (100);
}

static void
dismiss_toasts (GtkWidget *window)
{
  lens_test_close_toasts (window);
  lens_test_spin (300);
}

/* Waits for the window to say @message, then dismisses what it says. */
static void
assert_said_and_dismiss (Fixture    *f,
                         const char *message)
{
  g_assert_true (lens_test_wait_label (GTK_WIDGET (f->window), message));
  dismiss_toasts (GTK_WIDGET (f->window));
}

/* The sample opened and solved with Ctrl+Return. */
static void
open_and_solve (Fixture *f)
{
  lens_test_open_sample (f->window);
  press_ctrl (f->window, GDK_KEY_Return);
  lens_test_wait_idle (f->window);
  g_assert_cmpint (lens_document_get_state (lens_window_get_document (f->window)), ==, LENS_DOCUMENT_SOLVED);
}

static gboolean
message_shown (gpointer data)
{
  return lens_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

/* Ctrl+S, the dialog's folder set to @folder, its filter to @filter and
 * the name typed to @name; then Save. */
static void
save_with_ctrl_s (Fixture    *f,
                  const char *filter,
                  const char *name)
{
  g_autoptr(GFile) folder = g_file_new_for_path (f->tmp);
  GtkFileChooser *chooser;

  press_ctrl (f->window, GDK_KEY_s);
  chooser = lens_test_wait_chooser ();
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, folder, NULL));
  lens_test_choose_filter (chooser, filter);
  gtk_file_chooser_set_current_name (chooser, name);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  lens_test_spin (200);
}

/* Ctrl+S with nothing solved opens no dialog and says why. */
static void
test_ctrl_s_before_solving (Fixture       *f,
                            gconstpointer  data)
{
  press_ctrl (f->window, GDK_KEY_s);
  g_assert_true (lens_test_wait_label (GTK_WIDGET (f->window), "Nothing to save yet: open a photo or type a puzzle first"));
  g_assert_null (lens_test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG));
  dismiss_toasts (GTK_WIDGET (f->window));

  lens_test_open_sample (f->window);
  press_ctrl (f->window, GDK_KEY_s);
  g_assert_true (lens_test_wait_label (GTK_WIDGET (f->window), "Nothing to save yet: solve the puzzle first"));
  g_assert_null (lens_test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG));
}

/* The typed extension wins over the filter; a name without one gets the
 * filter's; a name the type gives that is taken is asked about first. */
static void
test_typed_extension_or_filter (Fixture       *f,
                                gconstpointer  data)
{
  g_autofree char *pdf = g_build_filename (f->tmp, "solved.pdf", NULL);
  g_autofree char *png = g_build_filename (f->tmp, "solved.png", NULL);
  g_autofree char *svg = g_build_filename (f->tmp, "solved.svg", NULL);
  g_autofree char *contents = NULL;
  AdwMessageDialog *ask;

  open_and_solve (f);
  save_with_ctrl_s (f, "PNG Image", "solved.pdf");
  lens_test_assert_file_starts (pdf, "%PDF-", 5);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  assert_said_and_dismiss (f, "Saved “solved.pdf”");

  save_with_ctrl_s (f, "SVG Image", "solved");
  g_assert_true (lens_test_wait (lens_test_file_exists, svg, 5000));
  g_assert_true (g_file_get_contents (svg, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<svg"));
  assert_said_and_dismiss (f, "Saved “solved.svg”, named for the type chosen: SVG Image");

  /* "solved" with the PDF filter would be solved.pdf, which exists */
  g_assert_true (g_file_set_contents (pdf, "mine", -1, NULL));
  save_with_ctrl_s (f, "PDF Document", "solved");
  g_assert_true (lens_test_wait (message_shown, NULL, 5000));
  ask = ADW_MESSAGE_DIALOG (lens_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr (adw_message_dialog_get_heading (ask), ==, "Replace “solved.pdf”?");
  lens_test_press_key (GTK_WIDGET (ask), GDK_KEY_Escape, 0);
  lens_test_spin (300);
  g_assert_null (lens_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (pdf, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "mine");
}

/* The photo with the solution is saved as JPEG under a .jpg name, and a
 * name it cannot be saved under gets an answer, not another name. */
static void
test_photo_jpeg (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *jpg = g_build_filename (f->tmp, "overlay.jpg", NULL);
  g_autofree char *svg = g_build_filename (f->tmp, "overlay.svg", NULL);
  g_autofree char *renamed = g_strconcat (svg, ".png", NULL);

  open_and_solve (f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.export-overlay", "s", jpg));
  lens_test_assert_file_starts (jpg, "\xff\xd8\xff", 3);
  assert_said_and_dismiss (f, "Saved “overlay.jpg”");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.export-overlay", "s", svg));
  g_assert_true (lens_test_wait_label (GTK_WIDGET (f->window),
                             "“overlay.svg” was not saved: this cannot be saved as .svg, only as .png or .jpg"));
  g_assert_false (g_file_test (svg, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (renamed, G_FILE_TEST_EXISTS));
}

static void
add_tests (void)
{
  add ("/export-names/ctrl-s-before-solving", test_ctrl_s_before_solving);
  add ("/export-names/typed-extension-or-filter", test_typed_extension_or_filter);
  add ("/export-names/photo-jpeg", test_photo_jpeg);
}
