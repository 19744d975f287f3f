/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "lens-failure.hpp"
#include "lens-recognizer-model.hpp"
extern "C" {
#include "lens-vision-resources.h"
}

/* Must match preprocess() in tools/training/train.py. */
constexpr int SIDE = LENS_MODEL_SIDE;
constexpr int MARGIN = 4;
constexpr int WINDOW = LENS_CELL_PX - 2 * MARGIN;
constexpr double LO_RANK = 0.02;
constexpr double HI_RANK = 0.80;
constexpr float MIN_RANGE = 40.0f;
constexpr int MAX_SHIFT = 12;
constexpr int MIN_AREA = 30;
constexpr int MAX_EXTENT = 46;
constexpr int EDGE_BAND = 10;
constexpr int LINE_WIDTH = 8;
constexpr int LINE_BAND = 16;
constexpr int MAX_OFFCENTRE = 20;

struct Box {
  int x0, y0, x1, y1, area;
};

/* The grey levels at the ink and paper ranks of the crop's inner square
 * (the values a sort would put at those ranks, found by counting). */
static void
inner_levels (const cv::Mat &cell,
              int           *lo,
              int           *hi)
{
  std::array<int, 256> histogram {};
  const int lo_rank = (int) (LO_RANK * (WINDOW * WINDOW - 1));
  const int hi_rank = (int) (HI_RANK * (WINDOW * WINDOW - 1));
  int seen = 0;

  for (int y = MARGIN; y < MARGIN + WINDOW; y++)
    for (int x = MARGIN; x < MARGIN + WINDOW; x++)
      histogram[cell.at<guint8> (y, x)]++;
  *lo = *hi = 255;
  for (int v = 0, found = 0; v < 256 && found < 2; v++)
    {
      if (seen <= lo_rank && seen + histogram[v] > lo_rank)
        *lo = v, found++;
      if (seen <= hi_rank && seen + histogram[v] > hi_rank)
        *hi = v, found++;
      seen += histogram[v];
    }
}

/* Ink blobs that may be (part of) the digit, not grid lines or their remnants. */
static std::vector<Box>
digit_blobs (const cv::Mat &cell,
             int            threshold)
{
  cv::Mat ink, labels, stats, centroids;
  std::vector<Box> blobs;
  int count;

  cv::threshold (cell, ink, threshold, 1, cv::THRESH_BINARY_INV);
  count = cv::connectedComponentsWithStats (ink, labels, stats, centroids, 8);
  for (int i = 1; i < count; i++)
    {
      int x = stats.at<int> (i, cv::CC_STAT_LEFT), y = stats.at<int> (i, cv::CC_STAT_TOP);
      int w = stats.at<int> (i, cv::CC_STAT_WIDTH), h = stats.at<int> (i, cv::CC_STAT_HEIGHT);

      if (std::max (w, h) >= MAX_EXTENT)
        continue;
      if (x + w <= EDGE_BAND || x >= LENS_CELL_PX - EDGE_BAND ||
          y + h <= EDGE_BAND || y >= LENS_CELL_PX - EDGE_BAND)
        continue;
      if (h <= LINE_WIDTH && w >= 3 * h && (y + h <= LINE_BAND || y >= LENS_CELL_PX - LINE_BAND))
        continue;
      if (w <= LINE_WIDTH && h >= 3 * w && (x + w <= LINE_BAND || x >= LENS_CELL_PX - LINE_BAND))
        continue;
      blobs.push_back ({ x, y, x + w, y + h, stats.at<int> (i, cv::CC_STAT_AREA) });
    }
  return blobs;
}

/* How far the digit's ink box centre lies from the crop's centre. */
static cv::Point
digit_shift (const cv::Mat       &cell,
             int                  lo,
             int                  hi,
             const LensInkJoin   &join)
{
  const Box *main = nullptr;

  if (hi - lo < MIN_RANGE)
    return cv::Point (0, 0);

  std::vector<Box> blobs = digit_blobs (cell, (lo + hi) / 2);
  for (const Box &b : blobs)
    {
      bool central = std::abs (b.x0 + b.x1 - LENS_CELL_PX) <= 2 * MAX_OFFCENTRE &&
                     std::abs (b.y0 + b.y1 - LENS_CELL_PX) <= 2 * MAX_OFFCENTRE;

      if (central && b.area >= MIN_AREA && (main == nullptr || b.area > main->area))
        main = &b;
    }
  if (main == nullptr)
    return cv::Point (0, 0);

  /* Other pieces of a broken digit, but not what touches the crop's edge. */
  Box box = *main;
  const int g = join.gap;
  for (int pass = 0; pass < join.passes; pass++)
    for (const Box &b : blobs)
      {
        bool inside = b.x0 > 0 && b.y0 > 0 && b.x1 < LENS_CELL_PX && b.y1 < LENS_CELL_PX;
        bool near = b.x0 <= box.x1 + g && b.x1 >= box.x0 - g && b.y0 <= box.y1 + g && b.y1 >= box.y0 - g;
        Box merged = { std::min (box.x0, b.x0), std::min (box.y0, b.y0),
                       std::max (box.x1, b.x1), std::max (box.y1, b.y1), box.area };

        if (inside && near && std::max (merged.x1 - merged.x0, merged.y1 - merged.y0) < MAX_EXTENT)
          box = merged;
      }
  return cv::Point (std::clamp ((box.x0 + box.x1 - LENS_CELL_PX) / 2, -MAX_SHIFT, MAX_SHIFT),
                    std::clamp ((box.y0 + box.y1 - LENS_CELL_PX) / 2, -MAX_SHIFT, MAX_SHIFT));
}

/* The WINDOW×WINDOW square around the digit, paper beyond the crop. */
static cv::Mat
centred_window (const cv::Mat     &cell,
                const LensInkJoin &join)
{
  cv::Mat padded;
  cv::Point shift;
  int lo, hi;

  inner_levels (cell, &lo, &hi);
  shift = digit_shift (cell, lo, hi, join);
  cv::copyMakeBorder (cell, padded, MAX_SHIFT, MAX_SHIFT, MAX_SHIFT, MAX_SHIFT,
                      cv::BORDER_CONSTANT, cv::Scalar (hi));
  return padded (cv::Rect (MAX_SHIFT + MARGIN + shift.x, MAX_SHIFT + MARGIN + shift.y,
                           WINDOW, WINDOW));
}

void
lens_preprocess_cell (const guint8      *pixels,
                      float             *out,
                      const LensInkJoin &join)
{
  const cv::Mat cell (LENS_CELL_PX, LENS_CELL_PX, CV_8UC1, const_cast<guint8 *> (pixels));
  cv::Mat small;
  std::array<guint8, SIDE * SIDE> sorted;

  cv::resize (centred_window (cell, join), small, cv::Size (SIDE, SIDE), 0, 0, cv::INTER_AREA);
  std::copy (small.data, small.data + SIDE * SIDE, sorted.begin ());
  std::sort (sorted.begin (), sorted.end ());

  const float lo = sorted[(int) (LO_RANK * (SIDE * SIDE - 1))];
  const float hi = sorted[(int) (HI_RANK * (SIDE * SIDE - 1))];
  const float range = std::max (hi - lo, MIN_RANGE);

  for (int i = 0; i < SIDE * SIDE; i++)
    out[i] = (hi - small.data[i]) / range;
}

namespace lens {

cv::dnn::Net
load_model (const char *resource)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) model = g_resource_lookup_data (lens_vision_get_resource (), resource,
                                                    G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  gsize size = 0;

  if (model == NULL)
    throw lens::Failure { LENS_ERROR_ENGINE,
                          std::string (_("A digit model is missing from the program")) + ": " + error->message };

  const char *data = static_cast<const char *> (g_bytes_get_data (model, &size));
  cv::dnn::Net net = cv::dnn::readNetFromONNX (data, size);
  net.setPreferableBackend (cv::dnn::DNN_BACKEND_OPENCV);
  net.setPreferableTarget (cv::dnn::DNN_TARGET_CPU);
  return net;
}

cv::Mat
cells_blob (const guint8      *cells,
            guint              n_cells,
            const LensInkJoin &join)
{
  const int shape[] = { (int) n_cells, 1, LENS_MODEL_SIDE, LENS_MODEL_SIDE };
  cv::Mat blob (4, shape, CV_32F);

  for (guint i = 0; i < n_cells; i++)
    lens_preprocess_cell (cells + (gsize) i * LENS_CELL_PX * LENS_CELL_PX,
                          blob.ptr<float> () + (gsize) i * LENS_MODEL_SIDE * LENS_MODEL_SIDE, join);
  return blob;
}

cv::Mat
run_model (cv::dnn::Net  &net,
           const cv::Mat &blob,
           guint          n_cells,
           int            n_outputs)
{
  net.setInput (blob);
  cv::Mat out = net.forward ();
  if (out.total () != (gsize) n_cells * n_outputs)
    throw lens::Failure { LENS_ERROR_ENGINE, _("A digit model gave an answer of the wrong size") };
  return out.reshape (1, (int) n_cells);
}

int
count_outputs (cv::dnn::Net &net)
{
  const int shape[] = { 1, 1, LENS_MODEL_SIDE, LENS_MODEL_SIDE };
  cv::Mat blank (4, shape, CV_32F, cv::Scalar (0));

  net.setInput (blank);
  return (int) net.forward ().total ();
}

/* The views of a cell: as cut and moved by a pixel each way. */
constexpr float kMinScore = 1e-9f;  /* floor of a score before its log */
static const cv::Point2f kViews[] = { { 0, 0 }, { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };

cv::Mat
run_views (cv::dnn::Net                     &net,
           const cv::Mat                    &blob,
           guint                             n_cells,
           int                               n_outputs,
           const std::vector<const float *> &as_cut)
{
  const int side = LENS_MODEL_SIDE;
  const int n_views = (int) G_N_ELEMENTS (kViews);
  std::vector<int> row_of ((gsize) n_cells * n_views, -1);
  int n_rows = 0;

  for (guint i = 0; i < n_cells; i++)
    for (int v = 0; v < n_views; v++)
      if (v > 0 || as_cut.empty () || as_cut[i] == nullptr)
        row_of[(gsize) i * n_views + v] = n_rows++;

  const int shape[] = { n_rows, 1, side, side };
  cv::Mat many (4, shape, CV_32F);

  for (guint i = 0; i < n_cells; i++)
    {
      cv::Mat cell (side, side, CV_32F,
                    const_cast<float *> (blob.ptr<float> () + (gsize) i * side * side));

      for (int v = 0; v < n_views; v++)
        {
          int row = row_of[(gsize) i * n_views + v];

          if (row < 0)
            continue;
          cv::Mat view (side, side, CV_32F, many.ptr<float> () + (gsize) row * side * side);
          cv::Matx23d move (1, 0, kViews[v].x, 0, 1, kViews[v].y);

          /* Paper (0) comes in where the view moves away from the edge. */
          cv::warpAffine (cell, view, move, view.size (), cv::INTER_NEAREST, cv::BORDER_CONSTANT,
                          cv::Scalar (0));
        }
    }

  /* The views' geometric mean: a class keeps its odds only if every view
   * gives it some. (An arithmetic mean let one view's stray odds for
   * another digit make the check of entries unsure of more wrong ones.) */
  cv::Mat scores = n_rows > 0 ? run_model (net, many, (guint) n_rows, n_outputs) : cv::Mat ();
  cv::Mat views (n_views, n_outputs, CV_32F), logs, mean ((int) n_cells, n_outputs, CV_32F);
  for (guint i = 0; i < n_cells; i++)
    {
      cv::Mat row = mean.row ((int) i);

      for (int v = 0; v < n_views; v++)
        {
          int from = row_of[(gsize) i * n_views + v];

          if (from >= 0)
            scores.row (from).copyTo (views.row (v));
          else
            cv::Mat (1, n_outputs, CV_32F, const_cast<float *> (as_cut[i])).copyTo (views.row (v));
        }
      cv::log (cv::max (views, kMinScore), logs);
      cv::reduce (logs, row, 0, cv::REDUCE_AVG);
      cv::exp (row, row);
      row /= cv::sum (row)[0];
    }
  return mean;
}

} /* namespace lens */
