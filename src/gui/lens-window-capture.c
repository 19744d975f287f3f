/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-capture-page.h"
#include "lens-window-private.h"

#define CAPTURE_PAGE "capture"

/* The camera runs only while its page shows. Whatever takes the window
 * elsewhere (a photo opened, dropped or pasted, a grid loaded) stops it at
 * once, so that no capture can come later and replace what the user chose;
 * the page itself goes once the stack has faded it out. */

static void
discard_capture (GtkStack  *stack,
                 GtkWidget *page)
{
  g_signal_handlers_disconnect_by_data (stack, page);
  lens_capture_page_stop (LENS_CAPTURE_PAGE (page));
  if (gtk_widget_get_parent (page) == GTK_WIDGET (stack))
    gtk_stack_remove (stack, page);
}

static gboolean
discard_hidden_cb (gpointer data)
{
  GtkWidget *page = data;
  GtkWidget *stack = gtk_widget_get_parent (page);

  if (GTK_IS_STACK (stack) && gtk_stack_get_visible_child (GTK_STACK (stack)) != page)
    discard_capture (GTK_STACK (stack), page);
  return G_SOURCE_REMOVE;
}

static void
visible_child_cb (GtkStack   *stack,
                  GParamSpec *pspec,
                  GtkWidget  *page)
{
  if (gtk_stack_get_visible_child (stack) == page)
    return;
  lens_capture_page_stop (LENS_CAPTURE_PAGE (page));
  g_timeout_add_full (G_PRIORITY_DEFAULT, gtk_stack_get_transition_duration (stack),
                      discard_hidden_cb, g_object_ref (page), g_object_unref);
}

/* Back to the document's page as it is now: the photo may have closed, or
 * another opened, while the camera showed. */
static void
close_capture (LensWindow      *self,
               LensCapturePage *page)
{
  if (gtk_stack_get_visible_child (self->stack) == GTK_WIDGET (page))
    _lens_window_refresh (self);
  else
    discard_capture (self->stack, GTK_WIDGET (page));
}

static void
captured_cb (LensCapturePage *page,
             const char      *path,
             const LensScan  *scan,
             LensWindow      *self)
{
  g_autofree char *photo = g_strdup (path);
  LensScan read;

  if (scan != NULL)
    read = *scan;
  close_capture (self, page);
  if (scan != NULL)
    _lens_window_open_scanned (self, photo, &read);
  else
    _lens_window_open_path (self, photo);
}

static void
closed_cb (LensCapturePage *page,
           LensWindow      *self)
{
  close_capture (self, page);
}

static GtkWidget *
add_capture_page (LensWindow *self)
{
  GtkWidget *page = lens_capture_page_new (self->reader);

  g_signal_connect_object (page, "captured", G_CALLBACK (captured_cb), self, 0);
  g_signal_connect_object (page, "closed", G_CALLBACK (closed_cb), self, 0);
  gtk_stack_add_named (self->stack, page, CAPTURE_PAGE);
  return page;
}

gboolean
_lens_window_shows_capture (LensWindow *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), CAPTURE_PAGE) == 0;
}

/* Starts the preview afresh each time, on a page kept or made anew. */
GtkWidget *
lens_window_show_capture (LensWindow *self,
                          const char *source)
{
  GtkWidget *page;

  g_return_val_if_fail (LENS_IS_WINDOW (self), NULL);

  /* A photo read to its end would take the window away from the camera. */
  if (_lens_window_is_opening (self))
    _lens_window_cancel_read (self);
  page = gtk_stack_get_child_by_name (self->stack, CAPTURE_PAGE);
  if (page == NULL)
    page = add_capture_page (self);
  if (gtk_stack_get_visible_child (self->stack) != page)
    {
      gtk_stack_set_visible_child (self->stack, page);
      g_signal_handlers_disconnect_by_func (self->stack, visible_child_cb, page);
      g_signal_connect_object (self->stack, "notify::visible-child", G_CALLBACK (visible_child_cb), page, 0);
      /* the board's commands wait while the camera shows, and come back with the board */
      g_signal_handlers_disconnect_by_func (self->stack, _lens_window_update_actions, self);
      g_signal_connect_object (self->stack, "notify::visible-child", G_CALLBACK (_lens_window_update_actions), self,
                               G_CONNECT_SWAPPED);
      _lens_window_update_actions (self);
    }
  lens_capture_page_start (LENS_CAPTURE_PAGE (page), source);
  gtk_widget_grab_focus (page);
  return page;
}
