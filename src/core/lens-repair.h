/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Repair of recognition errors: finds the most likely grid near the one
 * read that has exactly one solution. Pure GLib/GIO, thread-safe. */

#include <gio/gio.h>

#include "lens-grid.h"
#include "lens-solver.h"

G_BEGIN_DECLS

#define LENS_REPAIR_N_CLASSES 10          /* class 0 = empty, 1..9 = digits */
#define LENS_REPAIR_MAX_CHANGES 8         /* room in a result; the bound is smaller */
#define LENS_REPAIR_DEFAULT_MAX_CHANGES 3
#define LENS_REPAIR_DEFAULT_TIME_LIMIT_MS 1000

/* The recognizer's probabilities per cell (each row sums to 1). A row of
 * zeros means "no reading" (the cell was typed by the user): such a cell is
 * only ever deleted, after any reading the recognizer doubted but before
 * one it was sure of. Pass NULL scores for a typed puzzle: repair then
 * looks for the fewest deletions. */
typedef struct {
  float p[LENS_GRID_CELLS][LENS_REPAIR_N_CLASSES];
} LensRepairScores;

typedef struct {
  guint           max_changes;    /* 0 = LENS_REPAIR_DEFAULT_MAX_CHANGES, at most LENS_REPAIR_MAX_CHANGES */
  guint           time_limit_ms;  /* 0 = LENS_REPAIR_DEFAULT_TIME_LIMIT_MS */
  GCancellable   *cancellable;    /* nullable */
  const gboolean *fixed;          /* nullable: LENS_GRID_CELLS flags, the cells
                                   * repair must leave as they are (digits the
                                   * player typed and stands by) */
} LensRepairOptions;

typedef enum {
  LENS_REPAIR_REASON_CONFLICT,        /* the cell clashed with a peer */
  LENS_REPAIR_REASON_NO_SOLUTION,     /* the grid as read had no solution */
  LENS_REPAIR_REASON_NOT_UNIQUE,      /* the grid as read had several */
  LENS_REPAIR_REASON_LOW_CONFIDENCE,  /* the recognizer was unsure of this cell */
  LENS_REPAIR_REASON_SYMMETRY,        /* restores the givens' symmetry; same solution */
} LensRepairReason;

typedef struct {
  guint8           cell;    /* 0..80, row-major */
  guint8           from;    /* digit as read, 0 = empty (an insertion) */
  guint8           to;      /* new digit, 0 = deleted */
  LensRepairReason reason;
  float            cost;    /* -log p(to) / p(from); 1 per deletion without scores */
} LensRepairChange;

typedef enum {
  LENS_REPAIR_UNCHANGED,  /* the grid as read already had one solution */
  LENS_REPAIR_REPAIRED,   /* changes below give a grid with one solution (or,
                           * from one already unique, a more likely one) */
  LENS_REPAIR_NOT_FOUND,  /* no such grid within max_changes */
  LENS_REPAIR_GAVE_UP,    /* the time limit (or the search's memory) ran out first */
} LensRepairOutcome;

/* Why a solution is a guess for the user to confirm. */
typedef enum {
  LENS_REPAIR_DOUBT_NONE,
  LENS_REPAIR_DOUBT_RIVAL,        /* another grid nearly as likely (cost within 3,
                                   * i.e. under 20 times less likely; without
                                   * readings, as few deletions) solves differently */
  LENS_REPAIR_DOUBT_OVERRULED,    /* repair changed a digit the recognizer gave over 50 to 1 */
  LENS_REPAIR_DOUBT_MORE_ERRORS,  /* the recognizer's own odds give over 5% that it
                                   * misread more cells than max_changes */
} LensRepairDoubt;

typedef struct {
  /* The repaired puzzle: GIVEN on every digit, REPAIRED on changed cells
   * (a deleted cell is REPAIRED and empty). When no grid with one solution
   * was found this is the cheapest solvable grid found (status MULTIPLE),
   * or else the grid as read. */
  LensGrid          puzzle;
  /* Valid only when status is LENS_SOLVE_UNIQUE: GIVEN, GIVEN|REPAIRED,
   * SOLVED, or SOLVED|REPAIRED where a digit was deleted. */
  LensGrid          solution;
  LensSolveStatus   status;     /* of @puzzle */
  LensRepairOutcome outcome;
  guint             n_changes;
  LensRepairChange  changes[LENS_REPAIR_MAX_CHANGES];  /* by cell */
  double            cost;       /* sum of the changes' costs */
  /* TRUE when the solution is a guess for the user to confirm, for the
   * first reason in @doubt's order. */
  gboolean          unsure;
  LensRepairDoubt   doubt;
  double            rival_cost; /* the rival grid's cost, or 0 */
  LensGrid          rival;      /* the rival grid's digits, or all empty */
  guint             n_tried;    /* candidate grids tested */
  double            elapsed_ms;
} LensRepairResult;

void        lens_repair_options_init     (LensRepairOptions       *options);

/* Repairs @read. @scores and @options may be NULL. Fails only when
 * cancelled (G_IO_ERROR_CANCELLED); running out of time is an outcome. */
gboolean    lens_repair                  (const LensGrid          *read,
                                          const LensRepairScores  *scores,
                                          const LensRepairOptions *options,
                                          LensRepairResult        *result,
                                          GError                 **error);

/* The cells to compare with the photo when @result is unsure: where its
 * rival differs from the repaired puzzle, or else the changed cells. Sets
 * @cells and returns how many there are. */
guint       lens_repair_cells_to_check   (const LensRepairResult  *result,
                                          gboolean                 cells[LENS_GRID_CELLS]);

/* "conflict", "no-solution", "not-unique", "low-confidence", "symmetry" */
const char *lens_repair_reason_to_string (LensRepairReason         reason);
/* "unchanged", "repaired", "not-found", "gave-up" */
const char *lens_repair_outcome_to_string (LensRepairOutcome       outcome);

G_END_DECLS
