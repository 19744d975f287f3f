/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "lens-document.h"
#include "lens-pipeline.h"
#include "lens-reader.h"
#include "lens-vision.h"

G_BEGIN_DECLS

typedef struct {
  char       *path;      /* nullable: a pasted photo */
  LensImage  *image;
  GdkTexture *texture;   /* the photo turned upright, for the screen */
  double      scale;     /* texture pixels per image pixel */
  gboolean    has_scan;
  LensScan    scan;
  LensGrid    grid;
  GError     *no_board;  /* set when the photo decoded but held no board */
} LensReading;

void         lens_reading_free          (LensReading *reading);
/* A scan to start from when the user marks the board by hand: corners
 * inset from the photo's edges, no digits read. */
void         lens_reading_guess_board   (LensReading *reading);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensReading, lens_reading_free)

/* Called on the caller's main context with the decoded photo before its
 * board is read; never called once @cancellable is cancelled. */
typedef void (*LensPreviewFunc) (GdkTexture *texture,
                                 gpointer    user_data);

/* Decodes a photo from @path or @bytes and reads the board in it with
 * @reader's recognizer. */
void         lens_read_photo_async      (LensReader          *reader,
                                         const char          *path,
                                         GBytes              *bytes,
                                         LensPreviewFunc      preview,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
/* Reads the cells inside corners the user placed on an already decoded photo. */
void         lens_reread_corners_async  (LensReader          *reader,
                                         const LensImage     *image,
                                         const LensPoint      corners[4],
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
/* Reads the board of an already decoded photo again, turned clockwise by
 * @rotation from the stored image (lens_pipeline_read_turned). */
void         lens_reread_turned_async   (LensReader          *reader,
                                         const LensImage     *image,
                                         int                  rotation,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
/* Decodes a photo and turns it upright by @rotation, with no scan. */
void         lens_decode_photo_async    (const char          *path,
                                         int                  rotation,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
LensReading *lens_read_photo_finish     (GAsyncResult        *result,
                                         GError             **error);

/* Used by the tasks, and by the export of the overlay. */
GdkTexture  *lens_texture_from_image    (const LensImage     *image,
                                         int                  rotation);
/* The same, at most @size pixels on its long side. */
#define LENS_PREVIEW_SIZE 2048
GdkTexture  *lens_preview_from_image    (const LensImage     *image,
                                         int                  rotation,
                                         int                  size,
                                         double              *scale);

G_END_DECLS
