/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-photo.h"

struct _LensPhoto {
  char        *path;
  LensImage   *image;
  GMutex       lock;     /* guards picture */
  LensPicture *picture;  /* the last one made */
};

static void
photo_clear (gpointer data)
{
  LensPhoto *photo = data;

  g_free (photo->path);
  g_clear_pointer (&photo->image, lens_image_free);
  g_clear_pointer (&photo->picture, lens_picture_unref);
  g_mutex_clear (&photo->lock);
}

LensPhoto *
lens_photo_new (const char *path,
                LensImage  *image)
{
  LensPhoto *photo = g_atomic_rc_box_new0 (LensPhoto);

  photo->path = g_strdup (path);
  photo->image = image;
  g_mutex_init (&photo->lock);
  return photo;
}

LensPhoto *
lens_photo_ref (LensPhoto *photo)
{
  g_return_val_if_fail (photo != NULL, NULL);

  return g_atomic_rc_box_acquire (photo);
}

void
lens_photo_unref (LensPhoto *photo)
{
  if (photo != NULL)
    g_atomic_rc_box_release_full (photo, photo_clear);
}

const char *
lens_photo_get_path (const LensPhoto *photo)
{
  g_return_val_if_fail (photo != NULL, NULL);

  return photo->path;
}

const LensImage *
lens_photo_get_image (const LensPhoto *photo)
{
  g_return_val_if_fail (photo != NULL, NULL);

  return photo->image;
}

int
lens_photo_get_exif_rotation (const LensPhoto *photo)
{
  g_return_val_if_fail (photo != NULL, 0);

  return photo->image != NULL ? lens_image_get_exif_rotation (photo->image) : 0;
}

LensPicture *
lens_photo_get_picture (LensPhoto *photo,
                        int        rotation)
{
  g_autoptr(GMutexLocker) locker = NULL;

  g_return_val_if_fail (photo != NULL, NULL);

  if (photo->image == NULL)
    return NULL;
  locker = g_mutex_locker_new (&photo->lock);
  if (photo->picture == NULL || photo->picture->rotation != rotation)
    {
      LensPicture *picture = lens_picture_new (photo->image, rotation, LENS_PICTURE_SIZE);

      if (picture == NULL)
        return NULL;
      g_clear_pointer (&photo->picture, lens_picture_unref);
      photo->picture = picture;
    }
  return lens_picture_ref (photo->picture);
}

static void
picture_clear (gpointer data)
{
  LensPicture *picture = data;

  g_clear_pointer (&picture->rgb, g_bytes_unref);
}

LensPicture *
lens_picture_new (const LensImage *image,
                  int              rotation,
                  int              size)
{
  LensPicture *picture;
  int width = 0, height = 0;
  double scale = 1;
  GBytes *rgb;

  g_return_val_if_fail (image != NULL, NULL);

  rgb = lens_image_get_rgb_scaled (image, rotation, size, &width, &height, &scale);
  if (rgb == NULL || width <= 0 || height <= 0)
    {
      g_clear_pointer (&rgb, g_bytes_unref);
      return NULL;
    }
  picture = g_atomic_rc_box_new0 (LensPicture);
  picture->rgb = rgb;
  picture->width = width;
  picture->height = height;
  picture->scale = scale;
  picture->rotation = rotation;
  return picture;
}

LensPicture *
lens_picture_ref (LensPicture *picture)
{
  g_return_val_if_fail (picture != NULL, NULL);

  return g_atomic_rc_box_acquire (picture);
}

void
lens_picture_unref (LensPicture *picture)
{
  if (picture != NULL)
    g_atomic_rc_box_release_full (picture, picture_clear);
}
