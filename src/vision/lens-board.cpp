/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <opencv2/imgproc.hpp>

#include "lens-error.h"
#include "lens-vision-private.hpp"

namespace lens {

namespace {

constexpr int kDetectSide = 640;
constexpr int kMaxCandidates = 6;
constexpr int kRefineSteps = 2;
constexpr int kSearchCellPx = 32;
constexpr double kInkOffset = 7;        /* grey levels */
constexpr double kMinOffset = 2;
constexpr double kFaintestSpread = 72;  /* of the shared photos */
constexpr double kSameQuadPx = 4;       /* in the detection image */
constexpr double kInnerLead = 1.15;     /* how much clearer a grid inside the best must be */
/* Shade that spans more than this many half cells is paper (a box shaded
 * grey), less is ink (the cells of a board printed light on dark). */
constexpr int kShadeCells = 3;
/* Another board in the photo counts when its box lines stand out from its
 * other lines as a Sudoku's do: a grid of even lines (a battleship puzzle,
 * a word grid) or one the photo cuts off, whose lines 3 and 6 are not its
 * box lines, is no board to read. */
constexpr double kOtherBoardBoxes = 1.25;

typedef std::vector<cv::Point> Contour;

double
detect_scale (const cv::Mat &grey)
{
  return std::min (1.0, (double) kDetectSide / std::max (grey.cols, grey.rows));
}

/* What both views of a photo's ink start from. */
struct InkBasis {
  cv::Mat blurred;
  int block;       /* pixels across the mean the ink is set against */
  double offset;   /* grey levels under that mean */
  double paper;    /* the photo's median grey */
  double white;    /* its lit paper: the 99th percentile */
};

/* Ink is what is darker than its surroundings by an offset that suits
 * every shared photo; a fainter photo (a smaller spread between its 1% and
 * 99% grey levels) gets a smaller one. */
InkBasis
ink_basis (const cv::Mat &small)
{
  const double shares[3] = { 0.01, 0.5, 0.99 };
  int levels[3];
  InkBasis basis;

  grey_at_shares (small, shares, levels, 3);
  basis.block = std::max (3, (std::max (small.cols, small.rows) / 24) | 1);
  basis.offset = kInkOffset * std::clamp ((levels[2] - levels[0]) / kFaintestSpread,
                                          kMinOffset / kInkOffset, 1.0);
  basis.paper = std::max (1, levels[1]);
  basis.white = std::max (1, levels[2]);
  cv::GaussianBlur (small, basis.blurred, cv::Size (5, 5), 0);
  return basis;
}

/* The views of a photo's ink that boards are looked for in. */
enum class InkView {
  PLAIN,      /* darker than the mean around by the offset */
  FLATTENED,  /* the same on the photo divided by its paper, white where lit */
  SHADED,     /* with an offset that shrinks where the photo is dark */
};

/* The photo divided by its paper's brightness: a closing over a block
 * fills in the print but keeps a hard shadow's edge sharp, so that the
 * edge doesn't pass for ink and the shaded part keeps its contrast. Along
 * the edge the paper comes out a pixel or two too dark, and lines that
 * cross it too light: binarise() bridges them again. */
cv::Mat
flattened (const InkBasis &basis)
{
  cv::Mat paper, flat;

  cv::morphologyEx (basis.blurred, paper, cv::MORPH_CLOSE,
                    cv::getStructuringElement (cv::MORPH_RECT, cv::Size (basis.block, basis.block)));
  cv::max (paper, 1, paper);
  cv::divide (basis.blurred, paper, flat, 255.0);
  return flat;
}

/* Shade dims ink and paper alike, so in the SHADED view the offset
 * shrinks with the mean where the photo is darker than its median. That
 * also lets the grain of a dark background pass for ink, so it is only
 * looked at when the other views find no board. */
cv::Mat
binarise (const InkBasis &basis,
          InkView         view)
{
  cv::Mat mean, limit, binary;
  cv::Mat limit_for_mean (1, 256, CV_8U);

  if (view == InkView::PLAIN)
    {
      cv::adaptiveThreshold (basis.blurred, binary, 255, cv::ADAPTIVE_THRESH_MEAN_C,
                             cv::THRESH_BINARY_INV, basis.block, basis.offset);
      return binary;
    }
  if (view == InkView::FLATTENED)
    {
      cv::adaptiveThreshold (flattened (basis), binary, 255, cv::ADAPTIVE_THRESH_MEAN_C,
                             cv::THRESH_BINARY_INV, basis.block, basis.offset * 255 / basis.white);
      cv::morphologyEx (binary, binary, cv::MORPH_CLOSE, cv::Mat ());
      return binary;
    }
  for (int m = 0; m < 256; m++)
    {
      double here = std::max (std::min (basis.offset * m / basis.paper, basis.offset), kMinOffset);

      limit_for_mean.at<guint8> (m) = cv::saturate_cast<guint8> (std::floor (m - here) + 1);
    }
  cv::boxFilter (basis.blurred, mean, CV_8U, cv::Size (basis.block, basis.block), cv::Point (-1, -1),
                 true, cv::BORDER_REPLICATE | cv::BORDER_ISOLATED);
  cv::LUT (mean, limit_for_mean, limit);
  cv::compare (basis.blurred, limit, binary, cv::CMP_LT);
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

/* Where the lines through @a0 @a1 and @b0 @b1 cross; false when they
 * nearly run parallel. */
bool
cross_lines (cv::Point2f  a0,
             cv::Point2f  a1,
             cv::Point2f  b0,
             cv::Point2f  b1,
             cv::Point2f &at)
{
  cv::Point2f da = a1 - a0, db = b1 - b0;
  float det = da.cross (db);

  if (std::abs (det) < 0.1f * (float) (cv::norm (da) * cv::norm (db)))
    return false;
  at = a0 + da * ((b0 - a0).cross (db) / det);
  return true;
}

/* A five-sided outline as a board with one corner cut off (by shade, glare
 * or the photo's edge): its shortest side dropped and the two beside it
 * extended until they meet. */
bool
restore_cut_corner (const Contour &pentagon,
                    Quad          &quad)
{
  std::vector<cv::Point2f> p (pentagon.begin (), pentagon.end ());
  std::vector<cv::Point2f> corners;
  int cut = 0;
  cv::Point2f restored;

  for (int i = 1; i < 5; i++)
    if (cv::norm (p[(i + 1) % 5] - p[i]) < cv::norm (p[(cut + 1) % 5] - p[cut]))
      cut = i;
  if (!cross_lines (p[(cut + 4) % 5], p[cut], p[(cut + 1) % 5], p[(cut + 2) % 5], restored))
    return false;
  corners = { restored, p[(cut + 2) % 5], p[(cut + 3) % 5], p[(cut + 4) % 5] };
  quad = order_clockwise (corners);
  return true;
}

/* Simplifies the convex hull with a growing tolerance until four corners
 * remain: the hull bridges breaks in the border that defeat the contour.
 * With @may_restore (a board's own outline, whose sides are straight), a
 * five-sided stage on the way gives a first guess, a cut corner restored. */
std::vector<Quad>
hull_to_quads (const Contour &contour,
               bool           may_restore)
{
  Contour hull, approx;
  std::vector<Quad> quads;
  double perimeter;

  cv::convexHull (contour, hull);
  perimeter = cv::arcLength (hull, true);
  for (double eps = 0.01; eps <= 0.15; eps += 0.005)
    {
      Quad quad;

      cv::approxPolyDP (hull, approx, eps * perimeter, true);
      if (may_restore && approx.size () == 5 && quads.empty () && restore_cut_corner (approx, quad))
        quads.push_back (quad);
      if (approx.size () == 4)
        {
          std::vector<cv::Point2f> points (approx.begin (), approx.end ());

          quads.push_back (order_clockwise (points));
          break;
        }
      if (approx.size () < 4)
        break;
    }
  return quads;
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

/* The outlines of a binary image's parts and of their holes. */
struct Outlines {
  std::vector<Contour> contours;
  std::vector<cv::Vec4i> hierarchy;  /* cv::RETR_CCOMP's: a hole has a parent */
  cv::Size size;                     /* of the image */
};

Outlines
find_outlines (const cv::Mat &binary)
{
  Outlines outlines;

  cv::findContours (binary, outlines.contours, outlines.hierarchy, cv::RETR_CCOMP, cv::CHAIN_APPROX_SIMPLE);
  outlines.size = binary.size ();
  return outlines;
}

/* The largest outer outlines of the ink's parts, also of those that lie in
 * a hole of another part: a board on a page whose edge shows all round is
 * not hidden by the page's outline. */
std::vector<Contour>
largest_contours (const Outlines &ink)
{
  std::vector<std::pair<int, size_t>> outer;  /* bounding box area, index */
  std::vector<Contour> contours;

  for (size_t i = 0; i < ink.contours.size (); i++)
    if (ink.hierarchy[i][3] < 0)
      outer.push_back ({ cv::boundingRect (ink.contours[i]).area (), i });
  std::sort (outer.begin (), outer.end (),
             [] (const auto &a, const auto &b) { return a.first > b.first; });
  for (size_t k = 0; k < outer.size () && k < kMaxCandidates; k++)
    contours.push_back (ink.contours[outer[k].second]);
  return contours;
}

/* @quad moved by @shift cells along its own sides. */
Quad
shifted_quad (const Quad &quad,
              cv::Point   shift)
{
  cv::Point2f top = (quad[1] - quad[0]) / 9, bottom = (quad[2] - quad[3]) / 9;
  cv::Point2f left = (quad[3] - quad[0]) / 9, right = (quad[2] - quad[1]) / 9;
  float x = (float) shift.x, y = (float) shift.y;

  return Quad { quad[0] + x * top + y * left, quad[1] + x * top + y * right,
                quad[2] + x * bottom + y * right, quad[3] + x * bottom + y * left };
}

/* Moves the corners onto the outer grid lines found inside the warp; the
 * contour's corners stray where text or shading touches the border, or
 * miss a faint row or column of cells, which the box lines then tell.
 * The lines are bent where @may_bend lets them; *@last, if given, is
 * the last warp of the board. */
GridFit
refine (const cv::Mat &grey,
        Quad          &quad,
        bool           may_bend,
        Board         *last,
        bool           faint = false)
{
  GridFit fit = { 0, quad, { 0, 0 }, false, 0 };
  int steps = kRefineSteps;

  for (int i = 0; i < steps; i++)
    {
      Board board = warp_board (grey, quad, kSearchCellPx, faint);
      Quad outer, refined;

      fit = fit_grid (board, may_bend, nullptr);
      if (last != nullptr)
        *last = board;
      if (fit.score < kMinGridScore)
        return fit;
      outer = fit.outer;
      if (fit.shift != cv::Point (0, 0) && steps == kRefineSteps)
        {
          outer = shifted_quad (outer, fit.shift);
          steps++;
        }
      refined = map_quad (outer, board.to_board.inv ());
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

struct Hole {
  cv::RotatedRect rect;
  double size;  /* square root of the area */
};

/* The holes of the ink that look like empty or filled cells, upright or
 * turned. */
std::vector<Hole>
cell_holes (const Outlines &ink)
{
  const std::vector<Contour> &contours = ink.contours;
  const std::vector<cv::Vec4i> &hierarchy = ink.hierarchy;
  std::vector<Hole> holes;
  double max_size = std::min (ink.size.width, ink.size.height) / 2.5;

  for (size_t i = 0; i < contours.size (); i++)
    {
      if (hierarchy[i][3] < 0 || contours[i].size () < 4)
        continue;

      double area = cv::contourArea (contours[i]);

      if (area < 0.6 * 6 * 6 || area > max_size * max_size)
        continue;

      cv::RotatedRect rect = cv::minAreaRect (contours[i]);
      double width = rect.size.width, height = rect.size.height;

      if (std::min (width, height) < 6 || std::max (width, height) > max_size)
        continue;
      if (width < 0.6 * height || height < 0.6 * width || area < 0.6 * width * height)
        continue;
      holes.push_back ({ rect, std::sqrt (area) });
    }
  return holes;
}

/* Holes of about @size lying next to each other, grown from the hole
 * @seed: the cells of one board. */
std::vector<int>
grow_cluster (const std::vector<Hole> &holes,
              int                      seed,
              std::vector<bool>       &taken)
{
  std::vector<int> cluster = { seed };
  double size = holes[seed].size;

  taken[seed] = true;
  for (size_t k = 0; k < cluster.size (); k++)
    {
      cv::Point2f a = holes[cluster[k]].rect.center;

      for (size_t j = 0; j < holes.size (); j++)
        {
          if (taken[j] || std::abs (holes[j].size - size) > 0.3 * size ||
              cv::norm (a - holes[j].rect.center) > 1.9 * size)
            continue;
          taken[j] = true;
          cluster.push_back ((int) j);
        }
    }
  return cluster;
}

/* Boards found as clusters of similar cells: this survives a border that
 * touches other print, where the outer contour runs off the board. */
std::vector<Contour>
cell_clusters (const Outlines &ink)
{
  std::vector<Hole> holes = cell_holes (ink);
  std::vector<bool> taken (holes.size (), false);
  std::vector<Contour> boards;
  std::vector<int> order (holes.size ());

  for (size_t i = 0; i < order.size (); i++)
    order[i] = (int) i;
  std::sort (order.begin (), order.end (), [&] (int a, int b) { return holes[a].size > holes[b].size; });
  for (int seed : order)
    {
      if (taken[seed])
        continue;
      std::vector<int> cluster = grow_cluster (holes, seed, taken);
      Contour points;

      if (cluster.size () < 8)
        continue;
      for (int i : cluster)
        {
          cv::Point2f corners[4];

          holes[i].rect.points (corners);
          for (const cv::Point2f &p : corners)
            points.push_back (cv::Point ((int) std::lround (p.x), (int) std::lround (p.y)));
        }
      boards.push_back (points);
    }
  return boards;
}

/* Whether @quad lies away from every quad of @quads (its centre outside them). */
bool
apart_from (const Quad              &quad,
            const std::vector<Quad> &quads)
{
  cv::Point2f centre = (quad[0] + quad[1] + quad[2] + quad[3]) * 0.25f;

  for (const Quad &other : quads)
    if (cv::pointPolygonTest (std::vector<cv::Point2f> (other.begin (), other.end ()), centre, false) >= 0)
      return false;
  return true;
}

/* Whether every corner of @quad lies within @tolerance of the same corner
 * of one of @quads. */
bool
same_as_any (const Quad              &quad,
             const std::vector<Quad> &quads,
             double                   tolerance)
{
  for (const Quad &other : quads)
    {
      bool same = true;

      for (int i = 0; i < 4 && same; i++)
        same = cv::norm (quad[i] - other[i]) <= tolerance;
      if (same)
        return true;
    }
  return false;
}

/* The outlines of boards in one @view of @small's ink, and of clusters
 * of cells in it, each as one or two guesses at its corners; an outline
 * whose guesses are all in @seen is left out. */
std::vector<std::vector<Quad>>
board_outlines (const cv::Mat      &small,
                const InkBasis     &basis,
                InkView             view,
                std::vector<Quad>  &seen)
{
  std::vector<std::vector<Quad>> outlines;
  Outlines ink = find_outlines (binarise (basis, view));
  std::vector<Contour> contours = largest_contours (ink);
  std::vector<Contour> clusters = cell_clusters (ink);
  size_t n_outer = contours.size ();

  contours.insert (contours.end (), clusters.begin (), clusters.end ());
  for (size_t i = 0; i < contours.size (); i++)
    {
      std::vector<Quad> guesses;
      bool new_guess = false;

      for (const Quad &quad : hull_to_quads (contours[i], i < n_outer))
        if (plausible_quad (quad, small.total () * 0.04))
          {
            new_guess |= !same_as_any (quad, seen, kSameQuadPx);
            guesses.push_back (quad);
            seen.push_back (quad);
          }
      if (new_guess)
        outlines.push_back (guesses);
    }
  return outlines;
}

/* Whether all of @inner's corners lie inside @outer, or within @slack of
 * its sides. */
bool
inside (const Quad &inner,
        const Quad &outer,
        double      slack)
{
  std::vector<cv::Point2f> polygon (outer.begin (), outer.end ());

  for (const cv::Point2f &corner : inner)
    if (cv::pointPolygonTest (polygon, corner, true) < -slack)
      return false;
  return true;
}

/* The boards with a grid among some outlines, and the best of them. */
struct Boards {
  std::vector<Quad> quads;
  std::vector<double> scores;
  std::vector<double> boxes;  /* GridFit.boxes */
  std::vector<Board> warps;  /* the last warp of each when it was refined */
  size_t best = 0;
  double best_rank = 0;
};

/* Whether board @i of @boards is a likelier board than board @j, which
 * surrounds it: its grid is clearly clearer, or as clear with box lines
 * that stand out where @j's lines 3 and 6 are no heavier than its others
 * (the lines of a board inside a page fit a comb across the page too). */
bool
likelier_inner (const Boards &boards,
                size_t        i,
                size_t        j)
{
  return boards.scores[i] > boards.scores[j] * kInnerLead ||
         (boards.scores[i] >= boards.scores[j] && boards.boxes[i] >= kOtherBoardBoxes && boards.boxes[j] < 1);
}

/* An outline around two boards side by side (or a board and print that
 * lines up with it, or the page around a board) may pass for a larger,
 * fainter grid: a likelier board inside the best one is the board. */
void
prefer_inner_board (Boards &boards)
{
  const Quad outer = boards.quads[boards.best];

  for (size_t i = 0; i < boards.quads.size (); i++)
    if (i != boards.best && likelier_inner (boards, i, boards.best) &&
        inside (boards.quads[i], outer, std::sqrt (quad_area (outer)) / 36))
      boards.best = i;
}

/* Those of @outlines with a grid: of each outline's guesses the one with
 * the clearer grid. The best is clear and large. */
Boards
boards_among (const cv::Mat                        &small,
              const std::vector<std::vector<Quad>> &outlines,
              bool                                  may_bend,
              bool                                  faint)
{
  Boards boards;

  for (const std::vector<Quad> &guesses : outlines)
    {
      Quad quad;
      Board warp;
      GridFit fit = { -1, {}, { 0, 0 }, false, 0 };

      for (Quad guess : guesses)
        {
          Board guess_warp;
          GridFit guess_fit = refine (small, guess, may_bend, &guess_warp, faint);

          if (guess_fit.score > fit.score)
            {
              fit = guess_fit;
              quad = guess;
              warp = guess_warp;
            }
        }
      double rank = fit.score * std::sqrt (quad_area (quad) / small.total ());
      g_debug ("board candidate (%.0f, %.0f) (%.0f, %.0f) (%.0f, %.0f) (%.0f, %.0f): grid %.3f, rank %.3f, boxes %.3f",
               quad[0].x, quad[0].y, quad[1].x, quad[1].y, quad[2].x, quad[2].y,
               quad[3].x, quad[3].y, fit.score, rank, fit.boxes);
      if (fit.score < kMinGridScore)
        continue;
      if (rank > boards.best_rank)
        {
          boards.best_rank = rank;
          boards.best = boards.quads.size ();
        }
      boards.quads.push_back (quad);
      boards.scores.push_back (fit.score);
      boards.boxes.push_back (fit.boxes);
      boards.warps.push_back (warp);
    }
  if (!boards.quads.empty ())
    prefer_inner_board (boards);
  return boards;
}

/* Once found with straight lines, a board whose lines bend (a page
 * curling away from the lens, a wide lens) is refined with bent ones, if
 * they fit its last @warp clearly better. */
void
refine_bent (const cv::Mat &small,
             const Board   &warp,
             Detection     &detection)
{
  Quad curved = detection.quad;

  if (fit_grid (warp, true, nullptr).bent &&
      refine (small, curved, true, nullptr, warp.faint).score >= detection.score)
    detection.quad = curved;
}

/* The best board in @small printed dark on light, with its grid score,
 * from the first view of its ink that shows one. */
Detection
detect_dark_on_light (const cv::Mat &small,
                      bool           may_bend,
                      bool           faint)
{
  InkBasis basis = ink_basis (small);
  std::vector<Quad> seen;
  Boards boards;

  for (InkView view : { InkView::PLAIN, InkView::FLATTENED, InkView::SHADED })
    {
      boards = boards_among (small, board_outlines (small, basis, view, seen), may_bend, faint);
      if (!boards.quads.empty ())
        break;
    }

  Detection detection = { {}, -1, false, 0, faint };

  if (boards.quads.empty ())
    return detection;

  std::vector<Quad> apart = { boards.quads[boards.best] };
  int others = 0;

  for (size_t i = 0; i < boards.quads.size (); i++)
    if (apart_from (boards.quads[i], apart))
      {
        apart.push_back (boards.quads[i]);
        others += boards.boxes[i] >= kOtherBoardBoxes;
      }
  detection.quad = boards.quads[boards.best];
  detection.score = boards.scores[boards.best];
  refine_bent (small, boards.warps[boards.best], detection);
  detection.other_boards = others;
  return detection;
}

/* The share of the board inside @quad darker than Otsu's threshold, once
 * divided by its paper (the board closed over a cell and a half), so that
 * a box shaded grey counts as paper, not ink, while the dark cells of a
 * negative, narrower than that, stay dark. Ink is the lesser part of a
 * board; in a board's negative, the cells make most of it. */
double
ink_share (const cv::Mat &grey,
           const Quad    &quad)
{
  const float side = 9 * kSearchCellPx;
  const cv::Point2f square[4] = { { 0, 0 }, { side, 0 }, { side, side }, { 0, side } };
  cv::Mat board, paper, ink;

  cv::warpPerspective (grey, board, cv::getPerspectiveTransform (quad.data (), square),
                       cv::Size ((int) side, (int) side), cv::INTER_AREA, cv::BORDER_REPLICATE);
  cv::morphologyEx (board, paper, cv::MORPH_CLOSE,
                    cv::getStructuringElement (cv::MORPH_RECT, cv::Size (kShadeCells * kSearchCellPx / 2,
                                                                         kShadeCells * kSearchCellPx / 2)));
  cv::max (paper, 1, paper);
  cv::divide (board, paper, board, 255.0);
  cv::threshold (board, ink, 0, 255, cv::THRESH_BINARY_INV | cv::THRESH_OTSU);
  return (double) cv::countNonZero (ink) / (double) ink.total ();
}

} /* namespace */

bool
plausible_print (const cv::Mat &grey,
                 const Quad    &quad,
                 double         score)
{
  return score >= kMinGridScore && ink_share (grey, quad) < 0.5;
}

/* The board in @small, printed dark on light or light on dark. */
Detection
detect_either (const cv::Mat &small,
               bool           may_bend,
               bool           faint)
{
  Detection detection = detect_dark_on_light (small, may_bend, faint);

  if (!plausible_print (small, detection.quad, detection.score))
    {
      cv::Mat negative;

      cv::bitwise_not (small, negative);
      Detection light_on_dark = detect_dark_on_light (negative, may_bend, faint);

      if (plausible_print (negative, light_on_dark.quad, light_on_dark.score) ||
          light_on_dark.score > detection.score)
        {
          detection = light_on_dark;
          detection.inverted = true;
        }
    }
  return detection;
}

Detection
detect_board (const cv::Mat &grey)
{
  double scale = detect_scale (grey);
  cv::Mat small;

  cv::resize (grey, small, cv::Size (), scale, scale, cv::INTER_AREA);
  Detection detection = detect_either (small, false, false);

  /* A page curled far enough shows no straight grid at all. */
  if (detection.score < 0)
    detection = detect_either (small, true, false);
  /* A board printed faint and blurred, its givens on grey shading, shows
   * no grid in the ink: look for its faint lines. Only then, so that
   * no board found in the ink is changed. */
  if (detection.score < 0)
    detection = detect_either (small, true, true);
  if (detection.score < 0)
    throw Failure { LENS_ERROR_NO_BOARD, _("No Sudoku board was found in the image") };
  for (auto &p : detection.quad)
    p *= (float) (1.0 / scale);
  return detection;
}

} /* namespace lens */
