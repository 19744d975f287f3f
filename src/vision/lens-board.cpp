/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <opencv2/imgproc.hpp>

#include "lens-error.h"
#include "lens-vision-private.hpp"

namespace lens {

namespace {

constexpr int kDetectSide = 640;
constexpr int kMaxCandidates = 6;
constexpr int kRefineSteps = 2;

typedef std::vector<cv::Point> Contour;

double
detect_scale (const cv::Mat &grey)
{
  return std::min (1.0, (double) kDetectSide / std::max (grey.cols, grey.rows));
}

cv::Mat
binarise (const cv::Mat &small)
{
  cv::Mat blurred, binary;
  int block = (std::max (small.cols, small.rows) / 24) | 1;

  cv::GaussianBlur (small, blurred, cv::Size (5, 5), 0);
  cv::adaptiveThreshold (blurred, binary, 255, cv::ADAPTIVE_THRESH_MEAN_C,
                         cv::THRESH_BINARY_INV, block, 7);
  return binary;
}

} /* namespace */

Quad
order_clockwise (const std::vector<cv::Point2f> &points)
{
  cv::Point2f centre (0, 0);
  Quad quad;
  int first = 0;

  for (const auto &p : points)
    centre += p * 0.25f;
  std::vector<std::pair<double, cv::Point2f>> by_angle;
  for (const auto &p : points)
    by_angle.push_back ({ std::atan2 (p.y - centre.y, p.x - centre.x), p });
  std::sort (by_angle.begin (), by_angle.end (),
             [] (const auto &a, const auto &b) { return a.first < b.first; });
  for (int i = 1; i < 4; i++)
    if (by_angle[i].second.x + by_angle[i].second.y <
        by_angle[first].second.x + by_angle[first].second.y)
      first = i;
  for (int i = 0; i < 4; i++)
    quad[i] = by_angle[(first + i) % 4].second;
  return quad;
}

namespace {

/* Simplifies the convex hull with a growing tolerance until four corners
 * remain: the hull bridges breaks in the border that defeat the contour. */
bool
hull_to_quad (const Contour &contour,
              Quad          &quad)
{
  Contour hull, approx;
  double perimeter;

  cv::convexHull (contour, hull);
  perimeter = cv::arcLength (hull, true);
  for (double eps = 0.01; eps <= 0.15; eps += 0.005)
    {
      cv::approxPolyDP (hull, approx, eps * perimeter, true);
      if (approx.size () == 4)
        {
          std::vector<cv::Point2f> points (approx.begin (), approx.end ());
          quad = order_clockwise (points);
          return true;
        }
      if (approx.size () < 4)
        return false;
    }
  return false;
}

bool
plausible_quad (const Quad &quad,
                double      min_area)
{
  double area = std::abs (cv::contourArea (std::vector<cv::Point2f> (quad.begin (), quad.end ())));
  double shortest = 1e9, longest = 0;

  if (area < min_area)
    return false;
  for (int i = 0; i < 4; i++)
    {
      cv::Point2f a = quad[(i + 3) % 4] - quad[i], b = quad[(i + 1) % 4] - quad[i];
      double cosine = a.dot (b) / (cv::norm (a) * cv::norm (b) + 1e-9);
      double side = cv::norm (b);

      if (std::abs (cosine) > 0.6)
        return false;
      shortest = std::min (shortest, side);
      longest = std::max (longest, side);
    }
  return shortest > longest * 0.4;
}

std::vector<Contour>
largest_contours (const cv::Mat &binary)
{
  std::vector<Contour> contours;

  cv::findContours (binary, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  std::sort (contours.begin (), contours.end (), [] (const Contour &a, const Contour &b) {
    return cv::boundingRect (a).area () > cv::boundingRect (b).area ();
  });
  if (contours.size () > kMaxCandidates)
    contours.resize (kMaxCandidates);
  return contours;
}

/* Moves the corners onto the outer grid lines found inside the warp; the
 * contour's corners stray where text or shading touches the border. */
GridFit
refine (const cv::Mat &grey,
        Quad          &quad)
{
  GridFit fit = { 0, quad };

  for (int i = 0; i < kRefineSteps; i++)
    {
      Board board = warp_board (grey, quad);
      Quad refined;

      fit = fit_grid (board.image, nullptr);
      if (fit.score < kMinGridScore)
        return fit;
      refined = map_quad (fit.outer, board.to_board.inv ());
      if (!plausible_quad (refined, 0))
        return fit;
      quad = refined;
    }
  return fit;
}

double
quad_area (const Quad &quad)
{
  return std::abs (cv::contourArea (std::vector<cv::Point2f> (quad.begin (), quad.end ())));
}

} /* namespace */

Quad
detect_board (const cv::Mat &grey)
{
  double scale = detect_scale (grey);
  cv::Mat small;
  Quad best_quad;
  double best = 0;

  cv::resize (grey, small, cv::Size (), scale, scale, cv::INTER_AREA);
  for (const Contour &contour : largest_contours (binarise (small)))
    {
      Quad quad;
      GridFit fit;
      double rank;

      if (!hull_to_quad (contour, quad) || !plausible_quad (quad, small.total () * 0.04))
        continue;
      fit = refine (small, quad);
      rank = fit.score * std::sqrt (quad_area (quad) / small.total ());
      if (g_getenv ("LENS_DEBUG"))
        g_printerr ("cand %.0f,%.0f %.0f,%.0f %.0f,%.0f %.0f,%.0f score %.3f rank %.3f\n", quad[0].x, quad[0].y, quad[1].x, quad[1].y, quad[2].x, quad[2].y, quad[3].x, quad[3].y, fit.score, rank);
      if (fit.score >= kMinGridScore && rank > best)
        {
          best = rank;
          best_quad = quad;
        }
    }
  if (best == 0)
    throw Failure { LENS_ERROR_NO_BOARD, "No Sudoku board was found in the image" };
  for (auto &p : best_quad)
    p *= (float) (1.0 / scale);
  return best_quad;
}

} /* namespace lens */
