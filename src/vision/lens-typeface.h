/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* One board, one typeface: the printed digits of a board are read together.
 * Glyphs that look alike are taken for the same digit and glyphs that look
 * different for different digits, so that a typeface the reader misreads
 * systematically (every 6 read as 8) is read by what its glyphs show of
 * each other (docs/typefaces.md, "One board, one typeface"). */

#include "lens-vision.h"

G_BEGIN_DECLS

/* FALSE where the environment variable SUDOKU_LENS_NO_TYPEFACE is set (to
 * any value): the scan then keeps each cell's own reading, for comparison. */
gboolean lens_typeface_enabled (void);

/* Reads the printed digits of @cells jointly: @crops holds the
 * LENS_GRID_CELLS upright LENS_CELL_PX² grey crops the recognizer read,
 * row-major. Only cells of kind PRINTED are looked at; the scores of those
 * whose reading the board's other glyphs overrule change (the joint digit
 * first, below the uncertain threshold, the cell's own reading after it).
 * @doubt (nullable) is set when a cell changed and another printed digit
 * stays below @threshold: the reader misreads this typeface and doubts
 * more of it, which the board's glyphs could not settle. Returns how many
 * cells changed digit. */
guint    lens_typeface_vote    (const guint8 *crops,
                                LensCellRead  cells[LENS_GRID_CELLS],
                                float         threshold,
                                gboolean     *doubt);

G_END_DECLS
