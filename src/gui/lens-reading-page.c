/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-reading-page.h"
#include "lens-widget-util.h"

/* A read that ends sooner shows no spinner: its page is drawn once, not
 * on every frame of the spinner's turn (each a whole window's, with GL). */
#define SPINNER_DELAY_MS 500

struct _LensReadingPage
{
  GtkWidget   parent_instance;

  GtkPicture *reading_picture;
  GtkSpinner *reading_spinner;
  guint       spinner_id;
  gboolean    disposed;
};

G_DEFINE_FINAL_TYPE (LensReadingPage, lens_reading_page, GTK_TYPE_WIDGET)

void
lens_reading_page_set_preview (LensReadingPage *self,
                               GdkPaintable    *preview)
{
  g_return_if_fail (LENS_IS_READING_PAGE (self));

  gtk_picture_set_paintable (self->reading_picture, preview);
}

static gboolean
start_spinner_cb (gpointer data)
{
  LensReadingPage *self = data;

  self->spinner_id = 0;
  if (!self->disposed)
    gtk_spinner_set_spinning (self->reading_spinner, TRUE);
  return G_SOURCE_REMOVE;
}

void
lens_reading_page_set_spinning (LensReadingPage *self,
                                gboolean         spinning)
{
  g_return_if_fail (LENS_IS_READING_PAGE (self));

  /* the window asks after its pages' end, as it closes */
  if (self->disposed)
    return;
  if (!spinning)
    {
      g_clear_handle_id (&self->spinner_id, g_source_remove);
      gtk_spinner_set_spinning (self->reading_spinner, FALSE);
    }
  else if (self->spinner_id == 0 && !gtk_spinner_get_spinning (self->reading_spinner))
    self->spinner_id = g_timeout_add_full (G_PRIORITY_DEFAULT, SPINNER_DELAY_MS, start_spinner_cb,
                                           g_object_ref (self), g_object_unref);
}

static void
lens_reading_page_dispose (GObject *object)
{
  LensReadingPage *self = LENS_READING_PAGE (object);

  self->disposed = TRUE;
  g_clear_handle_id (&self->spinner_id, g_source_remove);
  G_OBJECT_CLASS (lens_reading_page_parent_class)->dispose (object);
}

static void
lens_reading_page_class_init (LensReadingPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = lens_reading_page_dispose;
  lens_widget_class_set_template (widget_class, "/io/github/sudokulens/SudokuLens/lens-reading-page.ui");
  gtk_widget_class_bind_template_child (widget_class, LensReadingPage, reading_picture);
  gtk_widget_class_bind_template_child (widget_class, LensReadingPage, reading_spinner);
  gtk_widget_class_bind_template_child_full (widget_class, "reading_label", FALSE, 0);
}

static void
lens_reading_page_init (LensReadingPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
