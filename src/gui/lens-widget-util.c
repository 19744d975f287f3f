/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "lens-widget-util.h"

void
lens_widget_set_shown (GtkWidget *widget,
                       gboolean   shown)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (gtk_widget_get_child_visible (widget) == !!shown)
    return;
  gtk_widget_set_child_visible (widget, shown);
  gtk_widget_queue_draw (gtk_widget_get_parent (widget));
}

void
lens_widget_dispose_template (GtkWidget *widget,
                              GType      type)
{
  GtkWidget *child;

  gtk_widget_dispose_template (widget, type);
  while ((child = gtk_widget_get_first_child (widget)) != NULL)
    gtk_widget_unparent (child);
}
