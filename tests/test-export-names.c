/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "lens-application.h"
#include "lens-document.h"
#include "lens-gui-test.h"
#include "lens-test-util.h"
static void before_start (void);
#define LENS_TEST_BEFORE_START before_start
#define LENS_TEST_WINDOW_FIXTURE
#include "lens-window-test.h"
#include "lens-window.h"

/* What the player gets from Ctrl+S and the save dialog: the file type
 * follows the typed extension or the filter, never both; no other file is
 * overwritten without asking; Ctrl+S before solving says why nothing is
 * saved; the name offered is the photo's, in the type saved last, and the
 * Saved toast's Open opens the file in the desktop's app for it. Only the
 * window's public API, its actions and real key presses. */

/* The desktop of these tests, in a folder of their own: its app for
 * pictures and documents writes the address it is given beside itself. */
static char *desktop_dir;

static void
write_file (const char *dir,
            const char *name,
            const char *contents,
            int         mode)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  g_assert_cmpint (g_chmod (path, mode), ==, 0);
}

static void
remove_desktop (void)
{
  lens_test_remove_tree (desktop_dir);
  g_free (desktop_dir);
}

static void
before_start (void)
{
  g_autofree char *data = NULL, *config = NULL, *apps = NULL, *entry = NULL, *opener = NULL;

  desktop_dir = g_dir_make_tmp ("lens-desktop-XXXXXX", NULL);
  atexit (remove_desktop);
  data = g_build_filename (desktop_dir, "data", NULL);
  config = g_build_filename (desktop_dir, "config", NULL);
  apps = g_build_filename (data, "applications", NULL);
  opener = g_build_filename (desktop_dir, "opener.sh", NULL);
  write_file (desktop_dir, "opener.sh", "#!/bin/sh\nprintf '%s' \"$1\" > \"$(dirname \"$0\")/opened.tmp\"\n"
              "mv \"$(dirname \"$0\")/opened.tmp\" \"$(dirname \"$0\")/opened\"\n", 0755);
  entry = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=Opener\nExec=%s %%u\n"
                           "MimeType=image/png;image/svg+xml;application/pdf;image/jpeg;\n", opener);
  write_file (apps, "lens-test-opener.desktop", entry, 0644);
  write_file (config, "mimeapps.list", "[Default Applications]\nimage/png=lens-test-opener.desktop\n"
              "image/svg+xml=lens-test-opener.desktop\napplication/pdf=lens-test-opener.desktop\n", 0644);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
}

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

static GSettings *
app_settings (void)
{
  return lens_application_get_settings (LENS_APPLICATION (app));
}

/* The toast shown in @window, and the button labelled @label in it. */
static GtkWidget *
toast_button (LensWindow *window,
              const char *label)
{
  g_autoptr(GPtrArray) toasts = g_ptr_array_new ();

  lens_test_find_toasts (GTK_WIDGET (LENS_TEST_PART (window, AdwToastOverlay, "toast_overlay")), toasts);
  g_assert_cmpuint (toasts->len, ==, 1);
  return lens_test_find_button (g_ptr_array_index (toasts, 0), label);
}

/* Ctrl+S offers the photo's name with the type saved last: PNG at
 * first, SVG after one was saved. */
static void
test_named_for_photo (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *svg = g_build_filename (f->tmp, "sample-solution.svg", NULL);
  g_autofree char *name = NULL;
  g_autoptr(GFile) folder = g_file_new_for_path (f->tmp);
  GtkFileChooser *chooser;
  GtkFileFilter *filter;

  g_settings_reset (app_settings (), "export-board-type");
  open_and_solve (f);
  press_ctrl (f->window, GDK_KEY_s);
  chooser = lens_test_wait_chooser ();
  name = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (name, ==, "sample-solution.png");
  g_assert_cmpstr (gtk_file_filter_get_name (gtk_file_chooser_get_filter (chooser)), ==, "PNG Image");
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, folder, NULL));
  lens_test_choose_filter (chooser, "SVG Image");
  g_clear_pointer (&name, g_free);
  name = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (name, ==, "sample-solution.svg");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  lens_test_spin (200);
  g_assert_true (lens_test_wait (lens_test_file_exists, svg, 5000));
  g_assert_true (lens_test_wait_label (GTK_WIDGET (f->window), "Saved “sample-solution.svg”"));
  g_clear_pointer (&name, g_free);
  name = g_settings_get_string (app_settings (), "export-board-type");
  g_assert_cmpstr (name, ==, "svg");
  dismiss_toasts (GTK_WIDGET (f->window));

  press_ctrl (f->window, GDK_KEY_s);
  chooser = lens_test_wait_chooser ();
  filter = gtk_file_chooser_get_filter (chooser);
  g_assert_nonnull (filter);
  g_assert_cmpstr (gtk_file_filter_get_name (filter), ==, "SVG Image");
  g_clear_pointer (&name, g_free);
  name = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (name, ==, "sample-solution.svg");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  lens_test_spin (200);
  g_settings_reset (app_settings (), "export-board-type");
}

static gboolean
opened (gpointer data)
{
  g_autofree char *path = g_build_filename (desktop_dir, "opened", NULL);

  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

/* The Saved toast's Open hands the file to the desktop's app for it. */
static void
test_open_saved (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *png = g_build_filename (f->tmp, "opened.png", NULL);
  g_autofree char *said = g_build_filename (desktop_dir, "opened", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (png);
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *contents = NULL;
  GtkWidget *open;

  open_and_solve (f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.export-board", "s", png));
  lens_test_assert_file_starts (png, "\x89PNG", 4);
  g_assert_true (lens_test_wait_label (GTK_WIDGET (f->window), "Saved “opened.png”"));
  lens_test_spin (300);
  open = toast_button (f->window, "_Open");
  g_assert_nonnull (open);
  lens_test_click (open, gtk_widget_get_width (open) / 2.0, gtk_widget_get_height (open) / 2.0);
  g_assert_true (lens_test_wait (opened, NULL, 10000));
  g_assert_true (g_file_get_contents (said, &contents, NULL, NULL));
  /* %u: a local file may be given by its path */
  if (!g_str_equal (contents, uri))
    g_assert_cmpstr (contents, ==, png);
}

static void
add_tests (void)
{
  add ("/export-names/ctrl-s-before-solving", test_ctrl_s_before_solving);
  add ("/export-names/typed-extension-or-filter", test_typed_extension_or_filter);
  add ("/export-names/photo-jpeg", test_photo_jpeg);
  add ("/export-names/named-for-photo", test_named_for_photo);
  add ("/export-names/open-saved", test_open_saved);
}
