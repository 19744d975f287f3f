/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "lens-job.h"
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

int
lens_photo_fit_picture (const LensPhoto *photo,
                        int              rotation,
                        int              width,
                        int              height)
{
  double w, h, fit;

  g_return_val_if_fail (photo != NULL, LENS_PICTURE_SIZE);

  if (photo->image == NULL || width <= 0 || height <= 0)
    return LENS_PICTURE_SIZE;
  w = lens_image_get_width (photo->image);
  h = lens_image_get_height (photo->image);
  if (rotation == 90 || rotation == 270)
    fit = MIN (width / h, height / w);
  else
    fit = MIN (width / w, height / h);
  return MIN (CLAMP ((int) ceil (MAX (w, h) * fit), LENS_PICTURE_MIN_SIZE, LENS_PICTURE_SIZE), (int) MAX (w, h));
}

/* Whether @picture serves for @size: as large (within a pixel of
 * rounding), and at most a third larger, which draws as fast. */
static gboolean
picture_serves (const LensPicture *picture,
                const LensImage   *image,
                int                size)
{
  int side = MAX (picture->width, picture->height);
  int need = MIN (MIN (size, LENS_PICTURE_SIZE),
                  MAX (lens_image_get_width (image), lens_image_get_height (image)));

  return size <= 0 || (side >= need - 1 && side <= need + need / 3 + 1);
}

LensPicture *
lens_photo_get_picture (LensPhoto *photo,
                        int        rotation,
                        int        size)
{
  g_autoptr(GMutexLocker) locker = NULL;

  g_return_val_if_fail (photo != NULL, NULL);

  if (photo->image == NULL)
    return NULL;
  locker = g_mutex_locker_new (&photo->lock);
  if (photo->picture == NULL || photo->picture->rotation != rotation ||
      !picture_serves (photo->picture, photo->image, size))
    {
      LensPicture *picture = lens_picture_new (photo->image, rotation,
                                               size > 0 ? MIN (size, LENS_PICTURE_SIZE) : LENS_PICTURE_SIZE);

      if (picture == NULL)
        return NULL;
      g_clear_pointer (&photo->picture, lens_picture_unref);
      photo->picture = picture;
    }
  return lens_picture_ref (photo->picture);
}

typedef struct {
  LensPhoto *photo;
  int        rotation;
  int        size;
} PictureAsk;

static void
picture_ask_free (gpointer data)
{
  PictureAsk *ask = data;

  lens_photo_unref (ask->photo);
  g_free (ask);
}

static void
picture_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  PictureAsk *ask = task_data;
  LensPicture *picture;

  if (g_task_return_error_if_cancelled (task))
    return;
  picture = lens_photo_get_picture (ask->photo, ask->rotation, ask->size);
  if (picture == NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "The photo has no pixels to show");
  else
    g_task_return_pointer (task, picture, (GDestroyNotify) lens_picture_unref);
}

void
lens_photo_get_picture_async (LensPhoto           *photo,
                              int                  rotation,
                              int                  size,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  PictureAsk *ask;

  g_return_if_fail (photo != NULL);

  ask = g_new0 (PictureAsk, 1);
  ask->photo = lens_photo_ref (photo);
  ask->rotation = rotation;
  ask->size = size;
  lens_task_run_in_thread (lens_photo_get_picture_async, ask, picture_ask_free, picture_thread, cancellable,
                           callback, user_data);
}

LensPicture *
lens_photo_get_picture_finish (GAsyncResult  *result,
                               GError       **error)
{
  return lens_task_finish (result, error);
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
