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
open_sample (LensWindow *window)
{
  lens_test_open_sample (window);
  g_assert_cmpint (lens_document_get_state (lens_window_get_document (window)), ==, LENS_DOCUMENT_CHECK);
}

static void
press_ctrl (LensWindow *window,
            guint       keyval)
{
  lens_test_press_key (GTK_WIDGET (window), keyval, GDK_CONTROL_MASK);
  lens_test_spin (100);
}

typedef struct {
  GtkWidget  *root;
  const char *text;
} LabelQuery;

static gboolean
label_shown (gpointer data)
{
  LabelQuery *query = data;

  return lens_test_find_label (query->root, query->text);
}

static gboolean
wait_label (GtkWidget  *root,
            const char *text)
{
  LabelQuery query = { root, text };

  return lens_test_wait (label_shown, &query, 3000);
}

/* Closes the toasts shown with their close buttons, as a user would: the
 * overlay shows one toast at a time. */
static void
close_toasts (GtkWidget *root)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    if (g_str_equal (gtk_widget_get_css_name (child), "toast"))
      {
        GtkWidget *close = gtk_widget_get_last_child (child);

        g_assert_true (GTK_IS_BUTTON (close));
        gtk_widget_activate (close);
      }
    else
      close_toasts (child);
}

static void
dismiss_toasts (GtkWidget *window)
{
  close_toasts (window);
  lens_test_spin (300);
}

static GtkWidget *
find_toplevel (GType type)
{
  GList *windows = gtk_window_list_toplevels ();
  GtkWidget *found = NULL;

  for (GList *l = windows; l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_visible (l->data))
      found = l->data;
  g_list_free (windows);
  return found;
}

static gboolean
chooser_shown (gpointer data)
{
  return find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG) != NULL;
}

static gboolean
message_shown (gpointer data)
{
  return find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

static gboolean
file_exists (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

static void
assert_file_starts (const char *path,
                    const char *magic,
                    gsize       length)
{
  g_autofree char *contents = NULL;
  gsize size = 0;

  g_assert_true (lens_test_wait (file_exists, (gpointer) path, 5000));
  g_assert_true (g_file_get_contents (path, &contents, &size, NULL));
  g_assert_cmpuint (size, >, length);
  g_assert_cmpmem (contents, length, magic, length);
}

static void
choose_filter (GtkFileChooser *chooser,
               const char     *name)
{
  g_autoptr(GListModel) filters = gtk_file_chooser_get_filters (chooser);

  for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      if (g_strcmp0 (gtk_file_filter_get_name (filter), name) == 0)
        {
          gtk_file_chooser_set_filter (chooser, filter);
          lens_test_spin (50);
          return;
        }
    }
  g_assert_not_reached ();
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
  g_assert_true (lens_test_wait (chooser_shown, NULL, 5000));
  lens_test_spin (100);
  chooser = GTK_FILE_CHOOSER (find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG));
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, folder, NULL));
  choose_filter (chooser, filter);
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
  g_assert_true (wait_label (GTK_WIDGET (f->window), "Nothing to save yet: open a photo or type a puzzle first"));
  g_assert_null (find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG));
  dismiss_toasts (GTK_WIDGET (f->window));

  open_sample (f->window);
  press_ctrl (f->window, GDK_KEY_s);
  g_assert_true (wait_label (GTK_WIDGET (f->window), "Nothing to save yet: solve the puzzle first"));
  g_assert_null (find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG));
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

  open_sample (f->window);
  press_ctrl (f->window, GDK_KEY_Return);
  lens_test_wait_idle (f->window);
  g_assert_cmpint (lens_document_get_state (lens_window_get_document (f->window)), ==, LENS_DOCUMENT_SOLVED);

  save_with_ctrl_s (f, "PNG Image", "solved.pdf");
  assert_file_starts (pdf, "%PDF-", 5);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  g_assert_true (wait_label (GTK_WIDGET (f->window), "Saved “solved.pdf”"));
  dismiss_toasts (GTK_WIDGET (f->window));

  save_with_ctrl_s (f, "SVG Image", "solved");
  g_assert_true (lens_test_wait (file_exists, svg, 5000));
  g_assert_true (g_file_get_contents (svg, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<svg"));
  g_assert_true (wait_label (GTK_WIDGET (f->window), "Saved “solved.svg”, named for the type chosen: SVG Image"));
  dismiss_toasts (GTK_WIDGET (f->window));

  /* "solved" with the PDF filter would be solved.pdf, which exists */
  g_assert_true (g_file_set_contents (pdf, "mine", -1, NULL));
  save_with_ctrl_s (f, "PDF Document", "solved");
  g_assert_true (lens_test_wait (message_shown, NULL, 5000));
  ask = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr (adw_message_dialog_get_heading (ask), ==, "Replace “solved.pdf”?");
  lens_test_press_key (GTK_WIDGET (ask), GDK_KEY_Escape, 0);
  lens_test_spin (300);
  g_assert_null (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
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
  g_autofree char *png = g_build_filename (f->tmp, "overlay.svg.png", NULL);

  open_sample (f->window);
  press_ctrl (f->window, GDK_KEY_Return);
  lens_test_wait_idle (f->window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.export-overlay", "s", jpg));
  assert_file_starts (jpg, "\xff\xd8\xff", 3);
  g_assert_true (wait_label (GTK_WIDGET (f->window), "Saved “overlay.jpg”"));
  dismiss_toasts (GTK_WIDGET (f->window));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.export-overlay", "s", svg));
  g_assert_true (wait_label (GTK_WIDGET (f->window),
                             "“overlay.svg” was not saved: this cannot be saved as .svg, only as .png or .jpg"));
  g_assert_false (g_file_test (svg, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
}

int
main (int   argc,
      char *argv[])
{
  app = lens_test_start_app (&argc, &argv, &data_dir);

  add ("/export-names/ctrl-s-before-solving", test_ctrl_s_before_solving);
  add ("/export-names/typed-extension-or-filter", test_typed_extension_or_filter);
  add ("/export-names/photo-jpeg", test_photo_jpeg);
  return lens_test_run_app (app, data_dir);
}
