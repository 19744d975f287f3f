/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Which cells a clash comes from: when two equal digits share a row, column
 * or box one of them is wrong, and often one misread digit clashes with
 * several right ones. Framing every cell of every clash makes the right
 * ones look wrong; these are the cells to frame instead. Pure GLib. */

#include "lens-grid.h"

G_BEGIN_DECLS

/* Sets @blamed for the cells of @grid's clashes that are the likeliest
 * wrong: the cells of a cheapest set that takes part in every clash, the
 * cost of a set being the sum of its cells' @certainty (> 0; NULL: all
 * equal). Where the certainties cannot tell cells apart (two sets within
 * a hundredth of the cheapest) every such cell is blamed, so that a right
 * digit is blamed only where nothing says which one is wrong. A group of
 * more than LENS_CONFLICTS_MAX_GROUP clashing cells is blamed whole.
 * Returns the number of cells blamed. */
#define LENS_CONFLICTS_MAX_GROUP 16

guint  lens_conflicts_blame  (const LensGrid *grid,
                              const float    *certainty,
                              gboolean        blamed[LENS_GRID_CELLS]);

G_END_DECLS
