/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-reading-page.h"
#include "lens-widget-util.h"

struct _LensReadingPage
{
  GtkWidget   parent_instance;

  GtkPicture *reading_picture;
  GtkSpinner *reading_spinner;
};

G_DEFINE_FINAL_TYPE (LensReadingPage, lens_reading_page, GTK_TYPE_WIDGET)

void
lens_reading_page_set_preview (LensReadingPage *self,
                               GdkPaintable    *preview)
{
  g_return_if_fail (LENS_IS_READING_PAGE (self));

  gtk_picture_set_paintable (self->reading_picture, preview);
}

void
lens_reading_page_set_spinning (LensReadingPage *self,
                                gboolean         spinning)
{
  g_return_if_fail (LENS_IS_READING_PAGE (self));

  gtk_spinner_set_spinning (self->reading_spinner, spinning);
}

static void
lens_reading_page_class_init (LensReadingPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

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
