/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Auto-capture from a stream of frames: finds the board in each frame,
 * waits until it has stayed put for about half a second and reads the same
 * digits over a few frames, then hands over the sharpest of those frames
 * with its scan. After a capture it follows the same board (for drawing the
 * solution on the live picture) until a different puzzle comes into view. */

#include <gio/gio.h>

#include "lens-vision.h"

G_BEGIN_DECLS

typedef enum {
  LENS_CAPTURE_SEARCHING,  /* no board in view */
  LENS_CAPTURE_MOVING,     /* a board, not steady yet */
  LENS_CAPTURE_STEADY,     /* steady: its digits are being read */
  LENS_CAPTURE_CAPTURED,   /* this frame completed a capture */
  LENS_CAPTURE_HOLDING,    /* the captured puzzle is still in view, as last read */
} LensCaptureState;

/* The work done to find the board in a frame. */
typedef enum {
  LENS_CAPTURE_SKIPPED,    /* none: no board in view, and the last frame was searched */
  LENS_CAPTURE_TRACKED,    /* followed from the last frame by optical flow */
  LENS_CAPTURE_DETECTED,   /* a full search (after following, when that failed or was due) */
} LensCaptureSearch;

const char *lens_capture_state_to_string (LensCaptureState state);

typedef struct {
  guint            index;       /* frame number, from 0 */
  double           time_ms;
  LensCaptureState state;
  gboolean         found;       /* a board is in this frame */
  /* The outline, clockwise; once a puzzle is captured, in the order of the
   * captured scan's corners (top-left as the digits read first). */
  LensPoint        corners[4];
  LensCaptureSearch search;
  double           detect_ms;   /* time spent finding the board */
} LensCaptureFrame;

/* How sharp the picture is inside @corners: the variance of the Laplacian. */
double      lens_capture_sharpness       (const LensImage  *frame,
                                          const LensPoint   corners[4]);

typedef struct _LensCaptureTracker LensCaptureTracker;

LensCaptureTracker *lens_capture_tracker_new  (LensRecognizer     *recognizer);
void        lens_capture_tracker_free    (LensCaptureTracker *tracker);

/* Looks at the next frame (@time_ms from the first). Fails only when the
 * recognizer fails or @cancellable is cancelled. */
gboolean    lens_capture_tracker_push    (LensCaptureTracker *tracker,
                                          const LensImage    *frame,
                                          double              time_ms,
                                          LensCaptureFrame   *info,
                                          GCancellable       *cancellable,
                                          GError            **error);

/* After a push reported LENS_CAPTURE_CAPTURED: the chosen frame (owned by
 * the caller), its scan and its frame number. */
LensImage  *lens_capture_tracker_take    (LensCaptureTracker *tracker,
                                          LensScan           *scan,
                                          guint              *index);

/* The scan of the puzzle held since the last capture, its corners moved to
 * where @info (a frame in state CAPTURED or HOLDING) saw the board. FALSE
 * otherwise: in particular while a board found again after it was lost,
 * jumped or moved far has not yet been read as the held puzzle. */
gboolean    lens_capture_tracker_get_held (LensCaptureTracker    *tracker,
                                          const LensCaptureFrame *info,
                                          LensScan               *scan);

/* TRUE from a capture until the puzzle has been out of view for a second
 * or another one is read in its place. */
gboolean    lens_capture_tracker_is_holding (LensCaptureTracker *tracker);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensCaptureTracker, lens_capture_tracker_free)

G_END_DECLS
