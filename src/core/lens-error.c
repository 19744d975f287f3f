/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <errno.h>

#include "lens-error.h"

G_DEFINE_QUARK (lens-error-quark, lens_error)

/* GLib's file messages name the file; ours do not, as every caller shows
 * the name once in front of the message. */
void
lens_error_set_from_file_error (GError       **error,
                                const GError  *file_error)
{
  int errnum;

  g_return_if_fail (file_error != NULL);

  if (file_error->domain != G_FILE_ERROR)
    {
      g_set_error_literal (error, LENS_ERROR, LENS_ERROR_IO, file_error->message);
      return;
    }
  switch (file_error->code)
    {
    case G_FILE_ERROR_NOENT: errnum = ENOENT; break;
    case G_FILE_ERROR_ACCES: errnum = EACCES; break;
    case G_FILE_ERROR_PERM: errnum = EPERM; break;
    case G_FILE_ERROR_ISDIR: errnum = EISDIR; break;
    case G_FILE_ERROR_NOTDIR: errnum = ENOTDIR; break;
    case G_FILE_ERROR_NAMETOOLONG: errnum = ENAMETOOLONG; break;
    case G_FILE_ERROR_LOOP: errnum = ELOOP; break;
    case G_FILE_ERROR_NOMEM: errnum = ENOMEM; break;
    case G_FILE_ERROR_NXIO: errnum = ENXIO; break;
    case G_FILE_ERROR_NODEV: errnum = ENODEV; break;
    default: errnum = EIO; break;
    }
  g_set_error_literal (error, LENS_ERROR, LENS_ERROR_IO, g_strerror (errnum));
}
