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
/* Ink the reader did not see: a stroke differs from the cell's paper by
 * more than kInkContrast in some colour channel (red ink on grey print is
 * faint in grey) and is at least kInkHeight of the cell high. Chosen on
 * the tuning half of photos and photos-mixed (docs/handwritten.md): the
 * most missed digits found with the fewest empty cells taken for ink. */
constexpr int kInkCellPx = 48;
constexpr double kInkInset = 0.14;       /* of the cell, off the grid lines */
constexpr int kInkContrast = 40;
constexpr double kInkHeight = 0.25;      /* of the cell */

/* The photo straightened onto a board of kInkCellPx cells. */
cv::Mat
straight_board (const LensImage *image,
                const LensScan  *scan)
{
  float side = (float) (9 * kInkCellPx);
  const cv::Point2f board[4] = { { 0, 0 }, { side, 0 }, { side, side }, { 0, side } };
  lens::Quad quad;
  cv::Point2f photo[4];
  cv::Mat out;

  for (int i = 0; i < 4; i++)
    quad[i] = cv::Point2f ((float) scan->corners[i].x, (float) scan->corners[i].y);
  /* A large photo is not decoded at full size for a small board. */
  cv::Mat bgr = lens::scaled_bgr (image, lens::eighths_for (image, quad, side));
  double scale = lens::scale_of (image, bgr);
  for (int i = 0; i < 4; i++)
    photo[i] = quad[i] * (float) scale;
  cv::warpPerspective (bgr, out, cv::getPerspectiveTransform (photo, board),
                       cv::Size (9 * kInkCellPx, 9 * kInkCellPx), cv::INTER_AREA, cv::BORDER_REPLICATE);
  return out;
}

gboolean
cell_has_ink (const cv::Mat &board,
              guint          cell)
{
  int inset = (int) std::lround (kInkInset * kInkCellPx), size = kInkCellPx - 2 * inset;
  cv::Rect box (lens_cell_col (cell) * kInkCellPx + inset, lens_cell_row (cell) * kInkCellPx + inset,
                size, size);
  cv::Mat patch = board (box), mask (size, size, CV_8U), labels, stats, centroids;
  std::vector<cv::Mat> channels;
  std::vector<guint8> values;
  guint8 paper[3];

  cv::split (patch, channels);
  for (int ch = 0; ch < 3; ch++)
    {
      values.assign (channels[ch].begin<guint8> (), channels[ch].end<guint8> ());
      std::nth_element (values.begin (), values.begin () + values.size () / 2, values.end ());
      paper[ch] = values[values.size () / 2];
    }
  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      {
        const cv::Vec3b px = patch.at<cv::Vec3b> (y, x);
        int most = 0;

        for (int ch = 0; ch < 3; ch++)
          most = std::max (most, std::abs ((int) px[ch] - (int) paper[ch]));
        mask.at<guint8> (y, x) = most > kInkContrast ? 255 : 0;
      }
  int n = cv::connectedComponentsWithStats (mask, labels, stats, centroids, 8);
  for (int i = 1; i < n; i++)
    {
      int x = stats.at<int> (i, cv::CC_STAT_LEFT), y = stats.at<int> (i, cv::CC_STAT_TOP);
      int w = stats.at<int> (i, cv::CC_STAT_WIDTH), h = stats.at<int> (i, cv::CC_STAT_HEIGHT);
      /* a fold or an edge of the page crosses the whole cell */
      gboolean crosses = (y == 0 && h == size) || (x == 0 && w == size);

      if (h >= kInkHeight * kInkCellPx && !crosses)
        return TRUE;
    }
  return FALSE;
}

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

  lens_scan_overlay_digits (image, scan, solution, digits);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    if (digits[cell] != 0)
      draw_digit (mask, (int) cell, digits[cell], cell_px);
  const cv::Mat &bgr = lens::full_bgr (image);
  cv::warpPerspective (mask, alpha, cv::getPerspectiveTransform (board, photo.data ()),
                       bgr.size (), cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar (0));

  cv::Mat result = bgr.clone ();
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
 * deleted; and, with the photo, no digit-sized stroke in it (one the
 * reader missed, or a written digit it took for a wrong printed one).
 * A digit the player wrote is never drawn over, right or wrong. */
void
lens_scan_overlay_digits (const LensImage *image,
                          const LensScan  *scan,
                          const LensGrid  *solution,
                          guint8           digits[LENS_GRID_CELLS])
{
  cv::Mat board;

  g_return_if_fail (scan != NULL);
  g_return_if_fail (solution != NULL);

  try
    {
      if (image != NULL)
        board = straight_board (image, scan);
    }
  catch (...)
    {
      board = cv::Mat ();
    }
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      const LensCellRead *read = &scan->cells[cell];
      guint8 flags = solution->flags[cell];
      gboolean paper_empty = read->digit == 0 ||
                             (read->kind != LENS_READ_KIND_HANDWRITTEN && (flags & LENS_CELL_REPAIRED));

      digits[cell] = (flags & LENS_CELL_GIVEN) || !paper_empty ? 0 : solution->digits[cell];
      if (digits[cell] != 0 && !board.empty () && cell_has_ink (board, cell))
        digits[cell] = 0;
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
