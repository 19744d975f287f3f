/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Solving around the digits the player typed (LENS_CELL_TYPED): they are
 * the player's word, which repair keeps unless the player lets it change
 * them. */

#include "lens-repair.h"
#include "lens-result.h"

G_BEGIN_DECLS

/* TRUE if @repair of @grid changes a digit the player typed. */
gboolean    lens_repair_changes_typed      (const LensGrid         *grid,
                                            const LensRepairResult *repair);
/* The cells of @grid the player typed, for LensRepairOptions.fixed;
 * returns how many there are. */
guint       lens_grid_get_typed            (const LensGrid         *grid,
                                            gboolean                typed[LENS_GRID_CELLS]);
/* The result that says the typed digits @repair had to change leave no
 * solution, and names them: the grid stays as the player left it. */
LensResult *lens_result_new_typed_blocks   (const LensGrid         *grid,
                                            const LensRepairResult *repair);
/* Says "You typed …" rather than "Read as …" for the typed cells of
 * @grid that @repair changed (the player let it). */
void        lens_result_describe_typed     (LensResult             *result,
                                            const LensGrid         *grid,
                                            const LensRepairResult *repair);

G_END_DECLS
