/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "lens-cell-style.h"
#include "lens-vision-private.hpp"

/* The solved digits are drawn on a straight board of about the board's
 * size in the photo, then warped into the photo by the board-to-photo
 * homography and blended in as ink. */

namespace {

constexpr int kMinCellPx = 24;
constexpr int kMaxCellPx = 160;
constexpr double kDigitHeight = 0.62;    /* of the cell */

int
cell_size_for (const std::array<cv::Point2f, 4> &photo)
{
  double side = 0;

  for (int i = 0; i < 4; i++)
    side = std::max (side, (double) cv::norm (photo[i] - photo[(i + 1) % 4]));
  return std::clamp ((int) std::lround (side / 9), kMinCellPx, kMaxCellPx);
}

void
draw_digit (cv::Mat &mask,
            int      cell,
            int      digit,
            int      cell_px)
{
  const int font = cv::FONT_HERSHEY_SIMPLEX;
  const std::string text (1, (char) ('0' + digit));
  int thickness = std::max (2, cell_px / 14), baseline = 0;
  cv::Size size = cv::getTextSize (text, font, 1.0, thickness, &baseline);
  double scale = kDigitHeight * cell_px / size.height;

  size = cv::getTextSize (text, font, scale, thickness, &baseline);
  cv::Point origin (lens_cell_col (cell) * cell_px + (cell_px - size.width) / 2,
                    lens_cell_row (cell) * cell_px + (cell_px + size.height) / 2);
  cv::putText (mask, text, origin, font, scale, cv::Scalar (255), thickness, cv::LINE_AA);
}

/* The ink of solved digits on a light board, as everywhere else. */
cv::Scalar
solved_ink_bgr ()
{
  guint32 ink = lens_cell_style_get (LENS_CELL_ROLE_SOLVED)->ink[LENS_CELL_SCHEME_LIGHT];

  return cv::Scalar (ink & 0xff, (ink >> 8) & 0xff, (ink >> 16) & 0xff);
}

void
blend_ink (cv::Mat       &photo,
           const cv::Mat &alpha)
{
  const cv::Scalar ink = solved_ink_bgr ();

  for (int y = 0; y < photo.rows; y++)
    {
      cv::Vec3b *px = photo.ptr<cv::Vec3b> (y);
      const guint8 *a = alpha.ptr<guint8> (y);

      for (int x = 0; x < photo.cols; x++)
        {
          if (a[x] == 0)
            continue;
          for (int ch = 0; ch < 3; ch++)
            px[x][ch] = cv::saturate_cast<guint8> ((px[x][ch] * (255 - a[x]) + ink[ch] * a[x]) / 255);
        }
    }
}

LensImage *
draw_overlay (const LensImage *image,
              const LensScan  *scan,
              const LensGrid  *solution)
{
  std::array<cv::Point2f, 4> photo;

  for (int i = 0; i < 4; i++)
    photo[i] = cv::Point2f ((float) scan->corners[i].x, (float) scan->corners[i].y);
  int cell_px = cell_size_for (photo);
  float side = (float) (9 * cell_px);
  const cv::Point2f board[4] = { { 0, 0 }, { side, 0 }, { side, side }, { 0, side } };
  cv::Mat mask = cv::Mat::zeros (9 * cell_px, 9 * cell_px, CV_8U), alpha;

  guint8 digits[LENS_GRID_CELLS];

  lens_scan_overlay_digits (scan, solution, digits);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    if (digits[cell] != 0)
      draw_digit (mask, (int) cell, digits[cell], cell_px);
  cv::warpPerspective (mask, alpha, cv::getPerspectiveTransform (board, photo.data ()),
                       image->bgr.size (), cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar (0));

  cv::Mat result = image->bgr.clone ();
  blend_ink (result, alpha);

  LensImage *out = g_new0 (LensImage, 1);
  new (out) LensImage ();
  out->bgr = result;
  out->exif_rotation = image->exif_rotation;
  return out;
}

} /* namespace */

/* A cell gets the solution's digit when the paper leaves it empty: not a
 * given, and nothing read there, or only a printed reading that repair
 * deleted. A digit the player wrote is never drawn over, right or wrong. */
void
lens_scan_overlay_digits (const LensScan *scan,
                          const LensGrid *solution,
                          guint8          digits[LENS_GRID_CELLS])
{
  g_return_if_fail (scan != NULL);
  g_return_if_fail (solution != NULL);

  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      const LensCellRead *read = &scan->cells[cell];
      guint8 flags = solution->flags[cell];
      gboolean paper_empty = read->digit == 0 ||
                             (read->kind != LENS_READ_KIND_HANDWRITTEN && (flags & LENS_CELL_CORRECTED));

      digits[cell] = (flags & LENS_CELL_GIVEN) || !paper_empty ? 0 : solution->digits[cell];
    }
}

LensImage *
lens_scan_draw_overlay (const LensImage  *image,
                        const LensScan   *scan,
                        const LensGrid   *solution,
                        GError          **error)
{
  g_return_val_if_fail (image != NULL, NULL);
  g_return_val_if_fail (scan != NULL, NULL);
  g_return_val_if_fail (solution != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  try
    {
      return draw_overlay (image, scan, solution);
    }
  catch (...)
    {
      lens::set_error_from_current_exception (error);
      return NULL;
    }
}
