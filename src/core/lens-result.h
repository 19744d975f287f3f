/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What repairing and solving a grid came to, in the words both the app
 * and the command line show the user: why each cell was changed, which
 * cells to check against the photo, and what is wrong when there is no
 * single solution. */

#include "lens-grid.h"
#include "lens-repair.h"

G_BEGIN_DECLS

typedef enum {
  LENS_OUTCOME_SOLVED,       /* unique solution, the grid as read */
  LENS_OUTCOME_REPAIRED,     /* unique solution after repair changed cells */
  LENS_OUTCOME_MULTIPLE,     /* more than one solution */
  LENS_OUTCOME_NO_SOLUTION,  /* no solution and repair found none either */
  LENS_OUTCOME_GAVE_UP,      /* repair stopped at its search bound */
  LENS_OUTCOME_CORRECTIONS_BLOCK, /* solvable only if the player's corrections change */
} LensOutcome;

typedef struct {
  LensOutcome  outcome;
  LensGrid     solution;                  /* for SOLVED and REPAIRED */
  char        *reasons[LENS_GRID_CELLS];  /* why repair changed a cell */
  gboolean     suspects[LENS_GRID_CELLS]; /* cells the user should check */
  gboolean     unsure;                    /* the solution is a guess to check */
  char        *message;                   /* what is wrong, for the user; NULL
                                           * for a solution that is no guess */
} LensResult;

LensResult *lens_result_new         (LensOutcome              outcome);
/* The result of lens_repair() on @read (whose UNCERTAIN cells are checked
 * first when there is no single solution); @scores (nullable) are the ones
 * repair was given. */
LensResult *lens_result_new_from_repair (const LensGrid          *read,
                                     const LensRepairScores  *scores,
                                     const LensRepairResult  *repair);
LensResult *lens_result_copy        (const LensResult        *result);
void        lens_result_free        (LensResult              *result);
gboolean    lens_result_is_solved   (const LensResult        *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensResult, lens_result_free)

/* Why repair changed a cell, as a clause: "it clashed with …". */
const char *lens_repair_reason_describe (LensRepairReason     reason);
/* A changed cell for the user: "Read as 8, changed to 3: <reason>". */
char       *lens_repair_change_describe (const LensRepairChange *change);

G_END_DECLS
