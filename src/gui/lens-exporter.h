/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Saving a document's solution: the solved board (PNG, SVG, PDF) or the
 * photo with the solution drawn in (PNG, JPEG), through a save dialog
 * whose file type and name agree, or to a name given. Toasts say what
 * was saved, or why not. */

#include <adwaita.h>

#include "lens-document.h"
#include "lens-toaster.h"

G_BEGIN_DECLS

typedef enum {
  LENS_EXPORT_BOARD,
  LENS_EXPORT_OVERLAY,
} LensExportKind;

#define LENS_TYPE_EXPORTER (lens_exporter_get_type ())
G_DECLARE_FINAL_TYPE (LensExporter, lens_exporter, LENS, EXPORTER, GObject)

/* @settings (nullable) keeps the folder saved to last. */
LensExporter *lens_exporter_new    (GtkWindow      *parent,
                                    LensDocument   *document,
                                    LensToaster    *toaster,
                                    GSettings      *settings);
/* Writes @kind of the document's solution to @path, or asks for a file
 * when @path is NULL or empty. Nothing without a solution. */
void          lens_exporter_export (LensExporter   *self,
                                    LensExportKind  kind,
                                    const char     *path);

G_END_DECLS
