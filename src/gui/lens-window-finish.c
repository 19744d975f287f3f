/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The end of a game: the time played in the header (LensGameTimer), and
 * a message when the player finishes the puzzle, complete and right,
 * with the time it took. The document says when a game is finished, once
 * (undo then redo does not finish it again), and the message shows when
 * the player began that game here: not for a photo of a puzzle done on
 * paper. */
#include "config.h"

#include "lens-finish-dialog.h"
#include "lens-window-private.h"

static void
response_cb (LensWindow  *self,
             const char  *response,
             AdwMessageDialog *dialog)
{
  if (g_strcmp0 (response, "open") == 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.open", NULL);
}

static void
show_finished (LensWindow *self)
{
  GtkWidget *dialog;

  if (self->finish_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->finish_dialog));
  dialog = lens_finish_dialog_new (GTK_WINDOW (self), lens_document_get_play_time (self->document));
  g_signal_connect_object (dialog, "response", G_CALLBACK (response_cb), self, G_CONNECT_SWAPPED);
  self->finish_dialog = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->finish_dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
finished_cb (LensWindow *self)
{
  if (lens_document_get_game_started (self->document))
    show_finished (self);
}

void
_lens_window_init_finish (LensWindow *self)
{
  lens_game_timer_set_document (self->game_timer, self->document);
  g_signal_connect_object (self->document, "finished", G_CALLBACK (finished_cb), self, G_CONNECT_SWAPPED);
  if (self->settings != NULL)
    g_settings_bind (self->settings, "show-timer", self->game_timer, "visible", G_SETTINGS_BIND_GET);
}

void
_lens_window_dispose_finish (LensWindow *self)
{
  if (self->finish_dialog != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->finish_dialog), (gpointer *) &self->finish_dialog);
      gtk_window_destroy (GTK_WINDOW (self->finish_dialog));
      self->finish_dialog = NULL;
    }
  if (self->game_timer != NULL)
    lens_game_timer_set_document (self->game_timer, NULL);
}
