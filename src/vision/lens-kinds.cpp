/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Printed or handwritten: the recognizer judges each cell by the shapes it
 * sees in grey; this adds what the board as a whole shows in colour. On
 * one board the printed digits share one ink, and a player's pen another:
 * blue, red, or a black whose shade differs from the print's. The cells the
 * recognizer is sure of teach what each ink looks like on this photo; every
 * cell's odds then move by how much more its ink resembles one than the
 * other. Where both inks look alike the two means coincide and nothing
 * moves. A board with too few cells surely handwritten is taken for
 * print alone unless a cell is very sure of its hand: blur can give a
 * printed digit a hand's look, and a player seldom writes only one digit. */
#include "config.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "lens-solver.h"
#include "lens-vision-private.hpp"

namespace {

constexpr int kSide = 32;            /* cell side in the colour warp, pixels */
constexpr float kSure = 0.1f;        /* P(hand) below / above 1 - this teaches */
constexpr int kMinTeachers = 3;      /* sure cells needed of each kind */
constexpr double kMinSpread = 3.0;   /* floor of an ink feature's deviation */
constexpr double kMaxShift = 8.0;    /* cap on the colour's log-odds */
constexpr double kLoneHand = 4.0;    /* log-odds against a hand no other cell shows */
constexpr int kMaxPrintedDigits = 40; /* more than a printed puzzle ever gives */
constexpr int kMinSymmetricGivens = 17;  /* the fewest givens a puzzle has */
constexpr int kMaxLoneGivens = 4;     /* digits taken for print without a partner */
constexpr float kSymmetryKind = 0.9f; /* P(hand) or P(print) a partner's kind gives */

typedef std::array<double, 3> Ink;   /* L, a, b of the ink less the paper's */

/* The middle of @cell in the colour warp, where its ink is looked for. */
cv::Rect
cell_middle (int cell)
{
  int inset = kSide / 5;

  return cv::Rect ((cell % 9) * kSide + inset, (cell / 9) * kSide + inset, kSide - 2 * inset, kSide - 2 * inset);
}

/* The colour of the ink in one cell, relative to its paper, in Lab. */
bool
cell_ink (const cv::Mat &lab,
          int            cell,
          Ink           *ink)
{
  cv::Mat patch = lab (cell_middle (cell));
  std::vector<cv::Vec3b> pixels (patch.begin<cv::Vec3b> (), patch.end<cv::Vec3b> ());
  std::vector<int> light;

  for (const cv::Vec3b &p : pixels)
    light.push_back (p[0]);
  std::sort (light.begin (), light.end ());
  int paper = light[light.size () * 4 / 5], darkest = light[light.size () / 50];
  if (paper - darkest < 20)
    return false;

  int cut = paper - (paper - darkest) / 2;
  std::array<double, 3> ink_sum {}, paper_sum {};
  int n_ink = 0, n_paper = 0;
  for (const cv::Vec3b &p : pixels)
    {
      if (p[0] <= cut)
        {
          for (int k = 0; k < 3; k++)
            ink_sum[k] += p[k];
          n_ink++;
        }
      else if (p[0] >= paper)
        {
          for (int k = 0; k < 3; k++)
            paper_sum[k] += p[k];
          n_paper++;
        }
    }
  if (n_ink == 0 || n_paper == 0)
    return false;
  for (int k = 0; k < 3; k++)
    (*ink)[k] = ink_sum[k] / n_ink - paper_sum[k] / n_paper;
  return true;
}

double
logit (double p)
{
  p = std::clamp (p, 1e-6, 1 - 1e-6);
  return std::log (p / (1 - p));
}

} /* namespace */

namespace lens {

void
refine_kinds (const cv::Mat &bgr,
              const Quad    &upright,
              LensScan      *scan)
{
  const float side = 9 * kSide;
  const cv::Point2f square[4] = { { 0, 0 }, { side, 0 }, { side, side }, { 0, side } };
  cv::Mat warped, lab;
  std::array<Ink, LENS_GRID_CELLS> inks;
  std::array<bool, LENS_GRID_CELLS> has_ink {};
  std::array<Ink, 2> sum {}, sq {};
  std::array<int, 2> n {};

  cv::warpPerspective (bgr, warped, cv::getPerspectiveTransform (upright.data (), square),
                       cv::Size ((int) side, (int) side), cv::INTER_AREA);
  /* Only the middles of the cells read as digits are looked at. */
  lab = cv::Mat (warped.size (), CV_8UC3, cv::Scalar::all (0));
  for (int i = 0; i < LENS_GRID_CELLS; i++)
    if (scan->cells[i].digit != 0)
      bgr_to_lab (warped (cell_middle (i))).copyTo (lab (cell_middle (i)));
  for (int i = 0; i < LENS_GRID_CELLS; i++)
    {
      const LensCellRead *read = &scan->cells[i];
      float hand = lens_cell_read_handwritten (read);

      if (read->digit == 0 || !cell_ink (lab, i, &inks[i]))
        continue;
      has_ink[i] = true;
      if (hand > kSure && hand < 1 - kSure)
        continue;
      int kind = hand >= 1 - kSure;
      for (int k = 0; k < 3; k++)
        {
          sum[kind][k] += inks[i][k];
          sq[kind][k] += inks[i][k] * inks[i][k];
        }
      n[kind]++;
    }
  if (n[1] < kMinTeachers)
    {
      for (LensCellRead &read : scan->cells)
        if (read.digit != 0)
          {
            double odds = logit (lens_cell_read_handwritten (&read)) - kLoneHand;
            lens_cell_read_update (&read, (float) (1 / (1 + std::exp (-odds))));
          }
      return;
    }
  if (n[0] < kMinTeachers)
    return;

  Ink mean[2], spread;
  for (int k = 0; k < 3; k++)
    {
      double var = 0;
      for (int kind = 0; kind < 2; kind++)
        {
          mean[kind][k] = sum[kind][k] / n[kind];
          var += sq[kind][k] - n[kind] * mean[kind][k] * mean[kind][k];
        }
      spread[k] = std::max (std::sqrt (var / (n[0] + n[1])), kMinSpread);
    }
  for (int i = 0; i < LENS_GRID_CELLS; i++)
    {
      double shift = 0;

      if (!has_ink[i])
        continue;
      for (int k = 0; k < 3; k++)
        {
          double to_print = (inks[i][k] - mean[0][k]) / spread[k];
          double to_hand = (inks[i][k] - mean[1][k]) / spread[k];
          shift += (to_print * to_print - to_hand * to_hand) / 2;
        }
      shift = std::clamp (shift, -kMaxShift, kMaxShift);
      double odds = logit (lens_cell_read_handwritten (&scan->cells[i])) + shift;
      lens_cell_read_update (&scan->cells[i], (float) (1 / (1 + std::exp (-odds))));
    }
}

/* Most papers print their givens symmetric under a half turn: a given's
 * partner (the cell turned about the middle) is a given too. Where all
 * but a few of the digits taken for print have a partner taken for print,
 * the board is such a paper, and each lone one is mended by its partner: a
 * lone "given" whose partner is empty or pencil candidates is taken for an
 * entry (a pencil digit as dark as print) unless the recognizer is sure of its
 * print, since the partner may be print missed; one whose partner holds a
 * handwritten digit takes the kind of whichever of the two the recognizer is surer
 * of. A paper that does not print symmetric puzzles has far more lone
 * givens, and nothing changes. */
void
symmetric_kinds (LensScan *scan)
{
  std::array<bool, LENS_GRID_CELLS> printed;
  int n_printed = 0, n_lone = 0;

  for (int i = 0; i < LENS_GRID_CELLS; i++)
    {
      printed[i] = scan->cells[i].digit != 0 && scan->cells[i].kind == LENS_READ_KIND_PRINTED;
      n_printed += printed[i];
    }
  for (int i = 0; i < LENS_GRID_CELLS; i++)
    n_lone += printed[i] && !printed[LENS_GRID_CELLS - 1 - i];
  if (n_printed < kMinSymmetricGivens || n_lone == 0 || n_lone > kMaxLoneGivens)
    return;
  for (int i = 0; i < LENS_GRID_CELLS / 2; i++)
    {
      int j = LENS_GRID_CELLS - 1 - i;

      if (printed[i] == printed[j])
        continue;
      LensCellRead *given = &scan->cells[printed[i] ? i : j];
      LensCellRead *other = &scan->cells[printed[i] ? j : i];
      if (other->digit == 0)
        {
          double odds = logit (lens_cell_read_handwritten (given)) + kLoneHand;
          lens_cell_read_update (given, (float) (1 / (1 + std::exp (-odds))));
          continue;
        }
      double print_odds = -logit (lens_cell_read_handwritten (given));
      double hand_odds = logit (lens_cell_read_handwritten (other));
      if (print_odds < hand_odds)
        lens_cell_read_update (given, std::max (kSymmetryKind, lens_cell_read_handwritten (given)));
      else
        lens_cell_read_update (other, std::min (1 - kSymmetryKind, lens_cell_read_handwritten (other)));
    }
}

/* A printed puzzle has one solution. Where the digits taken for print have
 * none or several (givens misread or missing), and all the digits, read
 * as print (@as_print), are no more than a puzzle prints, the board is print
 * alone and the "hand" was print that blur or a thin font made look
 * written. Repair then mends the digits as for any printed puzzle. */
bool
settle_kinds (LensScan     *scan,
              const guint8 *as_print)
{
  guint8 printed[LENS_GRID_CELLS];
  int n_paper = 0, n_hand = 0;

  for (int i = 0; i < LENS_GRID_CELLS; i++)
    {
      const LensCellRead *read = &scan->cells[i];

      printed[i] = read->kind == LENS_READ_KIND_PRINTED ? read->digit : 0;
      n_paper += as_print[i] != 0;
      n_hand += read->kind == LENS_READ_KIND_HANDWRITTEN;
    }
  if (n_hand == 0 || n_paper > kMaxPrintedDigits || lens_solver_count (printed, 2, NULL) == 1)
    return false;
  for (LensCellRead &read : scan->cells)
    lens_cell_read_update (&read, 0.0f);
  return true;
}

} /* namespace lens */
