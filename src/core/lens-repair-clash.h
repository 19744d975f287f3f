/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Whether a grid read with a few of its cells changed has two equal
 * digits in a row, column or box, from the read digits counted once per
 * unit: only the changed cells' units are looked at. Pure GLib. */

#include <glib.h>

#include "lens-grid.h"

G_BEGIN_DECLS

#define LENS_REPAIR_N_UNITS 27  /* 9 rows, 9 columns, 9 boxes */

typedef struct {
  guint8 read[LENS_GRID_CELLS];
  guint8 count[LENS_REPAIR_N_UNITS][10];  /* digits of the read per unit */
  guint8 n_clashes;                       /* (unit, digit) pairs read twice or more */
  guint8 clashes[LENS_REPAIR_N_UNITS * 9][2];
} LensRepairClash;

void     lens_repair_clash_init    (LensRepairClash *self,
                                    const guint8     read[LENS_GRID_CELLS]);

/* Whether the read with @n_changes changes, cell @cells[i] set to @to[i]
 * (0 clears it; no cell twice), has a clash. */
gboolean lens_repair_clash_changed (const LensRepairClash *self,
                                    const guint8          *cells,
                                    const guint8          *to,
                                    guint                  n_changes);

G_END_DECLS
