/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "lens-vision.h"

G_BEGIN_DECLS

#define LENS_CELL_PX 64

/* @cells holds @n_cells grey images of LENS_CELL_PX² pixels, row-major, each
 * cut from the straightened board between its grid lines (line remnants may
 * show at the edges). Writes @n_cells × LENS_N_CLASSES probabilities. */
gboolean lens_recognizer_classify (LensRecognizer *recognizer,
                                   const guint8   *cells,
                                   guint           n_cells,
                                   float          *scores,
                                   GError        **error);

G_END_DECLS
