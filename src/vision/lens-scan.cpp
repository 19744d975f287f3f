/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "lens-vision-private.hpp"

using lens::Failure;
using lens::Quad;

namespace {

constexpr int kCellBytes = LENS_CELL_PX * LENS_CELL_PX;
constexpr int kMaxProbeCells = 16;
constexpr double kRotationMargin = 0.5;  /* log-odds in favour of the EXIF tag */
constexpr double kMaxLogOdds = 16;
/* Beliefs in upright digits (see digit_belief()) in the preferred turn:
 * above kSureBelief no other turn is weighed, above kUprightBelief only
 * the half turn; below, every turn and the numerals are. On the tune
 * photos (photos, photos-mixed, photos-kubiesa train) no wrong turn
 * reached 6.8 and no turn on its side 0.1, where two upright boards in
 * three reached 8 and 19 in 20 reached 3; boards of Chinese numerals
 * reach 1.5 at most. */
constexpr double kSureBelief = 8.0;
constexpr double kUprightBelief = 3.0;
constexpr double kPaperLevel = 250;
constexpr double kInkLevel = 0.7;    /* of the way from the darkest print to paper */
constexpr int kMinInkPixels = 12;    /* fewer in a cell's middle: plainly empty */
constexpr float kBlankScore = 0.999f;
constexpr int kCutPasses = 2;
constexpr int kMinDigitPx = LENS_CELL_PX / 5;  /* the smallest print spans more */
/* A stroke this much darker than its cell's paper is ink, however much
 * darker the board's darkest print is. On the tune photos (photos-mixed
 * and photos-kubiesa train, 7,377 cells) 30 let 18 of the 30 digits the
 * board's threshold missed be read, and 4 empty cells of 3,224 (40: 12
 * and 1). */
constexpr int kFaintContrast = 30;
/* Candidates as tall as print are print (candidates_as_print()), on a
 * board with this many printed digits to measure print by. Of 0.7, 0.8
 * and 0.9 of the print's median height, on boards of training typefaces
 * (80 + 4 × 300), 0.8 read the most exactly (24 more, 22 once grain had
 * to read as one digit) with no wrong solution more (0.7 added one). */
constexpr int kMinPrintForHeight = 5;
constexpr double kPrintHeightShare = 0.8;

typedef std::chrono::steady_clock Clock;

double
elapsed_ms (Clock::time_point since)
{
  return std::chrono::duration<double, std::milli> (Clock::now () - since).count ();
}

void
check_cancelled (GCancellable *cancellable)
{
  lens::throw_if_cancelled (cancellable);
}

/* The board cell that lands at upright index @cell when the board is
 * turned clockwise by @rotation. */
int
source_cell (int cell,
             int rotation)
{
  int r = cell / 9, c = cell % 9;

  switch (rotation)
    {
    case 90: return (8 - c) * 9 + r;
    case 180: return (8 - r) * 9 + (8 - c);
    case 270: return c * 9 + (8 - r);
    default: return cell;
    }
}

/* The crops of @cells listed in @which (board indices), each turned
 * clockwise by @rotation, packed one per row. */
cv::Mat
turn_cells (const cv::Mat          &cells,
            const std::vector<int> &which,
            int                     rotation)
{
  cv::Mat out ((int) which.size (), kCellBytes, CV_8U);

  for (size_t i = 0; i < which.size (); i++)
    {
      cv::Mat crop = cells.row (which[i]).reshape (1, LENS_CELL_PX);

      lens::rotate_image (crop, rotation).reshape (1, 1).copyTo (out.row ((int) i));
    }
  return out;
}

/* What the recognizer says of a run of cells: LENS_N_CLASSES scores each
 * read as print and read as print or hand alike, and the probability that
 * each cell's digit is handwritten. */
struct Reads {
  std::vector<float> scores;
  std::vector<float> hand_scores;
  std::vector<float> handwritten;
};

/* The readings mixed by each cell's chance of being handwritten. */
std::vector<float>
mixed_scores (const Reads &reads)
{
  std::vector<float> mixed (reads.scores.size ());

  for (size_t k = 0; k < reads.handwritten.size (); k++)
    {
      LensCellRead read;

      lens_cell_read_mix (&read, &reads.scores[k * LENS_N_CLASSES],
                          &reads.hand_scores[k * LENS_N_CLASSES], reads.handwritten[k]);
      std::copy (read.scores, read.scores + LENS_N_CLASSES, &mixed[k * LENS_N_CLASSES]);
    }
  return mixed;
}

/* One cell's two readings, kept until its kind is settled, and the
 * recognizer's chance that its ink is handwritten (which a cell read as
 * empty does not keep). */
struct Readings {
  float printed[LENS_N_CLASSES];
  float hand[LENS_N_CLASSES];
  float handwritten;
};

/* @crops read in @numerals. Chinese numerals are all taken for print, and
 * @foreign (unless NULL) gets the probability that each is foreign ink:
 * no upright numeral of that kind. */
Reads
classify (LensRecognizer     *recognizer,
          LensNumerals        numerals,
          const cv::Mat      &crops,
          std::vector<float> *foreign = nullptr)
{
  Reads reads { std::vector<float> ((size_t) crops.rows * LENS_N_CLASSES),
                std::vector<float> ((size_t) crops.rows * LENS_N_CLASSES),
                std::vector<float> ((size_t) crops.rows) };
  GError *error = NULL;
  gboolean ok;

  if (foreign != nullptr)
    foreign->assign ((size_t) crops.rows, 0.0f);
  if (crops.rows == 0)
    return reads;
  g_assert (crops.isContinuous ());
  if (numerals == LENS_NUMERALS_CHINESE)
    {
      ok = lens_recognizer_classify_chinese (recognizer, crops.data, (guint) crops.rows,
                                             reads.scores.data (),
                                             foreign != nullptr ? foreign->data () : NULL, &error);
      reads.hand_scores = reads.scores;
    }
  else
    ok = lens_recognizer_classify_kinds (recognizer, crops.data, (guint) crops.rows,
                                         reads.scores.data (), reads.hand_scores.data (),
                                         reads.handwritten.data (), &error);
  if (!ok)
    lens::throw_error (error);
  return reads;
}

cv::Rect
cell_middle (void)
{
  int inset = LENS_CELL_PX / 5;

  return cv::Rect (inset, inset, LENS_CELL_PX - 2 * inset, LENS_CELL_PX - 2 * inset);
}

/* The grey level halfway (kInkLevel) from the board's darkest print to
 * paper: print of any contrast counts, paper grain and shading do not. */
double
ink_threshold (const cv::Mat &cells)
{
  cv::Rect middle = cell_middle ();
  std::vector<guint8> values;

  values.reserve ((size_t) LENS_GRID_CELLS * middle.area ());
  for (int i = 0; i < LENS_GRID_CELLS; i++)
    {
      cv::Mat crop = cells.row (i).reshape (1, LENS_CELL_PX) (middle);

      for (int y = 0; y < crop.rows; y++)
        values.insert (values.end (), crop.ptr<guint8> (y), crop.ptr<guint8> (y) + crop.cols);
    }
  std::nth_element (values.begin (), values.begin () + values.size () / 200, values.end ());
  double darkest = values[values.size () / 200];

  return darkest + kInkLevel * (kPaperLevel - darkest);
}

/* The pixels of the largest stroke in a cell's @middle that is darker
 * than the middle's own paper (its median) by kFaintContrast, if that
 * stroke spans as much as a digit; else 0. */
int
faint_ink (const cv::Mat &middle)
{
  int paper = lens::grey_at_share (middle, 0.5);

  if (paper <= kFaintContrast)
    return 0;
  cv::Mat dark = middle < paper - kFaintContrast, labels, stats, centroids;
  /* most cells: too few dark pixels to be ink at all */
  if (cv::countNonZero (dark) < kMinInkPixels)
    return 0;

  int count = cv::connectedComponentsWithStats (dark, labels, stats, centroids, 8);
  int best = 0;

  for (int k = 1; k < count; k++)
    if (std::max (stats.at<int> (k, cv::CC_STAT_WIDTH), stats.at<int> (k, cv::CC_STAT_HEIGHT)) >= kMinDigitPx)
      best = std::max (best, stats.at<int> (k, cv::CC_STAT_AREA));
  return best;
}

/* How many pixels of ink each cell holds in its middle (board order);
 * none where the ink is only a speck, smaller than any printed digit. A
 * cell with too little ink by the board's threshold is looked at again
 * by its own paper: a digit pencilled lightly, or print washed out on a
 * board whose pen entries set a dark threshold. */
std::vector<int>
count_ink (const cv::Mat &cells)
{
  double threshold = ink_threshold (cells);
  cv::Rect middle = cell_middle ();
  std::vector<int> ink (LENS_GRID_CELLS);

  for (int i = 0; i < LENS_GRID_CELLS; i++)
    {
      cv::Mat crop = cells.row (i).reshape (1, LENS_CELL_PX) (middle);
      cv::Mat dark = crop < threshold;
      cv::Rect extent = cv::boundingRect (dark);

      ink[i] = std::max (extent.width, extent.height) < kMinDigitPx ? 0 : cv::countNonZero (dark);
      if (ink[i] < kMinInkPixels)
        {
          int faint = faint_ink (crop);

          if (faint >= kMinInkPixels)
            ink[i] = faint;
        }
    }
  return ink;
}

/* The inkiest cells: the digits' likely places whatever the orientation. */
std::vector<int>
probe_cells (const std::vector<int> &ink)
{
  std::vector<std::pair<int, int>> order;
  std::vector<int> which;

  for (int i = 0; i < LENS_GRID_CELLS; i++)
    if (ink[i] >= kMinInkPixels)
      order.push_back ({ -ink[i], i });
  std::sort (order.begin (), order.end ());
  for (size_t i = 0; i < order.size () && i < kMaxProbeCells; i++)
    which.push_back (order[i].second);
  return which;
}

/* How much the recognizer believes it sees upright digits: the mean
 * log-odds of the best digit class over the least sure half of the cells.
 * Log-odds keep apart a sure 0.9999 and a doubtful 0.98, which an
 * overconfident model gives turned digits; the least sure half leaves out
 * the digits that read the same turned (1, 8, 6 and 9 upside down; 一, 二
 * and 三). Where given, @foreign takes its share off each cell's digit. */
double
digit_belief (const std::vector<float> &scores,
              const std::vector<float> &foreign = {})
{
  size_t n = scores.size () / LENS_N_CLASSES;
  std::vector<double> odds;
  double sum = 0;

  for (size_t i = 0; i < n; i++)
    {
      const float *s = &scores[i * LENS_N_CLASSES];
      double best = *std::max_element (s + 1, s + LENS_N_CLASSES);
      double p = std::clamp (foreign.empty () ? best : best * (1.0 - foreign[i]), 1e-7, 1 - 1e-7);

      odds.push_back (std::min (std::log (p / (1 - p)), kMaxLogOdds));
    }
  std::sort (odds.begin (), odds.end ());
  odds.resize ((odds.size () + 1) / 2);
  for (double o : odds)
    sum += o;
  return odds.empty () ? 0 : sum / odds.size ();
}

/* The median log-odds that a probed cell holds an upright numeral of the
 * kind read rather than foreign ink: above 0 when most cells do. */
double
numeral_odds (const std::vector<float> &foreign)
{
  std::vector<double> odds;

  if (foreign.empty ())
    return 0;
  for (float f : foreign)
    {
      double p = std::clamp (1.0 - f, 1e-7, 1 - 1e-7);

      odds.push_back (std::log (p / (1 - p)));
    }
  std::nth_element (odds.begin (), odds.begin () + (odds.size () - 1) / 2, odds.end ());
  return odds[(odds.size () - 1) / 2];
}

/* The probed cells (board indices) and their scores in the rotation and
 * numerals chosen, which the final read reuses if the same engine made them. */
struct Probe {
  int rotation;
  double margin;
  LensNumerals numerals;
  std::vector<int> cells;
  Reads reads;
  bool reusable;
};

/* The quarter turn in which the probed cells, read in @numerals, look most
 * like upright digits (the @preferred turn by a margin). */
struct Turn {
  int rotation;
  double belief;
  double numeral_odds;
  Reads reads;
  double margin;  /* the belief it leads the next likeliest turn by */
  LensNumerals numerals;
};

/* The probed cells read in @numerals turned by @rotation. */
Turn
weigh_turn (LensRecognizer         *judge,
            LensNumerals            numerals,
            const cv::Mat          &cells,
            const std::vector<int> &probe,
            int                     rotation)
{
  std::vector<float> foreign;
  Reads reads = classify (judge, numerals, turn_cells (cells, probe, rotation), &foreign);
  double belief = numerals == LENS_NUMERALS_CHINESE
                    ? digit_belief (reads.scores, foreign)
                    : (digit_belief (reads.scores) + digit_belief (mixed_scores (reads))) / 2;
  double odds = numeral_odds (foreign);

  g_debug ("rotation %d, %s numerals: digit belief %.3f, numeral odds %.3f over %zu cells", rotation,
           lens_numerals_to_string (numerals), belief, odds, probe.size ());
  return { rotation, belief, odds, std::move (reads), G_MAXFLOAT, numerals };
}

/* The quarter turns weighed: all, or the preferred one and its half turn
 * where it reads like upright digits (a board is then not on its side). */
constexpr int kAllTurns[] = { 0, 90, 180, 270 };
constexpr int kHalfTurns[] = { 0, 180 };

/* The best of @n_turns @turns (clockwise from @preferred, the first 0);
 * @first, where given, is the @preferred turn already weighed, and
 * @weighed, where given, gets every turn weighed. */
Turn
best_turn (LensRecognizer         *judge,
           LensNumerals            numerals,
           const cv::Mat          &cells,
           const std::vector<int> &probe,
           int                     preferred,
           const int              *turns,
           int                     n_turns,
           Turn                   *first = nullptr,
           std::vector<Turn>      *weighed = nullptr)
{
  Turn best = { preferred, 0, 0, {}, G_MAXFLOAT, numerals };
  double runner_up = -G_MAXDOUBLE;

  for (int k = 0; k < n_turns; k++)
    {
      int r = (preferred + turns[k]) % 360;
      Turn turn = k == 0 && first != nullptr ? std::move (*first)
                                             : weigh_turn (judge, numerals, cells, probe, r);

      if (k == 0)
        turn.belief += kRotationMargin;
      if (weighed != nullptr)
        weighed->push_back (turn);
      if (k == 0 || turn.belief > best.belief)
        {
          if (k > 0)
            runner_up = best.belief;
          best = std::move (turn);
        }
      else
        runner_up = std::max (runner_up, turn.belief);
    }
  if (n_turns > 1)
    best.margin = best.belief - runner_up;
  return best;
}

/* The digits again in their row, column or box of the upright grid
 * when the board cells @which, read as @scores (the likeliest digit of
 * each), are turned by @rotation. */
int
count_clashes (const std::vector<float> &scores,
               const std::vector<int>   &which,
               int                       rotation)
{
  std::array<int, LENS_GRID_CELLS> upright_of, grid {};
  int clashes = 0;

  for (int u = 0; u < LENS_GRID_CELLS; u++)
    upright_of[source_cell (u, rotation)] = u;
  for (size_t i = 0; i < which.size (); i++)
    {
      const float *s = &scores[i * LENS_N_CLASSES];

      grid[upright_of[which[i]]] = (int) (std::max_element (s + 1, s + LENS_N_CLASSES) - s);
    }
  for (int unit = 0; unit < 27; unit++)
    {
      std::array<bool, LENS_N_CLASSES> seen {};

      for (int k = 0; k < 9; k++)
        {
          int r = unit < 9 ? unit : unit < 18 ? k : (unit - 18) / 3 * 3 + k / 3;
          int c = unit < 9 ? k : unit < 18 ? unit - 9 : (unit - 18) % 3 * 3 + k % 3;
          int digit = grid[r * 9 + c];

          if (digit > 0 && seen[digit])
            clashes++;
          seen[digit] = true;
        }
    }
  return clashes;
}

/* A read of the probed cells that keeps the rules of Sudoku (at most
 * kCleanClashes digits again in a row, column or box: one misread)
 * overrules the digit model's turn where that turn's read breaks them
 * kClashGap times more. A board turned keeps its clues where the rules
 * want them, but turned digits read as whatever they look like, and in
 * fonts the model does not know the digits of a wrong turn can look as
 * upright as the right one's, or pass for Chinese numerals. The probed
 * cells are the board's 16 inkiest, all or most of its clues, and their
 * reads are at hand for every turn weighed. On the tune boards of unusual
 * typefaces (tf-tune2 to 5 and fonts-boards-tune, 1,280 boards) these
 * rules turned 16 of the 26 boards read turned upright, and none the other
 * way; a gap of 3 would have turned an upright board onto its side. */
constexpr int kCleanClashes = 1;
constexpr int kClashGap = 4;
/* A read with clashes still, in a typeface the model reads poorly,
 * overrules one that breaks the rules twice as often and kHalvedGap times
 * more. On the same boards this turned 2 more upright and none the other
 * way; the nearest upright board it would have turned (gap 4) had 7
 * clashes against 3. */
constexpr int kHalvedGap = 8;

/* Whether a read with @clashes overrules one with @chosen_clashes. */
bool
overrules (int clashes,
           int chosen_clashes)
{
  return (clashes <= kCleanClashes && chosen_clashes - clashes >= kClashGap)
         || (2 * clashes <= chosen_clashes && chosen_clashes - clashes >= kHalvedGap);
}

/* The clashes in the whole board read in @turn: its probed cells' reads
 * and those of the other inked cells, @rest, read now. */
int
board_clashes (LensRecognizer         *judge,
               const cv::Mat          &cells,
               const std::vector<int> &probe,
               const std::vector<int> &rest,
               const Turn             &turn)
{
  std::vector<float> scores = turn.reads.scores;
  std::vector<int> which = probe;

  if (!rest.empty ())
    {
      Reads more = classify (judge, turn.numerals, turn_cells (cells, rest, turn.rotation));

      scores.insert (scores.end (), more.scores.begin (), more.scores.end ());
      which.insert (which.end (), rest.begin (), rest.end ());
    }
  return count_clashes (scores, which, turn.rotation);
}

/* @chosen, or the turn of @weighed whose read of the @probe cells keeps
 * the rules where @chosen's breaks them (see kClashGap and kHalvedGap),
 * and whose read of the whole board does so too: on a board of more ink
 * than clues, where pen entries or pencil marks among the probed cells
 * clash as misread, the rest of the board speaks for the right turn.
 * @weigh_more, where @chosen's read breaks the rules, adds turns to
 * @weighed. */
template <typename WeighMore>
Turn
keep_rules (LensRecognizer         *judge,
            const cv::Mat          &cells,
            const std::vector<int> &ink,
            const std::vector<int> &probe,
            Turn                    chosen,
            std::vector<Turn>      &weighed,
            WeighMore               weigh_more)
{
  int clashes = count_clashes (chosen.reads.scores, probe, chosen.rotation);
  if (clashes < kClashGap)
    return chosen;
  weigh_more ();

  int best = -1, fewest = 0;
  for (size_t k = 0; k < weighed.size (); k++)
    {
      const Turn &turn = weighed[k];

      if (turn.rotation == chosen.rotation && turn.numerals == chosen.numerals)
        continue;
      int n = count_clashes (turn.reads.scores, probe, turn.rotation);
      g_debug ("rotation %d, %s numerals: %d clashes in the probed cells, against %d in rotation %d", turn.rotation,
               lens_numerals_to_string (turn.numerals), n, clashes, chosen.rotation);
      if (!overrules (n, clashes))
        continue;
      if (best < 0 || n < fewest || (n == fewest && turn.belief > weighed[(size_t) best].belief))
        {
          best = (int) k;
          fewest = n;
        }
    }
  if (best < 0)
    return chosen;

  std::vector<int> rest;
  for (int i = 0; i < LENS_GRID_CELLS; i++)
    if (ink[i] >= kMinInkPixels && std::find (probe.begin (), probe.end (), i) == probe.end ())
      rest.push_back (i);
  if (!rest.empty ())
    {
      int board = board_clashes (judge, cells, probe, rest, chosen);
      int ruled_board = board_clashes (judge, cells, probe, rest, weighed[(size_t) best]);

      g_debug ("rotation %d: %d clashes over the board, against %d in rotation %d", weighed[(size_t) best].rotation,
               ruled_board, board, chosen.rotation);
      if (!overrules (ruled_board, board))
        return chosen;
    }

  Turn ruled = std::move (weighed[(size_t) best]);
  double runner_up = -G_MAXDOUBLE;
  for (const Turn &turn : weighed)
    if (turn.rotation != ruled.rotation || turn.numerals != ruled.numerals)
      runner_up = std::max (runner_up, turn.belief);
  /* the digit model's doubt stays for the user to see */
  ruled.margin = ruled.belief - std::max (runner_up, chosen.belief);
  return ruled;
}

/* The numerals, for the whole board so that no stray mark flips one
 * cell's, and the rotation. The Chinese model knows Arabic digits and
 * turned numerals as foreign: where, in its best turn, most probed cells
 * are upright Chinese numerals to it, the board is Chinese. Otherwise the
 * digit model alone turns the board, as it always has. Unless the digits
 * read surely upright, the rules of Sudoku may then overrule the turn (see
 * kClashGap). Chinese numerals are always read by the built-in model, so
 * its scores serve the final read whatever the engine. */
Probe
choose_rotation (LensRecognizer         *recognizer,
                 const cv::Mat          &cells,
                 const std::vector<int> &ink,
                 int                     preferred,
                 bool                    forced)
{
  LensRecognizer *judge = lens_recognizer_get_orientation_judge (recognizer);
  Probe chosen = { preferred, G_MAXFLOAT, LENS_NUMERALS_ARABIC, probe_cells (ink), {}, judge == recognizer };
  int n_turns = forced ? 1 : (int) G_N_ELEMENTS (kAllTurns);
  std::vector<Turn> weighed;
  auto take = [&chosen, judge, recognizer] (Turn turn)
  {
    chosen.rotation = turn.rotation;
    chosen.margin = turn.margin;
    chosen.numerals = turn.numerals;
    chosen.reusable = turn.numerals == LENS_NUMERALS_CHINESE || judge == recognizer;
    chosen.reads = std::move (turn.reads);
    return chosen;
  };

  if (chosen.cells.empty ())
    return chosen;
  /* The digits read in the preferred turn first: only where they are in
   * doubt are other turns and the numerals weighed. */
  Turn first;
  if (!forced)
    {
      first = weigh_turn (judge, LENS_NUMERALS_ARABIC, cells, chosen.cells, preferred);
      if (first.belief >= kSureBelief)
        return take (std::move (first));
      if (first.belief >= kUprightBelief)
        {
          Turn arabic = best_turn (judge, LENS_NUMERALS_ARABIC, cells, chosen.cells, preferred,
                                   kHalfTurns, (int) G_N_ELEMENTS (kHalfTurns), &first, &weighed);
          return take (keep_rules (judge, cells, ink, chosen.cells, std::move (arabic), weighed, [] {}));
        }
    }
  Turn chinese = best_turn (judge, LENS_NUMERALS_CHINESE, cells, chosen.cells, preferred, kAllTurns, n_turns);
  if (chinese.numeral_odds > 0)
    {
      if (forced)
        return take (std::move (chinese));
      return take (keep_rules (judge, cells, ink, chosen.cells, std::move (chinese), weighed, [&] {
        best_turn (judge, LENS_NUMERALS_ARABIC, cells, chosen.cells, preferred, kAllTurns, n_turns, &first, &weighed);
      }));
    }
  Turn arabic = best_turn (judge, LENS_NUMERALS_ARABIC, cells, chosen.cells, preferred, kAllTurns, n_turns,
                          forced ? nullptr : &first, forced ? nullptr : &weighed);
  if (forced)
    return take (std::move (arabic));
  return take (keep_rules (judge, cells, ink, chosen.cells, std::move (arabic), weighed, [] {}));
}

void
set_read (LensCellRead *read,
          Readings     *readings,
          const float  *printed,
          const float  *hand,
          float         handwritten)
{
  std::copy (printed, printed + LENS_N_CLASSES, readings->printed);
  std::copy (hand, hand + LENS_N_CLASSES, readings->hand);
  readings->handwritten = handwritten;
  lens_cell_read_mix (read, printed, hand, handwritten);
}

void
set_read (LensCellRead *read,
          Readings     *readings,
          const Reads  &reads,
          size_t        k)
{
  set_read (read, readings, &reads.scores[k * LENS_N_CLASSES],
            &reads.hand_scores[k * LENS_N_CLASSES], reads.handwritten[k]);
}

/* Cells with no ink in their middle are read as empty without asking the
 * recognizer, which would stretch their paper grain into strokes. */
void
read_cells (LensRecognizer         *recognizer,
            const cv::Mat          &crops,
            const std::vector<int> &ink,
            const Probe            &probe,
            LensScan               *scan,
            Readings               *readings)
{
  std::vector<int> inked;
  float blank[LENS_N_CLASSES];

  std::fill (blank, blank + LENS_N_CLASSES, (1 - kBlankScore) / (LENS_N_CLASSES - 1));
  blank[0] = kBlankScore;
  for (int i = 0; i < LENS_GRID_CELLS; i++)
    {
      int board = source_cell (i, probe.rotation);
      auto known = probe.reusable ? std::find (probe.cells.begin (), probe.cells.end (), board)
                                  : probe.cells.end ();

      if (known != probe.cells.end ())
        set_read (&scan->cells[i], &readings[i], probe.reads, known - probe.cells.begin ());
      else if (ink[board] >= kMinInkPixels)
        inked.push_back (i);
      else
        set_read (&scan->cells[i], &readings[i], blank, blank, 0.0f);
    }
  Reads reads = classify (recognizer, probe.numerals, turn_cells (crops, inked, 0));
  for (size_t k = 0; k < inked.size (); k++)
    set_read (&scan->cells[inked[k]], &readings[inked[k]], reads, k);
}

/* The crops in upright order, each turned upright. */
cv::Mat
upright_cells (const cv::Mat &cells,
               int            rotation)
{
  std::vector<int> order (LENS_GRID_CELLS);

  for (int i = 0; i < LENS_GRID_CELLS; i++)
    order[i] = source_cell (i, rotation);
  return turn_cells (cells, order, rotation);
}

Quad
points_to_quad (const LensPoint corners[4])
{
  std::vector<cv::Point2f> points;

  for (int i = 0; i < 4; i++)
    points.push_back (cv::Point2f ((float) corners[i].x, (float) corners[i].y));
  return lens::order_clockwise (points);
}

/* @quad is clockwise from the top-left of the stored image; the scan's
 * corners start at the top-left as the digits read. */
void
set_corners (LensScan   *scan,
             const Quad &quad)
{
  int turns = scan->rotation / 90;

  for (int i = 0; i < 4; i++)
    {
      const cv::Point2f &p = quad[(i - turns + 4) % 4];

      scan->corners[i].x = p.x;
      scan->corners[i].y = p.y;
    }
}

Quad
scan_quad (const LensScan *scan)
{
  Quad quad;

  for (int i = 0; i < 4; i++)
    quad[i] = cv::Point2f ((float) scan->corners[i].x, (float) scan->corners[i].y);
  return quad;
}

/* How far, in board pixels, the grid found lies from where the warp put
 * the outline. */
double
outline_error (const lens::Board &board,
               const Quad        &outer)
{
  float near = (float) board.margin (), far = (float) (board.margin () + 9 * board.cell);
  const cv::Point2f placed[4] = { { near, near }, { far, near }, { far, far }, { near, far } };
  double worst = 0;

  for (int i = 0; i < 4; i++)
    worst = std::max (worst, (double) cv::norm (outer[i] - placed[i]));
  return worst;
}

/* Warps the board, fits its lines and cuts the cells; then does it again
 * from the outer lines found, which straightens a board whose corners were
 * found loosely, and keeps the better fit. @quad becomes the grid's outline. */
lens::GridFit
cut_board (const cv::Mat &bgr,
           Quad          &quad,
           cv::Mat       &cells,
           int            passes = kCutPasses,
           bool           faint = false)
{
  lens::GridFit best = { -1, quad, { 0, 0 }, false, 0 };

  for (int pass = 0; pass < passes; pass++)
    {
      lens::Board board = lens::warp_board (bgr, quad, lens::kCellPx, faint);
      cv::Mat cut;
      lens::GridFit fit = lens::fit_grid (board, true, &cut);

      if (fit.score <= best.score)
        break;
      best = fit;
      cells = cut;
      if (fit.score < lens::kMinGridScore)
        break;
      quad = lens::map_quad (fit.outer, board.to_board.inv ());
      if (outline_error (board, fit.outer) < lens::kCellPx / 8)
        break;
    }
  return best;
}

cv::Mat
negative (const cv::Mat &image)
{
  cv::Mat out;

  cv::bitwise_not (image, out);
  return out;
}

/* Given corners say nothing of the print's polarity: where the board
 * inside them is no plausible print, its negative may be. */
lens::GridFit
cut_light_on_dark (const cv::Mat       &bgr,
                   const cv::Mat       &grey,
                   const Quad          &given,
                   const lens::GridFit &dark_fit,
                   Quad                &quad,
                   cv::Mat             &cells,
                   int                  passes)
{
  Quad light_quad = given;
  cv::Mat light_cells;
  lens::GridFit fit = cut_board (negative (bgr), light_quad, light_cells, passes);

  if (!lens::plausible_print (negative (grey), light_quad, fit.score) && fit.score <= dark_fit.score)
    return dark_fit;
  quad = light_quad;
  cells = light_cells;
  return fit;
}

/* Which digits the player wrote by hand (from their ink's colour and the
 * puzzle print alone can make), and their reads as such. */
void
settle_handwriting (LensRecognizer *recognizer,
                    const cv::Mat  &bgr,
                    const cv::Mat  &crops,
                    bool            inverted,
                    LensScan       *scan,
                    Readings       *readings)
{
  if (!inverted)
    lens::refine_kinds (bgr, scan_quad (scan), scan);
  lens::symmetric_kinds (scan);
  std::array<guint8, LENS_GRID_CELLS> as_print;
  for (int i = 0; i < LENS_GRID_CELLS; i++)
    as_print[i] = (guint8) (std::max_element (readings[i].printed,
                                              readings[i].printed + LENS_N_CLASSES)
                            - readings[i].printed);
  bool all_print = lens::settle_kinds (scan, as_print.data ());
  float hand[LENS_GRID_CELLS][LENS_N_CLASSES];
  for (int i = 0; i < LENS_GRID_CELLS; i++)
    std::copy (readings[i].hand, readings[i].hand + LENS_N_CLASSES, hand[i]);
  lens::reread_hand (recognizer, crops, scan, hand);
  for (int i = 0; i < LENS_GRID_CELLS; i++)
    std::copy (hand[i], hand[i] + LENS_N_CLASSES, readings[i].hand);
  /* A cell read as empty is read again as the recognizer judged its ink,
   * not as print: its reading as print alone may find a digit in what
   * the hand's reading took for no digit (pencil candidates). */
  for (int i = 0; i < LENS_GRID_CELLS; i++)
    {
      const LensCellRead *read = &scan->cells[i];
      float handwritten = read->digit != 0 || all_print ? lens_cell_read_handwritten (read)
                                                          : readings[i].handwritten;

      lens_cell_read_mix (&scan->cells[i], readings[i].printed, readings[i].hand, handwritten);
    }
}

/* Whether @crop (one of @crops' rows) holds a stroke with a sharp edge, as
 * a pencil's or a pen's has, however faint: the steepest of its grey's
 * slopes, away from the grid lines at its edges, reach kMinStrokeEdge. A
 * smudge, a shadow or the paper's grain is soft all over. Measured on the
 * Sobel magnitude's 99.5th percentile of the cells read as candidates: on
 * the tune photos, true candidates 134 and up (the second paper's train
 * half, 12 MP) and the smudges and grain of the printed photos 86 to 132;
 * the second paper's val half, also shrunk to 720 × 960 and 480 × 640,
 * 214 and up. */
constexpr float kMinStrokeEdge = 110;

bool
has_sharp_stroke (const cv::Mat &crop)
{
  cv::Mat cell = crop.reshape (1, lens::kCellPx), inner, dx, dy, magnitude;
  const int margin = lens::kCellPx / 10;

  cell (cv::Rect (margin, margin, lens::kCellPx - 2 * margin, lens::kCellPx - 2 * margin)).convertTo (inner, CV_32F);
  cv::Sobel (inner, dx, CV_32F, 1, 0, 3);
  cv::Sobel (inner, dy, CV_32F, 0, 1, 3);
  cv::magnitude (dx, dy, magnitude);
  std::vector<float> slopes (magnitude.begin<float> (), magnitude.end<float> ());
  auto rank = slopes.begin () + (std::ptrdiff_t) (0.995 * (double) (slopes.size () - 1));
  std::nth_element (slopes.begin (), rank, slopes.end ());
  return *rank >= kMinStrokeEdge;
}

/* Cells read as holding no digit that hold small pencil candidates (the
 * player's notes, no entry): kind CANDIDATES, still digit 0. */
void
mark_candidates (LensRecognizer *recognizer,
                 const cv::Mat  &crops,
                 LensScan       *scan)
{
  std::vector<int> which;
  std::vector<int> ink = count_ink (crops);

  /* A cell without a mark of a digit's size holds no candidates: a printed
   * puzzle's empty cells cost no second read. */
  for (int i = 0; i < LENS_GRID_CELLS; i++)
    if (scan->cells[i].digit == 0 && ink[i] > 0)
      which.push_back (i);
  if (which.empty ())
    return;
  std::vector<float> candidates = lens::reread_cells (recognizer, LENS_REREAD_CANDIDATES, crops, which);
  if (candidates.empty ())
    return;
  for (size_t k = 0; k < which.size (); k++)
    {
      LensCellRead *read = &scan->cells[which[k]];

      if (candidates[k] > 0.5f * read->scores[0] && has_sharp_stroke (crops.row (which[k])))
        {
          read->kind = LENS_READ_KIND_CANDIDATES;
          read->kind_confidence = std::min (1.0f, candidates[k] / read->scores[0]);
        }
    }
}

/* The height of the ink in @crop darker than @threshold, a little in
 * from its edges (grid lines' remnants stay out). */
int
ink_height (const cv::Mat &crop,
            double         threshold)
{
  constexpr int kEdge = 6;
  cv::Mat cell = crop.reshape (1, lens::kCellPx);
  cv::Mat inner = cell (cv::Rect (kEdge, kEdge, lens::kCellPx - 2 * kEdge, lens::kCellPx - 2 * kEdge));

  return cv::boundingRect (inner < threshold).height;
}

/* On a board with no digit by hand, a cell still taken for pencil
 * candidates (candidate digits read in it) whose ink stands as tall as the
 * board's printed digits, and in which the digit model sees one digit, is
 * print the kinds model did not know (a face of seven segments, a hollow
 * 8): read as that printed digit, in doubt. A player's candidates are
 * small beside the print. */
void
candidates_as_print (const cv::Mat &crops,
                     LensScan      *scan)
{
  std::vector<int> heights;
  bool any = false;

  for (int i = 0; i < LENS_GRID_CELLS; i++)
    {
      if (scan->cells[i].kind == LENS_READ_KIND_HANDWRITTEN)
        return;
      any |= scan->cells[i].kind == LENS_READ_KIND_CANDIDATES;
    }
  /* most boards: no candidates, nothing to measure */
  if (!any)
    return;

  double threshold = ink_threshold (crops);
  for (int i = 0; i < LENS_GRID_CELLS; i++)
    if (scan->cells[i].kind == LENS_READ_KIND_PRINTED)
      heights.push_back (ink_height (crops.row (i), threshold));
  if (heights.size () < (size_t) kMinPrintForHeight)
    return;
  std::nth_element (heights.begin (), heights.begin () + heights.size () / 2, heights.end ());
  double print_height = heights[heights.size () / 2];

  for (int i = 0; i < LENS_GRID_CELLS; i++)
    {
      LensCellRead *read = &scan->cells[i];
      /* summed, not 1 - scores[0]: the scores sum to 1 only to a rounding,
       * and dividing by a small remainder would magnify it */
      float digits = 0;
      for (int d = 1; d < LENS_N_CLASSES; d++)
        digits += read->scores[d];

      if (read->kind != LENS_READ_KIND_CANDIDATES || digits <= 0 ||
          ink_height (crops.row (i), threshold) < kPrintHeightShare * print_height)
        continue;
      /* and the digit model sees one digit in it, likelier than all the
       * others together (grain it reads as anything at all stays) */
      if (*std::max_element (read->scores + 1, read->scores + LENS_N_CLASSES) < 0.5f * digits)
        continue;
      /* the digits alone, the likeliest kept below the uncertain threshold,
       * and what that takes off left as no digit (the scores sum to 1) */
      float kept = 0;
      for (int d = 1; d < LENS_N_CLASSES; d++)
        {
          read->scores[d] = std::min (read->scores[d] / digits, 0.99f * scan->threshold);
          kept += read->scores[d];
        }
      read->scores[0] = std::max (0.0f, 1 - kept);
      read->candidates = 0;
      lens_cell_read_update (read, 0.0f);
    }
}

/* Reads the board @found in @bgr (@grey: its grey, only where the outline
 * was given) as @options ask; @crops gets the upright cells. */
void
scan_bgr (const cv::Mat          &bgr,
          const cv::Mat          &grey,
          const lens::Detection  &found,
          int                     exif_rotation,
          const LensScanOptions  *options,
          LensRecognizer         *recognizer,
          LensScan               *scan,
          cv::Mat                &crops)
{
  bool given = options->corners != nullptr;
  bool keep_given = given && options->keep_corners;
  int rotation = options->rotation;
  GCancellable *cancellable = options->cancellable;
  /* An outline to keep is read as it is: one cut, no snapping to the grid
   * lines found, so its corners stay where they were put. */
  int passes = keep_given ? 1 : kCutPasses;
  Clock::time_point start = Clock::now ();
  Quad quad = found.quad;
  scan->other_boards = (guint) found.other_boards;

  cv::Mat cells;
  lens::GridFit fit = cut_board (found.inverted ? negative (bgr) : bgr, quad, cells, passes, found.faint);
  /* An outline found in the ink around a grid whose lines are too faint
   * to fit there: look for its faint lines (only then, so that no grid
   * fitted in the ink changes). */
  if (fit.score < lens::kMinGridScore && !found.faint && !given)
    {
      quad = found.quad;
      fit = cut_board (found.inverted ? negative (bgr) : bgr, quad, cells, passes, true);
    }
  if (given && !lens::plausible_print (grey, quad, fit.score))
    fit = cut_light_on_dark (bgr, grey, found.quad, fit, quad, cells, passes);
  if (keep_given)
    quad = found.quad;
  if (fit.score < lens::kMinGridScore && !given)
    throw Failure { LENS_ERROR_NO_BOARD, _("No Sudoku grid was found inside the board outline") };
  scan->timing_ms[LENS_STAGE_CELLS] = elapsed_ms (start);
  check_cancelled (cancellable);

  start = Clock::now ();
  std::vector<int> ink = count_ink (cells);
  Probe probe = choose_rotation (recognizer, cells, ink, rotation >= 0 ? rotation : exif_rotation,
                                 rotation >= 0);
  scan->rotation = probe.rotation;
  scan->rotation_margin = (float) probe.margin;
  scan->numerals = probe.numerals;
  crops = upright_cells (cells, scan->rotation);
  std::array<Readings, LENS_GRID_CELLS> readings;
  read_cells (recognizer, crops, ink, probe, scan, readings.data ());
  set_corners (scan, quad);
  /* Handwritten Chinese numerals are not read: those boards are all print. */
  if (scan->numerals == LENS_NUMERALS_ARABIC)
    {
      settle_handwriting (recognizer, bgr, crops, found.inverted, scan, readings.data ());
      mark_candidates (recognizer, crops, scan);
      lens::read_pencil_marks (recognizer, crops, scan);
      /* after the pencil marks: a cell in which no candidate digit is
       * read is empty again by then */
      candidates_as_print (crops, scan);
    }
  scan->timing_ms[LENS_STAGE_RECOGNIZE] = elapsed_ms (start);
}

/* From the coordinates of an image at @from times full size to those of
 * one at @to times, pixel centres kept in place. */
Quad
rescale_quad (const Quad &quad,
              double      from,
              double      to)
{
  Quad out;

  for (int i = 0; i < 4; i++)
    out[i] = (quad[i] + cv::Point2f (0.5f, 0.5f)) * (float) (to / from) - cv::Point2f (0.5f, 0.5f);
  return out;
}

/* @corners in the order of the upright puzzle read at @rotation (the
 * scan's own order) as a quad clockwise from the top-left of the stored
 * image, as set_corners() would give them back; false when they do not
 * run clockwise. */
bool
upright_corners_to_quad (const LensPoint  corners[4],
                         int              rotation,
                         Quad            &quad)
{
  int turns = rotation / 90;
  double area = 0;

  for (int j = 0; j < 4; j++)
    {
      const LensPoint &p = corners[(j + turns) % 4];

      quad[j] = cv::Point2f ((float) p.x, (float) p.y);
    }
  for (int j = 0; j < 4; j++)
    area += (double) quad[j].x * quad[(j + 1) % 4].y - (double) quad[(j + 1) % 4].x * quad[j].y;
  return area > 0;
}

/* The board, found on the preview of @image (or given by @corners), in
 * full-size coordinates. Corners kept at a turn given are taken in their
 * order: sorted again, a corner dragged past another (a thin outline on a
 * small photo) would start the outline elsewhere, and the board would
 * turn a quarter under the player's hand. */
lens::Detection
find_board (const LensImage       *image,
            const LensScanOptions *options,
            GCancellable          *cancellable)
{
  const LensPoint *corners = options->corners;

  if (corners != nullptr)
    {
      Quad quad;

      if (!(options->keep_corners && options->rotation >= 0 &&
            upright_corners_to_quad (corners, options->rotation, quad)))
        quad = points_to_quad (corners);
      return lens::Detection { quad, 0, false, 0, false };
    }

  cv::Mat preview = lens::preview_bgr (image), grey;
  cv::cvtColor (preview, grey, cv::COLOR_BGR2GRAY);
  lens::Detection found = lens::detect_board (grey);
  found.quad = rescale_quad (found.quad, lens::scale_of (image, preview), 1.0);
  check_cancelled (cancellable);
  return found;
}

void
corners_to_full_size (LensScan *scan,
                      double    scale)
{
  Quad quad;

  for (int i = 0; i < 4; i++)
    quad[i] = cv::Point2f ((float) scan->corners[i].x, (float) scan->corners[i].y);
  quad = rescale_quad (quad, scale, 1.0);
  for (int i = 0; i < 4; i++)
    {
      scan->corners[i].x = quad[i].x;
      scan->corners[i].y = quad[i].y;
    }
}

} /* namespace */

/* The board is cut from the photo at the smallest scale its decoder offers
 * that keeps a cell LENS_CELL_PX pixels across or more. */
gboolean
lens_scan_image (const LensImage        *image,
                 LensRecognizer         *recognizer,
                 const LensScanOptions  *options,
                 LensScan               *scan,
                 GError                **error)
{
  static const LensScanOptions defaults = LENS_SCAN_OPTIONS_INIT;

  g_return_val_if_fail (image != NULL, FALSE);
  g_return_val_if_fail (recognizer != NULL, FALSE);
  g_return_val_if_fail (scan != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  if (options == NULL)
    options = &defaults;
  g_return_val_if_fail (options->rotation == -1 || options->rotation == 0 || options->rotation == 90 ||
                        options->rotation == 180 || options->rotation == 270, FALSE);

  const LensPoint *corners = options->corners;
  GCancellable *cancellable = options->cancellable;

  memset (scan, 0, sizeof *scan);
  scan->engine = lens_recognizer_get_engine (recognizer);
  scan->threshold = lens_engine_get_uncertain_threshold (scan->engine);
  try
    {
      Clock::time_point start = Clock::now ();
      lens::Detection found = find_board (image, options, cancellable);
      scan->timing_ms[LENS_STAGE_DETECT] = elapsed_ms (start);

      /* The cut and the colour of the ink look no further than a few cells
       * around the board found; an outline given is looked at whole. Its
       * decode, where the photo is decoded again, counts to the cells. */
      start = Clock::now ();
      cv::Mat bgr = lens::scaled_bgr (image, lens::eighths_for (image, found.quad, 10.0 * LENS_CELL_PX),
                                      corners == nullptr ? &found.quad : nullptr);
      double scale = lens::scale_of (image, bgr), cut_decode_ms = elapsed_ms (start);
      cv::Mat grey, crops;

      found.quad = rescale_quad (found.quad, 1.0, scale);
      if (corners != nullptr)
        cv::cvtColor (bgr, grey, cv::COLOR_BGR2GRAY);
      scan_bgr (bgr, grey, found, image->exif_rotation, options, recognizer, scan, crops);
      scan->timing_ms[LENS_STAGE_CELLS] += cut_decode_ms;
      corners_to_full_size (scan, scale);
      g_log (LENS_TIMING_DOMAIN, G_LOG_LEVEL_DEBUG,
             "scan: detect %.1f ms, cells %.1f ms (of which decoding %.1f ms), recognize %.1f ms "
             "(cut at %.2f of full size)",
             scan->timing_ms[LENS_STAGE_DETECT], scan->timing_ms[LENS_STAGE_CELLS], cut_decode_ms,
             scan->timing_ms[LENS_STAGE_RECOGNIZE], scale);
      if (options->cells_out != NULL)
        *options->cells_out = g_bytes_new (crops.data, crops.total ());
      return TRUE;
    }
  catch (...)
    {
      lens::set_error_from_current_exception (error);
      return FALSE;
    }
}

gboolean
lens_scan_file (const char             *path,
                LensRecognizer         *recognizer,
                const LensScanOptions  *options,
                LensScan               *scan,
                LensImage             **image_out,
                GError                **error)
{
  g_autoptr(LensImage) image = NULL;
  Clock::time_point start = Clock::now ();
  double decode_ms;

  g_return_val_if_fail (path != NULL, FALSE);

  image = lens_image_load (path, error);
  if (image == NULL)
    return FALSE;
  decode_ms = elapsed_ms (start);
  if (!lens_scan_image (image, recognizer, options, scan, error))
    return FALSE;
  scan->timing_ms[LENS_STAGE_DECODE] = decode_ms;
  if (image_out != NULL)
    *image_out = g_steal_pointer (&image);
  return TRUE;
}

static void
scan_to_grid (const LensScan *scan,
              float           threshold,
              gboolean        with_handwritten,
              LensGrid       *grid)
{
  g_return_if_fail (scan != NULL);
  g_return_if_fail (grid != NULL);

  lens_grid_clear (grid);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      const LensCellRead *read = &scan->cells[i];

      if (read->kind == LENS_READ_KIND_HANDWRITTEN && !with_handwritten)
        continue;
      grid->digits[i] = read->digit;
      if (read->digit != 0)
        grid->flags[i] |= LENS_CELL_GIVEN;
      if (read->confidence < threshold)
        grid->flags[i] |= LENS_CELL_UNCERTAIN;
    }
}

void
lens_scan_to_grid (const LensScan *scan,
                   float           threshold,
                   LensGrid       *grid)
{
  scan_to_grid (scan, threshold, FALSE, grid);
}

void
lens_scan_to_paper (const LensScan *scan,
                    float           threshold,
                    LensGrid       *grid)
{
  scan_to_grid (scan, threshold, TRUE, grid);
}

guint
lens_scan_get_entries (const LensScan *scan,
                       guint8          entries[LENS_GRID_CELLS])
{
  guint n = 0;

  g_return_val_if_fail (scan != NULL, 0);
  g_return_val_if_fail (entries != NULL, 0);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      gboolean hand = scan->cells[i].kind == LENS_READ_KIND_HANDWRITTEN;

      entries[i] = hand ? scan->cells[i].digit : 0;
      n += hand;
    }
  return n;
}

LensImage *
lens_scan_extract_cell (const LensImage *image,
                        const LensScan  *scan,
                        guint            cell,
                        int              size)
{
  g_return_val_if_fail (image != NULL, NULL);
  g_return_val_if_fail (scan != NULL, NULL);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, NULL);
  g_return_val_if_fail (size > 0, NULL);

  try
    {
      float r = (float) lens_cell_row (cell), c = (float) lens_cell_col (cell);
      const cv::Point2f board[4] = { { 0, 0 }, { 9, 0 }, { 9, 9 }, { 0, 9 } };
      cv::Point2f photo[4];
      const cv::Point2f square[4] = {
        { 0, 0 }, { (float) size, 0 }, { (float) size, (float) size }, { 0, (float) size },
      };
      std::vector<cv::Point2f> unit = { { c, r }, { c + 1, r }, { c + 1, r + 1 }, { c, r + 1 } }, corners;
      LensImage *out;

      for (int i = 0; i < 4; i++)
        photo[i] = cv::Point2f ((float) scan->corners[i].x, (float) scan->corners[i].y);
      cv::perspectiveTransform (unit, corners, cv::getPerspectiveTransform (board, photo));
      out = g_new0 (LensImage, 1);
      new (out) LensImage ();
      cv::warpPerspective (lens::full_bgr (image), out->bgr,
                           cv::getPerspectiveTransform (corners.data (), square),
                           cv::Size (size, size), cv::INTER_AREA, cv::BORDER_REPLICATE);
      return out;
    }
  catch (...)
    {
      g_critical ("Could not cut cell %u out of the image", cell);
      return NULL;
    }
}

void
lens_vision_use_one_thread (void)
{
  try
    {
      cv::setNumThreads (0);
    }
  catch (...)
    {
      g_warning ("OpenCV could not be kept to one thread");
    }
}

const char *
lens_stage_to_string (LensStage stage)
{
  switch (stage)
    {
    case LENS_STAGE_DECODE: return "decode";
    case LENS_STAGE_DETECT: return "detect";
    case LENS_STAGE_CELLS: return "cells";
    case LENS_STAGE_RECOGNIZE: return "recognize";
    case LENS_N_STAGES:
    default: return "unknown";
    }
}
