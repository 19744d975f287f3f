/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "lens-image-header.h"

G_BEGIN_DECLS

/* Decoded pixels: 8 bits a sample, grey (1 channel), BGR (3) or BGRA (4,
 * not premultiplied), rows of width × channels bytes. */
typedef struct {
  guint8 *pixels;  /* g_free() it */
  int     width;
  int     height;
  int     channels;
} LensPixels;

typedef enum {
  LENS_DECODE_OK,
  LENS_DECODE_CORRUPT,      /* the decoder refused the data */
  LENS_DECODE_TOO_LARGE,    /* beyond @max_pixels, or no memory for it */
  LENS_DECODE_UNSUPPORTED,  /* HEIF in a build without libheif */
} LensDecodeStatus;

/* A rectangle of a decoded image, in its pixels. */
typedef struct {
  int x, y, width, height;
} LensDecodeRegion;

/* Decodes @data, of the format @header found, with a decoder made for it
 * (libjpeg-turbo, libpng, libwebp, libtiff, libheif; gdk-pixbuf for BMP and
 * PNM). A JPEG is decoded at @eighths / 8 of its size (1 to 8), by the
 * inverse DCT at that scale; other formats at full size. Nothing larger
 * than @max_pixels is allocated. */
LensDecodeStatus lens_decode_pixels (const guint8          *data,
                                     gsize                  size,
                                     const LensImageHeader *header,
                                     int                    eighths,
                                     double                 max_pixels,
                                     LensPixels            *out);

/* As lens_decode_pixels(), but of a JPEG decodes only the rows and columns
 * of @region (NULL: all), widened to whole blocks: the other pixels are 0.
 * Those inside are the same as in a whole decode, in less time (the rows
 * below the region are not decoded at all; those above and beside, only
 * entropy decoded). Other formats are decoded whole. */
LensDecodeStatus lens_decode_pixels_region (const guint8           *data,
                                            gsize                   size,
                                            const LensImageHeader  *header,
                                            int                     eighths,
                                            const LensDecodeRegion *region,
                                            double                  max_pixels,
                                            LensPixels             *out);

/* The size of a HEIF file's primary image, read from its boxes; FALSE if
 * they are broken or the build has no libheif. */
gboolean         lens_decode_heif_size (const guint8 *data,
                                        gsize         size,
                                        int          *width,
                                        int          *height);

/* Encodes 8-bit BGR pixels (rows @stride bytes apart) as a PNG or, with
 * @jpeg, as a JPEG of quality 95. NULL if the encoder fails. */
GBytes          *lens_encode_pixels (const guint8 *bgr,
                                     int           width,
                                     int           height,
                                     gsize         stride,
                                     gboolean      jpeg);

G_END_DECLS
