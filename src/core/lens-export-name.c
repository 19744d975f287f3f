/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "lens-error.h"
#include "lens-export-name.h"

/* Extensions of pictures and documents a player may type by habit: a name
 * ending in one the export does not write is a mistake, not part of the name. */
static const char * const known_extensions[] = {
  ".png", ".jpg", ".jpeg", ".svg", ".pdf", ".webp", ".tif", ".tiff", ".gif",
  ".bmp", ".heic", ".avif", ".ps", ".eps", ".jxl",
};

static gboolean
has_extension (const char *lower,
               const char *extension)
{
  gsize n = strlen (lower), m = strlen (extension);

  return n > m && g_str_equal (lower + n - m, extension);
}

static int
type_of_name (const char           *lower,
              const LensExportType *types,
              guint                 n_types)
{
  for (guint i = 0; i < n_types; i++)
    {
      g_auto(GStrv) extensions = g_strsplit (types[i].extensions, " ", -1);

      for (guint e = 0; extensions[e] != NULL; e++)
        if (*extensions[e] != '\0' && has_extension (lower, extensions[e]))
          return (int) i;
    }
  return -1;
}

static const char *
known_extension (const char *lower)
{
  for (guint i = 0; i < G_N_ELEMENTS (known_extensions); i++)
    if (has_extension (lower, known_extensions[i]))
      return known_extensions[i];
  return NULL;
}

/* ".png or .jpg", ".png, .svg or .pdf" */
static char *
first_extensions (const LensExportType *types,
                  guint                 n_types)
{
  GString *list = g_string_new (NULL);

  for (guint i = 0; i < n_types; i++)
    {
      g_autofree char *first = g_strndup (types[i].extensions, strcspn (types[i].extensions, " "));

      if (i > 0)
        /* TRANSLATORS: between the last two items of a list of file extensions */
        g_string_append (list, i + 1 == n_types ? _(" or ") : ", ");
      g_string_append (list, first);
    }
  return g_string_free (list, FALSE);
}

static char *
with_first_extension (const char           *typed,
                      const LensExportType *type)
{
  gsize first = strcspn (type->extensions, " ");

  return g_strdup_printf ("%s%.*s", typed, (int) first, type->extensions);
}

int
lens_export_name_choose (const char            *typed,
                         const LensExportType  *types,
                         guint                  n_types,
                         int                    filter_type,
                         char                 **out_name,
                         GError               **error)
{
  g_autofree char *lower = NULL;
  const char *other;
  int type;

  g_return_val_if_fail (typed != NULL, -1);
  g_return_val_if_fail (types != NULL && n_types > 0, -1);
  g_return_val_if_fail (filter_type < (int) n_types, -1);
  g_return_val_if_fail (out_name != NULL, -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  lower = g_utf8_strdown (typed, -1);
  type = type_of_name (lower, types, n_types);
  if (type >= 0)
    {
      *out_name = g_strdup (typed);
      return type;
    }
  other = known_extension (lower);
  if (other != NULL)
    {
      g_autofree char *allowed = first_extensions (types, n_types);

      /* TRANSLATORS: the file name typed, its extension, then the extensions that can be written */
      g_set_error (error, LENS_ERROR, LENS_ERROR_IO,
                   _("“%s” was not saved: this cannot be saved as %s, only as %s"),
                   typed, other, allowed);
      return -1;
    }
  type = filter_type >= 0 ? filter_type : 0;
  *out_name = with_first_extension (typed, &types[type]);
  return type;
}

char *
lens_export_name_suggest (const char *photo_name,
                          const char *suffix)
{
  const char *dot;
  gsize length;

  g_return_val_if_fail (suffix != NULL, NULL);

  if (photo_name == NULL)
    return NULL;
  dot = strrchr (photo_name, '.');
  length = dot != NULL && dot != photo_name ? (gsize) (dot - photo_name) : strlen (photo_name);
  if (length == 0)
    return NULL;
  return g_strdup_printf ("%.*s-%s", (int) length, photo_name, suffix);
}
