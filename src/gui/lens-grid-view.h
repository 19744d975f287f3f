/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "lens-cell-style.h"
#include "lens-document.h"

G_BEGIN_DECLS

/* How a cell is highlighted for the selection, as GNOME Sudoku does. */
typedef enum {
  LENS_CELL_HIGHLIGHT_NONE,
  LENS_CELL_HIGHLIGHT_UNIT,   /* in the selected cell's row, column or box */
  LENS_CELL_HIGHLIGHT_DIGIT,  /* holds the selected cell's digit */
} LensCellHighlight;

#define LENS_TYPE_GRID_VIEW (lens_grid_view_get_type ())

G_DECLARE_FINAL_TYPE (LensGridView, lens_grid_view, LENS, GRID_VIEW, GtkWidget)

GtkWidget    *lens_grid_view_new          (void);
void          lens_grid_view_set_document (LensGridView *self,
                                           LensDocument *document);
int           lens_grid_view_get_selected (LensGridView *self);
void          lens_grid_view_set_selected (LensGridView *self,
                                           int           cell);
int           lens_grid_view_get_hovered  (LensGridView *self);
/* The digit shown in @cell (0 = empty) and its role, which says how it is drawn. */
guint8        lens_grid_view_get_cell     (LensGridView *self,
                                           guint         cell,
                                           LensCellRole *role);
/* The tooltip shown over @cell, NULL for none. */
char         *lens_grid_view_get_cell_tooltip (LensGridView *self,
                                               guint         cell);
char         *lens_grid_view_describe_cell (LensGridView *self,
                                           guint         cell);
/* Pencil mode: digits typed toggle pencil marks, Ctrl+digit types them. */
void          lens_grid_view_set_pencil   (LensGridView *self,
                                           gboolean      pencil);
gboolean      lens_grid_view_get_pencil   (LensGridView *self);
/* Whether the selected cell's row, column and box are tinted, and the
 * cells holding its digit more (the "highlight" setting). */
void          lens_grid_view_set_highlight (LensGridView *self,
                                           gboolean      highlight);
gboolean      lens_grid_view_get_highlight (LensGridView *self);
/* How @cell is highlighted for the selection now (NONE with highlighting
 * off, for the selected cell itself, and with no cell selected). */
LensCellHighlight lens_grid_view_get_cell_highlight (LensGridView *self,
                                                    guint         cell);
/* Highlights a hint's cells (framed) and its units (tinted); NULL: none. */
void          lens_grid_view_set_hint     (LensGridView        *self,
                                           const LensLogicStep *step);
gboolean      lens_grid_view_is_hinted    (LensGridView *self,
                                           guint         cell);
/* The menu a right click or the Menu key opens on the selected cell. */
void          lens_grid_view_set_cell_menu (LensGridView *self,
                                           GMenuModel   *menu);
gboolean      lens_grid_view_popup_cell_menu (LensGridView *self);

G_END_DECLS
