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

/* How many of the read digits @digit in @unit the changes take away. */
static guint
taken_in_unit (const LensRepairClash *self,
               const guint8          *cells,
               guint                  n_changes,
               guint                  unit,
               guint8                 digit)
{
  guint n = 0;

  for (guint i = 0; i < n_changes; i++)
    {
      guint units[3];

      if (self->read[cells[i]] != digit)
        continue;
      units_of (cells[i], units);
      n += units[unit / 9] == unit;
    }
  return n;
}

/* Whether the digit written in @cells[@i] meets the same digit in one of
 * its units: a read digit left there, or one written in before it. */
static gboolean
written_clashes (const LensRepairClash *self,
                 const guint8          *cells,
                 const guint8          *to,
                 guint                  n_changes,
                 guint                  i)
{
  guint units[3];

  units_of (cells[i], units);
  for (guint u = 0; u < 3; u++)
    {
      guint read = self->count[units[u]][to[i]];

      if (read > 0 && read > taken_in_unit (self, cells, n_changes, units[u], to[i]))
        return TRUE;
    }
  for (guint j = 0; j < i; j++)
    if (to[j] == to[i] &&
        (lens_cell_row (cells[j]) == lens_cell_row (cells[i]) ||
         lens_cell_col (cells[j]) == lens_cell_col (cells[i]) ||
         lens_cell_box (cells[j]) == lens_cell_box (cells[i])))
      return TRUE;
  return FALSE;
}

gboolean
lens_repair_clash_changed (const LensRepairClash *self,
                           const guint8          *cells,
                           const guint8          *to,
                           guint                  n_changes)
{
  g_return_val_if_fail (self != NULL, FALSE);

  /* A unit holds a digit twice either where a change wrote it in ... */
  for (guint i = 0; i < n_changes; i++)
    if (to[i] != 0 && written_clashes (self, cells, to, n_changes, i))
      return TRUE;
  /* ... or where the read held it twice and the changes left two. */
  for (guint i = 0; i < self->n_clashes; i++)
    {
      guint unit = self->clashes[i][0];
      guint8 digit = self->clashes[i][1];

      if (self->count[unit][digit] - taken_in_unit (self, cells, n_changes, unit, digit) > 1)
        return TRUE;
    }
  return FALSE;
}
