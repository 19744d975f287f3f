/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "lens-solver-private.h"

/* This file is compiled once for each instruction set the solver is built
 * for (see lens-solver.c and meson.build): LENS_SOLVER_ENGINE names its one
 * entry point, and everything else is private to each copy, tables
 * included. */
#ifndef LENS_SOLVER_ENGINE
#error "LENS_SOLVER_ENGINE must name the engine's entry point"
#endif
#ifndef LENS_SOLVER_ENGINE_SCOPE
#define LENS_SOLVER_ENGINE_SCOPE
#endif

/* The board is held as 27 "digit-bands": cand[b][d] has bit r * 9 + c set
 * when digit d + 1 may still go in row r (0..2) of band b, column c.  A
 * placed digit keeps its own bit, so in a solved grid every digit-band
 * holds exactly one bit per row.
 *
 * The band rule works on one digit-band at a time: the band's three rows
 * and three boxes must each take the digit once, so only the mini-rows
 * (row × box segments) lying on a permutation survive.  One table look-up
 * finds hidden singles in rows and boxes and every box/row interaction.  A
 * row left with one bit places the digit there, which clears that column in
 * the other bands and that cell in the other digits.  The stack rule is the
 * same on columns (hidden singles in columns, box/column interactions) and
 * runs only when the band rule and naked singles are exhausted; then the
 * search branches on a two-candidate cell. */

#define BAND_BITS 0x7ffffffu
#define ROW_BITS  0x1ffu
#define BOX_BITS  0x1c0e07u
#define COLUMN_BITS 0x40201u
/* Digit-bands waiting to be settled are bits band * 16 + digit of a guint64. */
#define ALL_DIGIT_BANDS G_GUINT64_CONSTANT (0x1ff01ff01ff)

typedef struct {
  guint32 cand[3][12] __attribute__ ((aligned (16)));  /* digits 9..11 stay 0: SSE2 lanes */
  guint32 unsolved[3];                                   /* cells not yet placed */
} Board;

typedef struct {
  guint8  minirows[512];      /* 9-bit row -> which of its boxes hold bits */
  guint16 single[512];        /* 9-bit row -> itself if it holds one bit, else 0 */
  guint16 keep9[512];         /* 3x3 occupancy (bit i * 3 + j) -> entries on a permutation */
  guint32 keep[512];          /* the same, each entry widened to its 3 cells of a band */
  guint32 keep_columns[512];  /* the same, entry (i, j) moved to bit i * 9 + j */
  guint32 near[27];           /* cell of a band -> its row and box */
  guint32 column[27];         /* cell of a band -> its column */
} Tables;

typedef struct {
  guint    limit;
  guint    count;
  guint8  *solution;
  guint8  *every;      /* nullable: each solution in turn, 81 digits apart */
} Search;

typedef struct {
  guint32 open[3];     /* unsolved cells with two candidates or more */
  guint32 crowded[3];  /* unsolved cells with three or more */
} Census;

static Tables tables;

static guint
permutation_union (guint m)
{
  static const guint8 perms[6][3] = {
    { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 },
  };
  guint keep = 0;

  for (guint p = 0; p < 6; p++)
    {
      guint bits = 1u << perms[p][0] | 1u << (3 + perms[p][1]) | 1u << (6 + perms[p][2]);

      if ((m & bits) == bits)
        keep |= bits;
    }
  return keep;
}

static guint32
expand_minirows (guint m)
{
  guint32 cells = 0;

  for (guint i = 0; i < 9; i++)
    if (m & (1u << i))
      cells |= 7u << (i / 3 * 9 + i % 3 * 3);
  return cells;
}

static guint32
spread_stack (guint m)
{
  return (m & 7) | (m >> 3 & 7) << 9 | (guint32) (m >> 6 & 7) << 18;
}

static gpointer
build_tables (gpointer data)
{
  for (guint x = 0; x < 512; x++)
    {
      tables.minirows[x] = (x & 7 ? 1 : 0) | (x & 070 ? 2 : 0) | (x & 0700 ? 4 : 0);
      tables.single[x] = (x && !(x & (x - 1))) ? (guint16) x : 0;
      tables.keep9[x] = (guint16) permutation_union (x);
      tables.keep[x] = expand_minirows (tables.keep9[x]);
      tables.keep_columns[x] = spread_stack (tables.keep9[x]);
    }
  for (guint bit = 0; bit < 27; bit++)
    {
      guint col = bit % 9;

      tables.near[bit] = ROW_BITS << (bit / 9 * 9) | BOX_BITS << (col - col % 3);
      tables.column[bit] = COLUMN_BITS << col;
    }
  return NULL;
}

static inline void
ensure_tables (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, build_tables, NULL);
}

static inline guint32
row_mask_of_bit (guint bit)
{
  return ROW_BITS << (bit / 9 * 9);
}

static inline guint32
fold_columns (guint32 cells)
{
  return (cells | cells >> 9 | cells >> 18) & ROW_BITS;
}

static inline void
clear_cells (Board   *bd,
             guint    band,
             guint    digit,
             guint32  cells,
             guint64 *dirty)
{
  guint32 before = bd->cand[band][digit];
  guint32 after = before & ~cells;

  bd->cand[band][digit] = after;
  *dirty |= (guint64) (before != after) << (band * 16 + digit);
}

#ifdef __SSE2__
/* Clears @mask in four digit-bands; returns which of them were unchanged. */
static inline guint
clear_lanes (__m128i *v,
             __m128i  mask)
{
  __m128i before = _mm_load_si128 (v);
  __m128i after = _mm_andnot_si128 (mask, before);

  _mm_store_si128 (v, after);
  return (guint) _mm_movemask_ps (_mm_castsi128_ps (_mm_cmpeq_epi32 (before, after)));
}
#endif

/* Removes @cells from every digit of @band but @digit. */
static inline void
clear_other_digits (Board   *bd,
                    guint    band,
                    guint    digit,
                    guint32  cells,
                    guint64 *dirty)
{
#ifdef __SSE2__
  __m128i mask = _mm_set1_epi32 ((int) cells);
  __m128i *v = (__m128i *) bd->cand[band];
  guint same;

  same = clear_lanes (v, mask) | clear_lanes (v + 1, mask) << 4 | clear_lanes (v + 2, mask) << 8;
  bd->cand[band][digit] |= cells;
  *dirty |= (guint64) (~same & 0x1ffu & ~(1u << digit)) << (band * 16);
#else
  for (guint d = 0; d < 9; d++)
    if (d != digit)
      clear_cells (bd, band, d, cells, dirty);
#endif
}

static inline void
place_fresh (Board   *bd,
             guint    band,
             guint    digit,
             guint32  fresh,
             guint64 *dirty)
{
  guint32 columns = fold_columns (fresh) * COLUMN_BITS;

  bd->unsolved[band] &= ~fresh;
  static const guint8 next_band[3] = { 1, 2, 0 }, prev_band[3] = { 2, 0, 1 };

  clear_cells (bd, next_band[band], digit, columns, dirty);
  clear_cells (bd, prev_band[band], digit, columns, dirty);
  clear_other_digits (bd, band, digit, fresh, dirty);
}

/* Applies the band rules to one digit-band; FALSE on a contradiction. */
static inline gboolean
settle (Board   *bd,
        guint    band,
        guint    digit,
        guint64 *dirty)
{
  guint32 a = bd->cand[band][digit];
  guint m;
  guint32 single, fresh;

  m = tables.minirows[a & ROW_BITS] |
      tables.minirows[(a >> 9) & ROW_BITS] << 3 |
      tables.minirows[a >> 18] << 6;
  a &= tables.keep[m];
  if (a == 0)
    return FALSE;
  bd->cand[band][digit] = a;

  single = tables.single[a & ROW_BITS] |
           (guint32) tables.single[(a >> 9) & ROW_BITS] << 9 |
           (guint32) tables.single[a >> 18] << 18;
  fresh = single & bd->unsolved[band];
  if (fresh)
    place_fresh (bd, band, digit, fresh, dirty);
  return TRUE;
}

static inline void
narrow_to_columns (Board   *bd,
                   guint    band,
                   guint    digit,
                   guint32  columns,
                   guint64 *dirty)
{
  guint32 before = bd->cand[band][digit];
  guint32 after = before & (columns * COLUMN_BITS);

  if (after != before)
    {
      bd->cand[band][digit] = after;
      *dirty |= G_GUINT64_CONSTANT (1) << (band * 16 + digit);
    }
}

/* The stack rule for one digit: in each stack the three bands must take
 * the digit in three different columns. */
static gboolean
settle_stacks (Board   *bd,
               guint    digit,
               guint64 *dirty)
{
  guint32 columns = fold_columns (bd->cand[0][digit]) |
                    fold_columns (bd->cand[1][digit]) << 9 |
                    fold_columns (bd->cand[2][digit]) << 18;
  guint32 keep = 0;

  for (guint s = 0; s < 9; s += 3)
    {
      guint32 stack = (columns >> s) & 0x1c0e07u;
      guint32 k = tables.keep_columns[(stack * 0x1041u >> 12) & ROW_BITS];

      if (k == 0)
        return FALSE;
      keep |= k << s;
    }
  narrow_to_columns (bd, 0, digit, keep & ROW_BITS, dirty);
  narrow_to_columns (bd, 1, digit, (keep >> 9) & ROW_BITS, dirty);
  narrow_to_columns (bd, 2, digit, keep >> 18, dirty);
  return TRUE;
}

static inline void
place (Board   *bd,
       guint    band,
       guint    bit,
       guint    digit,
       guint64 *dirty)
{
  bd->cand[band][digit] &= ~(row_mask_of_bit (bit) ^ (1u << bit));
  *dirty |= G_GUINT64_CONSTANT (1) << (band * 16 + digit);
}

static void
place_naked_singles (Board   *bd,
                     guint    band,
                     guint32  singles,
                     guint64 *dirty)
{
  for (guint d = 0; d < 9 && singles; d++)
    {
      guint32 hits = bd->cand[band][d] & singles;

      singles &= ~hits;
      while (hits)
        {
          place (bd, band, (guint) __builtin_ctz (hits), d, dirty);
          hits &= hits - 1;
        }
    }
}

#ifdef __SSE2__
static inline void
merge_counts (__m128i *one, __m128i *two, __m128i *three, int swap)
{
  __m128i o = *one, t = *two, h = *three;
  __m128i os = swap ? _mm_shuffle_epi32 (o, 0x4e) : _mm_shuffle_epi32 (o, 0xb1);
  __m128i ts = swap ? _mm_shuffle_epi32 (t, 0x4e) : _mm_shuffle_epi32 (t, 0xb1);
  __m128i hs = swap ? _mm_shuffle_epi32 (h, 0x4e) : _mm_shuffle_epi32 (h, 0xb1);

  *three = _mm_or_si128 (_mm_or_si128 (h, hs),
                         _mm_or_si128 (_mm_and_si128 (t, os), _mm_and_si128 (o, ts)));
  *two = _mm_or_si128 (_mm_or_si128 (t, ts), _mm_and_si128 (o, os));
  *one = _mm_or_si128 (o, os);
}
#endif

/* Cells of one band with at least one, two and three candidates. */
static inline void
count_candidates (const guint32 *c,
                  guint32       *one_out,
                  guint32       *two_out,
                  guint32       *three_out)
{
#ifdef __SSE2__
  const __m128i *v = (const __m128i *) c;
  __m128i a = _mm_load_si128 (v), b = _mm_load_si128 (v + 1), d = _mm_load_si128 (v + 2);
  __m128i ab = _mm_or_si128 (a, b);
  __m128i one = _mm_or_si128 (ab, d);
  __m128i two = _mm_or_si128 (_mm_and_si128 (a, b), _mm_and_si128 (ab, d));
  __m128i three = _mm_and_si128 (_mm_and_si128 (a, b), d);

  merge_counts (&one, &two, &three, 1);
  merge_counts (&one, &two, &three, 0);
  *one_out = (guint32) _mm_cvtsi128_si32 (one);
  *two_out = (guint32) _mm_cvtsi128_si32 (two);
  *three_out = (guint32) _mm_cvtsi128_si32 (three);
#else
  guint32 one = 0, two = 0, three = 0;

  for (guint d = 0; d < 9; d++)
    {
      three |= two & c[d];
      two |= one & c[d];
      one |= c[d];
    }
  *one_out = one;
  *two_out = two;
  *three_out = three;
#endif
}

/* Counts candidates per cell of each band, places naked singles and
 * reports cells left without a candidate. */
static gboolean
take_census (Board   *bd,
             Census  *census,
             guint64 *dirty)
{
  for (guint band = 0; band < 3; band++)
    {
      guint32 one, two, three;
      guint32 open = bd->unsolved[band];

      count_candidates (bd->cand[band], &one, &two, &three);
      if (open & ~one)
        return FALSE;
      if (open & ~two)
        place_naked_singles (bd, band, open & ~two, dirty);
      census->open[band] = two & open;
      census->crowded[band] = three & open;
    }
  return TRUE;
}

static inline gboolean
settle_dirty (Board   *bd,
              guint64  dirty,
              guint64 *settled)
{
  while (dirty)
    {
      guint i = (guint) __builtin_ctzll (dirty);
      guint64 low = dirty & -dirty;

      dirty ^= low;
      *settled |= low;
      if (!settle (bd, i >> 4, i & 15, &dirty))
        return FALSE;
    }
  return TRUE;
}

static gboolean
propagate (Board   *bd,
           guint64  dirty,
           Census  *census)
{
  guint64 settled = 0;

  for (;;)
    {
      guint touched;

      if (!settle_dirty (bd, dirty, &settled))
        return FALSE;
      dirty = 0;
      if (!take_census (bd, census, &dirty))
        return FALSE;
      if (dirty)
        continue;
      touched = (guint) (settled | settled >> 16 | settled >> 32) & ROW_BITS;
      settled = 0;
      for (; touched; touched &= touched - 1)
        if (!settle_stacks (bd, (guint) __builtin_ctz (touched), &dirty))
          return FALSE;
      if (!dirty)
        return TRUE;
    }
}

static void
write_solution (const Board *bd,
                guint8      *out)
{
  for (guint band = 0; band < 3; band++)
    for (guint d = 0; d < 9; d++)
      {
        guint32 cells = bd->cand[band][d];

        while (cells)
          {
            out[band * 27 + (guint) __builtin_ctz (cells)] = (guint8) (d + 1);
            cells &= cells - 1;
          }
      }
}

static guint
candidates_of (const Board *bd,
               guint        band,
               guint        bit)
{
#ifdef __SSE2__
  const __m128i *v = (const __m128i *) bd->cand[band];
  __m128i mask = _mm_set1_epi32 ((int) (1u << bit));
  __m128i zero = _mm_setzero_si128 ();
  guint absent = 0;

  for (guint k = 0; k < 3; k++)
    {
      __m128i hit = _mm_cmpeq_epi32 (_mm_and_si128 (_mm_load_si128 (v + k), mask), zero);

      absent |= (guint) _mm_movemask_ps (_mm_castsi128_ps (hit)) << (4 * k);
    }
  return ~absent & ROW_BITS;
#else
  guint digits = 0;

  for (guint d = 0; d < 9; d++)
    if (bd->cand[band][d] & (1u << bit))
      digits |= 1u << d;
  return digits;
#endif
}

static guint
fewest_candidates (const Board  *bd,
                   const Census *census,
                   guint        *band_out,
                   guint        *bit_out)
{
  guint best = 10, best_digits = 0;

  for (guint band = 0; band < 3; band++)
    {
      guint32 open = census->crowded[band];

      for (; open; open &= open - 1)
        {
          guint bit = (guint) __builtin_ctz (open);
          guint digits = candidates_of (bd, band, bit);
          guint n = (guint) __builtin_popcount (digits);

          if (n < best)
            {
              best = n;
              best_digits = digits;
              *band_out = band;
              *bit_out = bit;
              if (n == 3)
                return digits;
            }
        }
    }
  return best_digits;
}

static inline guint
popcount64 (guint64 x)
{
#ifdef __POPCNT__
  return (guint) __builtin_popcountll (x);
#else
  x = x - ((x >> 1) & G_GUINT64_CONSTANT (0x5555555555555555));
  x = (x & G_GUINT64_CONSTANT (0x3333333333333333)) +
      ((x >> 2) & G_GUINT64_CONSTANT (0x3333333333333333));
  x = (x + (x >> 4)) & G_GUINT64_CONSTANT (0x0f0f0f0f0f0f0f0f);
  return (guint) ((x * G_GUINT64_CONSTANT (0x0101010101010101)) >> 56);
#endif
}

/* How many unsolved cells see the cell at @bit of a band (itself
 * included), given the unsolved cells of that band and of the other two:
 * the more a guess touches, the further it propagates. */
static inline guint
count_open_peers (guint32 open,
                  guint32 open_next,
                  guint32 open_prev,
                  guint   bit)
{
  guint32 column = tables.column[bit];
  guint32 far = (open_next & column) | (open_prev & column) << 1;

  return popcount64 ((open & tables.near[bit]) | (guint64) far << 27);
}

/* Picks the cell to branch on: the two-candidate cell with the most
 * unsolved peers, the first of them in band and bit order, else the cell
 * with the fewest candidates.  Returns the cell's candidate digits as a bit
 * set. */
static guint
choose_branch (const Board  *bd,
               const Census *census,
               guint        *band_out,
               guint        *bit_out)
{
  const guint32 *open = census->open;
  /* score << 7 | (127 - band * 32 - bit): the largest is the first cell
   * of the best score, found without a branch that the scores decide */
  guint best = 0;

  for (guint band = 0; band < 3; band++)
    {
      guint32 pairs = open[band] & ~census->crowded[band];
      guint32 open_next = open[band == 2 ? 0 : band + 1];
      guint32 open_prev = open[band == 0 ? 2 : band - 1];

      for (; pairs; pairs &= pairs - 1)
        {
          guint bit = (guint) __builtin_ctz (pairs);
          guint score = count_open_peers (open[band], open_next, open_prev, bit);
          guint key = score << 7 | (127 - band * 32 - bit);

          best = key > best ? key : best;
        }
    }
  if (best >> 7 > 0)  /* a pair cell with unsolved peers */
    {
      guint where = 127 - (best & 127);

      *band_out = where / 32;
      *bit_out = where % 32;
      return candidates_of (bd, *band_out, *bit_out);
    }
  return fewest_candidates (bd, census, band_out, bit_out);
}

static void
search (Board   *bd,
        guint64  dirty,
        Search  *s)
{
  for (;;)
    {
      Census census;
      guint band = 0, bit = 0, digits;

      if (!propagate (bd, dirty, &census))
        return;
      if ((bd->unsolved[0] | bd->unsolved[1] | bd->unsolved[2]) == 0)
        {
          if (s->every)
            write_solution (bd, s->every + s->count * LENS_GRID_CELLS);
          if (s->count++ == 0 && s->solution)
            write_solution (bd, s->solution);
          return;
        }

      digits = choose_branch (bd, &census, &band, &bit);
      dirty = 0;
      while (digits & (digits - 1))
        {
          Board copy = *bd;
          guint64 copy_dirty = 0;

          place (&copy, band, bit, (guint) __builtin_ctz (digits), &copy_dirty);
          search (&copy, copy_dirty, s);
          if (s->count >= s->limit)
            return;
          digits &= digits - 1;
        }
      place (bd, band, bit, (guint) __builtin_ctz (digits), &dirty);
    }
}

static gboolean
load_board (Board        *bd,
            const guint8 *puzzle)
{
  guint64 dirty = 0;

  memset (bd, 0, sizeof *bd);
  for (guint band = 0; band < 3; band++)
    {
      for (guint d = 0; d < 9; d++)
        bd->cand[band][d] = BAND_BITS;
      bd->unsolved[band] = BAND_BITS;
    }

  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      if (puzzle[cell] > 9)
        return FALSE;
      if (puzzle[cell])
        place (bd, cell / 27, cell % 27, puzzle[cell] - 1u, &dirty);
    }
  return TRUE;
}

LENS_SOLVER_ENGINE_SCOPE guint
LENS_SOLVER_ENGINE (const guint8 *puzzle,
                    guint         limit,
                    guint8       *solution,
                    guint8       *every)
{
  Board bd;
  Search s = { limit, 0, solution, every };

  ensure_tables ();
  if (!load_board (&bd, puzzle))
    return 0;
  search (&bd, ALL_DIGIT_BANDS, &s);
  return s.count;
}
