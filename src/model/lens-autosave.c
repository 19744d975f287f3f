/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "lens-autosave.h"
#include "lens-error.h"

#define SESSION_FILE "session.json"

char *
lens_autosave_get_dir (void)
{
  const char *dir = g_getenv ("SUDOKU_LENS_DATA_DIR");

  if (dir != NULL && *dir != '\0')
    return g_strdup (dir);
  return g_build_filename (g_get_user_data_dir (), "sudoku-lens", NULL);
}

static char *
get_session_path (void)
{
  g_autofree char *dir = lens_autosave_get_dir ();

  return g_build_filename (dir, SESSION_FILE, NULL);
}

gboolean
lens_autosave_save (LensDocument  *document,
                    GError       **error)
{
  g_autofree char *dir = lens_autosave_get_dir ();
  g_autofree char *path = get_session_path ();
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (LENS_IS_DOCUMENT (document), FALSE);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, LENS_ERROR, LENS_ERROR_IO, _("Cannot create “%s”: %s"),
                   dir, g_strerror (saved));
      return FALSE;
    }
  node = lens_document_to_json (document);
  text = json_to_string (node, FALSE);
  /* Written beside and renamed over, even the first time (which
   * g_file_replace() would write in place): a kill never leaves half a file. */
  if (!g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, &local_error))
    {
      g_set_error_literal (error, LENS_ERROR, LENS_ERROR_IO, local_error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
lens_autosave_clear (GError **error)
{
  g_autofree char *path = get_session_path ();

  if (g_unlink (path) != 0 && errno != ENOENT)
    {
      int saved = errno;
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, LENS_ERROR, LENS_ERROR_IO, _("Cannot delete “%s”: %s"), name, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

static char *
set_aside (const char *path)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  char *aside = g_strdup_printf ("%s.damaged-%s", path, stamp);

  if (g_rename (path, aside) != 0)
    g_clear_pointer (&aside, g_free);
  return aside;
}

static gboolean
report_damaged (const char *path,
                GError     *cause,
                GError    **error)
{
  g_autofree char *aside = set_aside (path);

  if (aside != NULL)
    g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
                 _("The last session could not be restored (%s). It was kept as “%s”."),
                 cause->message, aside);
  else
    g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
                 _("The last session could not be restored (%s)."), cause->message);
  return FALSE;
}

/* A save cut short (the program killed while writing) leaves its
 * temporary, SESSION_FILE and six characters, beside the session, which
 * stays whole: drop it. Sessions set aside as damaged are longer. */
static void
remove_unfinished_saves (void)
{
  g_autofree char *dir = lens_autosave_get_dir ();
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_prefix (name, SESSION_FILE ".") && strlen (name) == strlen (SESSION_FILE ".XXXXXX"))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);

        g_unlink (path);
      }
}

gboolean
lens_autosave_restore (LensDocument  *document,
                       gboolean      *was_solved,
                       GError       **error)
{
  g_autofree char *path = get_session_path ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (LENS_IS_DOCUMENT (document), FALSE);

  remove_unfinished_saves ();
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return FALSE;
  if (!json_parser_load_from_file (parser, path, &local_error) ||
      !lens_document_load_json (document, json_parser_get_root (parser), was_solved, &local_error))
    return report_damaged (path, local_error, error);
  return TRUE;
}

char *
lens_autosave_keep_pasted (GBytes  *png,
                           GError **error)
{
  g_autofree char *dir = lens_autosave_get_dir ();
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *path = g_strdup_printf ("%s" G_DIR_SEPARATOR_S "pasted-%s-XXXXXX.png", dir, stamp);
  g_autoptr(GFile) file = NULL;
  int fd = -1;

  if (g_mkdir_with_parents (dir, 0700) != 0 || (fd = g_mkstemp_full (path, O_RDWR, 0600)) < 0)
    {
      int saved_errno = errno;

      g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), g_strerror (saved_errno));
      return NULL;
    }
  g_close (fd, NULL);
  file = g_file_new_for_path (path);
  if (!g_file_replace_contents (file, g_bytes_get_data (png, NULL), g_bytes_get_size (png),
                                NULL, FALSE, G_FILE_CREATE_PRIVATE, NULL, NULL, error))
    {
      g_unlink (path);
      return NULL;
    }
  return g_steal_pointer (&path);
}

void
lens_autosave_forget_pasted (const char *keep)
{
  g_autofree char *dir = lens_autosave_get_dir ();
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_str_has_prefix (name, "pasted-") && g_str_has_suffix (name, ".png") &&
          g_strcmp0 (path, keep) != 0)
        g_unlink (path);
    }
}

gboolean
lens_autosave_is_kept_picture (const char *path)
{
  g_autofree char *dir = lens_autosave_get_dir ();
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GFile) file = path != NULL ? g_file_new_for_path (path) : NULL;

  return file != NULL && g_file_has_prefix (file, folder);
}
