/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Hints for a document's board, found off the main thread: the player's
 * mistake or the next logic step, for the board as it is when asked, and
 * only for that board. Emits "finished" (a LensHintOutcome and, for
 * LENS_HINT_FAILED, a message) when a search ends. */

#include "lens-job.h"

G_BEGIN_DECLS

#define LENS_TYPE_HINTER (lens_hinter_get_type ())
G_DECLARE_FINAL_TYPE (LensHinter, lens_hinter, LENS, HINTER, LensJob)

typedef enum {
  LENS_HINT_FOUND,     /* lens_hinter_get_step() holds it */
  LENS_HINT_COMPLETE,  /* the board is full and right: nothing to hint */
  LENS_HINT_STALE,     /* the board changed while it was sought */
  LENS_HINT_FAILED,
} LensHintOutcome;

LensHinter          *lens_hinter_new          (LensDocument *document);
/* Looks for a hint on the board as it is: at once when the printed puzzle
 * is solved, or as soon as its analysis comes. FALSE when the puzzle has
 * no single solution. */
gboolean             lens_hinter_request      (LensHinter   *self);
/* Looking, or waiting for the analysis to look. */
gboolean             lens_hinter_is_busy      (LensHinter   *self);
/* The hint found, or NULL; lens_hinter_step_is_current() says whether it
 * is for the board as it is now. */
const LensLogicStep *lens_hinter_get_step     (LensHinter   *self);
gboolean             lens_hinter_step_is_current (LensHinter *self);
/* The hint, which leaves the hinter (to be applied). */
LensLogicStep       *lens_hinter_take_step    (LensHinter   *self);
/* Drops the hint and any search. */
void                 lens_hinter_clear        (LensHinter   *self);
/* The document changed: a hint found or sought for another board goes
 * (returns TRUE then); one waiting for the analysis is sought once it
 * has come, and @requested is FALSE when it could not be (no single
 * solution). */
gboolean             lens_hinter_document_changed (LensHinter *self,
                                                   gboolean   *requested);

G_END_DECLS
