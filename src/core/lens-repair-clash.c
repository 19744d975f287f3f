/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "lens-repair-clash.h"

static void
units_of (guint  cell,
          guint  units[3])
{
  units[0] = lens_cell_row (cell);
  units[1] = 9 + lens_cell_col (cell);
  units[2] = 18 + lens_cell_box (cell);
}

void
lens_repair_clash_init (LensRepairClash *self,
                        const guint8     read[LENS_GRID_CELLS])
{
  g_return_if_fail (self != NULL && read != NULL);

  memset (self, 0, sizeof *self);
  memcpy (self->read, read, LENS_GRID_CELLS);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      guint units[3];

      if (read[cell] == 0)
        continue;
      units_of (cell, units);
      for (guint u = 0; u < 3; u++)
        self->count[units[u]][read[cell]]++;
    }
  for (guint unit = 0; unit < LENS_REPAIR_N_UNITS; unit++)
    for (guint8 digit = 1; digit <= 9; digit++)
      if (self->count[unit][digit] > 1)
        {
          self->clashes[self->n_clashes][0] = (guint8) unit;
          self->clashes[self->n_clashes][1] = digit;
          self->n_clashes++;
        }
}

/* Adds @step to the counts of the changes' digits: -1 for the read digits
 * they take away, +1 for the digits they write in. */
static void
count_changes (LensRepairClash *self,
               const guint8    *cells,
               const guint8    *to,
               guint            n_changes,
               int              step)
{
  for (guint i = 0; i < n_changes; i++)
    {
      guint8 from = self->read[cells[i]];
      guint units[3];

      units_of (cells[i], units);
      for (guint u = 0; u < 3; u++)
        {
          if (from != 0)
            self->count[units[u]][from] -= step;
          if (to[i] != 0)
            self->count[units[u]][to[i]] += step;
        }
    }
}

gboolean
lens_repair_clash_changed (LensRepairClash *self,
                           const guint8    *cells,
                           const guint8    *to,
                           guint            n_changes)
{
  gboolean clash = FALSE;

  g_return_val_if_fail (self != NULL, FALSE);

  count_changes (self, cells, to, n_changes, 1);
  /* A unit holds a digit twice either where a change wrote it in ... */
  for (guint i = 0; i < n_changes && !clash; i++)
    {
      guint units[3];

      if (to[i] == 0)
        continue;
      units_of (cells[i], units);
      for (guint u = 0; u < 3; u++)
        clash = clash || self->count[units[u]][to[i]] > 1;
    }
  /* ... or where the read held it twice already. */
  for (guint i = 0; i < self->n_clashes && !clash; i++)
    clash = self->count[self->clashes[i][0]][self->clashes[i][1]] > 1;
  count_changes (self, cells, to, n_changes, -1);
  return clash;
}
