/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "lens-document.h"
#include "lens-photo-view.h"

G_BEGIN_DECLS

#define LENS_TYPE_PHOTO_PANE (lens_photo_pane_get_type ())

G_DECLARE_FINAL_TYPE (LensPhotoPane, lens_photo_pane, LENS, PHOTO_PANE, GtkWidget)

/* The photo's side of the window: the photo (a LensPhotoView), and a
 * note with a spinner over it while a job works on the photo. */
LensPhotoView *lens_photo_pane_get_photo_view  (LensPhotoPane *self);
/* Shows @document's photo (none for a typed puzzle, or one not decoded
 * yet) turned as read, the outline of its board, and once solved the
 * digits the solution adds, drawn in their cells. */
void           lens_photo_pane_show_document   (LensPhotoPane *self,
                                                LensDocument  *document);
/* Shows @label (nullable: none) with a spinner over the photo. */
void           lens_photo_pane_set_busy        (LensPhotoPane *self,
                                                const char    *label);
/* Shows or hides the note over the photo that it shows another board than
 * the one read (its own button hides it too). */
void           lens_photo_pane_show_other_board (LensPhotoPane *self,
                                                 gboolean       shown);

G_END_DECLS
