/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkFileFilter        *lens_file_filter_new  (const char            *name,
                                             const char * const    *mime_types);
/* A modal file chooser (the portal's where there is one) over @parent,
 * starting in @folder. */
GtkFileChooserNative *lens_file_chooser_new (GtkWindow             *parent,
                                             const char            *title,
                                             GtkFileChooserAction   action,
                                             const char            *accept,
                                             GFile                 *folder);
/* Keeps the folder of @file in the setting @key of @settings (nullable:
 * nothing is kept): "last-folder", where the open dialog starts, or
 * "save-folder", where the save dialogs start. */
void                  lens_folder_remember  (GSettings             *settings,
                                             const char            *key,
                                             GFile                 *file);
/* The folder kept in @key, or Pictures. */
GFile                *lens_folder_recall    (GSettings             *settings,
                                             const char            *key);

G_END_DECLS
