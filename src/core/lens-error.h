/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define LENS_ERROR (lens_error_quark ())

typedef enum {
  LENS_ERROR_PARSE,        /* bad puzzle text */
  LENS_ERROR_IO,           /* a file could not be read or written */
  LENS_ERROR_DECODE,       /* not an image, or a corrupt one */
  LENS_ERROR_TOO_LARGE,    /* image over the size limit */
  LENS_ERROR_NO_BOARD,     /* no Sudoku board found in the image */
  LENS_ERROR_ENGINE,       /* the recognizer could not be set up or failed */
  LENS_ERROR_UNSOLVABLE,   /* no repair within the search bound */
  LENS_ERROR_CAMERA,       /* camera or video source unavailable */
  LENS_ERROR_INTERNAL,     /* an unexpected failure inside a library */
} LensError;

GQuark lens_error_quark (void);

void   lens_error_set_from_file_error (GError       **error,
                                       const GError  *file_error);

G_END_DECLS
