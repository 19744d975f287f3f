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

/* The longest side of a photo's picture for the window: the size it is
 * shown at, no more (the room it is given, lens_photo_fit_picture()),
 * and never above this. */
#define LENS_PICTURE_SIZE 2048
/* The least: a picture made for a room smaller than a window's. */
#define LENS_PICTURE_MIN_SIZE 320

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
/* The long side of the photo's picture turned by @rotation to fit in
 * @width × @height pixels, between LENS_PICTURE_MIN_SIZE and
 * LENS_PICTURE_SIZE (never above the photo's own); LENS_PICTURE_SIZE when
 * the room is not known (0 × 0) or the photo has no pixels yet. */
int              lens_photo_fit_picture     (const LensPhoto *photo,
                                             int              rotation,
                                             int              width,
                                             int              height);
/* The photo turned by @rotation with @size pixels on its long side (at
 * most the photo's own and LENS_PICTURE_SIZE), made once and kept: the
 * one kept is given again for the same rotation where it is as large and
 * at most a third larger; for any size at all when @size is 0. NULL when
 * there are no pixels. A photo decoded at a fraction (a large JPEG) is
 * decoded again only where the picture needs more than that fraction;
 * even so, a large picture is slow to make: a worker thread that read
 * the photo makes the one it will be shown at. */
LensPicture     *lens_photo_get_picture     (LensPhoto       *photo,
                                             int              rotation,
                                             int              size);
/* lens_photo_get_picture() in a worker thread. */
void             lens_photo_get_picture_async  (LensPhoto           *photo,
                                                int                  rotation,
                                                int                  size,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
/* (transfer full): NULL with @error when cancelled or with no pixels. */
LensPicture     *lens_photo_get_picture_finish (GAsyncResult        *result,
                                                GError             **error);

/* @image turned by @rotation, at most @size pixels on its long side. */
LensPicture     *lens_picture_new           (const LensImage *image,
                                             int              rotation,
                                             int              size);
LensPicture     *lens_picture_ref           (LensPicture     *picture);
void             lens_picture_unref         (LensPicture     *picture);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensPhoto, lens_photo_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensPicture, lens_picture_unref)

G_END_DECLS
