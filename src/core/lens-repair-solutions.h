/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The number of solutions of a grid read with a few of its cells changed,
 * as repair tests tens of thousands of such grids. The read digits that
 * changes take away leave a smaller puzzle, whose solutions are listed
 * once for each such set of cells when they are few, and sampled when
 * they are many; a grid with digits written in is then counted from the
 * solutions that hold them, and solved again only when a sample cannot
 * tell. Pure GLib; one object per thread. */

#include <glib.h>

#include "lens-grid.h"

G_BEGIN_DECLS

/* The most solutions listed for one set of cells taken away; beyond, a
 * sample of them is kept. */
#define LENS_REPAIR_SOLUTIONS_LISTED 64

typedef struct _LensRepairSolutions LensRepairSolutions;

LensRepairSolutions *lens_repair_solutions_new   (const guint8         read[LENS_GRID_CELLS]);
void                 lens_repair_solutions_free  (LensRepairSolutions *self);

/* The number of solutions, up to 2, of the grid read with @n_changes
 * changes: cell @cells[i] set to @to[i] (0 clears it), no cell twice. The
 * same as lens_solver_count (grid, 2, @solution), but that @solution
 * (nullable) is only set when there is exactly one. */
guint                lens_repair_solutions_count (LensRepairSolutions *self,
                                                  const guint8        *cells,
                                                  const guint8        *to,
                                                  guint                n_changes,
                                                  guint8              *solution);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensRepairSolutions, lens_repair_solutions_free)

G_END_DECLS
