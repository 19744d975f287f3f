/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The reader's other readings of a cell it doubted, and taking one. */
#include "config.h"

#include <string.h>

#include "lens-document-private.h"

/* The cell shows what was read from the photo, and the reader doubted it:
 * as the grid marks a doubtful cell. */
static gboolean
is_doubted (LensDocument *self,
            guint         cell)
{
  const LensCellRead *read = &self->scan.cells[cell];

  if (!self->has_scan)
    return FALSE;
  /* an entry the puzzle's rules read as other than its picture's digit
   * is as doubted as one the check is unsure of */
  if (self->entries[cell] != 0)
    return (_lens_document_entry_was_read (self, cell) &&
            (self->origin[cell] == LENS_ENTRY_FROM_RULES ||
             (self->has_check && self->check.status[cell] == LENS_ENTRY_UNSURE))) ||
           _lens_document_entry_is_doubted (self, cell);
  return lens_document_cell_is_uncertain (self, cell) && read->digit == self->grid.digits[cell];
}

guint
lens_document_get_alternatives (LensDocument *self,
                                guint         cell,
                                guint8        alternatives[LENS_N_CLASSES])
{
  guint8 ranked[LENS_N_CLASSES];
  guint8 shown;
  guint n, found = 0;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), 0);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, 0);
  g_return_val_if_fail (alternatives != NULL, 0);

  if (!is_doubted (self, cell))
    return 0;
  shown = self->entries[cell] != 0 ? self->entries[cell] : self->grid.digits[cell];
  /* an entry the check is unsure of could be the solution's digit, however
   * little the reader thinks of it: that one comes first */
  if (self->entries[cell] != 0 && self->has_check && self->check.status[cell] == LENS_ENTRY_UNSURE &&
      lens_result_is_solved (self->analysis) && self->analysis->solution.digits[cell] != shown)
    alternatives[found++] = self->analysis->solution.digits[cell];
  n = lens_cell_read_rank (&self->scan.cells[cell], LENS_MIN_ALTERNATIVE_SCORE, ranked);
  for (guint i = 0; i < n && found < LENS_N_CLASSES; i++)
    if (ranked[i] != shown && (found == 0 || ranked[i] != alternatives[0]))
      alternatives[found++] = ranked[i];
  return found;
}

gboolean
lens_document_pick_alternative (LensDocument *self,
                                guint         cell,
                                guint8        digit)
{
  guint8 alternatives[LENS_N_CLASSES];
  guint n;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, FALSE);

  n = lens_document_get_alternatives (self, cell, alternatives);
  if (memchr (alternatives, digit, n) == NULL)
    return FALSE;
  /* the player's digit, or the printed one even while playing: the user
   * fixes a misreading, which the lock on printed digits is not about */
  if (self->entries[cell] != 0)
    return lens_document_set_entry (self, cell, digit);
  return lens_document_set_correction (self, cell, digit);
}
