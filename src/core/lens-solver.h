/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "lens-grid.h"

G_BEGIN_DECLS

typedef enum {
  LENS_SOLVE_NONE,
  LENS_SOLVE_UNIQUE,
  LENS_SOLVE_MULTIPLE,
} LensSolveStatus;

/* Counts the solutions of @puzzle (81 digits, 0 = empty) up to @limit
 * (at least 1) and stores the first one found in @solution (may be NULL;
 * left untouched when there is none).  A digit above 9 or two equal givens
 * in one unit give 0 at once.  With @limit 2 this tells none / unique /
 * multiple in microseconds.  Thread-safe: no state is shared between
 * calls. */
guint            lens_solver_count          (const guint8   *puzzle,
                                             guint           limit,
                                             guint8         *solution);

/* Stores the solutions of @puzzle, up to @limit (at least 1), in
 * @solutions (room for @limit rows of 81 digits), in the order
 * lens_solver_count() finds them, so the first is the one it gives; returns
 * how many were stored.  To know that a list is complete, ask for one more
 * than is wanted.  Thread-safe. */
guint            lens_solver_list           (const guint8   *puzzle,
                                             guint           limit,
                                             guint8         *solutions);

/* Solves @puzzle; @solution (may be NULL) receives the solution, or with
 * LENS_SOLVE_MULTIPLE the first one found, with the puzzle's digits flagged
 * LENS_CELL_GIVEN and the rest LENS_CELL_SOLVED; it is left untouched with
 * LENS_SOLVE_NONE. */
LensSolveStatus  lens_solver_solve          (const LensGrid *puzzle,
                                             LensGrid       *solution);

const char      *lens_solve_status_to_string (LensSolveStatus status);

G_END_DECLS
