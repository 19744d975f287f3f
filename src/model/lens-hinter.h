/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Hints for a document's board, found off the main thread: the player's
 * mistake or the next logic step, for the board as it is when asked, and
 * only for that board. Emits "finished" (a LensHintOutcome and, but for
 * LENS_HINT_FOUND and LENS_HINT_STALE, the words to show the player) when
 * a search ends. The hinter decides what a step found can be for every
 * front end: one that would write over a printed digit is not offered. */

#include "lens-job.h"

G_BEGIN_DECLS

#define LENS_TYPE_HINTER (lens_hinter_get_type ())
G_DECLARE_FINAL_TYPE (LensHinter, lens_hinter, LENS, HINTER, LensJob)

typedef enum {
  LENS_HINT_FOUND,     /* lens_hinter_get_step() holds it */
  LENS_HINT_COMPLETE,  /* the board is full and right: nothing to hint */
  LENS_HINT_STALE,     /* the board changed while it was sought */
  LENS_HINT_FAILED,
  /* the step found would write over a printed digit that the puzzle's
   * one solution does not have there (the hint was found on the puzzle
   * as repaired, which has no digit there): no step is offered, but
   * lens_hinter_get_misread() names the cell, and a second press
   * (lens_hinter_make_misread) makes that digit the player's, as the
   * repaired puzzle has it, for the next hint to check */
  LENS_HINT_MISREAD,
  /* the printed puzzle has no single solution: no hint until it has */
  LENS_HINT_NO_SOLUTION,
} LensHintOutcome;

LensHinter          *lens_hinter_new          (LensDocument *document);
/* Looks for a hint on the board as it is: at once when the printed puzzle
 * is solved, or as soon as its analysis comes. FALSE when the puzzle has
 * no single solution (lens_hinter_get_message() says so then). */
gboolean             lens_hinter_request      (LensHinter   *self);
/* Looking, or waiting for the analysis to look. */
gboolean             lens_hinter_is_busy      (LensHinter   *self);
/* The hint found, or NULL; lens_hinter_step_is_current() says whether it
 * is for the board as it is now. */
const LensLogicStep *lens_hinter_get_step     (LensHinter   *self);
gboolean             lens_hinter_step_is_current (LensHinter *self);
/* The hint, which leaves the hinter (to be applied). */
LensLogicStep       *lens_hinter_take_step    (LensHinter   *self);
/* The words on the hint for the banner: that one is looked for, or the
 * step found, with what a second press does and any digit of the
 * player's it writes over that the reader doubts; NULL without one. */
char                *lens_hinter_describe     (LensHinter   *self);
/* Why the last search gave no step, in words for the player (the
 * outcome's; NULL after LENS_HINT_FOUND, LENS_HINT_STALE or a clear). */
const char          *lens_hinter_get_message  (LensHinter   *self);
/* After LENS_HINT_MISREAD: the printed cell and the digit the solution
 * has there. FALSE otherwise. */
gboolean             lens_hinter_get_misread  (LensHinter   *self,
                                               guint        *cell,
                                               guint8       *digit);
/* Whether the misread printed digit found is for the board as it is. */
gboolean             lens_hinter_misread_is_current (LensHinter *self);
/* Makes the misread printed digit the player's (one undoable edit), as
 * the repaired puzzle has it; FALSE when there is none for this board. */
gboolean             lens_hinter_make_misread (LensHinter   *self);
/* Drops the hint and any search. */
void                 lens_hinter_clear        (LensHinter   *self);
/* The document changed: a hint found or sought for another board goes
 * (returns TRUE then); one waiting for the analysis is sought once it
 * has come, and @requested is FALSE when it could not be (no single
 * solution). */
gboolean             lens_hinter_document_changed (LensHinter *self,
                                                   gboolean   *requested);

G_END_DECLS
