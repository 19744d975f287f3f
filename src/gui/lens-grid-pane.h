/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "lens-close-up.h"
#include "lens-document.h"
#include "lens-grid-view.h"

G_BEGIN_DECLS

#define LENS_TYPE_GRID_PANE (lens_grid_pane_get_type ())

G_DECLARE_FINAL_TYPE (LensGridPane, lens_grid_pane, LENS, GRID_PANE, GtkBox)

/* The grid's side of the window: the grid, the message below it with its
 * buttons, the status and the puzzle's level, the close-up of a cell, the
 * numerals the board was read in and the legend. It follows its document:
 * the level and the numerals by itself, the message and the status when
 * the window, which knows the jobs under way, tells it. */
void          lens_grid_pane_set_document       (LensGridPane *self,
                                                 LensDocument *document);
LensGridView *lens_grid_pane_get_grid_view      (LensGridPane *self);
LensCloseUp  *lens_grid_pane_get_close_up       (LensGridPane *self);
void          lens_grid_pane_set_status         (LensGridPane *self,
                                                 const char   *status);
/* The banner: what the solve came to, or else @play_message (nullable),
 * how the player's digits stand, in the style class @play_style. */
void          lens_grid_pane_update_message     (LensGridPane *self,
                                                 const char   *play_message,
                                                 const char   *play_style);
/* Narrow, the close-up larger and the legend on a line of its own, for
 * the row of the close-up to fit 360 pixels; or else wide. */
void          lens_grid_pane_set_narrow         (LensGridPane *self,
                                                 gboolean      narrow);
/* Shows in the close-up the cell the player looks at: the one under the
 * pointer (while a hint shows, only one of the hint's), else the one
 * selected, else the first of the player's digits the reader doubts.
 * Returns it, -1 when the close-up shows none. */
int           lens_grid_pane_update_close_up    (LensGridPane *self);
/* Selects the next cell the message asks to check, after the selected one. */
void          lens_grid_pane_select_next_check  (LensGridPane *self);

G_END_DECLS
