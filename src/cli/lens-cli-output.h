/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Output shared between the commands: a scan as "scan" prints it, JSON,
 * and the percentiles of timings. */

#include <json-glib/json-glib.h>

#include "lens-vision.h"

G_BEGIN_DECLS

/* Adds the members of "scan --json" (grid, corners, rotation, cells,
 * timing_ms) to the object being built. */
void   lens_cli_add_scan_members  (JsonBuilder    *builder,
                                   const LensScan *scan);
/* Prints the scan as "scan" does: the 81-character line, then the grid. */
void   lens_cli_print_scan_text   (const LensScan *scan);
/* Tells on stderr that @scan read one of several boards in @path. */
void   lens_cli_note_other_boards (const char     *path,
                                   const LensScan *scan);
/* Resets the colour of the text on a terminal. */
#define LENS_CLI_ANSI_RESET "\033[0m"

/* Prints a board as text: 9 lines of digits ("." where none) with rules
 * between the boxes, each cell whose @colours (nullable) names an ANSI
 * colour in that colour. */
void   lens_cli_print_board       (const guint8   digits[LENS_GRID_CELLS],
                                   const char    *const colours[LENS_GRID_CELLS]);
/* The built JSON, pretty-printed. */
char  *lens_cli_json_to_data      (JsonBuilder    *builder);
/* Prints the built JSON, pretty-printed, on the standard output. */
void   lens_cli_print_json        (JsonBuilder    *builder);

/* Each adds the member @name with its value to the object being built. */
void   lens_cli_add_int_member     (JsonBuilder *builder, const char *name, gint64 value);
void   lens_cli_add_double_member  (JsonBuilder *builder, const char *name, double value);
void   lens_cli_add_string_member  (JsonBuilder *builder, const char *name, const char *value);
void   lens_cli_add_boolean_member (JsonBuilder *builder, const char *name, gboolean value);
/* Adds @name: the indices of the cells for which @cells is TRUE. */
void   lens_cli_add_cells_member   (JsonBuilder   *builder,
                                    const char    *name,
                                    const gboolean cells[LENS_GRID_CELLS]);
/* The value at index floor (@fraction × n) of @values (doubles) sorted,
 * n being their number; 0 when there are none. */
double lens_cli_percentile        (GArray         *values,
                                   double          fraction);

G_END_DECLS
