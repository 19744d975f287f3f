/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Closing the photo: back to the start page, the saved session gone, and
 * nothing lost: the document keeps the game closed (lens_document_close),
 * photo, grid, edits, the player's digits and the history, and Ctrl+Z or
 * the toast's Undo brings it back. A photo opened in its place, or one to
 * mark by hand, sets the game shown aside the same way. */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-autosave.h"
#include "lens-window-private.h"

/* Dismisses the toast offering the game back, if still shown. */
static void
dismiss_toast (LensWindow *self)
{
  g_autoptr(AdwToast) toast = g_steal_pointer (&self->closed_toast);

  if (toast != NULL && self->toaster != NULL)
    lens_toaster_dismiss (self->toaster, toast);
}

static void
toast_dismissed_cb (LensWindow *self,
                    AdwToast   *toast)
{
  if (toast == self->closed_toast)
    g_clear_object (&self->closed_toast);
}

static void
offer_undo (LensWindow *self,
            const char *title)
{
  AdwToast *toast;

  dismiss_toast (self);
  /* the game it offers back replaced what shows now */
  self->closed_shown = lens_document_get_photo (self->document);
  toast = lens_toaster_offer (self->toaster, title, _("_Undo"), "win.reopen-photo", 10);
  self->closed_toast = g_object_ref (toast);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (toast_dismissed_cb), self, G_CONNECT_SWAPPED);
}

static void
close_photo (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (lens_document_get_state (self->document) == LENS_DOCUMENT_EMPTY || _lens_window_is_opening (self))
    return;
  _lens_window_stop_jobs (self);
  self->closed_selected = lens_grid_view_get_selected (_lens_window_get_grid_view (self));
  lens_grid_view_set_selected (_lens_window_get_grid_view (self), -1);
  g_object_unref (lens_document_close (self->document));
  if (!lens_autosave_clear (&error))
    _lens_window_toast (self, error->message);
  offer_undo (self, _("Photo closed"));
  _lens_window_update_actions (self);
}

void
_lens_window_replace_photo (LensWindow *self,
                            void      (*load) (LensWindow *self,
                                               gpointer    data),
                            gpointer    data,
                            const char *message)
{
  gboolean replaces = lens_document_get_state (self->document) != LENS_DOCUMENT_EMPTY;

  if (replaces)
    self->closed_selected = lens_grid_view_get_selected (_lens_window_get_grid_view (self));
  load (self, data);
  if (!replaces)
    return _lens_window_toast (self, message);
  offer_undo (self, message);
  _lens_window_update_actions (self);
}

static void
reopen_photo (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);

  dismiss_toast (self);
  _lens_window_stop_jobs (self);
  if (!lens_document_restore_previous (self->document))
    return;
  lens_grid_view_set_selected (_lens_window_get_grid_view (self), self->closed_selected);
  gtk_widget_grab_focus (GTK_WIDGET (_lens_window_get_grid_view (self)));
}

void
_lens_window_close_document_changed (LensWindow *self)
{
  /* The game was brought back (by Ctrl+Z too), or another one opened (an
   * empty window filled): the offer is done; Ctrl+Z still works. */
  if (self->closed_toast != NULL &&
      (!lens_document_has_previous (self->document) ||
       lens_document_get_photo (self->document) != self->closed_shown ||
       (self->closed_shown == NULL && lens_document_get_state (self->document) != LENS_DOCUMENT_EMPTY)))
    dismiss_toast (self);
}

void
_lens_window_update_close_actions (LensWindow *self)
{
  gboolean open = lens_document_get_state (self->document) != LENS_DOCUMENT_EMPTY;
  gboolean opening = _lens_window_is_opening (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-photo", open && !opening);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reopen-photo",
                                 lens_document_has_previous (self->document) && !opening);
}

void
_lens_window_class_init_close (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.close-photo", NULL, close_photo);
  gtk_widget_class_install_action (widget_class, "win.reopen-photo", NULL, reopen_photo);
}

void
_lens_window_dispose_close (LensWindow *self)
{
  g_clear_object (&self->closed_toast);
}
