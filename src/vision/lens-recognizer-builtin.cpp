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

/* The kinds model's classes: empty, printed 1..9, handwritten 1..9. */
constexpr int N_KINDS_OUTPUTS = 1 + 2 * 9;

struct _LensBuiltinEngine {
  cv::dnn::Net digits;
  cv::dnn::Net kinds;
};

/* @hand: the kinds model's scores with a digit's printed and handwritten
 * classes together; @handwritten: the hand's share of its digits. */
static void
fold_kinds (const float *kinds,
            float       *hand,
            float       *handwritten)
{
  double print = 0, written = 0;

  hand[0] = kinds[0];
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
  try
    {
      auto *self = new _LensBuiltinEngine;

      self->digits = lens::load_model (DIGITS_RESOURCE);
      self->kinds = lens::load_model (KINDS_RESOURCE);
      return self;
    }
  catch (...)
    {
      lens::set_error_from_current_exception (error, LENS_ERROR_ENGINE,
                                              _("The built-in digit model could not be loaded"));
      return NULL;
    }
}

gboolean
lens_builtin_engine_classify (LensBuiltinEngine *self,
                              const guint8      *cells,
                              guint              n_cells,
                              float             *scores,
                              float             *hand_scores,
                              float             *handwritten,
                              GError           **error)
{
  try
    {
      cv::Mat blob = lens::cells_blob (cells, n_cells);

      cv::Mat printed = lens::run_model (self->digits, blob, n_cells, LENS_N_CLASSES);
      cv::Mat kinds = lens::run_model (self->kinds, blob, n_cells, N_KINDS_OUTPUTS);
      std::copy (printed.ptr<float> (), printed.ptr<float> () + (gsize) n_cells * LENS_N_CLASSES,
                 scores);
      for (guint i = 0; i < n_cells; i++)
        fold_kinds (kinds.ptr<float> ((int) i), hand_scores + (gsize) i * LENS_N_CLASSES,
                    &handwritten[i]);
      return TRUE;
    }
  catch (...)
    {
      lens::set_error_from_current_exception (error, LENS_ERROR_ENGINE,
                                              _("The built-in digit model failed"));
      return FALSE;
    }
}

gboolean
lens_builtin_engine_read_hand (LensBuiltinEngine *self,
                               const guint8      *cells,
                               guint              n_cells,
                               float             *hand_scores,
                               GError           **error)
{
  try
    {
      cv::Mat blob = lens::cells_blob (cells, n_cells);
      cv::Mat kinds = lens::run_views (self->kinds, blob, n_cells, N_KINDS_OUTPUTS);

      for (guint i = 0; i < n_cells; i++)
        {
          float unused;

          fold_kinds (kinds.ptr<float> ((int) i), hand_scores + (gsize) i * LENS_N_CLASSES,
                      &unused);
        }
      return TRUE;
    }
  catch (...)
    {
      lens::set_error_from_current_exception (error, LENS_ERROR_ENGINE,
                                              _("The built-in digit model failed"));
      return FALSE;
    }
}

void
lens_builtin_engine_free (LensBuiltinEngine *self)
{
  delete self;
}
