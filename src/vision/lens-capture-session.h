/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* A live preview: a worker thread reads frames from a LensCamera, follows
 * the board with a LensCaptureTracker and leaves the newest result in a
 * single slot. Frames the UI has not picked up by then are dropped, never
 * queued. With the live solution on, a captured puzzle is solved and its
 * solution drawn on every frame where that puzzle is still in view. */

#include <gio/gio.h>

#include "lens-camera.h"
#include "lens-capture.h"
#include "lens-grid.h"

G_BEGIN_DECLS

typedef struct {
  GBytes          *rgb;        /* packed RGB8 of the frame to show */
  int              width;
  int              height;
  LensCaptureFrame info;
  gboolean         solved;     /* the live solution is drawn in @rgb */
  LensGrid         solution;   /* the one drawn, when @solved */
} LensCaptureUpdate;

void        lens_capture_update_free         (LensCaptureUpdate *update);

typedef struct _LensCaptureSession LensCaptureSession;

/* Called in @context (the thread-default one at creation) when an update,
 * a capture or the end of the stream is waiting. */
typedef void (*LensCaptureNotify) (LensCaptureSession *session,
                                   gpointer            user_data);

/* Sets @solution to the sure solution of the puzzle of a captured @scan,
 * or returns FALSE where there is none (or when cancelled). Called in the
 * session's worker: the model's lens_pipeline_solve_capture(), so that a
 * capture is solved as any photo is. */
typedef gboolean (*LensCaptureSolve) (const LensScan *scan,
                                      GCancellable   *cancellable,
                                      LensGrid       *solution);

/* Starts reading @camera (taken over) in a worker thread. Video files are
 * played at their own frame rate. @recognizer must outlive the session.
 * @solve (nullable: no live solution) solves each capture. */
LensCaptureSession *lens_capture_session_start (LensCamera        *camera,
                                               LensRecognizer    *recognizer,
                                               LensCaptureSolve   solve,
                                               LensCaptureNotify  notify,
                                               gpointer           user_data);
/* The same, opening @source (see lens_camera_open()) in the worker: when
 * that fails, the session ends at once with the error. */
LensCaptureSession *lens_capture_session_open  (const char        *source,
                                               LensRecognizer    *recognizer,
                                               LensCaptureSolve   solve,
                                               LensCaptureNotify  notify,
                                               gpointer           user_data);
/* Stops the worker and waits for it; @notify is not called afterwards. */
void        lens_capture_session_stop        (LensCaptureSession *session);

LensCaptureUpdate *lens_capture_session_take_update (LensCaptureSession *session);

/* The frame and scan of the newest capture not yet taken, or NULL. A
 * capture is made automatically when a board holds still, or on request. */
LensImage  *lens_capture_session_take_capture (LensCaptureSession *session,
                                               LensScan           *scan,
                                               gboolean           *has_scan);
/* Captures the sharpest of the last few frames, whatever is in view. */
void        lens_capture_session_capture_now (LensCaptureSession *session);

/* While on, automatic captures are solved and drawn on the live picture
 * instead of being handed over. */
void        lens_capture_session_set_live_solution (LensCaptureSession *session,
                                                    gboolean            live);
/* TRUE once the stream has ended: a video file played to its end, or a
 * source that could not be opened or failed (then @error says why). */
gboolean    lens_capture_session_has_ended   (LensCaptureSession *session,
                                              GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensCaptureUpdate, lens_capture_update_free)

G_END_DECLS
