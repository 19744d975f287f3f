/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Puts photos into a document, off the main thread: opens one (decodes
 * it and reads its board), reads the document's photo again inside
 * corners the player placed or turned a quarter, or decodes the photo of
 * a restored session. One load at a time: a new one cancels the one under
 * way. The document takes what was read; "finished" says when, and what
 * went wrong. */

#include "lens-job.h"
#include "lens-reader.h"

G_BEGIN_DECLS

typedef enum {
  LENS_LOAD_NONE,
  LENS_LOAD_OPEN,     /* a photo decoded and its board read */
  LENS_LOAD_CORNERS,  /* the board read again inside corners the player placed */
  LENS_LOAD_TURN,     /* the board read again, turned a quarter clockwise */
  LENS_LOAD_DECODE,   /* the document's photo decoded: a restored session */
} LensLoadKind;

#define LENS_TYPE_PHOTO_LOADER (lens_photo_loader_get_type ())
G_DECLARE_FINAL_TYPE (LensPhotoLoader, lens_photo_loader, LENS, PHOTO_LOADER, LensJob)

LensPhotoLoader *lens_photo_loader_new            (LensDocument     *document,
                                                   LensReader       *reader);
/* Opens the photo at @path or in @bytes. Signals "preview" with a small
 * picture of it (LensPicture) once decoded, then "finished". A photo
 * with no board in it does not replace the document's: "finished" says
 * LENS_ERROR_NO_BOARD, and the photo is kept for
 * lens_photo_loader_take_boardless(). */
void             lens_photo_loader_open           (LensPhotoLoader  *self,
                                                   const char       *path,
                                                   GBytes           *bytes);
/* Opens the photo at @path, read elsewhere as @scan (a camera's capture):
 * the document takes the scan at once, and the photo once decoded. */
void             lens_photo_loader_open_scanned   (LensPhotoLoader  *self,
                                                   const char       *path,
                                                   const LensScan   *scan);
/* Reads the document's photo again inside @corners, as one undoable edit.
 * FALSE when the document has no photo's pixels. */
gboolean         lens_photo_loader_read_corners   (LensPhotoLoader  *self,
                                                   const LensPoint   corners[4]);
/* Reads the document's board again a quarter turn clockwise from the one
 * read, as one undoable edit. FALSE without a photo and its scan. */
gboolean         lens_photo_loader_turn           (LensPhotoLoader  *self);
/* Decodes the photo of the document, which has its path but no pixels
 * yet. FALSE when there is nothing to decode. */
gboolean         lens_photo_loader_decode         (LensPhotoLoader  *self);
/* The room, in pixels of the screen, that the window shows a photo in:
 * @preview_width × @preview_height while it is read, @width × @height once
 * read; 0 × 0 where it is not known. The loads begun after make their
 * pictures to fit it (lens_photo_fit_picture()): a large JPEG is then
 * decoded no larger than shown. */
void             lens_photo_loader_set_room       (LensPhotoLoader  *self,
                                                   int               preview_width,
                                                   int               preview_height,
                                                   int               width,
                                                   int               height);
/* Cancels the load under way: the document stays as it is. */
void             lens_photo_loader_stop           (LensPhotoLoader  *self);
/* The load under way ("notify::kind"), LENS_LOAD_NONE when there is none. */
LensLoadKind     lens_photo_loader_get_kind       (LensPhotoLoader  *self);
/* Whether the load under way reads the document's photo again but the
 * document changed since it began: what it reads will be dropped. */
gboolean         lens_photo_loader_is_stale       (LensPhotoLoader  *self);
/* The photo last opened with no board found, until another is opened
 * (transfer full; nullable). */
LensPhoto       *lens_photo_loader_take_boardless (LensPhotoLoader  *self);

/* A scan to start from when the player marks a board by hand on @photo:
 * corners inset from the photo's edges, no digits read. */
void             lens_photo_guess_board           (const LensPhoto  *photo,
                                                   LensScan         *scan);

G_END_DECLS
