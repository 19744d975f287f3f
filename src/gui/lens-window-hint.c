/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hints while playing on: the first press names the player's mistake or
 * shows the next logic step (its cells and units highlighted, its
 * technique named and explained), found off the main thread; a second
 * press makes it. Also revealing one cell and the pencil's actions. */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-window-private.h"

static void
clear_hint (LensWindow *self)
{
  lens_hinter_clear (self->hinter);
  lens_grid_view_set_hint (_lens_window_get_grid_view (self), NULL);
}

static void
show_hint (LensWindow *self)
{
  const LensLogicStep *step = lens_hinter_get_step (self->hinter);

  lens_grid_view_set_hint (_lens_window_get_grid_view (self), step);
  if (step->n_cells > 0)
    lens_grid_view_set_selected (_lens_window_get_grid_view (self), step->cells[0]);
  /* a hint is for playing on: what the player types next is theirs */
  lens_document_set_playing (self->document, TRUE);
  _lens_window_refresh (self);
}

/* Points at a printed digit the hint would have to write over, which the
 * hinter found and words: no step is shown; a second press makes the
 * digit the player's (lens_hinter_make_misread). */
static void
show_misread_printed (LensWindow *self,
                      const char *message)
{
  g_autofree char *words = g_strdup (message);
  guint cell;

  /* the hinter keeps it, for a second press to make it the player's */
  lens_grid_view_set_hint (_lens_window_get_grid_view (self), NULL);
  if (lens_hinter_get_misread (self->hinter, &cell, NULL))
    lens_grid_view_set_selected (_lens_window_get_grid_view (self), cell);
  _lens_window_toast (self, words);
  _lens_window_refresh (self);
}

static void
hint_finished_cb (LensWindow      *self,
                  LensHintOutcome  outcome,
                  const char      *message)
{
  if (outcome == LENS_HINT_FOUND)
    return show_hint (self);
  if (outcome == LENS_HINT_MISREAD)
    return show_misread_printed (self, message);
  if (outcome != LENS_HINT_STALE && message != NULL)
    _lens_window_toast (self, message);
  _lens_window_refresh (self);
}

static void
apply_hint (LensWindow *self)
{
  g_autoptr(LensLogicStep) step = lens_hinter_take_step (self->hinter);

  lens_grid_view_set_hint (_lens_window_get_grid_view (self), NULL);
  if (step->n_placements > 0)
    lens_grid_view_set_selected (_lens_window_get_grid_view (self), step->placements[0].cell);
  if (!lens_document_apply_step (self->document, step))
    _lens_window_refresh (self);
}

static void
give_hint (GtkWidget  *widget,
           const char *action_name,
           GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);

  if (lens_document_get_state (self->document) == LENS_DOCUMENT_EMPTY)
    return;
  /* a hint is for the board the player left, not the whole solution
   * shown: that goes, as undo takes it away */
  if (lens_document_get_state (self->document) == LENS_DOCUMENT_SOLVED)
    lens_document_undo (self->document);
  if (lens_hinter_step_is_current (self->hinter))
    return apply_hint (self);
  /* the second press on a misread printed digit makes it the player's */
  if (lens_hinter_make_misread (self->hinter))
    return;
  clear_hint (self);
  if (!lens_hinter_request (self->hinter))
    return _lens_window_toast (self, lens_hinter_get_message (self->hinter));
  _lens_window_refresh (self);
}

/* A hint is for the board it was found on. */
void
_lens_window_hint_document_changed (LensWindow *self)
{
  gboolean requested;

  if (lens_hinter_document_changed (self->hinter, &requested))
    lens_grid_view_set_hint (_lens_window_get_grid_view (self), NULL);
  if (!requested)
    _lens_window_toast (self, lens_hinter_get_message (self->hinter));
}

LensHinter *
lens_window_get_hinter (LensWindow *self)
{
  g_return_val_if_fail (LENS_IS_WINDOW (self), NULL);

  return self->hinter;
}

gboolean
_lens_window_is_hinting (LensWindow *self)
{
  return lens_hinter_is_busy (self->hinter);
}

static void
reveal_cell (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  int cell = lens_grid_view_get_selected (_lens_window_get_grid_view (self));

  if (cell < 0)
    return _lens_window_toast (self, _("Select a cell first"));
  if (lens_document_get_kind (self->document, cell) == LENS_READ_KIND_PRINTED)
    return _lens_window_toast (self, _("This digit is printed in the puzzle"));
  if (!lens_result_is_solved (lens_document_get_analysis (self->document)))
    return _lens_window_toast (self, _("The puzzle has no single solution yet to reveal a cell from"));
  lens_document_reveal_cell (self->document, cell);
}

static void
fill_candidates (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);

  if (!lens_document_fill_candidates (self->document))
    _lens_window_toast (self, _("Every empty cell already holds its candidates"));
}

void
_lens_window_update_hint_actions (LensWindow *self)
{
  gboolean open = lens_document_get_state (self->document) != LENS_DOCUMENT_EMPTY;
  gboolean busy = lens_window_is_busy (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", open && !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reveal-cell", open && !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.fill-candidates", open && !busy);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pencil", open);
}

void
_lens_window_init_hint (LensWindow *self)
{
  self->hinter = lens_hinter_new (self->document);
  g_signal_connect_object (self->hinter, "finished", G_CALLBACK (hint_finished_cb), self, G_CONNECT_SWAPPED);
}

void
_lens_window_dispose_hint (LensWindow *self)
{
  if (self->hinter != NULL)
    lens_hinter_clear (self->hinter);
  g_clear_object (&self->hinter);
}

void
_lens_window_class_init_hint (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, give_hint);
  gtk_widget_class_install_action (widget_class, "win.reveal-cell", NULL, reveal_cell);
  gtk_widget_class_install_action (widget_class, "win.fill-candidates", NULL, fill_candidates);
}
