/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <array>

#include <opencv2/imgproc.hpp>

#include "lens-vision-private.hpp"

namespace lens {

namespace {

constexpr int kBands = 3;
constexpr double kInkShare = 0.02;  /* of a board that is surely ink */
constexpr int kInkGrey = 160;       /* that ink in a typical photo of newsprint */
constexpr double kMaxStretch = 4;   /* beyond it, paper grain would pass for ink */
constexpr double kBoxLineLead = 1.25;  /* how much heavier box lines one off must be */
constexpr double kPaperGrain = 1.05;   /* brightest paper over its typical brightness */
constexpr double kBendGain = 1.1;      /* how much more line a bent comb must cover */
constexpr double kFaintOffset = 4;     /* grey levels a faint line lies under its surroundings */

/* Positions of the 10 lines of one direction, one set per band across. */
struct Lines {
  double pos[kBands][10];
  int shift;        /* lines by which the box lines say the comb is off */
  double boxes;     /* how much heavier the box lines (3 and 6) are than
                     * the other lines inside the board */
  double length;    /* of the lines, in pixels */
  double coverage;  /* mean fraction of each line's length that is ink,
                     * less that of stray lines between them */
};

cv::Mat
quad_to_mat (const Quad &quad,
             double      scale,
             cv::Point2f offset)
{
  cv::Mat m (4, 1, CV_32FC2);

  for (int i = 0; i < 4; i++)
    m.at<cv::Point2f> (i) = (quad[i] - offset) * (float) scale;
  return m;
}

double
quad_side (const Quad &quad)
{
  double side = 0;

  for (int i = 0; i < 4; i++)
    side = std::max (side, (double) cv::norm (quad[i] - quad[(i + 1) % 4]));
  return side;
}

/* The board divided by its paper's brightness: the brightest pixel a
 * quarter cell around, blurred. Across a hard shadow's edge that spills
 * from the lit side into the shade, which would then pass for ink. So it
 * is capped by the board closed over a whole cell, which fills in the
 * print but leaves the edge where it is, with room for the paper's grain. */
cv::Mat
normalise_background (const cv::Mat &board,
                      int            cell)
{
  cv::Mat background, paper, normalised;
  cv::Size quarter (cell / 4, cell / 4);

  cv::dilate (board, background, cv::getStructuringElement (cv::MORPH_RECT, quarter));
  cv::blur (background, background, quarter);
  cv::blur (board, paper, cv::Size (3, 3));
  cv::morphologyEx (paper, paper, cv::MORPH_CLOSE,
                    cv::getStructuringElement (cv::MORPH_RECT, cv::Size (cell, cell)));
  paper.convertTo (paper, CV_8U, kPaperGrain);
  cv::min (background, paper, background);
  cv::max (background, 1, background);
  cv::divide (board, background, normalised, 255.0);
  return normalised;
}

/* Ink where the normalised board is clearly darker than its background,
 * with faint print (a dim or washed-out photo) first stretched until its
 * ink is as dark as a good print's. */
cv::Mat
find_ink (const Board &board)
{
  cv::Rect inner (board.margin (), board.margin (), 9 * board.cell, 9 * board.cell);
  cv::Mat ink, stretched = board.image;
  int level = grey_at_share (board.image (inner), kInkShare);

  if (level > kInkGrey)
    {
      double gain = std::min (kMaxStretch, (255.0 - kInkGrey) / (255 - level));

      board.image.convertTo (stretched, CV_8U, gain, 255 * (1 - gain));
    }
  double otsu = cv::threshold (stretched (inner), ink, 0, 255, cv::THRESH_BINARY_INV | cv::THRESH_OTSU);

  cv::threshold (stretched, ink, std::clamp (otsu, 120.0, 210.0), 255, cv::THRESH_BINARY_INV);
  return ink;
}

/* Ink of a faint board: darker than the mean a cell around by a few grey
 * levels, so a grey shaded cell is ink only along its edges, and a faint
 * line is ink wherever it is darker than the paper beside it. */
cv::Mat
find_faint_ink (const Board &board)
{
  cv::Mat ink;

  cv::adaptiveThreshold (board.image, ink, 255, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY_INV,
                         board.cell | 1, kFaintOffset);
  return ink;
}

/* Row profile of the horizontal line pixels in each band (columns). */
void
band_profiles (const cv::Mat &ink,
               int            cell,
               cv::Mat        profiles[kBands])
{
  cv::Mat lines;
  cv::Mat kernel = cv::getStructuringElement (cv::MORPH_RECT, cv::Size (cell * 3 / 4, 1));
  int band = ink.cols / kBands;

  cv::morphologyEx (ink, lines, cv::MORPH_OPEN, kernel);
  for (int b = 0; b < kBands; b++)
    {
      cv::Mat strip = lines.colRange (b * band, (b + 1) * band);

      cv::reduce (strip, profiles[b], 1, cv::REDUCE_SUM, CV_32F);
      profiles[b] /= 255.0f * band;
      cv::GaussianBlur (profiles[b], profiles[b], cv::Size (1, (cell / 12) | 1), 0);
    }
}

double
profile_at (const cv::Mat &profile,
            double         pos)
{
  if (pos <= -0.5 || pos >= profile.rows - 0.5)
    return 0;
  return profile.at<float> ((int) (pos + 0.5));
}

/* A comb of 10 lines @pitch apart on average from @offset on. Its gaps
 * grow steadily from the first to the last by about 1.8 @bend of the
 * pitch, as a page curling away from the lens crowds its lines on one
 * side, and from the middle to both ends by 3 @bulge, as a wide lens
 * bends them. */
struct Comb {
  double offset, pitch, bend, bulge;

  double at (int i) const
  {
    return offset + pitch * (i + bend * i * (i - 9) / 9.0 + bulge * i * (i - 4.5) * (i - 9) / 20.25);
  }
};

/* How far from a first guess a comb is searched, and in which steps;
 * the pitch's as shares of it. */
struct CombSearch {
  Comb reach, step;
};

/* Best comb in @profile within @search of *@comb, which it becomes. */
double
search_comb (const cv::Mat    &profile,
             const CombSearch &search,
             Comb             *comb)
{
  const Comb &reach = search.reach, &step = search.step;
  const Comb c0 = *comb;
  const float *values = profile.ptr<float> ();
  double best = -1;

  g_assert (profile.isContinuous () && profile.type () == CV_32F);
  for (double h = c0.bulge - reach.bulge; h <= c0.bulge + reach.bulge + 1e-9; h += step.bulge)
    for (double g = c0.bend - reach.bend; g <= c0.bend + reach.bend + 1e-9; g += step.bend)
      {
        double shape[10];

        for (int i = 0; i < 10; i++)
          shape[i] = Comb { 0, 1, g, h }.at (i);
        for (double p = c0.pitch * (1 - reach.pitch); p <= c0.pitch * (1 + reach.pitch); p += c0.pitch * step.pitch)
          for (double o = c0.offset - reach.offset; o <= c0.offset + reach.offset; o += step.offset)
            {
              double sum = 0;

              for (int i = 0; i < 10; i++)
                {
                  double pos = o + p * shape[i];

                  if (pos > -0.5 && pos < profile.rows - 0.5)
                    sum += values[(int) (pos + 0.5)];
                }
              if (sum > best)
                {
                  best = sum;
                  *comb = Comb { o, p, g, h };
                }
            }
      }
  return best;
}

/* Best regular comb of 10 lines in @profile, searched within @reach
 * pixels of *@comb's offset and @stretch of its pitch. */
double
fit_comb (const cv::Mat &profile,
          double         reach,
          double         stretch,
          Comb          *comb)
{
  return search_comb (profile, { { reach, stretch, 0, 0 }, { 1, 1.0 / 128, 1, 1 } }, comb);
}

/* Best bent comb near *@comb: first in coarse steps, on a profile widened
 * so that they miss no line, then in fine ones. */
double
fit_bent_comb (const cv::Mat &profile,
               int            cell,
               Comb          *comb)
{
  cv::Mat widened;

  cv::dilate (profile, widened, cv::Mat::ones (3, 1, CV_8U));
  search_comb (widened, { { cell / 4.0, 0.04, 0.2, 0.05 }, { 2, 2.0 / 128, 0.05, 0.01 } }, comb);
  return search_comb (profile, { { 2, 2.0 / 128, 0.05, 0.0125 }, { 1, 1.0 / 128, 0.025, 0.005 } }, comb);
}

double
refine_peak (const cv::Mat &profile,
             double         guess,
             int            reach)
{
  double best = profile_at (profile, guess);
  double pos = guess;

  for (int d = -reach; d <= reach; d++)
    if (profile_at (profile, guess + d) > best * 1.02 + 0.01)
      {
        best = profile_at (profile, guess + d);
        pos = guess + d;
      }
  return pos;
}

/* The strongest line found well inside the cells, mean over the cells. */
double
stray_lines (const cv::Mat &profile,
             const Lines   &lines)
{
  double sum = 0;

  for (int i = 0; i < 9; i++)
    {
      double a = lines.pos[kBands / 2][i], b = lines.pos[kBands / 2][i + 1];
      double strongest = 0;

      for (double p = a + (b - a) / 4; p <= b - (b - a) / 4; p += 1)
        strongest = std::max (strongest, profile_at (profile, p));
      sum += strongest;
    }
  return sum / 9;
}

double
median_strength (const cv::Mat &profile,
                 const double   pos[10])
{
  std::array<double, 10> strength;

  for (int i = 0; i < 10; i++)
    strength[i] = profile_at (profile, pos[i]);
  std::nth_element (strength.begin (), strength.begin () + 5, strength.end ());
  return strength[5];
}

/* The lines in one band: each at its own peak near the band's comb, or on
 * the comb where the line is too faint there (cut off, washed out). */
void
find_band_lines (const cv::Mat &profile,
                 int            cell,
                 Comb           comb,
                 double         pos[10])
{
  double typical;

  fit_comb (profile, cell / 4.0, 0.04, &comb);
  for (int i = 0; i < 10; i++)
    pos[i] = refine_peak (profile, comb.at (i), cell / 8);
  typical = median_strength (profile, pos);
  for (int i = 0; i < 10; i++)
    if (profile_at (profile, pos[i]) < 0.4 * typical)
      pos[i] = comb.at (i);
}

/* Boxes are ruled with heavier lines (3 and 6 inside the board). When the
 * heavy pair lies one line before or after where it should, the comb is a
 * cell off: the board's own edge was too faint (shade) and a line of other
 * print beyond its far edge took its place. */
void
line_weights (const cv::Mat &whole,
              int            cell,
              const Comb    &comb,
              double         weight[10])
{
  for (int i = 0; i < 10; i++)
    {
      double centre = refine_peak (whole, comb.at (i), cell / 8);

      weight[i] = 0;
      for (int d = -cell / 6; d <= cell / 6; d++)
        weight[i] += profile_at (whole, centre + d);
    }
}

int
box_line_shift (const double weight[10])
{
  auto pair = [&] (int shift) { return std::min (weight[3 + shift], weight[6 + shift]); };
  std::array<double, 10> sorted;

  std::copy (weight, weight + 10, sorted.begin ());
  std::nth_element (sorted.begin (), sorted.begin () + 5, sorted.end ());
  for (int shift : { -1, 1 })
    if (pair (shift) > kBoxLineLead * std::max (pair (0), sorted[5]) && pair (shift) > pair (-shift))
      return shift;
  return 0;
}

/* The lighter of the box lines 3 and 6 over the median of the six other
 * lines inside the board: about 1 on a grid of even lines. */
double
box_lines_lead (const double weight[10])
{
  std::array<double, 6> cells = { weight[1], weight[2], weight[4], weight[5], weight[7], weight[8] };

  std::nth_element (cells.begin (), cells.begin () + 3, cells.end ());
  return std::min (weight[3], weight[6]) / std::max (cells[3], 1e-3);
}

/* The lines of each band near @comb, and how much line they cover. */
Lines
lines_along (const cv::Mat  profiles[kBands],
             const cv::Mat &whole,
             int            cell,
             double         length,
             const Comb    &comb)
{
  double coverage = 0;
  Lines lines;

  for (int b = 0; b < kBands; b++)
    {
      find_band_lines (profiles[b], cell, comb, lines.pos[b]);
      for (int i = 0; i < 10; i++)
        coverage += profile_at (profiles[b], lines.pos[b][i]);
    }
  lines.coverage = coverage / (10 * kBands) - stray_lines (whole, lines) / kBands;
  lines.length = length;
  double weight[10];

  line_weights (whole, cell, comb, weight);
  lines.shift = box_line_shift (weight);
  lines.boxes = box_lines_lead (weight);
  return lines;
}

/* The lines of one direction of @ink: near a regular comb or, where
 * @may_bend and a bent one covers clearly more line, near that. A bent
 * comb is searched only a quarter cell around the board's own edges: one
 * free to start a line further in can bend to fit other lines as well. */
Lines
find_lines (const cv::Mat &ink,
            int            cell,
            bool           may_bend,
            bool          *bent)
{
  cv::Mat profiles[kBands];
  cv::Mat whole;
  Comb straight = { cell / 2.0, (double) cell, 0, 0 }, curved = straight;
  double straight_sum;

  band_profiles (ink, cell, profiles);
  whole = profiles[0] + profiles[1] + profiles[2];
  straight_sum = fit_comb (whole, cell * 0.6, 0.13, &straight);
  if (may_bend && fit_bent_comb (whole, cell, &curved) > straight_sum * kBendGain)
    {
      *bent = true;
      return lines_along (profiles, whole, cell, ink.cols, curved);
    }
  return lines_along (profiles, whole, cell, ink.cols, straight);
}

/* Where line @i of @lines lies at @along (the other coordinate). */
double
line_at (const Lines &lines,
         int          i,
         double       along)
{
  double band = lines.length / kBands;
  double t = along / band - 0.5;
  int b = std::clamp ((int) std::floor (t), 0, kBands - 2);
  double f = t - b;

  return lines.pos[b][i] * (1 - f) + lines.pos[b + 1][i] * f;
}

cv::Point2f
intersect (const Lines &rows,
           const Lines &cols,
           int          r,
           int          c)
{
  double x = cols.pos[kBands / 2][c], y = rows.pos[kBands / 2][r];

  for (int k = 0; k < 3; k++)
    {
      y = line_at (rows, r, x);
      x = line_at (cols, c, y);
    }
  return cv::Point2f ((float) x, (float) y);
}

void
cut_one (const cv::Mat     &board,
         const cv::Point2f  corners[4],
         cv::Mat            &cell)
{
  const cv::Point2f square[4] = {
    { 0, 0 }, { kCellPx, 0 }, { kCellPx, kCellPx }, { 0, kCellPx },
  };
  cv::Mat transform = cv::getPerspectiveTransform (corners, square);

  cv::warpPerspective (board, cell, transform, cv::Size (kCellPx, kCellPx),
                       cv::INTER_LINEAR, cv::BORDER_REPLICATE);
}

} /* namespace */

void
grey_at_shares (const cv::Mat &grey,
                const double  *shares,
                int           *levels,
                int            n)
{
  std::array<int, 256> histogram {};
  int seen = 0, v = 0;

  for (int y = 0; y < grey.rows; y++)
    for (const guint8 *p = grey.ptr<guint8> (y), *end = p + grey.cols; p < end; p++)
      histogram[*p]++;
  for (int i = 0; i < n; i++)
    {
      int rank = (int) (shares[i] * (double) grey.total ());

      while (v < 256 && seen + histogram[v] <= rank)
        seen += histogram[v++];
      levels[i] = std::min (v, 255);
    }
}

int
grey_at_share (const cv::Mat &grey,
               double         share)
{
  int level;

  grey_at_shares (grey, &share, &level, 1);
  return level;
}

cv::Mat
ink_grey (const cv::Mat &bgr)
{
  cv::Mat channels[3], darkest, luma, grey;

  cv::split (bgr, channels);
  cv::min (channels[0], channels[1], darkest);
  cv::min (darkest, channels[2], darkest);
  cv::cvtColor (bgr, luma, cv::COLOR_BGR2GRAY);
  cv::addWeighted (darkest, 0.5, luma, 0.5, 0, grey);
  return grey;
}

cv::Mat
rotate_image (const cv::Mat &image,
              int            rotation)
{
  cv::Mat out;

  switch (((rotation % 360) + 360) % 360)
    {
    case 90: cv::rotate (image, out, cv::ROTATE_90_CLOCKWISE); return out;
    case 180: cv::rotate (image, out, cv::ROTATE_180); return out;
    case 270: cv::rotate (image, out, cv::ROTATE_90_COUNTERCLOCKWISE); return out;
    default: return image.clone ();
    }
}

Quad
map_quad (const Quad        &quad,
          const cv::Matx33d &transform)
{
  std::vector<cv::Point2f> in (quad.begin (), quad.end ()), out;
  Quad mapped;

  cv::perspectiveTransform (in, out, transform);
  std::copy (out.begin (), out.end (), mapped.begin ());
  return mapped;
}

Board
warp_board (const cv::Mat &image,
            const Quad    &corners,
            int            cell,
            bool           faint)
{
  float margin = cell / 2.0f, side = 9.0f * cell;
  double scale = std::min (1.0, side * 1.25 / quad_side (corners));
  cv::Rect bounds = cv::boundingRect (quad_to_mat (corners, 1.0, cv::Point2f (0, 0)));
  int pad = (int) (quad_side (corners) / 8);
  cv::Rect roi = (bounds + cv::Size (2 * pad, 2 * pad) - cv::Point (pad, pad)) &
                 cv::Rect (0, 0, image.cols, image.rows);
  cv::Mat source, warped;
  const cv::Point2f target[4] = {
    { margin, margin }, { margin + side, margin },
    { margin + side, margin + side }, { margin, margin + side },
  };

  Board board;

  board.cell = cell;
  board.faint = faint;
  if (roi.empty ())
    roi = cv::Rect (0, 0, image.cols, image.rows);
  if (scale < 1.0)
    cv::resize (image (roi), source, cv::Size (), scale, scale, cv::INTER_AREA);
  else
    source = image (roi);
  if (source.channels () == 3)
    source = ink_grey (source);
  cv::Mat from = quad_to_mat (corners, scale, cv::Point2f ((float) roi.x, (float) roi.y));
  cv::Matx33d transform = cv::getPerspectiveTransform (from, cv::Mat (4, 1, CV_32FC2, (void *) target));
  cv::Matx33d to_source (scale, 0, -roi.x * scale, 0, scale, -roi.y * scale, 0, 0, 1);

  cv::warpPerspective (source, warped, transform, cv::Size (board.size (), board.size ()),
                       cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  board.image = normalise_background (warped, cell);
  board.to_board = transform * to_source;
  return board;
}

GridFit
fit_grid (const Board &board,
          bool         may_bend,
          cv::Mat     *cells)
{
  cv::Mat ink = find_ink (board);
  cv::Mat ink_t = ink.t ();
  GridFit fit = { 0, {}, { 0, 0 }, false, 0 };
  Lines rows = find_lines (ink, board.cell, may_bend, &fit.bent);
  Lines cols = find_lines (ink_t, board.cell, may_bend, &fit.bent);
  cv::Point2f grid[10][10];

  fit.score = std::min (rows.coverage, cols.coverage);
  if (board.faint && fit.score < kMinGridScore)
    {
      cv::Mat faint = find_faint_ink (board), faint_t = faint.t ();
      bool faint_bent = false;
      Lines faint_rows = find_lines (faint, board.cell, may_bend, &faint_bent);
      Lines faint_cols = find_lines (faint_t, board.cell, may_bend, &faint_bent);
      double score = std::min (faint_rows.coverage, faint_cols.coverage);

      g_debug ("faint grid %.3f (ink %.3f)", score, fit.score);
      if (score > fit.score)
        {
          rows = faint_rows;
          cols = faint_cols;
          fit.bent = faint_bent;
          fit.score = score;
        }
    }
  for (int r = 0; r < 10; r++)
    for (int c = 0; c < 10; c++)
      grid[r][c] = intersect (rows, cols, r, c);
  fit.shift = cv::Point (cols.shift, rows.shift);
  fit.boxes = std::min (rows.boxes, cols.boxes);
  fit.outer = Quad { grid[0][0], grid[0][9], grid[9][9], grid[9][0] };
  if (cells == nullptr)
    return fit;

  g_assert (board.cell == kCellPx);
  cells->create (LENS_GRID_CELLS, kCellPx * kCellPx, CV_8U);
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      {
        const cv::Point2f corners[4] = { grid[r][c], grid[r][c + 1], grid[r + 1][c + 1], grid[r + 1][c] };
        cv::Mat cell;

        cut_one (board.image, corners, cell);
        cell.reshape (1, 1).copyTo (cells->row (r * 9 + c));
      }
  return fit;
}

} /* namespace lens */
