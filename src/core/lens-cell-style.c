/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "lens-cell-style.h"

/* Inks from the GNOME palette where it has one, each at least 4.5:1
 * against its board. Red stays for errors: conflicts, which the app marks
 * on its own, and the player's wrong digits; blue tints mark the
 * selection, so no role is tinted blue. */
static const LensCellStyle styles[LENS_N_CELL_ROLES] = {
  [LENS_CELL_ROLE_EMPTY] = { NULL, FALSE, FALSE, { 0x241f31, 0xffffff }, 0, LENS_CELL_MARK_NONE },
  /* dark 4 / white, bold */
  [LENS_CELL_ROLE_PRINTED] = { N_("Printed"), TRUE, FALSE, { 0x241f31, 0xffffff }, 0, LENS_CELL_MARK_NONE },
  /* blue 5 / blue 1, bold, underlined: a printed digit the user typed */
  [LENS_CELL_ROLE_CORRECTION] = { N_("Typed"), TRUE, FALSE, { 0x1a5fb4, 0x99c1f1 }, 0, LENS_CELL_MARK_UNDERLINE },
  /* purple 4 / purple 1, bold italic on a purple tint, a corner mark */
  [LENS_CELL_ROLE_REPAIRED] = { N_("Repaired"), TRUE, TRUE, { 0x813d9c, 0xdc8add }, 0.16, LENS_CELL_MARK_CORNER },
  /* teal, regular weight: filled in for the player. (A lighter teal,
   * #0e7a80, made the scanner misread the overlay of tests/data/solve.) */
  [LENS_CELL_ROLE_SOLVED] = { N_("Solved"), FALSE, FALSE, { 0x0a7077, 0x5fd0d4 }, 0, LENS_CELL_MARK_NONE },
  /* blue 4 / blue 2, regular italic: the player's own, as a pen writes */
  [LENS_CELL_ROLE_ENTRY] = { N_("Yours"), FALSE, TRUE, { 0x1c71d8, 0x62a0ea }, 0, LENS_CELL_MARK_NONE },
  /* red 4 / red 1, regular italic, struck through */
  [LENS_CELL_ROLE_WRONG] = { N_("Wrong"), FALSE, TRUE, { 0xc01c28, 0xf66151 }, 0, LENS_CELL_MARK_STRIKE },
  /* brown 4 / brown 1, regular upright, underlined: given to the player
   * by a hint or a reveal, not found */
  [LENS_CELL_ROLE_HELPED] = { N_("Hint"), FALSE, FALSE, { 0x865e3c, 0xcdab8f }, 0, LENS_CELL_MARK_UNDERLINE },
};

const LensCellStyle *
lens_cell_style_get (LensCellRole role)
{
  g_return_val_if_fail (role < LENS_N_CELL_ROLES, &styles[LENS_CELL_ROLE_EMPTY]);

  return &styles[role];
}

LensCellRole
lens_cell_role_from_flags (guint8 digit,
                           guint8 flags)
{
  if (flags & LENS_CELL_REPAIRED)
    return LENS_CELL_ROLE_REPAIRED;
  if (digit == 0)
    return LENS_CELL_ROLE_EMPTY;
  if (flags & LENS_CELL_ENTRY)
    return (flags & LENS_CELL_WRONG) ? LENS_CELL_ROLE_WRONG
           : (flags & LENS_CELL_HELPED) ? LENS_CELL_ROLE_HELPED : LENS_CELL_ROLE_ENTRY;
  if (flags & LENS_CELL_CORRECTION)
    return LENS_CELL_ROLE_CORRECTION;
  if (flags & LENS_CELL_SOLVED)
    return LENS_CELL_ROLE_SOLVED;
  return LENS_CELL_ROLE_PRINTED;
}

LensCellRole
lens_grid_cell_role (const LensGrid *grid,
                     guint           cell)
{
  g_return_val_if_fail (grid != NULL, LENS_CELL_ROLE_EMPTY);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, LENS_CELL_ROLE_EMPTY);

  return lens_cell_role_from_flags (grid->digits[cell], grid->flags[cell]);
}

void
lens_cell_ink_rgb (guint32  ink,
                   double  *r,
                   double  *g,
                   double  *b)
{
  *r = ((ink >> 16) & 0xff) / 255.0;
  *g = ((ink >> 8) & 0xff) / 255.0;
  *b = (ink & 0xff) / 255.0;
}
