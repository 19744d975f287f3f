/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-file-chooser.h"

GtkFileFilter *
lens_file_filter_new (const char         *name,
                      const char * const *mime_types)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  for (guint i = 0; mime_types[i]; i++)
    gtk_file_filter_add_mime_type (filter, mime_types[i]);
  return filter;
}

GtkFileChooserNative *
lens_file_chooser_new (GtkWindow            *parent,
                       const char           *title,
                       GtkFileChooserAction  action,
                       const char           *accept,
                       GFile                *folder)
{
  GtkFileChooserNative *native = gtk_file_chooser_native_new (title, parent, action, accept, _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
  return native;
}

void
lens_folder_remember (GSettings  *settings,
                      const char *key,
                      GFile      *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *path = parent ? g_file_get_path (parent) : NULL;

  if (path != NULL && settings != NULL)
    g_settings_set_string (settings, key, path);
}

GFile *
lens_folder_recall (GSettings  *settings,
                    const char *key)
{
  g_autofree char *path = settings ? g_settings_get_string (settings, key) : NULL;
  const char *pictures = g_get_user_special_dir (G_USER_DIRECTORY_PICTURES);

  if (path != NULL && path[0] != '\0' && g_file_test (path, G_FILE_TEST_IS_DIR))
    return g_file_new_for_path (path);
  return g_file_new_for_path (pictures ? pictures : g_get_home_dir ());
}
