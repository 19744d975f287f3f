/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "lens-solver.h"

G_BEGIN_DECLS

/* The solver's engines: one source, lens-solver-engine.c, compiled for
 * each instruction set; lens_solver_count() and lens_solver_list() call the
 * best one the processor runs.  Each takes what lens_solver_count() takes,
 * already checked, and @every (nullable): room for @limit solutions, which
 * gets each one found in turn. */
typedef guint (*LensSolverEngine) (const guint8 *puzzle,
                                   guint         limit,
                                   guint8       *solution,
                                   guint8       *every);

#ifdef LENS_SOLVER_X86_64_LEVELS
guint lens_solver_count_x86_64_v2 (const guint8 *puzzle,
                                   guint         limit,
                                   guint8       *solution,
                                   guint8       *every);
guint lens_solver_count_x86_64_v3 (const guint8 *puzzle,
                                   guint         limit,
                                   guint8       *solution,
                                   guint8       *every);
#endif

/* The name of the engine lens_solver_count() uses: "baseline" (the
 * compiler's default instruction set, plain C where that has no SSE2),
 * "x86-64-v2" or "x86-64-v3".  LENS_SOLVER_LEVEL, read once, can ask for a
 * lower one than the processor runs, for tests and measurements. */
const char *lens_solver_engine_name (void);

G_END_DECLS
