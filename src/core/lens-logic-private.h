/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the technique files share with the driver (lens-logic.c). */

#include "lens-logic.h"

G_BEGIN_DECLS

/* A finder looks for one technique in @c; when it finds a step that
 * changes something it fills @step (reset beforehand) and returns TRUE. */
typedef gboolean (*LensFinder) (const LensCandidates *c,
                                LensLogicStep        *step);

/* Bits set in a mask of up to 16 bits (digits or unit positions). */
static inline guint
lens_popcount (guint mask)
{
  mask = mask - ((mask >> 1) & 0x5555u);
  mask = (mask & 0x3333u) + ((mask >> 2) & 0x3333u);
  mask = (mask + (mask >> 4)) & 0x0f0fu;
  return (mask + (mask >> 8)) & 0x1fu;
}

/* The lowest digit in a non-empty mask. */
static inline guint lens_first_digit (guint mask) { return (guint) __builtin_ctz (mask) + 1; }

void      lens_step_reset            (LensLogicStep  *step,
                                      LensTechnique   technique);
void      lens_step_add_cell         (LensLogicStep  *step,
                                      guint           cell);
void      lens_step_add_unit         (LensLogicStep  *step,
                                      guint           unit);
void      lens_step_add_placement    (LensLogicStep  *step,
                                      guint           cell,
                                      guint           digit);
void      lens_step_add_elimination  (LensLogicStep  *step,
                                      guint           cell,
                                      guint           digit);
/* Removes every digit of @mask that @cell still has; TRUE if any. */
gboolean  lens_step_eliminate_mask   (LensLogicStep        *step,
                                      const LensCandidates *c,
                                      guint                 cell,
                                      guint                 mask);
void      lens_step_set_text         (LensLogicStep  *step,
                                      const char     *format,
                                      ...) G_GNUC_PRINTF (2, 3);

/* "r1c1, r1c5" and "3, 7" */
char     *lens_format_cells          (const guint8   *cells,
                                      guint           n);
char     *lens_format_digits         (guint           mask);
/* The cells of the step's eliminations. */
char     *lens_format_elimination_cells (const LensLogicStep *step);

/* Candidates of @digit in @unit as a 9-bit mask of positions. */
guint     lens_unit_positions        (const LensCandidates *c,
                                      guint                 unit,
                                      guint                 digit);

gboolean  lens_find_full_house       (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_hidden_single    (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_naked_single     (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_pointing         (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_claiming         (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_naked_pair       (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_naked_triple     (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_naked_quad       (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_hidden_pair      (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_hidden_triple    (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_hidden_quad      (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_x_wing           (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_swordfish        (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_jellyfish        (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_xy_wing          (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_xyz_wing         (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_w_wing           (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_unique_rectangle (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_simple_colouring (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_x_chain          (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_xy_chain         (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_aic              (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_contradiction_net (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_cell_forcing_net (const LensCandidates *c, LensLogicStep *step);
gboolean  lens_find_unit_forcing_net (const LensCandidates *c, LensLogicStep *step);

/* Score and level of a finished solve (lens-logic-rating.c). */
void      lens_logic_rating_finish   (LensLogicRating *rating);

G_END_DECLS
