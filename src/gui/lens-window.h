/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "lens-document.h"
#include "lens-hinter.h"

G_BEGIN_DECLS

#define LENS_TYPE_WINDOW (lens_window_get_type ())

G_DECLARE_FINAL_TYPE (LensWindow, lens_window, LENS, WINDOW, AdwApplicationWindow)

LensWindow   *lens_window_new             (GtkApplication *application);
LensDocument *lens_window_get_document    (LensWindow     *self);
/* Reads the photo in @file, keeping the current puzzle if that fails. */
void          lens_window_open_file       (LensWindow     *self,
                                           GFile          *file);
/* Brings back the puzzle saved when the app last ran; FALSE if none. */
gboolean      lens_window_restore_session (LensWindow     *self);
/* TRUE while a photo is being read or a puzzle solved. */
gboolean      lens_window_is_busy         (LensWindow     *self);
/* Shows @grid, a puzzle with no photo. */
void          lens_window_load_grid       (LensWindow     *self,
                                           const LensGrid *grid);
/* What looks for the hints the window shows. */
LensHinter   *lens_window_get_hinter      (LensWindow     *self);
/* Shows the live camera page reading @source (a camera index, device or
 * video file; NULL: the default camera), and returns the page. */
GtkWidget    *lens_window_show_capture    (LensWindow     *self,
                                           const char     *source);
/* TRUE while the puzzle's background analysis, or a hint, is on its way. */
gboolean      lens_window_is_analysing    (LensWindow     *self);

G_END_DECLS
