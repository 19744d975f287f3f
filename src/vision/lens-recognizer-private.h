/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "lens-vision.h"

G_BEGIN_DECLS

/* The recognizer that judges which way up a board's digits stand: the
 * built-in model, fast and sure of upright digits, where Tesseract reads
 * turned digits too. A built-in recognizer is its own judge; any other
 * owns one, loaded and freed with it. */
LensRecognizer *lens_recognizer_get_orientation_judge (LensRecognizer *recognizer);

/* @cells holds @n_cells grey images of LENS_CELL_PX² pixels, row-major, each
 * cut from the straightened board between its grid lines (line remnants may
 * show at the edges). Writes @n_cells × LENS_N_CLASSES probabilities. */
gboolean lens_recognizer_classify (LensRecognizer *recognizer,
                                   const guint8   *cells,
                                   guint           n_cells,
                                   float          *scores,
                                   GError        **error);
/* As lens_recognizer_classify, and writes to @handwritten (nullable) the
 * probability of each cell's digit being written by hand rather than
 * printed. With @hand_scores (nullable), @scores are the reading as print
 * and @hand_scores as print or hand alike, for lens_cell_read_mix();
 * without, @scores are the two mixed. Engines that cannot tell
 * (Tesseract) give one reading and 0 for the hand. */
gboolean lens_recognizer_classify_kinds (LensRecognizer *recognizer,
                                         const guint8   *cells,
                                         guint           n_cells,
                                         float          *scores,
                                         float          *hand_scores,
                                         float          *handwritten,
                                         GError        **error);

/* Reads the cells as printed with the Chinese numerals 一..九, as digits
 * 1..9, by the built-in model whatever the recognizer's engine. @foreign
 * (nullable) gets, per cell, the probability that its ink is no upright
 * Chinese numeral; @scores are those of the numerals should it be one. */
gboolean lens_recognizer_classify_chinese (LensRecognizer *recognizer,
                                           const guint8   *cells,
                                           guint           n_cells,
                                           float          *scores,
                                           float          *foreign,
                                           GError        **error);

/* What a second, closer read of some cells looks for; only the built-in
 * engine reads cells again. */
typedef enum {
  /* n_cells × LENS_N_CLASSES scores, as the @hand_scores of
   * lens_recognizer_classify_kinds() but averaged over the cell as cut and
   * moved by a pixel each way, so that where a stroke falls by a pixel
   * does not decide the digit (five times as slow). */
  LENS_REREAD_HAND,
  /* Per cell, the probability that it holds small pencil candidates rather
   * than one digit or nothing. */
  LENS_REREAD_CANDIDATES,
} LensReread;

/* Reads @cells again for @what into @out. Returns FALSE, without setting
 * @error, when the recognizer's engine does not read cells again. */
gboolean lens_recognizer_reread (LensRecognizer *recognizer,
                                 LensReread      what,
                                 const guint8   *cells,
                                 guint           n_cells,
                                 float          *out,
                                 GError        **error);

G_END_DECLS
