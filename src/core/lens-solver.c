/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "lens-solver-private.h"

/* The baseline engine is compiled here, with the flags of the build; on
 * x86-64 the build adds copies compiled for x86-64-v2 (SSE4.2, POPCNT) and
 * x86-64-v3 (AVX2, BMI1/2), and the first call picks the best one the
 * processor runs.  A Debian build thus runs on any x86-64 and still uses
 * what a newer one has; other architectures get the baseline only. */
#define LENS_SOLVER_ENGINE lens_solver_count_baseline
#define LENS_SOLVER_ENGINE_SCOPE static
#include "lens-solver-engine.c"

typedef struct {
  const char       *name;
  guint             level;   /* x86-64 micro-architecture level; 1 runs anywhere */
  LensSolverEngine  engine;
} EngineChoice;

static EngineChoice chosen;

static gboolean
level_runs (guint level)
{
#ifdef LENS_SOLVER_X86_64_LEVELS
  __builtin_cpu_init ();
  if (level == 3)
    return __builtin_cpu_supports ("x86-64-v3");
  if (level == 2)
    return __builtin_cpu_supports ("x86-64-v2");
#endif
  return level <= 1;
}

static gpointer
choose_engine (gpointer data)
{
  static const EngineChoice engines[] = {
#ifdef LENS_SOLVER_X86_64_LEVELS
    { "x86-64-v3", 3, lens_solver_count_x86_64_v3 },
    { "x86-64-v2", 2, lens_solver_count_x86_64_v2 },
#endif
    { "baseline", 1, lens_solver_count_baseline },
  };
  const char *wanted = g_getenv ("LENS_SOLVER_LEVEL");
  gboolean reached = wanted == NULL || *wanted == '\0';

  for (gsize i = 0; i < G_N_ELEMENTS (engines); i++)
    {
      reached = reached || strcmp (wanted, engines[i].name) == 0;
      /* a level this processor lacks, or one above the asked-for one, is
       * skipped; an unknown name falls through to the baseline */
      if (reached && level_runs (engines[i].level))
        {
          chosen = engines[i];
          break;
        }
      chosen = engines[i];
    }
  return NULL;
}

static inline LensSolverEngine
engine (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, choose_engine, NULL);
  return chosen.engine;
}

const char *
lens_solver_engine_name (void)
{
  engine ();
  return chosen.name;
}

guint
lens_solver_count (const guint8 *puzzle,
                   guint         limit,
                   guint8       *solution)
{
  g_return_val_if_fail (puzzle != NULL, 0);
  g_return_val_if_fail (limit > 0, 0);

  return engine () (puzzle, limit, solution, NULL);
}

guint
lens_solver_list (const guint8 *puzzle,
                  guint         limit,
                  guint8       *solutions)
{
  g_return_val_if_fail (puzzle != NULL, 0);
  g_return_val_if_fail (limit > 0, 0);
  g_return_val_if_fail (solutions != NULL, 0);

  return engine () (puzzle, limit, NULL, solutions);
}

LensSolveStatus
lens_solver_solve (const LensGrid *puzzle,
                   LensGrid       *solution)
{
  guint8 digits[LENS_GRID_CELLS];
  guint count;

  g_return_val_if_fail (puzzle != NULL, LENS_SOLVE_NONE);

  count = lens_solver_count (puzzle->digits, 2, digits);
  if (count == 0)
    return LENS_SOLVE_NONE;
  if (solution)
    {
      lens_grid_clear (solution);
      for (guint i = 0; i < LENS_GRID_CELLS; i++)
        {
          solution->digits[i] = digits[i];
          solution->flags[i] = puzzle->digits[i] ? LENS_CELL_GIVEN : LENS_CELL_SOLVED;
        }
    }
  return count == 1 ? LENS_SOLVE_UNIQUE : LENS_SOLVE_MULTIPLE;
}

const char *
lens_solve_status_to_string (LensSolveStatus status)
{
  switch (status)
    {
    case LENS_SOLVE_NONE:
      return "none";
    case LENS_SOLVE_UNIQUE:
      return "unique";
    case LENS_SOLVE_MULTIPLE:
      return "multiple";
    default:
      g_return_val_if_reached (NULL);
    }
}
