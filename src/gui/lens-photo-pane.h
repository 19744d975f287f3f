/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "lens-document.h"
#include "lens-photo-loader.h"
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
/* Tells @loader the size to make the photo's pictures at, the size they
 * are shown: while the photo is read, the reading page's, which fills
 * @reading_area (or the window's before it has a size); once read, the
 * photo view's where it has a size. */
void           lens_photo_pane_set_loader_room (LensPhotoPane   *self,
                                                LensPhotoLoader *loader,
                                                GtkWidget       *reading_area);
/* Shows over the photo, with a spinner, which @kind of load works on it
 * (none while the photo is opened: the reading page shows then). */
void           lens_photo_pane_show_load       (LensPhotoPane *self,
                                                LensLoadKind   kind);
/* Shows or hides the note over the photo that it shows another board than
 * the one read (its own button hides it too). */
void           lens_photo_pane_show_other_board (LensPhotoPane *self,
                                                 gboolean       shown);

G_END_DECLS
