/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lens-error.h"
#include "lens-export-name.h"
#include "lens-render.h"
#include "lens-texture.h"
#include "lens-window-private.h"

/* A kind of file an export can write: its filter in the save dialog and
 * the extensions its name may end in (lens-export-name.h). */
typedef struct {
  const char *name;
  const char *mime_type;
  const char *extensions;
} ExportType;

static const ExportType board_types[] = {
  { N_("PNG Image"), "image/png", ".png" },
  { N_("SVG Image"), "image/svg+xml", ".svg" },
  { N_("PDF Document"), "application/pdf", ".pdf" },
};

static const ExportType overlay_types[] = {
  { N_("PNG Image"), "image/png", ".png" },
  { N_("JPEG Image"), "image/jpeg", ".jpg .jpeg" },
};

typedef gboolean (*ExportFunc) (LensWindow *self, GFile *file, GError **error);

#define TYPE_KEY "lens-export-type"
#define EXPORT_KEY "lens-export"

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

static char *
local_path (GFile   *file,
            GError **error)
{
  char *path = g_file_get_path (file);

  if (path == NULL)
    g_set_error (error, LENS_ERROR, LENS_ERROR_IO, _("Only local files can be written"));
  return path;
}

/* The photo turned so that the board reads upright, as the command line
 * writes it; the format follows the name's extension. */
static gboolean
save_upright (const LensImage  *overlay,
              int               rotation,
              GFile            *file,
              GError          **error)
{
  g_autofree char *path = local_path (file, error);
  g_autoptr(LensImage) upright = NULL;
  g_autoptr(GBytes) rgb = NULL;
  int width, height;

  if (path == NULL)
    return FALSE;
  rgb = lens_image_get_rgb (overlay, rotation, &width, &height);
  upright = lens_image_new_from_rgb (g_bytes_get_data (rgb, NULL), width, height,
                                     (gsize) width * 3, FALSE);
  return lens_image_save (upright, path, error);
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
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *lower = g_ascii_strdown (name, -1);

  overlay = lens_scan_draw_overlay (lens_document_get_image (self->document), scan, &result->solution, error);
  if (overlay == NULL)
    return FALSE;
  if (g_str_has_suffix (lower, ".jpg") || g_str_has_suffix (lower, ".jpeg"))
    return save_upright (overlay, scan->rotation, file, error);
  texture = lens_texture_from_image (overlay, scan->rotation);
  if (texture == NULL)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_INTERNAL, _("The photo could not be drawn"));
      return FALSE;
    }
  bytes = gdk_texture_save_to_png_bytes (texture);
  return write_bytes_atomically (file, bytes, error);
}

static gboolean
export_board (LensWindow *self,
              GFile      *file,
              GError    **error)
{
  g_autofree char *path = local_path (file, error);

  return path != NULL && lens_render_export (&lens_document_get_result (self->document)->solution, path, error);
}

static void
export_to (LensWindow *self,
           GFile      *file,
           ExportFunc  export,
           const char *renamed_for)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *message = NULL;

  if (!export (self, file, &error))
    {
      _lens_window_toast (self, error->message);
      return;
    }
  _lens_window_remember_folder (self, "save-folder", file);
  if (renamed_for != NULL)
    /* TRANSLATORS: the file name, then the type chosen in the save dialog */
    message = g_strdup_printf (_("Saved “%s”, named for the type chosen: %s"), name, renamed_for);
  else
    message = g_strdup_printf (_("Saved “%s”"), name);
  _lens_window_toast (self, message);
}

/* @name with the first extension of @type: one of the types' extensions
 * is replaced, any other part of the name is kept. */
static char *
name_for_type (const char         *name,
               const ExportType   *types,
               guint               n_types,
               const ExportType   *type)
{
  g_autofree char *lower = g_ascii_strdown (name, -1);
  gsize length = strlen (name);
  gboolean found = FALSE;

  for (guint i = 0; i < n_types && !found; i++)
    {
      g_auto(GStrv) extensions = g_strsplit (types[i].extensions, " ", -1);

      for (guint e = 0; extensions[e] != NULL && !found; e++)
        if (g_str_has_suffix (lower, extensions[e]) && length > strlen (extensions[e]))
          {
            length -= strlen (extensions[e]);
            found = TRUE;
          }
    }
  return g_strdup_printf ("%.*s%.*s", (int) length, name,
                          (int) strcspn (type->extensions, " "), type->extensions);
}

/* The file to write for the name @chosen, by lens_export_name_choose();
 * NULL with @error set when the name cannot be used. */
static GFile *
file_for_name (GFile             *chosen,
               const ExportType  *types,
               guint              n_types,
               const ExportType  *filter_type,
               const ExportType **type,
               GError           **error)
{
  g_autofree LensExportType *naming = g_new0 (LensExportType, n_types);
  g_autofree char *name = g_file_get_basename (chosen);
  g_autofree char *renamed = NULL;
  g_autoptr(GFile) parent = g_file_get_parent (chosen);
  int index;

  for (guint i = 0; i < n_types; i++)
    naming[i] = (LensExportType) { _(types[i].name), types[i].extensions };
  index = lens_export_name_choose (name, naming, n_types,
                                   filter_type ? (int) (filter_type - types) : -1, &renamed, error);
  if (index < 0)
    return NULL;
  *type = &types[index];
  return g_str_equal (renamed, name) ? g_object_ref (chosen) : g_file_get_child (parent, renamed);
}

static const ExportType *
chosen_type (GtkFileChooser   *chooser,
             const ExportType *types,
             guint             n_types)
{
  GtkFileFilter *filter = gtk_file_chooser_get_filter (chooser);
  const char *name = filter ? gtk_file_filter_get_name (filter) : NULL;
  gpointer index = filter ? g_object_get_data (G_OBJECT (filter), TYPE_KEY) : NULL;

  if (index != NULL)
    return &types[GPOINTER_TO_UINT (index) - 1];
  /* A portal may hand back a filter of its own with the same name. */
  for (guint i = 0; name != NULL && i < n_types; i++)
    if (g_strcmp0 (name, _(types[i].name)) == 0)
      return &types[i];
  return NULL;
}

typedef struct {
  LensWindow       *self;
  const ExportType *types;
  guint             n_types;
  ExportFunc        export;
} Export;

/* The dialog's filter decides the type: the name follows it as it
 * changes, where the dialog tells (the portal's does not). */
static void
filter_changed_cb (GtkFileChooser *chooser,
                   GParamSpec     *pspec,
                   GObject        *native)
{
  Export *export = g_object_get_data (native, EXPORT_KEY);
  const ExportType *type = chosen_type (chooser, export->types, export->n_types);
  g_autofree char *name = type ? gtk_file_chooser_get_current_name (chooser) : NULL;
  g_autofree char *renamed = NULL;

  if (name == NULL || *name == '\0')
    return;
  renamed = name_for_type (name, export->types, export->n_types, type);
  if (!g_str_equal (renamed, name))
    gtk_file_chooser_set_current_name (chooser, renamed);
}

/* GtkFileChooserNative does not pass on its dialog's signals: when it
 * shows GTK's own dialog (no portal), the name follows that dialog's
 * filter. A portal's dialog is left to itself; the response fixes the name. */
static void
follow_filter (LensWindow *self)
{
  GList *windows = gtk_window_list_toplevels ();

  for (GList *l = windows; l != NULL; l = l->next)
    if (GTK_IS_FILE_CHOOSER_DIALOG (l->data) && gtk_widget_get_visible (l->data) &&
        gtk_window_get_transient_for (l->data) == GTK_WINDOW (self))
      g_signal_connect_object (l->data, "notify::filter", G_CALLBACK (filter_changed_cb), self->chooser, 0);
  g_list_free (windows);
}

typedef struct {
  LensWindow *self;
  GFile      *file;
  ExportFunc  export;
  char       *type_name;
} Pending;

static void
pending_free (gpointer  data,
              GClosure *closure)
{
  Pending *pending = data;

  g_object_unref (pending->self);
  g_object_unref (pending->file);
  g_free (pending->type_name);
  g_free (pending);
}

static void
replace_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     Pending          *pending)
{
  if (g_str_equal (response, "replace"))
    export_to (pending->self, pending->file, pending->export, pending->type_name);
}

/* The dialog asked before replacing the name chosen, not the one the
 * type gave it: ask for that one. */
static void
confirm_replace (LensWindow *self,
                 Pending    *pending)
{
  g_autofree char *name = g_file_get_basename (pending->file);
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), NULL, NULL));
  adw_message_dialog_format_heading (dialog, _("Replace “%s”?"), name);
  adw_message_dialog_format_body (dialog, _("The type chosen, %s, gives the file this name, and a file of "
                                            "that name exists. Replacing it overwrites its contents."),
                                  pending->type_name);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "replace", _("_Replace"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "replace", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  g_signal_connect_data (dialog, "response", G_CALLBACK (replace_response_cb), pending,
                         pending_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
save_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  Export          *export)
{
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (dialog);
  const ExportType *type = NULL;
  g_autoptr(GFile) chosen = NULL, file = NULL;
  g_autoptr(GError) error = NULL;
  Pending *pending;

  if (response == GTK_RESPONSE_ACCEPT)
    chosen = gtk_file_chooser_get_file (chooser);
  if (chosen == NULL)
    return;
  file = file_for_name (chosen, export->types, export->n_types,
                        chosen_type (chooser, export->types, export->n_types), &type, &error);
  if (file == NULL)
    {
      _lens_window_toast (export->self, error->message);
      return;
    }
  /* the dialog asked before replacing the name chosen */
  if (g_file_equal (file, chosen))
    {
      export_to (export->self, chosen, export->export, NULL);
      return;
    }
  pending = g_new0 (Pending, 1);
  pending->self = g_object_ref (export->self);
  pending->file = g_steal_pointer (&file);
  pending->export = export->export;
  pending->type_name = g_strdup (_(type->name));
  if (g_file_query_exists (pending->file, NULL))
    {
      confirm_replace (export->self, pending);
      return;
    }
  export_to (export->self, pending->file, pending->export, pending->type_name);
  pending_free (pending, NULL);
}

static void
show_save_dialog (LensWindow       *self,
                  const char       *title,
                  const char       *name,
                  const ExportType *types,
                  guint             n_types,
                  ExportFunc        func)
{
  g_autoptr(GFile) folder = _lens_window_recall_folder (self, "save-folder");
  GtkFileChooser *chooser = _lens_window_new_chooser (self, title, GTK_FILE_CHOOSER_ACTION_SAVE,
                                                      _("_Save"), folder);
  Export *export = g_new0 (Export, 1);

  export->self = self;
  export->types = types;
  export->n_types = n_types;
  export->export = func;
  for (guint i = 0; i < n_types; i++)
    {
      const char * const mime_types[] = { types[i].mime_type, NULL };
      g_autoptr(GtkFileFilter) filter = _lens_window_new_filter (_(types[i].name), mime_types);

      g_object_set_data (G_OBJECT (filter), TYPE_KEY, GUINT_TO_POINTER (i + 1));
      gtk_file_chooser_add_filter (chooser, filter);
    }
  gtk_file_chooser_set_current_name (chooser, name);
  g_object_set_data_full (G_OBJECT (chooser), EXPORT_KEY, export, g_free);
  g_signal_connect (chooser, "response", G_CALLBACK (save_response_cb), export);
  gtk_native_dialog_show (self->chooser);
  follow_filter (self);
}

/* A name given to the action (as a test or a script would): the same
 * rule as in the dialog, with no filter. */
static void
export_path (LensWindow       *self,
             const char       *path,
             const ExportType *types,
             guint             n_types,
             ExportFunc        func)
{
  g_autoptr(GFile) chosen = g_file_new_for_path (path);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  const ExportType *type = NULL;

  file = file_for_name (chosen, types, n_types, NULL, &type, &error);
  if (file == NULL)
    _lens_window_toast (self, error->message);
  else
    export_to (self, file, func, NULL);
}

/* What an export action writes, and how its save dialog asks for a name. */
typedef struct {
  const char       *action_name;
  const char       *title;
  const char       *file_name;
  const ExportType *types;
  guint             n_types;
  ExportFunc        func;
} ExportAction;

static const ExportAction export_actions[] = {
  { "win.export-board", N_("Save the Solved Board"), N_("sudoku-solution.png"),
    board_types, G_N_ELEMENTS (board_types), export_board },
  { "win.export-overlay", N_("Save the Photo with the Solution"), N_("sudoku-photo-solved.png"),
    overlay_types, G_N_ELEMENTS (overlay_types), export_overlay },
};

static const ExportAction *
find_export_action (const char *action_name)
{
  for (guint i = 0; i < G_N_ELEMENTS (export_actions); i++)
    if (g_str_equal (export_actions[i].action_name, action_name))
      return &export_actions[i];
  g_assert_not_reached ();
}

/* The parameter is the file to write, or "" to ask for one. */
static void
export_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  const char *path = g_variant_get_string (parameter, NULL);
  const ExportAction *action = find_export_action (action_name);

  if (*path != '\0')
    export_path (self, path, action->types, action->n_types, action->func);
  else
    show_save_dialog (self, _(action->title), _(action->file_name),
                      action->types, action->n_types, action->func);
}

/* Ctrl+S: saves the solved board, or says why there is none to save. */
static void
save_board (LensWindow *self)
{
  LensDocumentState state = lens_document_get_state (self->document);

  if (lens_window_is_busy (self))
    _lens_window_toast (self, _("Nothing was saved: wait until the photo is read"));
  else if (state == LENS_DOCUMENT_EMPTY)
    _lens_window_toast (self, _("Nothing to save yet: open a photo or type a puzzle first"));
  else if (state != LENS_DOCUMENT_SOLVED)
    _lens_window_toast (self, _("Nothing to save yet: solve the puzzle first (Ctrl+Return)"));
  else
    gtk_widget_activate_action (GTK_WIDGET (self), "win.export-board", "s", "");
}

void
_lens_window_class_init_export_actions (GtkWidgetClass *widget_class)
{
  _lens_window_class_install_call (widget_class, "win.save", save_board);
  for (guint i = 0; i < G_N_ELEMENTS (export_actions); i++)
    gtk_widget_class_install_action (widget_class, export_actions[i].action_name, "s", export_activated);
}
