/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>
#include <time.h>

#include "lens-error.h"
#include "lens-logic-private.h"
#include "lens-solver.h"

/* A puzzle's score is the score of the hardest technique it needs, plus
 * 0.1 for every step beyond the first that needed a technique from naked
 * pairs up (a "hard step"), at most 1.0: a puzzle needing many hard steps
 * rates above one that needs one, by one level at most.  The levels'
 * bounds lie between the families of the ladder: singles only (Easy),
 * locked candidates, pairs, naked triples, X-Wings and Swordfish (Medium),
 * hidden triples, wings, uniqueness, colouring, quads and Jellyfish
 * (Hard), chains (Expert), forcing nets and guesses (Extreme).  The bonus was calibrated on half of each puzzle set
 * of docs/difficulty.md: there the median chain puzzle of magictour-top1465
 * needs 11 hard steps and reaches Extreme, that of the 17-clue set needs 5
 * and stays Expert. */

#define HARD_FROM 3.0
#define PER_HARD_STEP 0.1
#define MAX_BONUS 1.0

static const struct {
  const char *name;
  const char *label;
  double      below;  /* scores below this are of this level */
} levels[LENS_N_LEVELS] = {
  { "easy", N_("Easy"), 2.5 },
  { "medium", N_("Medium"), 4.0 },
  { "hard", N_("Hard"), 6.0 },
  { "expert", N_("Expert"), 8.0 },
  { "extreme", N_("Extreme"), G_MAXDOUBLE },
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
  return LENS_LEVEL_EXTREME;
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

/* The thread's CPU time, so that a busy machine does not count. */
static gint64
thread_cpu_us (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return g_get_monotonic_time ();
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
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
      gint64 start = thread_cpu_us ();

      step = lens_logic_next_step (&state, solution, cancellable, error);
      if (step == NULL)
        return FALSE;
      rating->slowest_step_us = MAX (rating->slowest_step_us, thread_cpu_us () - start);
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
