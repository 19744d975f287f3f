/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "lens-candidates.h"

G_BEGIN_DECLS

/* A solver that works as a person does: on pencil marks, one step at a
 * time, always with the easiest technique that makes progress, each step
 * telling what it does and why.  It is separate from the fast backtracking
 * solver (lens-solver.h), which it only asks for the solution when it has
 * to guess.
 *
 * Typical use in a play mode:
 *
 *   LensCandidates state;             // the player's digits and marks
 *   lens_candidates_init (&state, digits);           // or the player's own marks
 *   mistake = lens_logic_check (givens, &state, solution);
 *   step = mistake ? mistake : lens_logic_next_step (&state, solution, cancellable, &error);
 *   ... show step->cells, step->units, step->text; on a second press:
 *   lens_logic_apply_step (&state, step);
 *   lens_logic_step_free (step);
 *
 * Every function is thread-safe: no state is shared between calls. */

/* The techniques from the easiest to the hardest: the solver tries them in
 * this order.  The last two are not techniques of the ladder. */
typedef enum {
  LENS_TECHNIQUE_FULL_HOUSE,
  LENS_TECHNIQUE_HIDDEN_SINGLE,
  LENS_TECHNIQUE_NAKED_SINGLE,
  LENS_TECHNIQUE_POINTING,
  LENS_TECHNIQUE_CLAIMING,
  LENS_TECHNIQUE_NAKED_PAIR,
  LENS_TECHNIQUE_X_WING,
  LENS_TECHNIQUE_HIDDEN_PAIR,
  LENS_TECHNIQUE_NAKED_TRIPLE,
  LENS_TECHNIQUE_SWORDFISH,
  LENS_TECHNIQUE_HIDDEN_TRIPLE,
  LENS_TECHNIQUE_XY_WING,
  LENS_TECHNIQUE_XYZ_WING,
  LENS_TECHNIQUE_W_WING,
  LENS_TECHNIQUE_UNIQUE_RECTANGLE,
  LENS_TECHNIQUE_SIMPLE_COLOURING,
  LENS_TECHNIQUE_NAKED_QUAD,
  LENS_TECHNIQUE_JELLYFISH,
  LENS_TECHNIQUE_HIDDEN_QUAD,
  LENS_TECHNIQUE_X_CHAIN,
  LENS_TECHNIQUE_XY_CHAIN,
  LENS_TECHNIQUE_AIC,
  LENS_TECHNIQUE_CONTRADICTION_NET,
  LENS_TECHNIQUE_CELL_FORCING_NET,
  LENS_TECHNIQUE_UNIT_FORCING_NET,
  LENS_TECHNIQUE_GUESS,     /* no logic found: the solution's digit, said plainly */
  LENS_TECHNIQUE_MISTAKE,   /* a player's entry or marks are wrong (lens_logic_check) */
  LENS_N_TECHNIQUES
} LensTechnique;

typedef enum {
  LENS_LEVEL_EASY,
  LENS_LEVEL_MEDIUM,
  LENS_LEVEL_HARD,
  LENS_LEVEL_VERY_HARD,
  LENS_N_LEVELS
} LensLevel;

typedef struct {
  guint8 cell;   /* 0..80 */
  guint8 digit;  /* 1..9 */
} LensCellDigit;

/* One step.  @cells and @units are what proves it (to highlight); the
 * placements and eliminations are what it changes.  Placing a digit also
 * removes it from the marks of the cell's peers; those removals are not
 * listed.  @text is one translated sentence. */
typedef struct {
  LensTechnique technique;
  guint         n_cells;
  guint8        cells[LENS_GRID_CELLS];
  guint         n_units;
  guint8        units[LENS_N_UNITS];
  guint         n_placements;
  LensCellDigit placements[LENS_GRID_CELLS];
  guint         n_eliminations;
  LensCellDigit eliminations[LENS_GRID_CELLS * 9];
  char         *text;
} LensLogicStep;

typedef struct {
  gboolean      solved_by_logic;  /* no step was a guess */
  double        score;            /* from 1.0 (singles) up; see docs/difficulty.md */
  LensLevel     level;
  LensTechnique hardest;          /* the hardest technique used */
  guint         n_steps;
  guint         counts[LENS_N_TECHNIQUES];  /* steps per technique */
  gint64        slowest_step_us;  /* CPU time of the slowest step's search */
  guint         unsound_steps;    /* steps that placed a wrong digit or removed the right one: 0 */
} LensLogicRating;

/* The stable name ("hidden-single"), the translated name ("Hidden single"),
 * and the technique's score. */
const char    *lens_technique_to_string   (LensTechnique   technique);
gboolean       lens_technique_from_string (const char     *name,
                                           LensTechnique  *technique);
const char    *lens_technique_get_label   (LensTechnique   technique);
double         lens_technique_get_score   (LensTechnique   technique);

/* "easy" … "very-hard", and the translated "Easy" … "Very Hard" (GNOME
 * Sudoku's names). */
const char    *lens_level_to_string       (LensLevel       level);
const char    *lens_level_get_label       (LensLevel       level);
LensLevel      lens_level_for_score       (double          score);

/* The easiest step from @state, which may hold the player's own marks (a
 * mark missing the solution's digit leads to wrong steps: check first with
 * lens_logic_check).  @solution (81 digits, may be NULL) is used only to
 * guess when no technique applies; without it the fast solver finds it.
 * Returns NULL without an error when the grid is full; NULL with an error
 * when it is cancelled (G_IO_ERROR_CANCELLED) or when a guess is needed and
 * the digits have no unique solution (LENS_ERROR_UNSOLVABLE). */
LensLogicStep *lens_logic_next_step       (const LensCandidates *state,
                                           const guint8         *solution,
                                           GCancellable         *cancellable,
                                           GError              **error);

/* A "mistake" step naming the player's wrong entries: @state's digits
 * that differ from @givens (81 digits, 0 = empty) where there is a given,
 * and elsewhere those that differ from @solution, or, when @solution is
 * NULL, those that clash with a digit in their row, column or box.  When
 * no entry is wrong, one naming the empty cells whose marks leave out the
 * solution's digit.  NULL when nothing is wrong. */
LensLogicStep *lens_logic_check           (const guint8         *givens,
                                           const LensCandidates *state,
                                           const guint8         *solution);

/* Makes the step's placements and eliminations in @state.  A mistake step
 * changes nothing. */
void           lens_logic_apply_step      (LensCandidates       *state,
                                           const LensLogicStep  *step);
void           lens_logic_step_free       (LensLogicStep        *step);

/* Solves @puzzle step by step, guessing where logic is stuck, and rates
 * it.  @steps (may be NULL) receives the steps, a GPtrArray that frees
 * them.  FALSE with LENS_ERROR_UNSOLVABLE when the puzzle has no unique
 * solution, with G_IO_ERROR_CANCELLED when cancelled. */
gboolean       lens_logic_rate            (const guint8         *puzzle,
                                           LensLogicRating      *rating,
                                           GPtrArray           **steps,
                                           GCancellable         *cancellable,
                                           GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensLogicStep, lens_logic_step_free)

G_END_DECLS
