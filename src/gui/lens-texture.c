/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-texture.h"

GdkTexture *
lens_texture_from_image (const LensImage *image,
                         int              rotation)
{
  g_autoptr(GBytes) rgb = NULL;
  int width = 0, height = 0;

  g_return_val_if_fail (image != NULL, NULL);

  rgb = lens_image_get_rgb (image, rotation, &width, &height);
  if (rgb == NULL || width <= 0 || height <= 0)
    return NULL;
  return gdk_memory_texture_new (width, height, GDK_MEMORY_R8G8B8, rgb, (gsize) width * 3);
}

GdkTexture *
lens_texture_from_picture (const LensPicture *picture)
{
  g_return_val_if_fail (picture != NULL, NULL);

  return gdk_memory_texture_new (picture->width, picture->height, GDK_MEMORY_R8G8B8, picture->rgb,
                                 (gsize) picture->width * 3);
}
