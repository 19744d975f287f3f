/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* How each kind of cell is shown, in the app and in every export alike:
 * one role per cell, one style per role. A new kind of cell is a new role
 * and a new row in the table, nothing else. Each style differs from the
 * others by more than its colour (weight, slant or a mark), and the
 * error colour is left to conflicts, which the app marks on its own. */

#include <glib.h>

#include "lens-grid.h"

G_BEGIN_DECLS

typedef enum {
  LENS_CELL_ROLE_EMPTY,
  LENS_CELL_ROLE_PRINTED,   /* read from the photo, or given in a typed puzzle */
  LENS_CELL_ROLE_CORRECTION, /* a printed digit the user typed, fixing the reading */
  LENS_CELL_ROLE_REPAIRED,  /* changed by repair (empty: a digit it removed) */
  LENS_CELL_ROLE_SOLVED,    /* filled in by the solver */
  LENS_CELL_ROLE_ENTRY,     /* the player's own answer, written or typed */
  LENS_CELL_ROLE_WRONG,     /* the player's answer, which a check found wrong */
  LENS_CELL_ROLE_HELPED,    /* an entry a hint placed or the player revealed */
  LENS_N_CELL_ROLES
} LensCellRole;

typedef enum {
  LENS_CELL_MARK_NONE,
  LENS_CELL_MARK_UNDERLINE,  /* a bar under the digit */
  LENS_CELL_MARK_CORNER,     /* a triangle in the top right corner */
  LENS_CELL_MARK_STRIKE,     /* a stroke through the digit, corner to corner */
} LensCellMark;

typedef enum {
  LENS_CELL_SCHEME_LIGHT,    /* a light board: the app's light style, paper */
  LENS_CELL_SCHEME_DARK,
  LENS_N_CELL_SCHEMES
} LensCellScheme;

typedef struct {
  const char   *label;                     /* its name in a legend, to translate */
  gboolean      bold;
  gboolean      italic;
  guint32       ink[LENS_N_CELL_SCHEMES];  /* 0xRRGGBB */
  double        tint;                      /* the ink's opacity over the cell; 0: none */
  LensCellMark  mark;
} LensCellStyle;

const LensCellStyle *lens_cell_style_get        (LensCellRole    role);
/* The role of a cell holding @digit with @flags (LensCellFlags). */
LensCellRole         lens_cell_role_from_flags  (guint8          digit,
                                                 guint8          flags);
LensCellRole         lens_grid_cell_role        (const LensGrid *grid,
                                                 guint           cell);
/* Splits an ink into components in 0..1. */
void                 lens_cell_ink_rgb          (guint32         ink,
                                                 double         *r,
                                                 double         *g,
                                                 double         *b);

G_END_DECLS
