/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "lens-vision.h"

G_BEGIN_DECLS

#define LENS_TYPE_PHOTO_VIEW (lens_photo_view_get_type ())

G_DECLARE_FINAL_TYPE (LensPhotoView, lens_photo_view, LENS, PHOTO_VIEW, GtkWidget)

GtkWidget  *lens_photo_view_new          (void);
/* @texture is the photo already turned upright by @rotation degrees
 * clockwise and scaled by @scale; corners are given and returned in the
 * stored image's frame. */
void        lens_photo_view_set_photo    (LensPhotoView   *self,
                                          GdkTexture      *texture,
                                          int              rotation,
                                          double           scale);
/* The same photo at another size (@scale): the corners, the selection and
 * a drag under way stay where they are on the photo. */
void        lens_photo_view_resize_photo (LensPhotoView   *self,
                                          GdkTexture      *texture,
                                          double           scale);
/* The room the photo is fitted into, in pixels of the screen; 0 × 0
 * before the view is allocated. "room-changed" says when it changes. */
void        lens_photo_view_get_room     (LensPhotoView   *self,
                                          int             *width,
                                          int             *height);
GdkTexture *lens_photo_view_get_texture  (LensPhotoView   *self);
int         lens_photo_view_get_rotation (LensPhotoView   *self);
void        lens_photo_view_set_corners  (LensPhotoView   *self,
                                          const LensPoint *corners);
gboolean    lens_photo_view_get_corners  (LensPhotoView   *self,
                                          LensPoint        corners[4]);
/* Digits to draw into the board's cells (0 = none), or NULL. */
void        lens_photo_view_set_overlay  (LensPhotoView   *self,
                                          const guint8    *digits);
int         lens_photo_view_get_selected (LensPhotoView   *self);
void        lens_photo_view_set_selected (LensPhotoView   *self,
                                          int              cell);
/* The cell under a point in widget coordinates, or -1. */
int         lens_photo_view_cell_at      (LensPhotoView   *self,
                                          double           x,
                                          double           y);
/* Where a point of the stored image shows in widget coordinates. */
gboolean    lens_photo_view_image_to_widget (LensPhotoView *self,
                                          const LensPoint *point,
                                          double          *x,
                                          double          *y);

G_END_DECLS
