/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "lens-photo.h"

G_BEGIN_DECLS

/* @image's pixels turned clockwise by @rotation, for the screen. */
GdkTexture *lens_texture_from_image   (const LensImage   *image,
                                       int                rotation);
/* A texture sharing @picture's pixels. */
GdkTexture *lens_texture_from_picture (const LensPicture *picture);

G_END_DECLS
