/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "lens-capture.h"
#include "lens-grid.h"
#include "lens-reader.h"

G_BEGIN_DECLS

#define LENS_TYPE_CAPTURE_PAGE (lens_capture_page_get_type ())

G_DECLARE_FINAL_TYPE (LensCapturePage, lens_capture_page, LENS, CAPTURE_PAGE, GtkWidget)

/* The live camera view. Emits "captured" with the path of the saved frame
 * and its LensScan (NULL when the user took the picture before the digits
 * were read) when a puzzle is captured, read by @reader's recognizer, "closed" when the user leaves. */
GtkWidget  *lens_capture_page_new            (LensReader      *reader);
/* Starts the preview afresh from @source (a camera index, device or video
 * file), or from the camera picked in the list when NULL. The camera is
 * opened in the background; a failure shows on the page with a way to open
 * a photo instead. */
void        lens_capture_page_start          (LensCapturePage *self,
                                              const char      *source);
void        lens_capture_page_stop           (LensCapturePage *self);

void        lens_capture_page_set_live_solution (LensCapturePage *self,
                                              gboolean         live);

/* What the preview shows now: the frame, the board outline in its pixels
 * (FALSE when no board is in view), the tracker's state, and whether the
 * frame has the solution drawn in (then @solution holds it). */
GdkTexture *lens_capture_page_get_frame      (LensCapturePage *self);
/* The number of that frame in the stream, from 0. */
guint       lens_capture_page_get_frame_index (LensCapturePage *self);
gboolean    lens_capture_page_get_outline    (LensCapturePage *self,
                                              LensPoint        corners[4]);
LensCaptureState lens_capture_page_get_state (LensCapturePage *self);
gboolean    lens_capture_page_get_solution   (LensCapturePage *self,
                                              LensGrid        *solution);
/* The message shown when no camera can be used, or NULL. */
const char *lens_capture_page_get_problem    (LensCapturePage *self);

G_END_DECLS
