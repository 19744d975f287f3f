/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lens-autosave.h"
#include "lens-error.h"
#include "lens-export-name.h"
#include "lens-render.h"
#include "lens-texture.h"
#include "lens-exporter.h"
#include "lens-file-chooser.h"

/* A kind of file an export can write: its filter in the save dialog and
 * the extensions its name may end in (lens-export-name.h). */
typedef struct {
  const char *name;
  const char *mime_type;
  const char *extensions;
  const char *id;  /* in the settings */
} ExportType;

static const ExportType board_types[] = {
  { N_("PNG Image"), "image/png", ".png", "png" },
  { N_("SVG Image"), "image/svg+xml", ".svg", "svg" },
  { N_("PDF Document"), "application/pdf", ".pdf", "pdf" },
};

static const ExportType overlay_types[] = {
  { N_("PNG Image"), "image/png", ".png", "png" },
  { N_("JPEG Image"), "image/jpeg", ".jpg .jpeg", "jpeg" },
};

typedef gboolean (*ExportFunc) (LensExporter *self, GFile *file, GError **error);

struct _LensExporter
{
  GObject          parent_instance;

  GtkWindow       *parent;    /* weak: the dialogs' */
  LensDocument    *document;
  LensToaster     *toaster;
  GSettings       *settings;  /* nullable */
  GtkNativeDialog *chooser;   /* the save dialog shown last */
};

G_DEFINE_FINAL_TYPE (LensExporter, lens_exporter, G_TYPE_OBJECT)

static void
say (LensExporter *self,
     const char   *message)
{
  lens_toaster_say (self->toaster, message);
}

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
export_overlay (LensExporter  *self,
                GFile         *file,
                GError       **error)
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
export_board (LensExporter  *self,
              GFile         *file,
              GError       **error)
{
  g_autofree char *path = local_path (file, error);

  return path != NULL && lens_render_export (&lens_document_get_result (self->document)->solution, path, error);
}

#define URI_KEY "lens-export-uri"

static void
launched_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  g_autoptr(LensExporter) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (g_app_info_launch_default_for_uri_finish (result, &error))
    return;
  /* TRANSLATORS: why the file saved could not be shown */
  message = g_strdup_printf (_("The file saved could not be opened: %s"), error->message);
  say (self, message);
}

/* The Saved toast's Open: the file in the desktop's app for its type. */
static void
open_saved_cb (LensExporter *self,
               AdwToast     *toast)
{
  const char *uri = g_object_get_data (G_OBJECT (toast), URI_KEY);
  g_autoptr(GAppLaunchContext) context = NULL;

  if (self->parent != NULL)
    context = G_APP_LAUNCH_CONTEXT (gdk_display_get_app_launch_context (gtk_widget_get_display (GTK_WIDGET (self->parent))));
  g_app_info_launch_default_for_uri_async (uri, context, NULL, launched_cb, g_object_ref (self));
}

static void
say_saved (LensExporter *self,
           GFile        *file,
           const char   *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_button_label (toast, _("_Open"));
  g_object_set_data_full (G_OBJECT (toast), URI_KEY, g_file_get_uri (file), g_free);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (open_saved_cb), self, G_CONNECT_SWAPPED);
  lens_toaster_add (self->toaster, toast);
}

static void remember_type (LensExporter *self,
                           ExportFunc    export,
                           GFile        *file);

static void
export_to (LensExporter *self,
           GFile        *file,
           ExportFunc    export,
           const char   *renamed_for)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *message = NULL;

  if (!export (self, file, &error))
    {
      say (self, error->message);
      return;
    }
  lens_folder_remember (self->settings, "save-folder", file);
  remember_type (self, export, file);
  if (renamed_for != NULL)
    /* TRANSLATORS: the file name, then the type chosen in the save dialog */
    message = g_strdup_printf (_("Saved “%s”, named for the type chosen: %s"), name, renamed_for);
  else
    message = g_strdup_printf (_("Saved “%s”"), name);
  say_saved (self, file, message);
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
  LensExporter     *self;
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
follow_filter (LensExporter *self)
{
  GList *windows = gtk_window_list_toplevels ();

  for (GList *l = windows; l != NULL; l = l->next)
    if (GTK_IS_FILE_CHOOSER_DIALOG (l->data) && gtk_widget_get_visible (l->data) &&
        gtk_window_get_transient_for (l->data) == self->parent)
      g_signal_connect_object (l->data, "notify::filter", G_CALLBACK (filter_changed_cb), self->chooser, 0);
  g_list_free (windows);
}

typedef struct {
  LensExporter *self;
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
confirm_replace (LensExporter *self,
                 Pending      *pending)
{
  g_autofree char *name = g_file_get_basename (pending->file);
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (self->parent, NULL, NULL));
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
      say (export->self, error->message);
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
show_save_dialog (LensExporter     *self,
                  const char       *title,
                  const char       *name,
                  const ExportType *types,
                  guint             n_types,
                  const ExportType *type,
                  ExportFunc        func)
{
  g_autoptr(GFile) folder = lens_folder_recall (self->settings, "save-folder");
  GtkFileChooser *chooser;
  Export *export = g_new0 (Export, 1);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  self->chooser = GTK_NATIVE_DIALOG (lens_file_chooser_new (self->parent, title, GTK_FILE_CHOOSER_ACTION_SAVE,
                                                            _("_Save"), folder));
  chooser = GTK_FILE_CHOOSER (self->chooser);
  export->self = self;
  export->types = types;
  export->n_types = n_types;
  export->export = func;
  for (guint i = 0; i < n_types; i++)
    {
      const char * const mime_types[] = { types[i].mime_type, NULL };
      g_autoptr(GtkFileFilter) filter = lens_file_filter_new (_(types[i].name), mime_types);

      g_object_set_data (G_OBJECT (filter), TYPE_KEY, GUINT_TO_POINTER (i + 1));
      gtk_file_chooser_add_filter (chooser, filter);
      if (&types[i] == type)
        gtk_file_chooser_set_filter (chooser, filter);
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
export_path (LensExporter     *self,
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
    say (self, error->message);
  else
    export_to (self, file, func, NULL);
}

/* What an export writes, and how its save dialog asks for a name: the
 * photo's, with @suffix, or else @file_name. */
typedef struct {
  const char       *title;
  const char       *suffix;
  const char       *file_name;
  const ExportType *types;
  guint             n_types;
  const char       *type_key;  /* the type saved last, in the settings */
  ExportFunc        func;
} ExportKind;

static const ExportKind export_kinds[] = {
  [LENS_EXPORT_BOARD] = { N_("Save the Solved Board"), "solution", N_("sudoku-solution.png"),
                          board_types, G_N_ELEMENTS (board_types), "export-board-type", export_board },
  [LENS_EXPORT_OVERLAY] = { N_("Save the Photo with the Solution"), "solved", N_("sudoku-photo-solved.png"),
                            overlay_types, G_N_ELEMENTS (overlay_types), "export-photo-type", export_overlay },
};

static void
remember_type (LensExporter *self,
               ExportFunc    export,
               GFile        *file)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *lower = g_ascii_strdown (name, -1);

  for (guint k = 0; self->settings != NULL && k < G_N_ELEMENTS (export_kinds); k++)
    for (guint i = 0; export_kinds[k].func == export && i < export_kinds[k].n_types; i++)
      {
        const ExportType *type = &export_kinds[k].types[i];
        g_auto(GStrv) extensions = g_strsplit (type->extensions, " ", -1);

        for (guint e = 0; extensions[e] != NULL; e++)
          if (g_str_has_suffix (lower, extensions[e]))
            {
              g_settings_set_string (self->settings, export_kinds[k].type_key, type->id);
              return;
            }
      }
}

/* The type saved last, or the first. */
static const ExportType *
recall_type (LensExporter     *self,
             const ExportKind *export)
{
  g_autofree char *id = self->settings ? g_settings_get_string (self->settings, export->type_key) : NULL;

  for (guint i = 0; id != NULL && i < export->n_types; i++)
    if (g_str_equal (id, export->types[i].id))
      return &export->types[i];
  return &export->types[0];
}

/* "IMG_1234-solved.png" for IMG_1234.jpg, in the type saved last. */
static char *
suggest_name (LensExporter     *self,
              const ExportKind *export,
              const ExportType *type)
{
  const char *photo = lens_document_get_photo_path (self->document);
  g_autofree char *photo_name = photo != NULL && !lens_autosave_is_kept_picture (photo)
                                ? g_filename_display_basename (photo) : NULL;
  g_autofree char *name = lens_export_name_suggest (photo_name, export->suffix);

  return name_for_type (name != NULL ? name : _(export->file_name), export->types, export->n_types, type);
}

void
lens_exporter_export (LensExporter   *self,
                      LensExportKind  kind,
                      const char     *path)
{
  const ExportKind *export;
  const ExportType *type;
  g_autofree char *name = NULL;

  g_return_if_fail (LENS_IS_EXPORTER (self));
  g_return_if_fail (kind < G_N_ELEMENTS (export_kinds));

  export = &export_kinds[kind];
  if (!lens_result_is_solved (lens_document_get_result (self->document)))
    return;
  if (path != NULL && *path != '\0')
    {
      export_path (self, path, export->types, export->n_types, export->func);
      return;
    }
  if (self->parent == NULL)
    return;
  type = recall_type (self, export);
  name = suggest_name (self, export, type);
  show_save_dialog (self, _(export->title), name, export->types, export->n_types, type, export->func);
}

static void
lens_exporter_dispose (GObject *object)
{
  LensExporter *self = LENS_EXPORTER (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  g_clear_weak_pointer (&self->parent);
  g_clear_object (&self->document);
  g_clear_object (&self->toaster);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (lens_exporter_parent_class)->dispose (object);
}

static void
lens_exporter_class_init (LensExporterClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = lens_exporter_dispose;
}

static void
lens_exporter_init (LensExporter *self)
{
}

LensExporter *
lens_exporter_new (GtkWindow    *parent,
                   LensDocument *document,
                   LensToaster  *toaster,
                   GSettings    *settings)
{
  LensExporter *self;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (LENS_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (LENS_IS_TOASTER (toaster), NULL);

  self = g_object_new (LENS_TYPE_EXPORTER, NULL);
  g_set_weak_pointer (&self->parent, parent);
  self->document = g_object_ref (document);
  self->toaster = g_object_ref (toaster);
  self->settings = settings != NULL ? g_object_ref (settings) : NULL;
  return self;
}
