/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define LENS_TYPE_BOTTOM_BAR (lens_bottom_bar_get_type ())

G_DECLARE_FINAL_TYPE (LensBottomBar, lens_bottom_bar, LENS, BOTTOM_BAR, GtkWidget)

/* The bar at the bottom of a narrow window, with the header's buttons that
 * do not fit it. The buttons move, so they keep their actions. */
/* Narrow, takes @start and @end (NULL-terminated, from the outside in)
 * from @header's start and end, and shows; wide, gives them back and
 * hides. */
void       lens_bottom_bar_set_narrow  (LensBottomBar     *self,
                                        AdwHeaderBar      *header,
                                        GtkWidget * const *start,
                                        GtkWidget * const *end,
                                        gboolean           narrow);
gboolean   lens_bottom_bar_get_narrow  (LensBottomBar     *self);

G_END_DECLS
