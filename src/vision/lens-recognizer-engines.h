/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The engines behind LensRecognizer. Each is created once, owned by one
 * recognizer, and only called with the recognizer's lock held. */

#include "lens-recognizer-private.h"

G_BEGIN_DECLS

typedef struct _LensBuiltinEngine LensBuiltinEngine;

LensBuiltinEngine *lens_builtin_engine_new      (GError            **error);
/* @scores: read as print; @hand_scores: read as print or hand alike;
 * @handwritten: one probability per cell that its digit is handwritten. */
gboolean           lens_builtin_engine_classify (LensBuiltinEngine  *engine,
                                                 const guint8       *cells,
                                                 guint               n_cells,
                                                 float              *scores,
                                                 float              *hand_scores,
                                                 float              *handwritten,
                                                 GError            **error);
void               lens_builtin_engine_free     (LensBuiltinEngine  *engine);

typedef struct _LensTesseractEngine LensTesseractEngine;

LensTesseractEngine *lens_tesseract_engine_new      (GError              **error);
gboolean             lens_tesseract_engine_classify (LensTesseractEngine  *engine,
                                                     const guint8         *cells,
                                                     guint                 n_cells,
                                                     float                *scores,
                                                     GError              **error);
void                 lens_tesseract_engine_free     (LensTesseractEngine  *engine);

G_END_DECLS
