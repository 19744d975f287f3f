/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Shows or hides @widget while it keeps its room: it is measured and
 * placed, but not mapped, and its parent draws what is there now. */
void  lens_widget_set_shown  (GtkWidget *widget,
                              gboolean   shown);

/* Disposes @widget's template of @type, and the children it holds that
 * are not bound ones (a layout's boxes and overlays). */
void  lens_widget_dispose_template (GtkWidget *widget,
                                    GType      type);

/* Sets the template of @widget_class, a final type's, from @resource_path,
 * with a dispose that drops it: for a widget with nothing else to dispose. */
void  lens_widget_class_set_template (GtkWidgetClass *widget_class,
                                      const char     *resource_path);

/* Makes the widgets of @widget_class, a final type's, redraw when their
 * style changes: for those that take their colours from it (dark mode). */
void  lens_widget_class_redraw_on_css_change (GtkWidgetClass *widget_class);

/* The named colour of @widget's style (e.g. "accent_bg_color"), or
 * @fallback where the style has none. */
void  lens_widget_lookup_color (GtkWidget  *widget,
                                const char *name,
                                const char *fallback,
                                GdkRGBA    *color);

G_END_DECLS
