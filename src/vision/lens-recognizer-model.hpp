/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the built-in models share: their input, which must stay what
 * tools/training/train.py:preprocess() trains them on, and how they run. */

#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>

#include "lens-recognizer-private.h"

#define LENS_MODEL_SIDE 28

/* Which ink blobs the window centres on: the digit's main blob joined by
 * those within @gap pixels of it, in @passes passes (train.py's join_gap
 * and join_passes). Arabic digits are one blob or a broken few; Chinese
 * numerals have strokes apart. */
struct LensInkJoin {
  int gap;
  int passes;
};

constexpr LensInkJoin kArabicJoin = { 3, 1 };

/* Turns a LENS_CELL_PX² grey crop into the LENS_MODEL_SIDE² floats a model
 * reads: a window centred on the ink, ink ≈ 1, paper ≈ 0. */
void lens_preprocess_cell (const guint8      *pixels,
                           float             *out,
                           const LensInkJoin &join = kArabicJoin);

namespace lens {

/* The ONNX model of the vision GResource @resource, on OpenCV's CPU
 * backend; throws std::runtime_error where it is missing. */
cv::dnn::Net load_model (const char *resource);

/* The input of a model for @n_cells LENS_CELL_PX² grey crops laid one after
 * another, each preprocessed with @join: n_cells × 1 × LENS_MODEL_SIDE². */
cv::Mat      cells_blob (const guint8      *cells,
                         guint              n_cells,
                         const LensInkJoin &join = kArabicJoin);

/* The model's outputs for @blob, one row of @n_outputs per cell; throws
 * std::runtime_error where the model gives another shape. */
cv::Mat      run_model  (cv::dnn::Net  &net,
                         const cv::Mat &blob,
                         guint          n_cells,
                         int            n_outputs);

/* How many outputs @net gives a cell (found by reading one blank cell). */
int          count_outputs (cv::dnn::Net &net);

/* The model's outputs for @blob over a few views of each cell (as cut, and
 * moved by a pixel left, right, up and down), combined by their geometric
 * mean, one row of @n_outputs per cell; throws as run_model(). Where
 * @as_cut (n_cells entries, or empty) holds a cell's outputs for the view
 * as cut, that view is not run again. */
cv::Mat      run_views  (cv::dnn::Net                    &net,
                         const cv::Mat                   &blob,
                         guint                            n_cells,
                         int                              n_outputs,
                         const std::vector<const float *> &as_cut = {});

} /* namespace lens */
