/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "lens-solver.h"

/* The board is held as 27 "digit-bands": for digit d and band b (three
 * rows), cand[b * 9 + d] has bit r * 9 + c set when d may still go in row
 * r (0..2) of the band, column c.  A placed digit keeps its own bit, so
 * every digit-band always holds one bit per row in a solved grid.
 *
 * Propagation works one digit-band at a time: the band's three rows and
 * three boxes must each take the digit once, so only the "mini-rows"
 * (row × box segments) lying on a permutation survive; that finds hidden
 * singles in rows and boxes and every box/row interaction in one table
 * look-up.  A row left with one bit places the digit there, which clears
 * that column in the other two bands and the cell in the other digits. */

#define BAND_BITS 0x7ffffffu
#define ROW_BITS  0x1ffu

typedef struct {
  guint32 cand[27];
  guint32 unsolved[3];
} Board;

typedef struct {
  guint8  minirows[512];   /* 9-bit row -> which of its 3 boxes are occupied */
  guint16 single[512];     /* 9-bit row -> itself if it has one bit, else 0 */
  guint32 keep[512];       /* 3x3 mini-row occupancy -> cells on a permutation */
} Tables;

typedef struct {
  guint    limit;
  guint    count;
  guint8  *solution;
} Search;

typedef struct {
  guint32 two_or_more[3];
  guint32 three_or_more[3];
} Census;

static Tables tables;

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
  return expand_minirows (keep);
}

static gpointer
build_tables (gpointer data)
{
  for (guint x = 0; x < 512; x++)
    {
      tables.minirows[x] = (x & 7 ? 1 : 0) | (x & 070 ? 2 : 0) | (x & 0700 ? 4 : 0);
      tables.single[x] = (x && !(x & (x - 1))) ? (guint16) x : 0;
      tables.keep[x] = permutation_union (x);
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
             guint    i,
             guint32  cells,
             guint32 *dirty)
{
  guint32 before = bd->cand[i];
  guint32 after = before & ~cells;

  bd->cand[i] = after;
  *dirty |= (guint32) (before != after) << i;
}

static void
place_fresh (Board   *bd,
             guint    band,
             guint    digit,
             guint32  fresh,
             guint32 *dirty)
{
  guint32 columns = fold_columns (fresh) * 0x40201u;
  guint base = band * 9;

  bd->unsolved[band] &= ~fresh;
  clear_cells (bd, (band + 1) % 3 * 9 + digit, columns, dirty);
  clear_cells (bd, (band + 2) % 3 * 9 + digit, columns, dirty);
  for (guint d = 0; d < 9; d++)
    if (d != digit)
      clear_cells (bd, base + d, fresh, dirty);
}

/* Applies the band rules to one digit-band; FALSE on a contradiction. */
static inline gboolean
settle (Board   *bd,
        guint    i,
        guint32 *dirty)
{
  guint32 a = bd->cand[i];
  guint band = i / 9;
  guint m;
  guint32 single, fresh;

  m = tables.minirows[a & ROW_BITS] |
      tables.minirows[(a >> 9) & ROW_BITS] << 3 |
      tables.minirows[a >> 18] << 6;
  a &= tables.keep[m];
  if (a == 0)
    return FALSE;
  bd->cand[i] = a;

  single = tables.single[a & ROW_BITS] |
           (guint32) tables.single[(a >> 9) & ROW_BITS] << 9 |
           (guint32) tables.single[a >> 18] << 18;
  fresh = single & bd->unsolved[band];
  if (fresh)
    place_fresh (bd, band, i - band * 9, fresh, dirty);
  return TRUE;
}

static inline void
place (Board   *bd,
       guint    band,
       guint    bit,
       guint    digit,
       guint32 *dirty)
{
  guint i = band * 9 + digit;

  bd->cand[i] &= ~(row_mask_of_bit (bit) ^ (1u << bit));
  *dirty |= 1u << i;
}

static void
place_naked_singles (Board   *bd,
                     guint    band,
                     guint32  singles,
                     guint32 *dirty)
{
  for (guint d = 0; d < 9 && singles; d++)
    {
      guint32 hits = bd->cand[band * 9 + d] & singles;

      singles &= ~hits;
      while (hits)
        {
          place (bd, band, (guint) __builtin_ctz (hits), d, dirty);
          hits &= hits - 1;
        }
    }
}

/* Counts candidates per cell of each band, places naked singles and
 * reports cells left without a candidate. */
static gboolean
take_census (Board   *bd,
             Census  *census,
             guint32 *dirty)
{
  for (guint band = 0; band < 3; band++)
    {
      const guint32 *c = bd->cand + band * 9;
      guint32 one = 0, two = 0, three = 0;
      guint32 open = bd->unsolved[band];

      for (guint d = 0; d < 9; d++)
        {
          three |= two & c[d];
          two |= one & c[d];
          one |= c[d];
        }
      if (open & ~one)
        return FALSE;
      if (open & ~two)
        place_naked_singles (bd, band, open & ~two, dirty);
      census->two_or_more[band] = two & open;
      census->three_or_more[band] = three & open;
    }
  return TRUE;
}

static gboolean
propagate (Board   *bd,
           guint32  dirty,
           Census  *census)
{
  for (;;)
    {
      while (dirty)
        {
          guint i = (guint) __builtin_ctz (dirty);

          dirty &= dirty - 1;
          if (!settle (bd, i, &dirty))
            return FALSE;
        }
      if (!take_census (bd, census, &dirty))
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
        guint32 cells = bd->cand[band * 9 + d];

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
  guint digits = 0;

  for (guint d = 0; d < 9; d++)
    if (bd->cand[band * 9 + d] & (1u << bit))
      digits |= 1u << d;
  return digits;
}

static guint
fewest_candidates (const Board *bd,
                   const Census *census,
                   guint       *band_out,
                   guint       *bit_out)
{
  guint best = 10, best_digits = 0;

  for (guint band = 0; band < 3; band++)
    {
      guint32 open = census->three_or_more[band];

      while (open)
        {
          guint bit = (guint) __builtin_ctz (open);
          guint digits = candidates_of (bd, band, bit);
          guint n = (guint) __builtin_popcount (digits);

          open &= open - 1;
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

/* Picks the cell to branch on, preferring one with two candidates; returns
 * the cell's candidate digits as a bit set. */
static guint
choose_branch (const Board  *bd,
               const Census *census,
               guint        *band_out,
               guint        *bit_out)
{
  for (guint band = 0; band < 3; band++)
    {
      guint32 pairs = census->two_or_more[band] & ~census->three_or_more[band];

      if (pairs)
        {
          *band_out = band;
          *bit_out = (guint) __builtin_ctz (pairs);
          return candidates_of (bd, band, *bit_out);
        }
    }
  return fewest_candidates (bd, census, band_out, bit_out);
}

static void
search (Board   *bd,
        guint32  dirty,
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
          if (s->count++ == 0 && s->solution)
            write_solution (bd, s->solution);
          return;
        }

      digits = choose_branch (bd, &census, &band, &bit);
      dirty = 0;
      while (digits & (digits - 1))
        {
          Board copy = *bd;
          guint32 copy_dirty = 0;

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
  guint32 dirty = 0;

  for (guint i = 0; i < 27; i++)
    bd->cand[i] = BAND_BITS;
  for (guint band = 0; band < 3; band++)
    bd->unsolved[band] = BAND_BITS;

  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      if (puzzle[cell] > 9)
        return FALSE;
      if (puzzle[cell])
        place (bd, cell / 27, cell % 27, puzzle[cell] - 1u, &dirty);
    }
  return TRUE;
}

guint
lens_solver_count (const guint8 *puzzle,
                   guint         limit,
                   guint8       *solution)
{
  Board bd;
  Search s = { limit, 0, solution };

  g_return_val_if_fail (puzzle != NULL, 0);
  g_return_val_if_fail (limit > 0, 0);

  ensure_tables ();
  if (!load_board (&bd, puzzle))
    return 0;
  search (&bd, (1u << 27) - 1, &s);
  return s.count;
}

LensSolveStatus
lens_solver_solve (const LensGrid *puzzle,
                   LensGrid       *solution)
{
  guint8 digits[LENS_GRID_CELLS];
  guint count;

  g_return_val_if_fail (puzzle != NULL, LENS_SOLVE_NONE);

  count = lens_solver_count (puzzle->digits, 2, digits);
  if (count == 0)
    return LENS_SOLVE_NONE;
  if (solution)
    {
      lens_grid_clear (solution);
      for (guint i = 0; i < LENS_GRID_CELLS; i++)
        {
          solution->digits[i] = digits[i];
          solution->flags[i] = puzzle->digits[i] ? LENS_CELL_GIVEN : LENS_CELL_SOLVED;
        }
    }
  return count == 1 ? LENS_SOLVE_UNIQUE : LENS_SOLVE_MULTIPLE;
}

const char *
lens_solve_status_to_string (LensSolveStatus status)
{
  switch (status)
    {
    case LENS_SOLVE_NONE:
      return "none";
    case LENS_SOLVE_UNIQUE:
      return "unique";
    case LENS_SOLVE_MULTIPLE:
      return "multiple";
    default:
      g_return_val_if_reached (NULL);
    }
}
