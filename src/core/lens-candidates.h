/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "lens-grid.h"

G_BEGIN_DECLS

/* A grid as a player sees it with pencil marks: the digits placed so far
 * and, for every empty cell, the digits still possible there ("candidates"
 * or "marks").  A candidate set is a 9-bit mask, bit (d - 1) for digit d.
 * The struct is plain data: copy it with memcpy or by assignment. */

#define LENS_N_UNITS 27      /* rows 0..8, columns 9..17, boxes 18..26 */
#define LENS_ALL_DIGITS 0x1ffu
#define LENS_DIGIT_BIT(d) ((guint16) (1u << ((d) - 1)))

typedef struct {
  guint8  digits[LENS_GRID_CELLS];  /* 0 = empty, 1..9 */
  guint16 marks[LENS_GRID_CELLS];   /* candidates of an empty cell; 0 for a filled one */
} LensCandidates;

/* Fills @c with @digits (81 values, 0 = empty; anything above 9 counts as
 * empty) and gives every empty cell all the digits not already in its row,
 * column or box. */
void            lens_candidates_init          (LensCandidates       *c,
                                               const guint8         *digits);

/* Places @digit (1..9) in the empty @cell and removes it from the marks of
 * the cell's 20 peers. */
void            lens_candidates_place         (LensCandidates       *c,
                                               guint                 cell,
                                               guint                 digit);
/* Removes @digit from the marks of @cell; TRUE when it was there. */
gboolean        lens_candidates_eliminate     (LensCandidates       *c,
                                               guint                 cell,
                                               guint                 digit);
/* TRUE when every cell holds a digit. */
gboolean        lens_candidates_is_full       (const LensCandidates *c);
/* TRUE when an empty cell has no candidate left, or when a row, column or
 * box has neither a cell with some digit nor a place left for it. */
gboolean        lens_candidates_is_broken     (const LensCandidates *c);

/* Geometry.  Unit u is row u (0..8), column u - 9 (9..17) or box u - 18
 * (18..26), boxes numbered left to right, top to bottom. */
static inline guint
lens_unit_cell (guint unit,
                guint i)
{
  guint b;

  if (unit < 9)
    return unit * 9 + i;
  if (unit < 18)
    return i * 9 + (unit - 9);
  b = unit - 18;
  return ((b / 3) * 3 + i / 3) * 9 + (b % 3) * 3 + i % 3;
}

static inline guint lens_cell_row_unit (guint cell) { return cell / 9; }
static inline guint lens_cell_col_unit (guint cell) { return 9 + cell % 9; }
static inline guint lens_cell_box_unit (guint cell) { return 18 + lens_cell_box (cell); }

static inline gboolean
lens_cells_see (guint a,
                guint b)
{
  return a != b && (a / 9 == b / 9 || a % 9 == b % 9 || lens_cell_box (a) == lens_cell_box (b));
}

/* The 20 cells that share a row, column or box with @cell. */
const guint8   *lens_cell_peers               (guint                 cell);

/* "r3c5": row and column from 1. */
char           *lens_cell_name                (guint                 cell);
/* "row 3", "column 5", "box 7", translated. */
char           *lens_unit_name                (guint                 unit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensCandidates, g_free)

G_END_DECLS
