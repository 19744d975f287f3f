/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Which file an export writes, from the name the player typed and the type
 * chosen in the save dialog's filter. Pure GLib. */

#include <glib.h>

G_BEGIN_DECLS

/* One kind of file an export can write. */
typedef struct {
  const char *name;        /* "PNG Image", for messages (translated by the caller) */
  const char *extensions;  /* ".png" or ".jpg .jpeg": the first is the one a name gets */
} LensExportType;

/* The type of the file written, or -1 with @error set (LENS_ERROR_IO) when
 * @typed cannot be used; @out_name gets the name to write. The typed
 * extension decides when it is one of @types' (in any case), whatever
 * the filter says: "solved.pdf" is a PDF. A name ending in the extension
 * of some other kind of picture or document (".svg" where only PNG and
 * JPEG are written) is refused with a message that names the types that
 * can be written. Any other name keeps all it says and gets the extension
 * of @filter_type (an index into @types; -1 for none: the first type). */
int       lens_export_name_choose     (const char            *typed,
                                       const LensExportType  *types,
                                       guint                  n_types,
                                       int                    filter_type,
                                       char                 **out_name,
                                       GError               **error);

/* The name, without extension, offered for an export of the photo
 * @photo_name (a file name, nullable): the photo's without its extension,
 * a dash and @suffix, as "IMG_1234-solved" for "IMG_1234.JPG"; NULL when
 * there is no name to start from. */
char     *lens_export_name_suggest    (const char            *photo_name,
                                       const char            *suffix);

G_END_DECLS
