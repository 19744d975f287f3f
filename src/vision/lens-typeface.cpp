/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One board, one typeface. The digit reader misreads a typeface it never
 * learned systematically (a whole board's 6s as 8), but it reads each
 * glyph of the board in the same face: the 6s look like each other and
 * unlike the 8s. So the printed glyphs of a board are compared with each
 * other (the slopes of their windows as the network gets them, correlated
 * with a shift of a pixel each way), grouped where they
 * look alike, and each group of two or more gets one digit: the one its
 * members' probabilities vote for, with a cost for giving two such groups
 * the same digit. The cost is soft (a group the reader is sure of keeps
 * its digit; two groups of one digit split by a blurred glyph can still
 * both keep it) and no single sure reading is overruled. The Sudoku rules
 * cannot choose a group's digit: a valid puzzle stays valid when its
 * digits are relabelled. */
#include "config.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "lens-recognizer-model.hpp"
#include "lens-typeface.h"

namespace {

constexpr int kSide = LENS_MODEL_SIDE;
/* The window's rim is left out: grid-line remnants show there, alike in
 * every cell, and would make all glyphs look alike. */
constexpr int kRim = 3;
constexpr int kInner = kSide - 2 * kRim;
constexpr int kPixels = kInner * kInner;
/* The window is centred on the ink; the shift search absorbs what the
 * centring leaves (a pixel of the 28). */
constexpr int kShift = 1;

/* Chosen on the tune boards of training typefaces (80 boards; the Wicht
 * and pen-filled tune halves changed in nothing), with the grouping and
 * vote replayed on the cells the scan read: of thresholds 0.85 to 0.95
 * and costs 1 to 8, 0.88 and 5 turned the most boards' printed digits
 * right (45 to 53) for the fewest right readings lost (6, against 19
 * wrong ones made right). */
/* Two groups merge when their glyphs' mean correlation reaches this. */
constexpr double kAlike = 0.88;
/* The cost, per glyph of the smaller group, in nats, of two groups of two
 * or more glyphs read as one digit. */
constexpr double kDiffer = 5.0;
/* A reading this sure is never overruled, and its glyph leaves the group
 * that says otherwise. */
constexpr float kSure = 0.99f;
/* Nor is a reading that gives the group's digit less than this share of
 * its digits' probability: the reader rules that digit out. Added after a
 * pen-filled holdout photo lost a printed 6, read surely as no 8, to a
 * group of 8s; the value chosen on the tune boards (1e-3 to 1e-2 alike). */
constexpr double kPlausible = 1e-3;
/* A probability is never taken for less than this: one glyph's certainty
 * does not veto its group. */
constexpr double kFloor = 1e-4;
/* A cell the group overrules is left in doubt (below the builtin engine's
 * uncertain threshold, 0.99), its own reading second. */
constexpr double kOverruled = 0.98;
/* Fewer printed digits than this say little of the typeface. */
constexpr int kMinGlyphs = 6;

/* A glyph is compared by the slopes of its ink (horizontal and vertical
 * differences of the network's window), which tell strokes apart better
 * than the ink itself: on the tune boards, pairs of one digit against
 * pairs of two, ROC AUC 0.988 against 0.985 for the window's ink. */
struct Glyph {
  int cell;
  std::array<float, kPixels> dx, dy;  /* together of unit norm */
};

Glyph
describe (const guint8 *crop,
          int           cell)
{
  std::array<float, kSide * kSide> px;
  Glyph g;
  double norm = 0;

  g.cell = cell;
  lens_preprocess_cell (crop, px.data ());
  for (int y = 0; y < kInner; y++)
    for (int x = 0; x < kInner; x++)
      {
        int at = (y + kRim) * kSide + x + kRim;
        float dx = px[at + 1] - px[at - 1], dy = px[at + kSide] - px[at - kSide];

        g.dx[y * kInner + x] = dx;
        g.dy[y * kInner + x] = dy;
        norm += (double) dx * dx + (double) dy * dy;
      }
  norm = std::sqrt (std::max (norm, 1e-12));
  for (int i = 0; i < kPixels; i++)
    {
      g.dx[i] = (float) (g.dx[i] / norm);
      g.dy[i] = (float) (g.dy[i] / norm);
    }
  return g;
}

/* The best correlation of @a and @b over shifts of up to kShift pixels. */
double
alike (const Glyph &a,
       const Glyph &b)
{
  double best = -1;

  for (int sy = -kShift; sy <= kShift; sy++)
    for (int sx = -kShift; sx <= kShift; sx++)
      {
        float sum = 0;

        for (int y = std::max (0, -sy); y < std::min (kInner, kInner - sy); y++)
          {
            const float *ax = &a.dx[y * kInner], *ay = &a.dy[y * kInner];
            const float *bx = &b.dx[(y + sy) * kInner + sx], *by = &b.dy[(y + sy) * kInner + sx];

            for (int x = std::max (0, -sx); x < std::min (kInner, kInner - sx); x++)
              sum += ax[x] * bx[x] + ay[x] * by[x];
          }
        best = std::max (best, (double) sum);
      }
  return best;
}

/* Average-linkage grouping of @n glyphs by @sim (n × n) down to @alike. */
std::vector<std::vector<int>>
group (std::vector<double> sim,
       int                 n,
       double              threshold)
{
  std::vector<std::vector<int>> groups (n);

  for (int i = 0; i < n; i++)
    groups[i] = { i };
  for (;;)
    {
      int a = -1, b = -1;
      double best = threshold;

      for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
          if (!groups[i].empty () && !groups[j].empty () && sim[i * n + j] >= best)
            {
              best = sim[i * n + j];
              a = i;
              b = j;
            }
      if (a < 0)
        break;
      double na = (double) groups[a].size (), nb = (double) groups[b].size ();
      for (int k = 0; k < n; k++)
        if (k != a && k != b && !groups[k].empty ())
          sim[a * n + k] = sim[k * n + a] = (na * sim[a * n + k] + nb * sim[b * n + k]) / (na + nb);
      groups[a].insert (groups[a].end (), groups[b].begin (), groups[b].end ());
      groups[b].clear ();
    }
  groups.erase (std::remove_if (groups.begin (), groups.end (),
                                [] (const std::vector<int> &g) { return g.empty (); }),
                groups.end ());
  return groups;
}

/* A cell's reading among the digits 1..9 alone (@d: 1..9). */
double
digit_share (const LensCellRead *read,
             int                 d)
{
  double digits = 1.0 - read->scores[0];

  return digits > 0 ? read->scores[d] / digits : 1.0 / 9;
}

struct Vote {
  std::vector<int> cells;           /* indices into the board's cells */
  std::array<double, 10> log_p {};  /* per digit 1..9: members' summed log-probability */
  int digit = 0;
};

void
count_votes (Vote                     &vote,
             const LensCellRead       *cells)
{
  vote.log_p.fill (0);
  for (int c : vote.cells)
    for (int d = 1; d <= 9; d++)
      vote.log_p[d] += std::log (std::max (digit_share (&cells[c], d), kFloor));
}

int
best_digit (const Vote &vote)
{
  return (int) (std::max_element (vote.log_p.begin () + 1, vote.log_p.end ()) - vote.log_p.begin ());
}

/* What giving @votes[v] @digit costs in sharing it with the others. */
double
sharing_cost (const std::vector<Vote> &votes,
              size_t                   v,
              int                      digit,
              double                   differ)
{
  double cost = 0;

  for (size_t w = 0; w < votes.size (); w++)
    if (w != v && votes[w].digit == digit)
      cost += differ * (double) std::min (votes[v].cells.size (), votes[w].cells.size ());
  return cost;
}

/* Each group's digit, one group at a time taking the best given the others,
 * until none changes (a few rounds: the groups are few). */
void
assign (std::vector<Vote> &votes,
        double             differ)
{
  for (Vote &vote : votes)
    vote.digit = best_digit (vote);
  for (int round = 0; round < 20; round++)
    {
      bool changed = false;

      for (size_t v = 0; v < votes.size (); v++)
        {
          int best = votes[v].digit;
          double best_score = votes[v].log_p[best] - sharing_cost (votes, v, best, differ);

          for (int d = 1; d <= 9; d++)
            {
              double score = votes[v].log_p[d] - sharing_cost (votes, v, d, differ);
              if (score > best_score + 1e-9)
                {
                  best = d;
                  best_score = score;
                }
            }
          changed |= best != votes[v].digit;
          votes[v].digit = best;
        }
      if (!changed)
        break;
    }
}

/* The group's belief in @vote's digit, given the others' digits. */
double
belief (const std::vector<Vote> &votes,
        size_t                   v,
        double                   differ)
{
  std::array<double, 10> score;
  double top = -G_MAXDOUBLE, sum = 0;

  for (int d = 1; d <= 9; d++)
    {
      score[d] = votes[v].log_p[d] - sharing_cost (votes, v, d, differ);
      top = std::max (top, score[d]);
    }
  for (int d = 1; d <= 9; d++)
    sum += std::exp (score[d] - top);
  return std::exp (score[votes[v].digit] - top) / sum;
}

/* @read now reads @digit with @confidence, its other digits sharing the
 * rest as before; its chance of no digit stays. */
void
overrule (LensCellRead *read,
          int           digit,
          double        confidence)
{
  float handwritten = lens_cell_read_handwritten (read);
  double digits = 1.0 - read->scores[0], others = 0;

  for (int d = 1; d <= 9; d++)
    if (d != digit)
      others += read->scores[d];
  for (int d = 1; d <= 9; d++)
    read->scores[d] = d == digit ? (float) (digits * confidence)
                                 : (float) (others > 0 ? digits * (1 - confidence) * read->scores[d] / others : 0);
  lens_cell_read_update (read, handwritten);
}

} /* namespace */

gboolean
lens_typeface_enabled (void)
{
  return g_getenv ("SUDOKU_LENS_NO_TYPEFACE") == NULL;
}

guint
lens_typeface_vote (const guint8 *crops,
                    LensCellRead  cells[LENS_GRID_CELLS],
                    float         threshold,
                    gboolean     *doubt)
{
  if (doubt != NULL)
    *doubt = FALSE;
  g_return_val_if_fail (crops != NULL, 0);
  g_return_val_if_fail (cells != NULL, 0);

  std::vector<Glyph> glyphs;

  /* Pen and pencil are no typeface: only the printed digits. */
  for (int i = 0; i < LENS_GRID_CELLS; i++)
    if (cells[i].digit != 0 && cells[i].kind == LENS_READ_KIND_PRINTED)
      glyphs.push_back (describe (crops + (gsize) i * LENS_CELL_PX * LENS_CELL_PX, i));
  int n = (int) glyphs.size ();
  if (n < kMinGlyphs)
    return 0;

  std::vector<double> sim ((size_t) n * n, 1.0);
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      sim[i * n + j] = sim[j * n + i] = alike (glyphs[i], glyphs[j]);

  std::vector<Vote> votes;
  for (const std::vector<int> &members : group (std::move (sim), n, kAlike))
    {
      if (members.size () < 2)
        continue;
      Vote vote;
      for (int m : members)
        vote.cells.push_back (glyphs[m].cell);
      count_votes (vote, cells);
      /* A glyph the reader is sure is another digit than its group's
       * majority, or sure is not that digit, leaves the group: looking
       * alike does not overrule it. */
      int digit = best_digit (vote);
      vote.cells.erase (std::remove_if (vote.cells.begin (), vote.cells.end (), [&] (int c) {
                          return cells[c].digit != digit &&
                                 (cells[c].confidence >= kSure || digit_share (&cells[c], digit) < kPlausible);
                        }),
                        vote.cells.end ());
      if (vote.cells.size () < 2)
        continue;
      count_votes (vote, cells);
      votes.push_back (vote);
    }
  assign (votes, kDiffer);

  guint changed = 0;
  std::array<bool, LENS_GRID_CELLS> overruled {};
  for (size_t v = 0; v < votes.size (); v++)
    {
      double confidence = std::min (kOverruled, belief (votes, v, kDiffer));

      /* A group in two minds about its digit changes nothing. */
      if (confidence <= 0.5)
        continue;
      for (int c : votes[v].cells)
        if (cells[c].digit != votes[v].digit && cells[c].confidence < kSure &&
            digit_share (&cells[c], votes[v].digit) >= kPlausible)
          {
            overrule (&cells[c], votes[v].digit, confidence);
            overruled[c] = cells[c].digit == votes[v].digit;
            changed += overruled[c];
          }
    }
  /* The board showed the reader misreads its typeface. Where it doubts
   * other digits that the groups did not settle, those may be misread the
   * same way on every glyph (3s read as 5s and 5s as 3s), which no rule of
   * the puzzle shows: the whole reading is in doubt. */
  if (doubt != NULL && changed > 0)
    for (const Glyph &g : glyphs)
      if (!overruled[g.cell] && cells[g.cell].confidence < threshold)
        *doubt = TRUE;
  return changed;
}
