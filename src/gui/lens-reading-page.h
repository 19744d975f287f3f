/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LENS_TYPE_READING_PAGE (lens_reading_page_get_type ())

G_DECLARE_FINAL_TYPE (LensReadingPage, lens_reading_page, LENS, READING_PAGE, GtkWidget)

/* The margin around the page's preview (ui/lens-reading-page.ui). */
#define LENS_READING_PAGE_MARGIN 12

/* What the window shows while a photo is read: a spinner and a Cancel
 * button over the photo's preview, dimmed. */
/* @preview (nullable: none) under the spinner. */
void       lens_reading_page_set_preview  (LensReadingPage *self,
                                           GdkPaintable    *preview);
/* The spinner turns once a read has lasted half a second. */
void       lens_reading_page_set_spinning (LensReadingPage *self,
                                           gboolean         spinning);

G_END_DECLS
