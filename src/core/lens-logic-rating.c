/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "lens-clock.h"
#include "lens-error.h"
#include "lens-logic-private.h"
#include "lens-solver.h"

/* A puzzle's score is the score of the hardest technique it needs, plus
 * 0.1 for every step beyond the first that needed a technique from naked
 * pairs up (a "hard step"), at most 1.0: a puzzle needing many hard steps
 * rates above one that needs one.  The levels are GNOME Sudoku's; their
 * bounds were calibrated on the levels newspapers print beside their
 * puzzles (tools/paper-levels.csv, the half kept for tuning; see
 * docs/difficulty.md): hidden singles alone are Easy; naked singles,
 * locked candidates and a naked pair Medium; X-Wings, hidden pairs,
 * triples, Swordfish (or naked pairs again and again) Hard; everything
 * from hidden triples and wings on Very Hard.  The bonus was
 * calibrated on half of each puzzle set of docs/difficulty.md. */

#define HARD_FROM 3.0
#define PER_HARD_STEP 0.1
#define MAX_BONUS 1.0

static const struct {
  const char *name;
  const char *label;
  double      below;  /* scores below this are of this level */
} levels[LENS_N_LEVELS] = {
  { "easy", N_("Easy"), 2.0 },
  { "medium", N_("Medium"), 3.1 },
  { "hard", N_("Hard"), 4.0 },
  { "very-hard", N_("Very Hard"), G_MAXDOUBLE },
};

const char *
lens_level_to_string (LensLevel level)
{
  g_return_val_if_fail (level < LENS_N_LEVELS, NULL);

  return levels[level].name;
}

const char *
lens_level_get_label (LensLevel level)
{
  g_return_val_if_fail (level < LENS_N_LEVELS, NULL);

  return _(levels[level].label);
}

LensLevel
lens_level_for_score (double score)
{
  for (guint l = 0; l < LENS_N_LEVELS; l++)
    if (score < levels[l].below)
      return l;
  return LENS_LEVEL_VERY_HARD;
}

void
lens_logic_rating_finish (LensLogicRating *rating)
{
  guint hard_steps = 0;
  double top = 0.0;

  rating->hardest = LENS_TECHNIQUE_FULL_HOUSE;
  for (guint t = 0; t < LENS_TECHNIQUE_MISTAKE; t++)
    if (rating->counts[t] > 0)
      {
        rating->hardest = t;
        top = lens_technique_get_score (t);
        if (top >= HARD_FROM)
          hard_steps += rating->counts[t];
      }
  rating->solved_by_logic = rating->counts[LENS_TECHNIQUE_GUESS] == 0;
  rating->score = top + MIN (MAX_BONUS, PER_HARD_STEP * MAX (0, (int) hard_steps - 1));
  rating->score = round (rating->score * 10.0) / 10.0;
  rating->level = lens_level_for_score (rating->score);
}

static gboolean
step_is_sound (const LensLogicStep *step,
               const guint8        *solution)
{
  for (guint i = 0; i < step->n_placements; i++)
    if (step->placements[i].digit != solution[step->placements[i].cell])
      return FALSE;
  for (guint i = 0; i < step->n_eliminations; i++)
    if (step->eliminations[i].digit == solution[step->eliminations[i].cell])
      return FALSE;
  return TRUE;
}

gboolean
lens_logic_rate (const guint8     *puzzle,
                 LensLogicRating  *rating,
                 GPtrArray       **steps,
                 GCancellable     *cancellable,
                 GError          **error)
{
  g_autoptr(GPtrArray) taken = g_ptr_array_new_with_free_func ((GDestroyNotify) lens_logic_step_free);
  guint8 solution[LENS_GRID_CELLS];
  LensCandidates state;
  LensLogicStep *step;

  g_return_val_if_fail (puzzle != NULL, FALSE);
  g_return_val_if_fail (rating != NULL, FALSE);

  memset (rating, 0, sizeof *rating);
  if (lens_solver_count (puzzle, 2, solution) != 1)
    {
      g_set_error_literal (error, LENS_ERROR, LENS_ERROR_UNSOLVABLE,
                           _("The puzzle has no unique solution, so it cannot be rated"));
      return FALSE;
    }
  lens_candidates_init (&state, puzzle);
  while (!lens_candidates_is_full (&state))
    {
      LensCandidates before = state;
      gint64 start = lens_thread_cpu_us ();

      step = lens_logic_next_step (&state, solution, cancellable, error);
      if (step == NULL)
        return FALSE;
      rating->slowest_step_us = MAX (rating->slowest_step_us, lens_thread_cpu_us () - start);
      rating->unsound_steps += !step_is_sound (step, solution);
      lens_logic_apply_step (&state, step);
      rating->counts[step->technique]++;
      rating->n_steps++;
      g_ptr_array_add (taken, step);
      if (memcmp (&before, &state, sizeof state) == 0)
        {
          g_set_error (error, LENS_ERROR, LENS_ERROR_INTERNAL,
                       "a %s step changed nothing", lens_technique_to_string (step->technique));
          return FALSE;
        }
      if (steps == NULL)
        g_ptr_array_set_size (taken, 0);
    }
  lens_logic_rating_finish (rating);
  if (steps != NULL)
    *steps = g_steal_pointer (&taken);
  return TRUE;
}
