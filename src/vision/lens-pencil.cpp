/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which candidates a player pencilled into a cell. A cell the recognizer
 * took for pencil candidates (kind CANDIDATES) holds a few small digits,
 * in a row along its top or in a 3 × 3 layout, often touching. Its ink is
 * cut into marks: connected blobs, away from the grid lines, with the
 * broken pieces of one digit joined. Each mark is drawn alone into a cell
 * of its own at the size of a digit that fills a cell, and read by the
 * recognizer's reading of handwriting, once for all the marks of the
 * board. A blob wide enough to be digits written touching is read both
 * whole and cut into two or more where the fewest of its columns hold
 * ink; the way whose digits the recognizer is surest of wins. */
#include "config.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "lens-vision-private.hpp"

namespace {

constexpr int kSide = LENS_CELL_PX;
constexpr int kLineBand = 8;             /* a grid line's remnant lies this near an edge */
constexpr double kLineInk = 0.6;         /* ... and is ink across this share of the cell */
constexpr double kInkLevel = 0.65;       /* ink: darker than this of the way from the darkest to the paper */
constexpr int kMinMarkArea = 8;          /* pixels: less is a speck */
constexpr int kEdgeThin = 5;             /* pixels: a blob at the crop's edge this thin is a line's */
constexpr double kEdgeFill = 0.25;       /* ... and one that fills less of its box is lines' corner */
constexpr double kStackedHeight = 1.4;   /* pieces spanning more than this of the taller are two digits */
constexpr double kMinMarkHeight = 0.45;  /* of the tallest mark: less is a dot or a stray stroke */
constexpr double kDigitWidth = 0.6;      /* a pencilled digit's width over its height, about */
constexpr double kSplitWidth = 0.75;     /* a blob wider than this over its height may be digits side by side */
constexpr double kWholeWidth = 1.5;      /* ... and one wider than this is, never one digit */
constexpr double kMinPieceWidth = 0.25;  /* of the blob's height: a narrower cut is a sliver */
constexpr int kMarkHeight = 40;          /* pixels: a mark's height when read as a cell's digit */
constexpr float kMinScore = 0.3f;        /* the least score of a digit taken as a candidate */

struct Mark {
  cv::Rect box;
  std::vector<int> labels;  /* the blobs that make it */
};

bool
overlap_x (const cv::Rect &a,
           const cv::Rect &b,
           double          share)
{
  int inter = std::min (a.x + a.width, b.x + b.width) - std::max (a.x, b.x);

  return inter >= share * std::min (a.width, b.width);
}

/* The crop with the grid lines' remnants along its edges painted over
 * with paper. */
cv::Mat
without_lines (const cv::Mat &ink)
{
  cv::Mat out = ink.clone ();

  for (int k = 0; k < kLineBand; k++)
    for (int edge : { k, kSide - 1 - k })
      {
        if (cv::countNonZero (out.row (edge)) >= kLineInk * kSide)
          out.row (edge).setTo (0);
        if (cv::countNonZero (out.col (edge)) >= kLineInk * kSide)
          out.col (edge).setTo (0);
      }
  return out;
}

/* The marks in the upright crop @cell (kSide² grey), left to right. */
std::vector<Mark>
find_marks (const cv::Mat &cell,
            cv::Mat       &labels)
{
  cv::Mat ink, stats, centroids;
  std::vector<Mark> marks;
  const double shares[2] = { 0.01, 0.6 };
  int levels[2];

  lens::grey_at_shares (cell, shares, levels, 2);
  double darkest = levels[0], paper = levels[1];
  if (paper - darkest < 20)
    return marks;
  cv::threshold (cell, ink, darkest + kInkLevel * (paper - darkest), 255, cv::THRESH_BINARY_INV);
  ink = without_lines (ink);
  int count = cv::connectedComponentsWithStats (ink, labels, stats, centroids, 8);

  for (int i = 1; i < count; i++)
    {
      cv::Rect box (stats.at<int> (i, cv::CC_STAT_LEFT), stats.at<int> (i, cv::CC_STAT_TOP),
                    stats.at<int> (i, cv::CC_STAT_WIDTH), stats.at<int> (i, cv::CC_STAT_HEIGHT));

      if (stats.at<int> (i, cv::CC_STAT_AREA) < kMinMarkArea)
        continue;
      /* What is left of a line, or a neighbour's stroke over it. */
      if (box.x + box.width <= 3 || box.x >= kSide - 3 || box.y + box.height <= 3 || box.y >= kSide - 3)
        continue;
      if (box.height > kSide * 3 / 4 || (box.width > kSide * 3 / 4 && box.height < box.width / 4))
        continue;
      /* A line's remnant along the crop's edge, or the corner where two meet. */
      bool at_edge = box.x == 0 || box.y == 0 || box.x + box.width == kSide || box.y + box.height == kSide;
      double fill = (double) stats.at<int> (i, cv::CC_STAT_AREA) / box.area ();
      if (at_edge && (std::min (box.width, box.height) <= kEdgeThin || fill < kEdgeFill))
        continue;
      marks.push_back ({ box, { i } });
    }
  std::sort (marks.begin (), marks.end (),
             [] (const Mark &a, const Mark &b) { return a.box.x < b.box.x; });

  /* The pieces of one digit: one above the other, or one inside the other;
   * not two digits of a column of a 3 × 3 layout, stacked. */
  for (bool joined = true; joined;)
    {
      joined = false;
      for (size_t a = 0; a < marks.size () && !joined; a++)
        for (size_t b = a + 1; b < marks.size () && !joined; b++)
          {
            cv::Rect u = marks[a].box | marks[b].box;
            int taller = std::max (marks[a].box.height, marks[b].box.height);

            if (!overlap_x (marks[a].box, marks[b].box, 0.5) || u.height > kSide / 2
                || u.height > kStackedHeight * taller)
              continue;
            marks[a].box = u;
            marks[a].labels.insert (marks[a].labels.end (), marks[b].labels.begin (), marks[b].labels.end ());
            marks.erase (marks.begin () + (long) b);
            joined = true;
          }
    }

  int tallest = 0;
  for (const Mark &m : marks)
    tallest = std::max (tallest, m.box.height);
  marks.erase (std::remove_if (marks.begin (), marks.end (),
                               [&] (const Mark &m) { return m.box.height < kMinMarkHeight * tallest; }),
               marks.end ());

  return marks;
}

/* Whether @label is one of @mark's blobs. */
bool
in_mark (const Mark &mark,
         int         label)
{
  return std::find (mark.labels.begin (), mark.labels.end (), label) != mark.labels.end ();
}

/* @mark cut into @n digits side by side, where the fewest of its columns
 * hold ink near each even cut; each part's box shrunk to its ink. */
std::vector<Mark>
split_mark (const Mark    &mark,
            int            n,
            const cv::Mat &labels)
{
  const cv::Rect &box = mark.box;
  std::vector<int> columns (box.width);
  std::vector<Mark> parts;

  for (int x = 0; x < box.width; x++)
    for (int y = 0; y < box.height; y++)
      columns[x] += in_mark (mark, labels.at<int> (box.y + y, box.x + x));
  for (int k = 1, from = 0; k <= n; k++)
    {
      int to = box.width;

      if (k < n)
        {
          int aim = k * box.width / n, reach = box.width / (3 * n);

          to = aim;
          for (int x = std::max (from + 1, aim - reach); x <= std::min (box.width - 2, aim + reach); x++)
            if (columns[x] < columns[to] || (columns[x] == columns[to] && std::abs (x - aim) < std::abs (to - aim)))
              to = x;
        }
      int top = box.height, bottom = -1;
      for (int y = 0; y < box.height; y++)
        for (int x = from; x < to; x++)
          if (in_mark (mark, labels.at<int> (box.y + y, box.x + x)))
            {
              top = std::min (top, y);
              bottom = std::max (bottom, y);
            }
      if (bottom >= top && to - from >= kMinPieceWidth * box.height)
        {
          Mark part = mark;
          part.box = cv::Rect (box.x + from, box.y + top, to - from, bottom - top + 1);
          parts.push_back (part);
        }
      from = to;
    }
  return parts;
}

/* @mark alone, scaled to a cell's digit, in a kSide² cell of paper. */
void
draw_mark (const cv::Mat &cell,
           const cv::Mat &labels,
           const Mark    &mark,
           guint8        *out)
{
  const double shares[1] = { 0.6 };
  int paper;

  lens::grey_at_shares (cell, shares, &paper, 1);
  cv::Mat alone (mark.box.size (), CV_8U, cv::Scalar (paper));
  for (int y = 0; y < mark.box.height; y++)
    for (int x = 0; x < mark.box.width; x++)
      {
        int cx = mark.box.x + x, cy = mark.box.y + y;
        int label = labels.at<int> (cy, cx);

        if (label != 0 && std::find (mark.labels.begin (), mark.labels.end (), label) == mark.labels.end ())
          continue;
        alone.at<guint8> (y, x) = std::min<guint8> (cell.at<guint8> (cy, cx), (guint8) paper);
      }

  double scale = (double) kMarkHeight / mark.box.height;
  int w = std::clamp ((int) std::lround (mark.box.width * scale), 1, kSide - 4);
  cv::Mat scaled, canvas (kSide, kSide, CV_8U, cv::Scalar (paper));
  cv::resize (alone, scaled, cv::Size (w, kMarkHeight), 0, 0, cv::INTER_LINEAR);
  scaled.copyTo (canvas (cv::Rect ((kSide - w) / 2, (kSide - kMarkHeight) / 2, w, kMarkHeight)));
  std::copy (canvas.data, canvas.data + kSide * kSide, out);
}

/* One way to read a blob: as @n digits (1: whole), from piece @first on. */
struct Reading {
  int cell;
  int first, n;
  double score;
};

/* Reads the @n_pieces pieces of @pixels, each of @blobs' ways of reading
 * a blob, and keeps each blob's likeliest in its cell's candidates. */
void
read_pieces (LensRecognizer                    *recognizer,
             const std::vector<guint8>         &pixels,
             int                                n_pieces,
             std::vector<std::vector<Reading>> &blobs,
             LensScan                          *scan)
{
  GError *error = NULL;
  std::vector<float> scores ((size_t) n_pieces * LENS_N_CLASSES);

  if (!lens_recognizer_reread (recognizer, LENS_REREAD_HAND, pixels.data (), (guint) n_pieces, scores.data (), &error))
    {
      if (error != NULL)
        lens::throw_error (error);
      if (!lens_recognizer_classify (recognizer, pixels.data (), (guint) n_pieces, scores.data (), &error))
        lens::throw_error (error);
    }
  auto best_digit = [&] (int piece) {
    const float *s = &scores[(size_t) piece * LENS_N_CLASSES];
    return (int) (std::max_element (s + 1, s + LENS_N_CLASSES) - s);
  };
  for (std::vector<Reading> &ways : blobs)
    {
      /* The way whose digits the recognizer is surest of, on the mean of
       * their log-scores. */
      for (Reading &way : ways)
        {
          for (int k = way.first; k < way.first + way.n; k++)
            way.score += std::log (std::max (1e-6f, scores[(size_t) k * LENS_N_CLASSES + best_digit (k)]));
          way.score /= way.n;
        }
      const Reading &best = *std::max_element (ways.begin (), ways.end (),
                                               [] (const Reading &a, const Reading &b) { return a.score < b.score; });
      for (int k = best.first; k < best.first + best.n; k++)
        {
          int digit = best_digit (k);

          if (scores[(size_t) k * LENS_N_CLASSES + digit] >= kMinScore)
            scan->cells[best.cell].candidates |= (guint16) (1u << (digit - 1));
        }
    }
}

} /* namespace */

namespace lens {

void
read_pencil_marks (LensRecognizer *recognizer,
                   const cv::Mat  &crops,
                   LensScan       *scan)
{
  std::vector<std::vector<Reading>> blobs;  /* the ways of reading each blob */
  std::vector<guint8> pixels;
  int n_pieces = 0;

  for (int i = 0; i < LENS_GRID_CELLS; i++)
    {
      scan->cells[i].candidates = 0;
      if (scan->cells[i].kind != LENS_READ_KIND_CANDIDATES)
        continue;
      cv::Mat cell = crops.row (i).reshape (1, kSide).clone (), labels;
      for (const Mark &mark : find_marks (cell, labels))
        {
          double aspect = (double) mark.box.width / mark.box.height;
          int n = std::max (2, (int) std::lround (aspect / kDigitWidth));
          std::vector<Reading> ways;

          std::vector<int> counts;

          if (aspect <= kWholeWidth)
            counts.push_back (1);
          if (aspect > kSplitWidth)
            for (int parts = std::max (2, n - 1); parts <= n + 1; parts++)
              counts.push_back (parts);
          for (int parts : counts)
            {
              std::vector<Mark> pieces = parts == 1 ? std::vector<Mark> { mark }
                                                     : split_mark (mark, parts, labels);
              if ((int) pieces.size () != parts)
                continue;
              ways.push_back ({ i, n_pieces, parts, 0 });
              pixels.resize ((size_t) (n_pieces + parts) * kSide * kSide);
              for (const Mark &piece : pieces)
                draw_mark (cell, labels, piece, &pixels[(size_t) n_pieces++ * kSide * kSide]);
            }
          if (!ways.empty ())
            blobs.push_back (ways);
        }
    }
  if (n_pieces > 0)
    read_pieces (recognizer, pixels, n_pieces, blobs, scan);
  /* Marks in which no candidate digit was read are no candidates: a grid
   * line's remnant, a speck. */
  for (int i = 0; i < LENS_GRID_CELLS; i++)
    if (scan->cells[i].kind == LENS_READ_KIND_CANDIDATES && scan->cells[i].candidates == 0)
      {
        scan->cells[i].kind = LENS_READ_KIND_EMPTY;
        scan->cells[i].kind_confidence = scan->cells[i].scores[0];
      }
}

} /* namespace lens */
