/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <algorithm>
#include <array>
#include <exception>

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>

#include "lens-error.h"
#include "lens-recognizer-engines.h"
extern "C" {
#include "lens-vision-resources.h"
}

#define MODEL_RESOURCE "/io/github/sudokulens/SudokuLens/models/lens-digits.onnx"

/* Must match preprocess() in tools/training/train.py. */
constexpr int MARGIN = 4;
constexpr int SIDE = 28;
constexpr double LO_RANK = 0.02;
constexpr double HI_RANK = 0.80;
constexpr float MIN_RANGE = 40.0f;

struct _LensBuiltinEngine {
  cv::dnn::Net net;
};

static void
preprocess_cell (const guint8 *pixels,
                 float        *out)
{
  const cv::Mat cell (LENS_CELL_PX, LENS_CELL_PX, CV_8UC1, const_cast<guint8 *> (pixels));
  const cv::Rect inner (MARGIN, MARGIN, LENS_CELL_PX - 2 * MARGIN, LENS_CELL_PX - 2 * MARGIN);
  cv::Mat small;
  std::array<guint8, SIDE * SIDE> sorted;

  cv::resize (cell (inner), small, cv::Size (SIDE, SIDE), 0, 0, cv::INTER_AREA);
  std::copy (small.data, small.data + SIDE * SIDE, sorted.begin ());
  std::sort (sorted.begin (), sorted.end ());

  const float lo = sorted[(int) (LO_RANK * (SIDE * SIDE - 1))];
  const float hi = sorted[(int) (HI_RANK * (SIDE * SIDE - 1))];
  const float range = std::max (hi - lo, MIN_RANGE);

  for (int i = 0; i < SIDE * SIDE; i++)
    out[i] = (hi - small.data[i]) / range;
}

LensBuiltinEngine *
lens_builtin_engine_new (GError **error)
{
  g_autoptr(GBytes) model = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize size = 0;

  model = g_resource_lookup_data (lens_vision_get_resource (), MODEL_RESOURCE,
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, &local_error);
  if (model == NULL)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_ENGINE,
                   "The built-in digit model is missing: %s", local_error->message);
      return NULL;
    }

  try
    {
      const char *data = static_cast<const char *> (g_bytes_get_data (model, &size));
      auto *self = new _LensBuiltinEngine;

      self->net = cv::dnn::readNetFromONNX (data, size);
      self->net.setPreferableBackend (cv::dnn::DNN_BACKEND_OPENCV);
      self->net.setPreferableTarget (cv::dnn::DNN_TARGET_CPU);
      return self;
    }
  catch (const std::exception &e)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_ENGINE,
                   "The built-in digit model could not be loaded: %s", e.what ());
      return NULL;
    }
  catch (...)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_ENGINE,
                   "The built-in digit model could not be loaded: unknown error");
      return NULL;
    }
}

gboolean
lens_builtin_engine_classify (LensBuiltinEngine *self,
                              const guint8      *cells,
                              guint              n_cells,
                              float             *scores,
                              GError           **error)
{
  try
    {
      const int shape[] = { (int) n_cells, 1, SIDE, SIDE };
      cv::Mat blob (4, shape, CV_32F);
      cv::Mat probabilities;

      for (guint i = 0; i < n_cells; i++)
        preprocess_cell (cells + (gsize) i * LENS_CELL_PX * LENS_CELL_PX,
                         blob.ptr<float> () + (gsize) i * SIDE * SIDE);

      self->net.setInput (blob);
      probabilities = self->net.forward ();
      if (probabilities.total () != (gsize) n_cells * LENS_N_CLASSES)
        {
          g_set_error (error, LENS_ERROR, LENS_ERROR_ENGINE,
                       "The built-in digit model gave %zu outputs for %u cells",
                       probabilities.total (), n_cells);
          return FALSE;
        }
      probabilities = probabilities.reshape (1, 1);
      std::copy (probabilities.ptr<float> (),
                 probabilities.ptr<float> () + (gsize) n_cells * LENS_N_CLASSES, scores);
      return TRUE;
    }
  catch (const std::exception &e)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_ENGINE,
                   "The built-in digit model failed: %s", e.what ());
      return FALSE;
    }
  catch (...)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_ENGINE,
                   "The built-in digit model failed: unknown error");
      return FALSE;
    }
}

void
lens_builtin_engine_free (LensBuiltinEngine *self)
{
  delete self;
}
