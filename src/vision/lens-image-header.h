/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What an image file says of itself before anything is decoded, so that a
 * huge or truncated file is refused without asking a decoder to allocate. */
typedef enum {
  LENS_IMAGE_FORMAT_JPEG,
  LENS_IMAGE_FORMAT_PNG,
  LENS_IMAGE_FORMAT_BMP,
  LENS_IMAGE_FORMAT_WEBP,
  LENS_IMAGE_FORMAT_TIFF,
  LENS_IMAGE_FORMAT_PNM,
  LENS_IMAGE_FORMAT_HEIF,  /* HEIC and AVIF: the size is in the container's boxes */
} LensImageFormat;

typedef struct {
  LensImageFormat format;
  int      width;         /* 0 for HEIF, whose decoder reads it */
  int      height;
  int      exif_rotation;  /* degrees clockwise, from a JPEG's EXIF tag */
  gboolean complete;       /* the data ends where the format says it should */
} LensImageHeader;

typedef enum {
  LENS_IMAGE_HEADER_OK,
  LENS_IMAGE_HEADER_CORRUPT,  /* a known format, but its header is broken */
  LENS_IMAGE_HEADER_UNKNOWN,  /* not JPEG, PNG, BMP, WebP, TIFF, PNM or HEIF */
} LensImageHeaderStatus;

LensImageHeaderStatus lens_image_header_read (const guint8    *data,
                                              gsize            size,
                                              LensImageHeader *header);

G_END_DECLS
