/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-autosave.h"
#include "lens-error.h"
#include "lens-render.h"
#include "lens-tasks.h"
#include "lens-window-private.h"

static const char * const image_types[] = {
  "image/jpeg", "image/png", "image/webp", "image/bmp", "image/tiff", NULL
};

void
_lens_window_update_actions (LensWindow *self)
{
  LensDocumentState state = lens_document_get_state (self->document);
  gboolean busy = lens_window_is_busy (self);
  gboolean solved = state == LENS_DOCUMENT_SOLVED;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", !busy && lens_document_can_undo (self->document));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", !busy && lens_document_can_redo (self->document));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.solve", !busy && state == LENS_DOCUMENT_CHECK);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel", self->reading || gtk_widget_get_visible (self->photo_busy));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-board", solved && !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-overlay",
                                 solved && !busy && self->image != NULL &&
                                 lens_document_get_scan (self->document) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.copy-text", state != LENS_DOCUMENT_EMPTY);
}

static GtkFileFilter *
new_filter (const char         *name,
            const char * const *mime_types)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  for (guint i = 0; mime_types[i]; i++)
    gtk_file_filter_add_mime_type (filter, mime_types[i]);
  return filter;
}

static GtkFileChooser *
new_chooser (LensWindow           *self,
             const char           *title,
             GtkFileChooserAction  action,
             const char           *accept)
{
  GtkFileChooserNative *native;
  g_autoptr(GFile) folder = _lens_window_get_last_folder (self);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  native = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action, accept, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
  self->chooser = GTK_NATIVE_DIALOG (native);
  return GTK_FILE_CHOOSER (native);
}

static void
open_response_cb (LensWindow      *self,
                  int              response,
                  GtkNativeDialog *dialog)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (file != NULL)
    lens_window_open_file (self, file);
}

static void
open_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  GtkFileChooser *chooser = new_chooser (self, _("Open a Photo"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"));
  const char * const all[] = { "application/octet-stream", NULL };

  gtk_file_chooser_add_filter (chooser, new_filter (_("Images"), image_types));
  gtk_file_chooser_add_filter (chooser, new_filter (_("All Files"), all));
  g_signal_connect_object (chooser, "response", G_CALLBACK (open_response_cb), self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (self->chooser);
}

static char *
find_sample (void)
{
  const char *dirs[] = { PKGDATADIR, SOURCE_DATA_DIR };

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *path = g_build_filename (dirs[i], "samples", "sample.jpg", NULL);

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&path);
    }
  return NULL;
}

static void
sample_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  g_autofree char *path = find_sample ();

  if (path == NULL)
    _lens_window_toast (self, _("The sample photo is not installed"));
  else
    _lens_window_open_path (self, path);
}

static void
capture_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  _lens_window_show_capture (LENS_WINDOW (widget), NULL);
}

static void
cancel_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  _lens_window_cancel_read (LENS_WINDOW (widget));
}

static void
undo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  lens_document_undo (LENS_WINDOW (widget)->document);
}

static void
redo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  lens_document_redo (LENS_WINDOW (widget)->document);
}

static void
solve_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  _lens_window_solve (LENS_WINDOW (widget));
}

static const LensGrid *
shown_grid (LensWindow *self)
{
  const LensResult *result = lens_document_get_result (self->document);

  return lens_result_is_solved (result) ? &result->solution : lens_document_get_grid (self->document);
}

static void
copy_text_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  g_autofree char *line = lens_grid_to_line (shown_grid (self));
  gboolean solved = lens_document_get_state (self->document) == LENS_DOCUMENT_SOLVED;

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), line);
  _lens_window_toast (self, solved ? _("Solution copied as text") : _("Puzzle copied as text"));
}

static gboolean
write_bytes_atomically (GFile   *file,
                        GBytes  *bytes,
                        GError **error)
{
  g_autoptr(GError) local_error = NULL;
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  g_autofree char *name = g_file_get_parse_name (file);

  if (g_file_replace_contents (file, data, size, NULL, FALSE, G_FILE_CREATE_NONE,
                               NULL, NULL, &local_error))
    return TRUE;
  g_set_error (error, LENS_ERROR, LENS_ERROR_IO, _("Could not save “%s”: %s"), name, local_error->message);
  return FALSE;
}

static gboolean
export_overlay (LensWindow *self,
                GFile      *file,
                GError    **error)
{
  const LensResult *result = lens_document_get_result (self->document);
  const LensScan *scan = lens_document_get_scan (self->document);
  g_autoptr(LensImage) overlay = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GBytes) png = NULL;

  overlay = lens_scan_draw_overlay (self->image, scan, &result->solution, error);
  if (overlay == NULL)
    return FALSE;
  texture = lens_texture_from_image (overlay, scan->rotation);
  if (texture == NULL)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_INTERNAL, _("The photo could not be drawn"));
      return FALSE;
    }
  png = gdk_texture_save_to_png_bytes (texture);
  return write_bytes_atomically (file, png, error);
}

typedef gboolean (*ExportFunc) (LensWindow *self, GFile *file, GError **error);

static void
export_to (LensWindow *self,
           GFile      *file,
           ExportFunc  export)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *message = NULL;

  if (!export (self, file, &error))
    {
      _lens_window_toast (self, error->message);
      return;
    }
  _lens_window_remember_folder (self, file);
  message = g_strdup_printf (_("Saved “%s”"), name);
  _lens_window_toast (self, message);
}

static GFile *
add_extension (GFile      *file,
               const char *extension)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *lower = g_ascii_strdown (name, -1);
  g_autofree char *with = NULL;
  g_autoptr(GFile) parent = NULL;

  if (strchr (lower, '.') != NULL)
    return g_object_ref (file);
  parent = g_file_get_parent (file);
  with = g_strconcat (name, extension, NULL);
  return g_file_get_child (parent, with);
}

static void
overlay_response_cb (LensWindow      *self,
                     int              response,
                     GtkNativeDialog *dialog)
{
  g_autoptr(GFile) chosen = NULL;
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (chosen == NULL)
    return;
  file = add_extension (chosen, ".png");
  export_to (self, file, export_overlay);
}

static void
export_overlay_activated (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  const char *path = g_variant_get_string (parameter, NULL);
  const char * const png[] = { "image/png", NULL };
  GtkFileChooser *chooser;

  if (*path != '\0')
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);
      export_to (self, file, export_overlay);
      return;
    }
  chooser = new_chooser (self, _("Save the Photo with the Solution"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"));
  gtk_file_chooser_add_filter (chooser, new_filter (_("PNG Image"), png));
  gtk_file_chooser_set_current_name (chooser, _("sudoku-photo-solved.png"));
  g_signal_connect_object (chooser, "response", G_CALLBACK (overlay_response_cb), self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (self->chooser);
}

static gboolean
export_board (LensWindow *self,
              GFile      *file,
              GError    **error)
{
  const LensResult *result = lens_document_get_result (self->document);
  g_autofree char *path = g_file_get_path (file);

  if (path == NULL)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_IO, _("Only local files can be written"));
      return FALSE;
    }
  return lens_render_export (&result->solution, path, error);
}

static const char *
chosen_extension (GtkFileChooser *chooser)
{
  GtkFileFilter *filter = gtk_file_chooser_get_filter (chooser);
  const char *name = filter ? gtk_file_filter_get_name (filter) : NULL;

  if (g_strcmp0 (name, _("SVG Image")) == 0)
    return ".svg";
  if (g_strcmp0 (name, _("PDF Document")) == 0)
    return ".pdf";
  return ".png";
}

static void
board_response_cb (LensWindow      *self,
                   int              response,
                   GtkNativeDialog *dialog)
{
  g_autoptr(GFile) chosen = NULL;
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (chosen == NULL)
    return;
  file = add_extension (chosen, chosen_extension (GTK_FILE_CHOOSER (dialog)));
  export_to (self, file, export_board);
}

static void
export_board_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  const char *path = g_variant_get_string (parameter, NULL);
  const char * const png[] = { "image/png", NULL };
  const char * const svg[] = { "image/svg+xml", NULL };
  const char * const pdf[] = { "application/pdf", NULL };
  GtkFileChooser *chooser;

  if (*path != '\0')
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);
      export_to (self, file, export_board);
      return;
    }
  chooser = new_chooser (self, _("Save the Solved Board"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"));
  gtk_file_chooser_add_filter (chooser, new_filter (_("PNG Image"), png));
  gtk_file_chooser_add_filter (chooser, new_filter (_("SVG Image"), svg));
  gtk_file_chooser_add_filter (chooser, new_filter (_("PDF Document"), pdf));
  gtk_file_chooser_set_current_name (chooser, _("sudoku-solution.png"));
  g_signal_connect_object (chooser, "response", G_CALLBACK (board_response_cb), self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (self->chooser);
}

static void
mark_corners_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  _lens_window_mark_corners (LENS_WINDOW (widget));
}

void
_lens_window_class_init_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.mark-corners", NULL, mark_corners_activated);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_activated);
  gtk_widget_class_install_action (widget_class, "win.sample", NULL, sample_activated);
  gtk_widget_class_install_action (widget_class, "win.capture", NULL, capture_activated);
  gtk_widget_class_install_action (widget_class, "win.cancel", NULL, cancel_activated);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_activated);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_activated);
  gtk_widget_class_install_action (widget_class, "win.solve", NULL, solve_activated);
  gtk_widget_class_install_action (widget_class, "win.copy-text", NULL, copy_text_activated);
  gtk_widget_class_install_action (widget_class, "win.export-board", "s", export_board_activated);
  gtk_widget_class_install_action (widget_class, "win.export-overlay", "s", export_overlay_activated);
  _lens_window_class_init_dnd_actions (widget_class);
}
