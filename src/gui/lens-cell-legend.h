/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "lens-cell-style.h"

G_BEGIN_DECLS

#define LENS_TYPE_CELL_LEGEND (lens_cell_legend_get_type ())

G_DECLARE_FINAL_TYPE (LensCellLegend, lens_cell_legend, LENS, CELL_LEGEND, GtkWidget)

/* The key to the cell styles: a sample cell drawn as the grid draws it,
 * and its name, for each role a grid shows. */
GtkWidget *lens_cell_legend_new      (void);
/* Shows the roles @grid holds; NULL: none. */
void       lens_cell_legend_set_grid (LensCellLegend *self,
                                      const LensGrid *grid);
/* Shows what the red frame of a cell means, while one is shown. */
void       lens_cell_legend_set_clash (LensCellLegend *self,
                                       gboolean        shown);
gboolean   lens_cell_legend_shows    (LensCellLegend *self,
                                      LensCellRole    role);

G_END_DECLS
