/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Solving around the player's corrections to the printed puzzle
 * (LENS_CELL_CORRECTION): they are the player's word, which repair keeps
 * unless the player lets it change them. Not to be confused with the
 * player's entries (LENS_CELL_ENTRY), their answers beside the puzzle. */

#include "lens-repair.h"
#include "lens-result.h"

G_BEGIN_DECLS

/* TRUE if @repair of @grid changes one of the player's corrections. */
gboolean    lens_repair_changes_corrections   (const LensGrid         *grid,
                                               const LensRepairResult *repair);
/* The cells of @grid the player corrected, for LensRepairOptions.fixed;
 * returns how many there are. */
guint       lens_grid_get_corrections         (const LensGrid         *grid,
                                               gboolean                corrected[LENS_GRID_CELLS]);
/* The result that says the corrections @repair had to change leave no
 * solution, and names them: the grid stays as the player left it. */
LensResult *lens_result_new_corrections_block (const LensGrid         *grid,
                                               const LensRepairResult *repair);
/* Says "You typed …" rather than "Read as …" for the corrected cells of
 * @grid that @repair changed (the player let it). */
void        lens_result_describe_corrections  (LensResult             *result,
                                               const LensGrid         *grid,
                                               const LensRepairResult *repair);

G_END_DECLS
