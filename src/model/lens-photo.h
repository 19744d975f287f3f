/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A photo of a board: the file it came from and its pixels at full size.
 * Shared by reference between the document that shows it, a closed
 * document that may come back, and the job reading it; it never changes
 * once made, and any thread may use it. */

#include <gio/gio.h>

#include "lens-vision.h"

G_BEGIN_DECLS

typedef struct _LensPhoto LensPhoto;

/* A smaller copy of a photo for a screen: tightly packed RGB8 pixels,
 * turned clockwise by @rotation, at @scale of the full size. */
typedef struct {
  GBytes *rgb;
  int     width;
  int     height;
  double  scale;
  int     rotation;
} LensPicture;

/* The long side of a photo's picture for the window. */
#define LENS_PICTURE_SIZE 2048

/* @path: nullable (a pasted photo kept nowhere yet); @image (transfer
 * full): nullable, a photo not decoded yet (a restored session). */
LensPhoto       *lens_photo_new             (const char      *path,
                                             LensImage       *image);
LensPhoto       *lens_photo_ref             (LensPhoto       *photo);
void             lens_photo_unref           (LensPhoto       *photo);
const char      *lens_photo_get_path        (const LensPhoto *photo);
const LensImage *lens_photo_get_image       (const LensPhoto *photo);
/* The rotation the photo's EXIF tag asks for; 0 before it is decoded. */
int              lens_photo_get_exif_rotation (const LensPhoto *photo);
/* The photo turned by @rotation at most LENS_PICTURE_SIZE on its long
 * side, made once and kept for the last rotation asked; NULL when there
 * are no pixels. Slow the first time for a large photo: a worker thread
 * that read the photo makes the one it will be shown at. */
LensPicture     *lens_photo_get_picture     (LensPhoto       *photo,
                                             int              rotation);

/* @image turned by @rotation, at most @size pixels on its long side. */
LensPicture     *lens_picture_new           (const LensImage *image,
                                             int              rotation,
                                             int              size);
LensPicture     *lens_picture_ref           (LensPicture     *picture);
void             lens_picture_unref         (LensPicture     *picture);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensPhoto, lens_photo_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensPicture, lens_picture_unref)

G_END_DECLS
