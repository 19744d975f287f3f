/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-autosave.h"
#include "lens-error.h"
#include "lens-window-private.h"

#define NO_PHOTO_NOR_PUZZLE N_("The clipboard holds neither a photo nor a puzzle")

static void
open_texture (LensWindow *self,
              GdkTexture *texture)
{
  g_autoptr(GBytes) png = gdk_texture_save_to_png_bytes (texture);
  g_autofree char *path = lens_autosave_keep_pasted (png, NULL);

  if (path != NULL)
    _lens_window_open_path (self, path);
  else
    _lens_window_open_bytes (self, png);
}

static gboolean
open_file_list (LensWindow  *self,
                GdkFileList *list)
{
  GSList *files = gdk_file_list_get_files (list);
  gboolean opened = files != NULL;

  if (opened)
    lens_window_open_file (self, files->data);
  g_slist_free (files);
  return opened;
}

static gboolean
open_text (LensWindow *self,
           const char *text)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  g_autoptr(GFile) file = NULL;
  LensGrid grid;

  if (g_str_has_prefix (trimmed, "file://"))
    file = g_file_new_for_uri (trimmed);
  else if (g_path_is_absolute (trimmed))
    file = g_file_new_for_path (trimmed);
  if (file != NULL && g_file_query_exists (file, NULL))
    {
      lens_window_open_file (self, file);
      return TRUE;
    }
  if (!lens_grid_parse (&grid, trimmed, -1, NULL))
    return FALSE;
  lens_window_load_grid (self, &grid);
  return TRUE;
}

/* Opens what is dropped or pasted: files, a file, a picture, or text that
 * names a file or holds a puzzle. FALSE when it holds none of them. */
static gboolean
open_value (LensWindow   *self,
            const GValue *value)
{
  if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return open_file_list (self, g_value_get_boxed (value));
  if (G_VALUE_HOLDS (value, G_TYPE_FILE) && g_value_get_object (value) != NULL)
    {
      lens_window_open_file (self, g_value_get_object (value));
      return TRUE;
    }
  if (G_VALUE_HOLDS (value, GDK_TYPE_TEXTURE) && g_value_get_object (value) != NULL)
    {
      open_texture (self, g_value_get_object (value));
      return TRUE;
    }
  return G_VALUE_HOLDS (value, G_TYPE_STRING) && g_value_get_string (value) != NULL &&
         open_text (self, g_value_get_string (value));
}

static gboolean
drop_cb (LensWindow    *self,
         const GValue  *value,
         double         x,
         double         y,
         GtkDropTarget *target)
{
  return open_value (self, value);
}

/* A drag over the window: the drop zone says what a drop does, styled
 * by the window's :drop(active) state (ui/style.css). */
static void
current_drop_cb (LensWindow    *self,
                 GParamSpec    *pspec,
                 GtkDropTarget *target)
{
  if (self->drop_zone != NULL)
    gtk_widget_set_visible (self->drop_zone, gtk_drop_target_get_current_drop (target) != NULL);
}

void
_lens_window_init_dnd (LensWindow *self)
{
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  GType types[] = { GDK_TYPE_FILE_LIST, GDK_TYPE_TEXTURE };

  gtk_drop_target_set_gtypes (target, types, G_N_ELEMENTS (types));
  g_signal_connect_swapped (target, "drop", G_CALLBACK (drop_cb), self);
  g_signal_connect_swapped (target, "notify::current-drop", G_CALLBACK (current_drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}

/* What the clipboard is read as, the likeliest first, and what a paste
 * says when it cannot be read so. */
typedef struct {
  GType       type;
  const char *failure;
} Pasteable;

typedef struct {
  LensWindow *self;
  const char *failure;
} Paste;

static void
paste_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      data)
{
  g_autofree Paste *paste = data;
  g_autoptr(LensWindow) self = paste->self;
  const GValue *value = gdk_clipboard_read_value_finish (GDK_CLIPBOARD (object), result, NULL);

  if (value == NULL || !open_value (self, value))
    _lens_window_toast (self, _(paste->failure));
}

static void
paste_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (widget);
  GdkContentFormats *formats = gdk_clipboard_get_formats (clipboard);
  const Pasteable pasteables[] = {
    { GDK_TYPE_FILE_LIST, N_("The pasted files could not be read") },
    { G_TYPE_FILE, N_("The pasted file could not be read") },
    { GDK_TYPE_TEXTURE, N_("The pasted picture could not be read") },
    { G_TYPE_STRING, NO_PHOTO_NOR_PUZZLE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pasteables); i++)
    if (gdk_content_formats_contain_gtype (formats, pasteables[i].type))
      {
        Paste *paste = g_new (Paste, 1);

        paste->self = g_object_ref (LENS_WINDOW (widget));
        paste->failure = pasteables[i].failure;
        gdk_clipboard_read_value_async (clipboard, pasteables[i].type, G_PRIORITY_DEFAULT, NULL,
                                        paste_cb, paste);
        return;
      }
  _lens_window_toast (LENS_WINDOW (widget), _(NO_PHOTO_NOR_PUZZLE));
}

void
_lens_window_class_init_dnd_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, paste_activated);
}
