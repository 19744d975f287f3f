/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-autosave.h"
#include "lens-error.h"
#include "lens-file-chooser.h"
#include "lens-render.h"
#include "lens-window-private.h"

static const char * const image_types[] = {
  "image/jpeg", "image/png", "image/webp", "image/bmp", "image/tiff",
  "image/heif", "image/heic", "image/avif", NULL
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
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.solve-overruling", !busy && state == LENS_DOCUMENT_CHECK);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel", lens_photo_loader_get_kind (self->loader) != LENS_LOAD_NONE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-board", solved && !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-overlay",
                                 solved && !busy && lens_document_get_image (self->document) != NULL &&
                                 lens_document_get_scan (self->document) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.turn-board",
                                 !busy && lens_document_get_image (self->document) != NULL &&
                                 lens_document_get_scan (self->document) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.copy-puzzle", state != LENS_DOCUMENT_EMPTY);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.copy-solution", solved);
  /* A menu of greyed items is no use: the button is greyed instead. */
  gtk_widget_set_sensitive (self->export_button, state != LENS_DOCUMENT_EMPTY);
  _lens_window_update_close_actions (self);
  _lens_window_update_play_actions (self);
  /* the camera's page hides the board: what works on the board waits */
  if (_lens_window_shows_capture (self))
    {
      static const char * const board_actions[] = {
        "win.solve", "win.solve-overruling", "win.hint", "win.reveal-cell", "win.fill-candidates",
        "win.pencil", "win.play", "win.check", "win.cell-kind", "win.turn-board",
      };

      for (guint i = 0; i < G_N_ELEMENTS (board_actions); i++)
        gtk_widget_action_set_enabled (GTK_WIDGET (self), board_actions[i], FALSE);
    }
}

/* The open dialog, in place of one still shown. */
static GtkFileChooser *
new_open_chooser (LensWindow *self)
{
  g_autoptr(GFile) folder = lens_folder_recall (self->settings, "last-folder");

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  self->chooser = GTK_NATIVE_DIALOG (lens_file_chooser_new (GTK_WINDOW (self), _("Open a Photo"),
                                                            GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), folder));
  return GTK_FILE_CHOOSER (self->chooser);
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
show_open_dialog (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  GtkFileChooser *chooser = new_open_chooser (self);
  const char * const all[] = { "application/octet-stream", NULL };
  g_autoptr(GtkFileFilter) images = lens_file_filter_new (_("Images"), image_types);
  g_autoptr(GtkFileFilter) any = lens_file_filter_new (_("All Files"), all);

  gtk_file_chooser_add_filter (chooser, images);
  gtk_file_chooser_add_filter (chooser, any);
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
open_sample (GtkWidget  *widget,
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
show_capture (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);

  lens_window_show_capture (self, NULL);
}

static void
undo (GtkWidget  *widget,
      const char *action_name,
      GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);

  lens_document_undo (self->document);
}

static void
redo (GtkWidget  *widget,
      const char *action_name,
      GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);

  lens_document_redo (self->document);
}

static void
select_next_check (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);

  lens_grid_pane_select_next_check (self->grid_pane);
}

static void
copy_line (LensWindow     *self,
           const LensGrid *grid,
           const char     *done)
{
  g_autofree char *line = lens_grid_to_line (grid);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), line);
  _lens_window_toast (self, done);
}

static void
copy_puzzle (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);

  copy_line (self, lens_document_get_grid (self->document), _("Puzzle copied as text"));
}

static void
copy_solution (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  const LensResult *result = lens_document_get_result (self->document);

  if (lens_result_is_solved (result))
    copy_line (self, &result->solution, _("Solution copied as text"));
}

/* The parameter is the file to write, or "" to ask for one. */
static void
export_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);

  lens_exporter_export (self->exporter,
                        g_str_equal (action_name, "win.export-board") ? LENS_EXPORT_BOARD : LENS_EXPORT_OVERLAY,
                        g_variant_get_string (parameter, NULL));
}

/* Ctrl+S: saves the solved board, or says why there is none to save. */
static void
save_board (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  LensDocumentState state = lens_document_get_state (self->document);

  if (lens_window_is_busy (self))
    _lens_window_toast (self, _("Nothing was saved: wait until the photo is read"));
  else if (state == LENS_DOCUMENT_EMPTY)
    _lens_window_toast (self, _("Nothing to save yet: open a photo or type a puzzle first"));
  else if (state != LENS_DOCUMENT_SOLVED)
    _lens_window_toast (self, _("Nothing to save yet: solve the puzzle first (Ctrl+Return)"));
  else
    lens_exporter_export (self->exporter, LENS_EXPORT_BOARD, NULL);
}

void
_lens_window_class_init_actions (GtkWidgetClass *widget_class)
{
  /* the photo */
  gtk_widget_class_install_action (widget_class, "win.open", NULL, show_open_dialog);
  gtk_widget_class_install_action (widget_class, "win.sample", NULL, open_sample);
  gtk_widget_class_install_action (widget_class, "win.capture", NULL, show_capture);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_board);
  gtk_widget_class_install_action (widget_class, "win.export-board", "s", export_activated);
  gtk_widget_class_install_action (widget_class, "win.export-overlay", "s", export_activated);
  _lens_window_class_init_dnd_actions (widget_class);
  /* the puzzle */
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo);
  gtk_widget_class_install_action (widget_class, "win.next-check", NULL, select_next_check);
  gtk_widget_class_install_action (widget_class, "win.copy-puzzle", NULL, copy_puzzle);
  gtk_widget_class_install_action (widget_class, "win.copy-solution", NULL, copy_solution);
}
