/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* LensGridView's internals, shared by its files: lens-grid-view.c (input,
 * tooltips, accessibility, the cell menu) and lens-grid-view-draw.c (how
 * the board is drawn). */

#include "lens-grid-view.h"

G_BEGIN_DECLS

struct _LensGridView
{
  GtkWidget     parent_instance;

  LensDocument *document;
  int           selected;
  int           hovered;
  GtkWidget    *cell_menu;
  gboolean      pencil;
  gboolean      highlight;  /* the selection's row, column, box and digit */
  /* a hint's cells, and the cells of its units */
  gboolean      hint_cells[LENS_GRID_CELLS];
  gboolean      hint_units[LENS_GRID_CELLS];
};

/* The board's square in the widget, a small margin inside its edges. */
void            _lens_grid_view_get_board     (LensGridView    *self,
                                               graphene_rect_t *board);
/* The square of @cell on @board. */
void            _lens_grid_view_get_cell_rect (const graphene_rect_t *board,
                                               guint                  cell,
                                               graphene_rect_t       *rect);
/* How the last check found the player's digit in @cell (NONE before one). */
LensEntryStatus _lens_grid_view_entry_status  (LensGridView    *self,
                                               guint            cell);
gboolean        _lens_grid_view_is_uncertain  (LensGridView    *self,
                                               guint            cell);
gboolean        _lens_grid_view_is_suspect    (LensGridView    *self,
                                               guint            cell);
void            _lens_grid_view_snapshot      (GtkWidget       *widget,
                                               GtkSnapshot     *snapshot);

G_END_DECLS
