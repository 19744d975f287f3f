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

static void
dispose_template (GObject *object)
{
  GType type = G_OBJECT_TYPE (object);

  lens_widget_dispose_template (GTK_WIDGET (object), type);
  G_OBJECT_CLASS (g_type_class_peek (g_type_parent (type)))->dispose (object);
}

void
lens_widget_class_set_template (GtkWidgetClass *widget_class,
                                const char     *resource_path)
{
  g_return_if_fail (G_TYPE_IS_FINAL (G_TYPE_FROM_CLASS (widget_class)));

  gtk_widget_class_set_template_from_resource (widget_class, resource_path);
  G_OBJECT_CLASS (widget_class)->dispose = dispose_template;
}

static void
css_changed_redraw (GtkWidget         *widget,
                    GtkCssStyleChange *change)
{
  GtkWidgetClass *parent_class = g_type_class_peek (g_type_parent (G_OBJECT_TYPE (widget)));

  parent_class->css_changed (widget, change);
  gtk_widget_queue_draw (widget);
}

void
lens_widget_class_redraw_on_css_change (GtkWidgetClass *widget_class)
{
  g_return_if_fail (G_TYPE_IS_FINAL (G_TYPE_FROM_CLASS (widget_class)));

  widget_class->css_changed = css_changed_redraw;
}

void
lens_widget_lookup_color (GtkWidget  *widget,
                          const char *name,
                          const char *fallback,
                          GdkRGBA    *color)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, color))
    gdk_rgba_parse (color, fallback);
}
