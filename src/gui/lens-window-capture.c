/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-capture-page.h"
#include "lens-window-private.h"

#define CAPTURE_PAGE "capture"

static void
close_capture (LensWindow      *self,
               LensCapturePage *page)
{
  const char *previous = g_object_get_data (G_OBJECT (page), "lens-previous-page");

  if (previous != NULL && gtk_stack_get_child_by_name (self->stack, previous) != NULL)
    gtk_stack_set_visible_child_name (self->stack, previous);
  gtk_stack_remove (self->stack, GTK_WIDGET (page));
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

GtkWidget *
_lens_window_show_capture (LensWindow *self,
                           const char *source)
{
  GtkWidget *page = gtk_stack_get_child_by_name (self->stack, CAPTURE_PAGE);
  const char *previous;

  if (page != NULL)
    {
      gtk_stack_set_visible_child (self->stack, page);
      return page;
    }
  page = lens_capture_page_new ();
  previous = gtk_stack_get_visible_child_name (self->stack);
  g_object_set_data_full (G_OBJECT (page), "lens-previous-page", g_strdup (previous), g_free);
  g_signal_connect_object (page, "captured", G_CALLBACK (captured_cb), self, 0);
  g_signal_connect_object (page, "closed", G_CALLBACK (closed_cb), self, 0);
  gtk_stack_add_named (self->stack, page, CAPTURE_PAGE);
  gtk_stack_set_visible_child (self->stack, page);
  lens_capture_page_start (LENS_CAPTURE_PAGE (page), source);
  gtk_widget_grab_focus (page);
  return page;
}
