/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>

#include "lens-error.h"
#include "lens-failure.hpp"
#include "lens-recognizer-engines.h"
#include "lens-recognizer-model.hpp"
extern "C" {
#include "lens-vision-resources.h"
}

/* Two networks on the same input: one reads printed digits (trained on
 * print alone, so puzzles in print read as they always did), the other
 * tells printed from handwritten digits and reads handwriting. */
#define DIGITS_RESOURCE "/io/github/sudokulens/SudokuLens/models/lens-digits.onnx"
#define KINDS_RESOURCE "/io/github/sudokulens/SudokuLens/models/lens-kinds.onnx"

/* The kinds model's classes: empty, printed 1..9, handwritten 1..9 and,
 * in a model that has it, a cell of small pencil candidates (no entry). */
constexpr int N_KINDS_DIGITS = 1 + 2 * 9;
constexpr int KIND_CANDIDATES = N_KINDS_DIGITS;

#define MODEL_FAILED _("The built-in digit model failed")

struct _LensBuiltinEngine {
  cv::dnn::Net digits;
  cv::dnn::Net kinds;
  int          kinds_outputs;  /* N_KINDS_DIGITS, or one more with candidates */
};

/* The probability of pencil candidates in a kinds model's @kinds. */
static float
candidates_of (const LensBuiltinEngine *self,
               const float             *kinds)
{
  return self->kinds_outputs > KIND_CANDIDATES ? kinds[KIND_CANDIDATES] : 0.0f;
}

/* @hand: the kinds model's scores with a digit's printed and handwritten
 * classes together, pencil candidates counted as empty (no digit);
 * @handwritten: the hand's share of its digits. */
static void
fold_kinds (const float *kinds,
            float        candidates,
            float       *hand,
            float       *handwritten)
{
  double print = 0, written = 0;

  hand[0] = kinds[0] + candidates;
  for (int d = 1; d <= 9; d++)
    {
      hand[d] = kinds[d] + kinds[9 + d];
      print += kinds[d];
      written += kinds[9 + d];
    }
  *handwritten = print + written > 0 ? (float) (written / (print + written)) : 0.0f;
}

LensBuiltinEngine *
lens_builtin_engine_new (GError **error)
{
  return lens::make_guarded<LensBuiltinEngine> (error, LENS_ERROR_ENGINE,
                                                _("The built-in digit model could not be loaded"),
                                                [] (LensBuiltinEngine &self) {
    self.digits = lens::load_model (DIGITS_RESOURCE);
    self.kinds = lens::load_model (KINDS_RESOURCE);
    self.kinds_outputs = lens::count_outputs (self.kinds);
    if (self.kinds_outputs != N_KINDS_DIGITS && self.kinds_outputs != N_KINDS_DIGITS + 1)
      throw std::runtime_error ("the kinds model has " + std::to_string (self.kinds_outputs) + " outputs");
  });
}

gboolean
lens_builtin_engine_classify (LensBuiltinEngine       *self,
                              const guint8            *cells,
                              guint                    n_cells,
                              const LensKindsReading  *reading,
                              GError                 **error)
{
  return lens::guard (error, LENS_ERROR_ENGINE, MODEL_FAILED, [&] {
    cv::Mat blob = lens::cells_blob (cells, n_cells);
    cv::Mat printed = lens::run_model (self->digits, blob, n_cells, LENS_N_CLASSES);
    cv::Mat kinds = lens::run_model (self->kinds, blob, n_cells, self->kinds_outputs);

    for (guint i = 0; i < n_cells; i++)
      {
        const float *row = kinds.ptr<float> ((int) i);
        float candidates = candidates_of (self, row);
        float *out = reading->scores + (gsize) i * LENS_N_CLASSES;

        /* The print model knows no pencil marks: where the kinds model
         * sees them, that share of its reading moves to "no digit". */
        for (int k = 0; k < LENS_N_CLASSES; k++)
          out[k] = (1 - candidates) * printed.at<float> ((int) i, k) + (k == 0 ? candidates : 0);
        fold_kinds (row, candidates, reading->hand_scores + (gsize) i * LENS_N_CLASSES, &reading->handwritten[i]);
      }
  });
}

gboolean
lens_builtin_engine_reread (LensBuiltinEngine *self,
                            LensReread         what,
                            const guint8      *cells,
                            guint              n_cells,
                            float             *out,
                            GError           **error)
{
  return lens::guard (error, LENS_ERROR_ENGINE, MODEL_FAILED, [&] {
    cv::Mat blob = lens::cells_blob (cells, n_cells);
    cv::Mat kinds = what == LENS_REREAD_HAND ? lens::run_views (self->kinds, blob, n_cells, self->kinds_outputs)
                                             : lens::run_model (self->kinds, blob, n_cells, self->kinds_outputs);

    for (guint i = 0; i < n_cells; i++)
      {
        const float *row = kinds.ptr<float> ((int) i);
        float unused;

        if (what == LENS_REREAD_HAND)
          fold_kinds (row, candidates_of (self, row), out + (gsize) i * LENS_N_CLASSES, &unused);
        else
          out[i] = candidates_of (self, row);
      }
  });
}

void
lens_builtin_engine_free (LensBuiltinEngine *self)
{
  delete self;
}
