/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Cairo drawing of a board, for export to files and for the app. */

#include <cairo.h>
#include <glib.h>

#include "lens-cell-style.h"
#include "lens-grid.h"

G_BEGIN_DECLS

typedef enum {
  LENS_RENDER_PNG,
  LENS_RENDER_SVG,
  LENS_RENDER_PDF,
} LensRenderFormat;

/* The size of an exported page: pixels for PNG, points for SVG and PDF.
 * The board is the square at (MARGIN, MARGIN) of WIDTH - 2 × MARGIN; the
 * legend is below it. */
#define LENS_RENDER_EXPORT_WIDTH  600
#define LENS_RENDER_EXPORT_HEIGHT 660
#define LENS_RENDER_EXPORT_MARGIN 30

/* By the file name's extension, any case: .png, .svg, .pdf. */
gboolean  lens_render_format_from_path  (const char       *path,
                                         LensRenderFormat *format);

/* Draws one cell of @role holding @digit in the square (x, y, size), by
 * its style (lens-cell-style.h): its tint, its mark and its digit, or the
 * small cross of a digit repair removed. The app draws its cells with it
 * too, so that a file shows each role as the app does. */
void      lens_render_draw_cell         (cairo_t          *cr,
                                         LensCellRole      role,
                                         guint8            digit,
                                         double            x,
                                         double            y,
                                         double            size,
                                         LensCellScheme    scheme);

/* Draws @board on white in the square (x, y, size) of @cr. */
void      lens_render_draw_board        (cairo_t          *cr,
                                         const LensGrid   *board,
                                         double            x,
                                         double            y,
                                         double            size);

/* The roles @board shows, in the table's order; returns how many. */
guint     lens_render_board_roles       (const LensGrid   *board,
                                         LensCellRole      roles[LENS_N_CELL_ROLES]);

/* Draws the key to the styles of the roles @board shows, on one line of
 * @height at (x, y), sized to fit @width. */
void      lens_render_draw_legend       (cairo_t          *cr,
                                         const LensGrid   *board,
                                         double            x,
                                         double            y,
                                         double            width,
                                         double            height);

/* Writes @board with its legend to @path (format by extension) atomically:
 * a failure leaves no file, or the previous one, behind. */
gboolean  lens_render_export            (const LensGrid   *board,
                                         const char       *path,
                                         GError          **error);

G_END_DECLS
