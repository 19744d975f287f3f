/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "lens-vision.h"

G_BEGIN_DECLS

#define LENS_TYPE_CLOSE_UP (lens_close_up_get_type ())

G_DECLARE_FINAL_TYPE (LensCloseUp, lens_close_up, LENS, CLOSE_UP, GtkWidget)

/* At most this many other readings are offered. */
#define LENS_CLOSE_UP_MAX_ALTERNATIVES 3

/* A cell of the photo as the reader saw it and, for a doubtful one, the
 * reader's other readings as buttons, best first. A button activates
 * "win.pick-alternative" with its digit. */
/* Shows @cell (-1: none) of @image, cut as @scan outlines it, with a
 * note of the pencil marks read there. A photo (@image and @scan
 * nullable: none) keeps the close-up's room, so that nothing moves when a
 * cell is chosen; without one, it and its readings hide. TRUE when a
 * cell shows. */
gboolean    lens_close_up_show_cell         (LensCloseUp     *self,
                                             const LensImage *image,
                                             const LensScan  *scan,
                                             int              cell);
/* Offers @n (at most LENS_CLOSE_UP_MAX_ALTERNATIVES) of @digits. */
void        lens_close_up_set_alternatives  (LensCloseUp     *self,
                                             const guint8    *digits,
                                             guint            n);
/* The side of the cell's picture, in pixels. */
void        lens_close_up_set_size          (LensCloseUp     *self,
                                             int              size);
/* The parts, for the window's layout and its tests. */
GtkPicture *lens_close_up_get_picture       (LensCloseUp     *self);
GtkWidget  *lens_close_up_get_alternatives  (LensCloseUp     *self);
GtkWidget  *lens_close_up_get_alternatives_label (LensCloseUp *self);
/* The @i-th reading's button, offered or not. */
GtkWidget  *lens_close_up_get_button        (LensCloseUp     *self,
                                             guint            i);

G_END_DECLS
