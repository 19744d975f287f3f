/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The engines behind LensRecognizer. Each is created once, owned by one
 * recognizer, and only called with the recognizer's lock held. */

#include "lens-recognizer-private.h"

G_BEGIN_DECLS

typedef struct _LensBuiltinEngine LensBuiltinEngine;

LensBuiltinEngine *lens_builtin_engine_new      (GError            **error);
/* Where the built-in engine's reading of n cells goes, LENS_N_CLASSES
 * scores a cell: @scores read as print; @hand_scores read as print or hand
 * alike; @handwritten one probability per cell that its digit is
 * handwritten. */
typedef struct {
  float *scores;
  float *hand_scores;
  float *handwritten;
} LensKindsReading;

gboolean           lens_builtin_engine_classify (LensBuiltinEngine       *engine,
                                                 const guint8            *cells,
                                                 guint                    n_cells,
                                                 const LensKindsReading  *out,
                                                 GError                 **error);
/* lens_recognizer_reread(). */
gboolean           lens_builtin_engine_reread   (LensBuiltinEngine  *engine,
                                                 LensReread          what,
                                                 const guint8       *cells,
                                                 guint               n_cells,
                                                 float              *out,
                                                 GError            **error);
void               lens_builtin_engine_free     (LensBuiltinEngine  *engine);

/* Chinese numerals: @scores as for the others, read as digits 1..9;
 * @foreign gets, per cell, the probability that its ink is no upright
 * Chinese numeral (the scores are those of the numerals if it is one). */
typedef struct _LensChineseEngine LensChineseEngine;

LensChineseEngine *lens_chinese_engine_new      (GError            **error);
gboolean           lens_chinese_engine_classify (LensChineseEngine  *engine,
                                                 const guint8       *cells,
                                                 guint               n_cells,
                                                 float              *scores,
                                                 float              *foreign,
                                                 GError            **error);
void               lens_chinese_engine_free     (LensChineseEngine  *engine);

typedef struct _LensTesseractEngine LensTesseractEngine;

LensTesseractEngine *lens_tesseract_engine_new      (GError              **error);
gboolean             lens_tesseract_engine_classify (LensTesseractEngine  *engine,
                                                     const guint8         *cells,
                                                     guint                 n_cells,
                                                     float                *scores,
                                                     GError              **error);
void                 lens_tesseract_engine_free     (LensTesseractEngine  *engine);

G_END_DECLS
