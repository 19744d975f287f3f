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

G_END_DECLS
