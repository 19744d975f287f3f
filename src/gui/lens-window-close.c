/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Closing the photo: back to the start page, the saved session gone, and
 * nothing lost: the toast's Undo brings the photo back as it was, with the
 * grid, the edits, the player's digits and the history. */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-autosave.h"
#include "lens-window-private.h"

/* The document closed, which holds the photo and all read and done on it. */
typedef struct _LensClosedPhoto {
  LensDocument *document;
  int           selected;
  char         *replaced_by;  /* set aside for the photo at this path (Mark Corners); NULL: closed */
  AdwToast     *toast;        /* its Undo, until dismissed */
} LensClosedPhoto;

static void
closed_photo_free (LensClosedPhoto *closed)
{
  g_clear_object (&closed->document);
  g_free (closed->replaced_by);
  g_clear_object (&closed->toast);
  g_free (closed);
}

/* Dismisses the closed photo's toast, if still shown. */
static void
dismiss_toast (LensWindow      *self,
               LensClosedPhoto *closed)
{
  g_autoptr(AdwToast) toast = closed ? g_steal_pointer (&closed->toast) : NULL;

  if (toast != NULL && self->toaster != NULL)
    lens_toaster_dismiss (self->toaster, toast);
}

static void
forget_closed (LensWindow *self)
{
  dismiss_toast (self, self->closed);
  g_clear_pointer (&self->closed, closed_photo_free);
}

/* Once the toast is gone, its Undo with it, the photo is let go; later,
 * so that a click on Undo, which dismisses the toast too, comes first. */
static gboolean
forget_closed_cb (gpointer data)
{
  LensWindow *self = data;

  if (self->closed != NULL && self->closed->toast == NULL)
    forget_closed (self);
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static void
toast_dismissed_cb (LensWindow *self,
                    AdwToast   *toast)
{
  if (self->closed == NULL || toast != self->closed->toast)
    return;
  g_clear_object (&self->closed->toast);
  g_idle_add (forget_closed_cb, g_object_ref (self));
}

static void
offer_undo (LensWindow *self,
            const char *title)
{
  AdwToast *toast = adw_toast_new (title);

  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "win.reopen-photo");
  adw_toast_set_timeout (toast, 10);
  self->closed->toast = g_object_ref (toast);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (toast_dismissed_cb), self, G_CONNECT_SWAPPED);
  _lens_window_add_toast (self, toast);
}

/* Takes the photo and its document out of the window. */
static LensClosedPhoto *
take_photo (LensWindow *self)
{
  LensClosedPhoto *closed;

  _lens_window_stop_jobs (self);
  forget_closed (self);
  closed = g_new0 (LensClosedPhoto, 1);
  closed->selected = lens_grid_view_get_selected (_lens_window_get_grid_view (self));
  lens_grid_view_set_selected (_lens_window_get_grid_view (self), -1);
  closed->document = lens_document_close (self->document);
  return closed;
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
  self->closed = take_photo (self);
  if (!lens_autosave_clear (&error))
    _lens_window_toast (self, error->message);
  offer_undo (self, _("Photo closed"));
  _lens_window_update_actions (self);
}

void
_lens_window_replace_photo (LensWindow *self,
                            const char *path,
                            void      (*load) (LensWindow *self,
                                               gpointer    data),
                            gpointer    data,
                            const char *message)
{
  LensClosedPhoto *closed = NULL;

  if (lens_document_get_state (self->document) != LENS_DOCUMENT_EMPTY)
    {
      closed = take_photo (self);
      closed->replaced_by = g_strdup (path);
    }
  load (self, data);
  if (closed == NULL)
    return _lens_window_toast (self, message);
  self->closed = closed;
  offer_undo (self, message);
  _lens_window_update_actions (self);
}

static void
reopen_photo (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  LensClosedPhoto *closed = g_steal_pointer (&self->closed);

  if (closed == NULL)
    return;
  dismiss_toast (self, closed);
  /* a photo set aside comes back in place of the one that replaced it */
  _lens_window_stop_jobs (self);
  lens_document_reopen (self->document, closed->document);
  lens_grid_view_set_selected (_lens_window_get_grid_view (self), closed->selected);
  gtk_widget_grab_focus (GTK_WIDGET (_lens_window_get_grid_view (self)));
  closed_photo_free (closed);
}

void
_lens_window_close_document_changed (LensWindow *self)
{
  if (self->closed != NULL && lens_document_get_state (self->document) != LENS_DOCUMENT_EMPTY &&
      (self->closed->replaced_by == NULL ||
       g_strcmp0 (self->closed->replaced_by, lens_document_get_photo_path (self->document)) != 0))
    forget_closed (self);
}

void
_lens_window_update_close_actions (LensWindow *self)
{
  gboolean open = lens_document_get_state (self->document) != LENS_DOCUMENT_EMPTY;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-photo", open && !_lens_window_is_opening (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reopen-photo",
                                 self->closed != NULL && (!open || self->closed->replaced_by != NULL) &&
                                 !_lens_window_is_opening (self));
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
  g_clear_pointer (&self->closed, closed_photo_free);
}
