/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lens-error.h"
#include "lens-pipeline.h"
#include "lens-task.h"
#include "lens-tasks.h"

typedef enum {
  JOB_READ,
  JOB_REREAD,
  JOB_TURN,
  JOB_DECODE,
} JobKind;

typedef struct {
  JobKind          kind;
  LensReader      *reader;
  LensPreviewFunc  preview;
  gpointer         preview_data;
  char            *path;
  GBytes    *bytes;
  LensImage *image;
  LensPoint  corners[4];
  int        rotation;
} ReadJob;

typedef struct {
  GCancellable    *cancellable;
  GdkTexture      *texture;
  LensPreviewFunc  func;
  gpointer         data;
} Preview;

static gboolean
deliver_preview (gpointer data)
{
  Preview *preview = data;

  if (!g_cancellable_is_cancelled (preview->cancellable))
    preview->func (preview->texture, preview->data);
  return G_SOURCE_REMOVE;
}

static void
preview_free (gpointer data)
{
  Preview *preview = data;

  g_clear_object (&preview->cancellable);
  g_clear_object (&preview->texture);
  g_free (preview);
}

/* Small: the reading page redraws it on every frame of its spinner. */
#define READING_PREVIEW_SIZE 1024

static void
post_preview (GTask         *task,
              const ReadJob *job,
              LensReading   *reading,
              int            rotation)
{
  Preview *preview;
  GdkTexture *texture;
  double scale;

  if (job->preview == NULL)
    return;
  texture = lens_preview_from_image (reading->image, rotation, READING_PREVIEW_SIZE, &scale);
  if (texture == NULL)
    return;
  preview = g_new0 (Preview, 1);
  preview->cancellable = g_cancellable_new ();
  if (g_task_get_cancellable (task))
    g_set_object (&preview->cancellable, g_task_get_cancellable (task));
  preview->texture = texture;
  preview->func = job->preview;
  preview->data = job->preview_data;
  g_main_context_invoke_full (g_task_get_context (task), G_PRIORITY_DEFAULT,
                              deliver_preview, preview, preview_free);
}

static void
read_job_free (ReadJob *job)
{
  g_clear_object (&job->reader);
  g_free (job->path);
  g_clear_pointer (&job->bytes, g_bytes_unref);
  g_clear_pointer (&job->image, lens_image_free);
  g_free (job);
}

void
lens_reading_free (LensReading *reading)
{
  if (reading == NULL)
    return;
  g_free (reading->path);
  g_clear_error (&reading->no_board);
  g_clear_pointer (&reading->image, lens_image_free);
  g_clear_object (&reading->texture);
  g_free (reading);
}

#define GUESS_INSET 0.12

void
lens_reading_guess_board (LensReading *reading)
{
  double w, h;

  g_return_if_fail (reading != NULL && reading->image != NULL);

  w = lens_image_get_width (reading->image);
  h = lens_image_get_height (reading->image);
  memset (&reading->scan, 0, sizeof reading->scan);
  lens_grid_clear (&reading->grid);
  reading->scan.rotation = lens_image_get_exif_rotation (reading->image);
  reading->scan.corners[0] = (LensPoint) { w * GUESS_INSET, h * GUESS_INSET };
  reading->scan.corners[1] = (LensPoint) { w * (1 - GUESS_INSET), h * GUESS_INSET };
  reading->scan.corners[2] = (LensPoint) { w * (1 - GUESS_INSET), h * (1 - GUESS_INSET) };
  reading->scan.corners[3] = (LensPoint) { w * GUESS_INSET, h * (1 - GUESS_INSET) };
  reading->has_scan = TRUE;
}

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
lens_preview_from_image (const LensImage *image,
                         int              rotation,
                         int              size,
                         double          *scale)
{
  g_autoptr(GBytes) rgb = NULL;
  int width = 0, height = 0;

  g_return_val_if_fail (image != NULL && scale != NULL, NULL);

  *scale = 1;
  rgb = lens_image_get_rgb_scaled (image, rotation, size, &width, &height, scale);
  if (rgb == NULL || width <= 0 || height <= 0)
    return NULL;
  return gdk_memory_texture_new (width, height, GDK_MEMORY_R8G8B8, rgb, (gsize) width * 3);
}

static LensImage *
decode (const ReadJob *job,
        GError       **error)
{
  LensImage *image;

  if (job->image != NULL)
    return lens_image_copy (job->image);
  if (job->bytes != NULL)
    return lens_image_load_bytes (job->bytes, error);
  image = lens_image_load (job->path, error);
  if (image == NULL && error != NULL)
    {
      g_autofree char *name = g_filename_display_basename (job->path);

      g_prefix_error (error, _("Could not open “%s”: "), name);
    }
  return image;
}

/* Reads the board in the decoded photo; a photo without one is no failure. */
static gboolean
read_board (const ReadJob *job,
            LensReading   *reading,
            int           *rotation,
            GCancellable  *cancellable,
            GError       **error)
{
  GError *local_error = NULL;
  LensRecognizer *recognizer = lens_reader_get_recognizer (job->reader, error);

  if (recognizer == NULL)
    return FALSE;
  if (job->kind == JOB_TURN
        ? lens_pipeline_read_turned (recognizer, reading->image, job->rotation, &reading->scan,
                                     &reading->grid, cancellable, &local_error)
        : lens_pipeline_read (recognizer, reading->image, job->kind == JOB_REREAD ? job->corners : NULL,
                              &reading->scan, &reading->grid, cancellable, &local_error))
    {
      reading->has_scan = TRUE;
      *rotation = reading->scan.rotation;
      return TRUE;
    }
  if (!g_error_matches (local_error, LENS_ERROR, LENS_ERROR_NO_BOARD))
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  reading->no_board = local_error;
  *rotation = lens_image_get_exif_rotation (reading->image);
  return TRUE;
}

static void
read_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  const ReadJob *job = task_data;
  g_autoptr(LensReading) reading = g_new0 (LensReading, 1);
  GError *error = NULL;
  int rotation = job->rotation;

  /* Jobs superseded while they waited for a thread need not decode at all. */
  if (g_task_return_error_if_cancelled (task))
    return;
  reading->path = g_strdup (job->path);
  reading->image = decode (job, &error);
  if (reading->image != NULL && job->kind == JOB_READ)
    post_preview (task, job, reading, lens_image_get_exif_rotation (reading->image));
  if (reading->image == NULL ||
      (job->kind != JOB_DECODE && !read_board (job, reading, &rotation, cancellable, &error)))
    {
      g_task_return_error (task, error);
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  reading->texture = lens_preview_from_image (reading->image, rotation, LENS_PREVIEW_SIZE, &reading->scale);
  if (reading->texture == NULL)
    g_task_return_new_error (task, LENS_ERROR, LENS_ERROR_DECODE, _("The photo could not be shown"));
  else
    g_task_return_pointer (task, g_steal_pointer (&reading), (GDestroyNotify) lens_reading_free);
}

static void
run_read_job (ReadJob             *job,
              GCancellable        *cancellable,
              GAsyncReadyCallback  callback,
              gpointer             user_data)
{
  lens_task_run_in_thread (lens_read_photo_async, job, (GDestroyNotify) read_job_free, read_thread,
                           cancellable, callback, user_data);
}

void
lens_read_photo_async (LensReader          *reader,
                       const char          *path,
                       GBytes              *bytes,
                       LensPreviewFunc      preview,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  ReadJob *job;

  g_return_if_fail (LENS_IS_READER (reader));
  g_return_if_fail (path != NULL || bytes != NULL);

  job = g_new0 (ReadJob, 1);
  job->kind = JOB_READ;
  job->reader = g_object_ref (reader);
  job->preview = preview;
  job->preview_data = user_data;
  job->path = g_strdup (path);
  job->bytes = bytes ? g_bytes_ref (bytes) : NULL;
  run_read_job (job, cancellable, callback, user_data);
}

void
lens_reread_corners_async (LensReader          *reader,
                           const LensImage     *image,
                           const LensPoint      corners[4],
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  ReadJob *job;

  g_return_if_fail (LENS_IS_READER (reader));
  g_return_if_fail (image != NULL && corners != NULL);

  job = g_new0 (ReadJob, 1);
  job->kind = JOB_REREAD;
  job->reader = g_object_ref (reader);
  job->image = lens_image_copy (image);
  memcpy (job->corners, corners, sizeof job->corners);
  run_read_job (job, cancellable, callback, user_data);
}

void
lens_reread_turned_async (LensReader          *reader,
                          const LensImage     *image,
                          int                  rotation,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  ReadJob *job;

  g_return_if_fail (LENS_IS_READER (reader));
  g_return_if_fail (image != NULL);
  g_return_if_fail (rotation == 0 || rotation == 90 || rotation == 180 || rotation == 270);

  job = g_new0 (ReadJob, 1);
  job->kind = JOB_TURN;
  job->reader = g_object_ref (reader);
  job->image = lens_image_copy (image);
  job->rotation = rotation;
  run_read_job (job, cancellable, callback, user_data);
}

void
lens_decode_photo_async (const char          *path,
                         int                  rotation,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  ReadJob *job;

  g_return_if_fail (path != NULL);

  job = g_new0 (ReadJob, 1);
  job->kind = JOB_DECODE;
  job->path = g_strdup (path);
  job->rotation = rotation;
  run_read_job (job, cancellable, callback, user_data);
}

LensReading *
lens_read_photo_finish (GAsyncResult  *result,
                        GError       **error)
{
  return lens_task_finish (result, error);
}
