/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The time a game is played, and its end: the clock the front end runs
 * while the player plays, and the game finished once it is complete and
 * right. Both belong to the game: they go aside with it and come back
 * with it, and are saved with it; undo does not touch them. */
#include "config.h"

#include "lens-document-private.h"

static gint64
clock_run (LensDocument *self)
{
  return self->clock_since != 0 ? MAX (g_get_monotonic_time () - self->clock_since, 0) : 0;
}

gint64
lens_document_get_play_time (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), 0);

  return self->play_time + clock_run (self);
}

void
lens_document_set_play_time (LensDocument *self,
                             gint64        play_time)
{
  g_return_if_fail (LENS_IS_DOCUMENT (self));
  g_return_if_fail (play_time >= 0);

  self->play_time = play_time;
  if (self->clock_since != 0)
    self->clock_since = g_get_monotonic_time ();
}

void
_lens_document_stop_clock (LensDocument *self)
{
  self->play_time += clock_run (self);
  self->clock_since = 0;
}

void
lens_document_set_clock_running (LensDocument *self,
                                 gboolean      running)
{
  g_return_if_fail (LENS_IS_DOCUMENT (self));

  if (running == (self->clock_since != 0))
    return;
  if (running)
    self->clock_since = MAX (g_get_monotonic_time (), 1);
  else
    _lens_document_stop_clock (self);
}

gboolean
lens_document_get_clock_running (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  return self->clock_since != 0;
}

gboolean
lens_document_get_game_started (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  return self->game_started;
}

void
_lens_document_note_edit (LensDocument *self)
{
  if (self->playing)
    self->game_started = TRUE;
}

gboolean
lens_document_is_complete_and_right (LensDocument *self)
{
  const LensEntryCheck *check;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  check = lens_document_get_check (self);
  if (!(self->state == LENS_DOCUMENT_CHECK &&
        lens_document_count_givens (self) + lens_document_count_entries (self) == LENS_GRID_CELLS &&
        check != NULL && (check->n_entries > 0 || lens_document_count_helped (self) > 0) &&
         check->n_wrong == 0 && check->n_unsure == 0 &&
        check->n_unchecked == 0 && lens_result_is_solved (lens_document_get_analysis (self))))
    return FALSE;
  /* a printed digit misread where the solution has another is no
   * finished game: the hint points at it (LENS_HINT_MISREAD) */
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (self->grid.digits[i] != 0 && self->grid.digits[i] != self->analysis->solution.digits[i])
      return FALSE;
  return TRUE;
}

gboolean
lens_document_get_completed (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  return self->completed;
}

void
_lens_document_note_check (LensDocument *self)
{
  if (self->completed || !lens_document_is_complete_and_right (self))
    return;
  _lens_document_stop_clock (self);
  self->completed = TRUE;
  self->finishing = TRUE;
}

char *
lens_format_play_time (gint64 play_time)
{
  gint64 seconds = MAX (play_time, 0) / G_USEC_PER_SEC;

  if (seconds >= 3600)
    return g_strdup_printf ("%" G_GINT64_FORMAT ":%02d:%02d", seconds / 3600, (int) (seconds / 60 % 60),
                            (int) (seconds % 60));
  return g_strdup_printf ("%d:%02d", (int) (seconds / 60), (int) (seconds % 60));
}
