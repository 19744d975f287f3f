/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <exception>

#include "lens-error.h"
#include "lens-failure.hpp"
#include "lens-recognizer-engines.h"
#include "lens-recognizer-model.hpp"

/* Classes of tools/training/synth_chinese.py: empty, 一..九, then ink that
 * is no upright Chinese numeral. */
#define MODEL_RESOURCE "/io/github/sudokulens/SudokuLens/models/lens-chinese.onnx"
constexpr int N_OUTPUTS = LENS_N_CLASSES + 1;
constexpr int FOREIGN = LENS_N_CLASSES;
/* Strokes apart (二, 三, 八, the dot of 六) join into one numeral; must
 * match CHINESE_JOIN in tools/training/train_chinese.py. */
constexpr LensInkJoin kChineseJoin = { 16, 3 };

struct _LensChineseEngine {
  cv::dnn::Net net;
};

LensChineseEngine *
lens_chinese_engine_new (GError **error)
{
  return lens::make_guarded<LensChineseEngine> (error, LENS_ERROR_ENGINE,
                                                _("The built-in Chinese numeral model could not be loaded"),
                                                [] (LensChineseEngine &self) {
    self.net = lens::load_model (MODEL_RESOURCE);
  });
}

/* The foreign class's probability goes to @foreign; the others, which the
 * read is made of, are scaled to sum to 1. */
static void
split_foreign (const float *probabilities,
               float       *scores,
               float       *foreign)
{
  float numeral = 0;

  for (int k = 0; k < LENS_N_CLASSES; k++)
    numeral += probabilities[k];
  *foreign = probabilities[FOREIGN];
  for (int k = 0; k < LENS_N_CLASSES; k++)
    scores[k] = numeral > 0 ? probabilities[k] / numeral : 1.0f / LENS_N_CLASSES;
}

gboolean
lens_chinese_engine_classify (LensChineseEngine *self,
                              const guint8      *cells,
                              guint              n_cells,
                              float             *scores,
                              float             *foreign,
                              GError           **error)
{
  return lens::guard (error, LENS_ERROR_ENGINE, _("The built-in Chinese numeral model failed"), [&] {
    cv::Mat blob = lens::cells_blob (cells, n_cells, kChineseJoin);
    cv::Mat probabilities = lens::run_model (self->net, blob, n_cells, N_OUTPUTS);

    for (guint i = 0; i < n_cells; i++)
      split_foreign (probabilities.ptr<float> ((int) i), scores + (gsize) i * LENS_N_CLASSES,
                     &foreign[i]);
  });
}

void
lens_chinese_engine_free (LensChineseEngine *self)
{
  delete self;
}
