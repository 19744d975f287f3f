/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "lens-repair-solutions.h"
#include "lens-solver.h"

/* A grid with changes is the read digits left (the read less the cells
 * changed) plus the digits written in; its solutions are those of the
 * digits left that hold every digit written in. So each set of cells taken
 * away that comes back gets an entry with solutions of the digits left,
 * and a mask per cell and digit of those that hold it: and-ing one mask
 * per digit written in finds the solutions of the grid among them.
 *
 * When the digits left have few solutions the entry lists them all, and
 * the count is exact. Else its solutions are a sample: two of them that
 * hold the digits written in prove two solutions; failing that the grid
 * is solved anew, and what that finds is learned: its solutions join the
 * sample, and a set of digits written in without any solution is
 * remembered, as no grid that holds it has one either. */

#define MAX_TAKEN 8         /* cells taken away that a key can hold */
#define MAX_DEAD_WRITTEN 4  /* the most digits written in of a set remembered dead */

typedef struct {
  gint64      key;        /* the cells taken away, rising, 7 bits each, and their number */
  guint       uses;
  gboolean    listed;     /* @solutions are all there are; else a sample */
  guint       n_solutions;
  guint       next;       /* the sample's slot to fill next */
  guint64     all;        /* one bit per solution held */
  guint8     *solutions;  /* LENS_REPAIR_SOLUTIONS_LISTED × LENS_GRID_CELLS, or NULL before use 2 */
  guint64   (*masks)[10]; /* LENS_GRID_CELLS × 10: the solutions holding each digit */
  GHashTable *dead;       /* nullable: packed sets of digits written in, without a solution */
} Entry;

struct _LensRepairSolutions {
  guint8      read[LENS_GRID_CELLS];
  GHashTable *entries;  /* key (gint64 *, in the entry) → Entry */
};

G_STATIC_ASSERT (LENS_REPAIR_SOLUTIONS_LISTED <= 64);

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  g_free (entry->solutions);
  g_free (entry->masks);
  g_clear_pointer (&entry->dead, g_hash_table_unref);
  g_free (entry);
}

LensRepairSolutions *
lens_repair_solutions_new (const guint8 read[LENS_GRID_CELLS])
{
  LensRepairSolutions *self;

  g_return_val_if_fail (read != NULL, NULL);

  self = g_new0 (LensRepairSolutions, 1);
  memcpy (self->read, read, LENS_GRID_CELLS);
  self->entries = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, entry_free);
  return self;
}

void
lens_repair_solutions_free (LensRepairSolutions *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->entries);
  g_free (self);
}

/* Puts @solution in the sample's next slot, over the oldest one, unless
 * the sample has it: a solution held twice would count twice. */
static void
entry_hold (Entry        *entry,
            const guint8 *solution)
{
  guint slot = entry->next;
  guint64 bit = G_GUINT64_CONSTANT (1) << slot, same = entry->all;
  guint8 *row = entry->solutions + (gsize) slot * LENS_GRID_CELLS;

  for (guint cell = 0; cell < LENS_GRID_CELLS && same != 0; cell++)
    same &= entry->masks[cell][solution[cell]];
  if (same != 0)
    return;

  if (entry->all & bit)
    for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
      entry->masks[cell][row[cell]] &= ~bit;
  memcpy (row, solution, LENS_GRID_CELLS);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    entry->masks[cell][row[cell]] |= bit;
  entry->all |= bit;
  entry->n_solutions = MIN (entry->n_solutions + 1, LENS_REPAIR_SOLUTIONS_LISTED);
  entry->next = (slot + 1) % LENS_REPAIR_SOLUTIONS_LISTED;
}

/* Lists the solutions of the digits left, or the first of them. */
static void
entry_list (Entry        *entry,
            const guint8 *left)
{
  g_autofree guint8 *found = g_malloc ((LENS_REPAIR_SOLUTIONS_LISTED + 1) * LENS_GRID_CELLS);
  guint n = lens_solver_list (left, LENS_REPAIR_SOLUTIONS_LISTED + 1, found);

  entry->listed = n <= LENS_REPAIR_SOLUTIONS_LISTED;
  entry->solutions = g_malloc (LENS_REPAIR_SOLUTIONS_LISTED * LENS_GRID_CELLS);
  entry->masks = g_malloc0 (sizeof (guint64[LENS_GRID_CELLS][10]));
  for (guint s = 0; s < MIN (n, LENS_REPAIR_SOLUTIONS_LISTED); s++)
    entry_hold (entry, found + (gsize) s * LENS_GRID_CELLS);
}

/* The read digits that the changes take away, rising, and their entry. */
static Entry *
lookup (LensRepairSolutions *self,
        const guint8        *cells,
        guint                n_changes)
{
  guint8 taken[MAX_TAKEN];
  guint n_taken = 0;
  gint64 key;
  Entry *entry;

  for (guint i = 0; i < n_changes; i++)
    {
      guint8 cell = cells[i];
      guint j;

      if (self->read[cell] == 0)
        continue;
      if (n_taken == MAX_TAKEN)
        return NULL;
      for (j = n_taken; j > 0 && taken[j - 1] > cell; j--)
        taken[j] = taken[j - 1];
      taken[j] = cell;
      n_taken++;
    }
  key = n_taken;
  for (guint i = 0; i < n_taken; i++)
    key |= (gint64) taken[i] << (4 + 7 * i);
  entry = g_hash_table_lookup (self->entries, &key);
  if (entry == NULL)
    {
      entry = g_new0 (Entry, 1);
      entry->key = key;
      g_hash_table_insert (self->entries, &entry->key, entry);
    }
  return entry;
}

/* The digits written in, each as cell × 10 + digit, rising. */
static guint
written_in (const guint8 *cells,
            const guint8 *to,
            guint         n_changes,
            guint16      *written)
{
  guint n = 0;

  for (guint i = 0; i < n_changes; i++)
    {
      guint16 w = (guint16) (cells[i] * 10 + to[i]);
      guint j;

      if (to[i] == 0)
        continue;
      for (j = n; j > 0 && written[j - 1] > w; j--)
        written[j] = written[j - 1];
      written[j] = w;
      n++;
    }
  return n;
}

/* The members of @written picked by the bits of @subset, packed 10 bits each. */
static gint64
pack_written (const guint16 *written,
              guint          n_written,
              guint          subset)
{
  gint64 key = 0;

  for (guint i = 0; i < n_written; i++)
    if (subset & (1u << i))
      key = (key << 10) | (written[i] + 1);
  return key;
}

/* Whether a set of digits written in that the grid holds, all or some,
 * was found without a solution. */
static gboolean
known_dead (const Entry   *entry,
            const guint16 *written,
            guint          n_written)
{
  if (entry->dead == NULL || n_written > MAX_DEAD_WRITTEN)
    return FALSE;
  for (guint subset = 1; subset < (1u << n_written); subset++)
    {
      gint64 key = pack_written (written, n_written, subset);

      if (g_hash_table_contains (entry->dead, &key))
        return TRUE;
    }
  return FALSE;
}

static void
remember_dead (Entry         *entry,
               const guint16 *written,
               guint          n_written)
{
  gint64 *key;

  if (n_written == 0 || n_written > MAX_DEAD_WRITTEN)
    return;
  if (entry->dead == NULL)
    entry->dead = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  key = g_new (gint64, 1);
  *key = pack_written (written, n_written, (1u << n_written) - 1);
  g_hash_table_add (entry->dead, key);
}

static void
apply_changes (const LensRepairSolutions *self,
               const guint8              *cells,
               const guint8              *to,
               guint                      n_changes,
               guint8                    *digits)
{
  memcpy (digits, self->read, LENS_GRID_CELLS);
  for (guint i = 0; i < n_changes; i++)
    digits[cells[i]] = to[i];
}

/* Solves the grid anew, and learns from it when @entry has a sample. */
static guint
count_anew (const LensRepairSolutions *self,
            Entry                     *entry,
            const guint8              *cells,
            const guint8              *to,
            guint                      n_changes,
            const guint16             *written,
            guint                      n_written,
            guint8                    *solution)
{
  guint8 digits[LENS_GRID_CELLS], found[2 * LENS_GRID_CELLS];
  guint count;

  apply_changes (self, cells, to, n_changes, digits);
  count = lens_solver_list (digits, 2, found);
  if (count == 1 && solution != NULL)
    memcpy (solution, found, LENS_GRID_CELLS);
  if (entry == NULL || entry->solutions == NULL)
    return count;
  if (count == 0)
    remember_dead (entry, written, n_written);
  for (guint s = 0; s < count; s++)
    entry_hold (entry, found + (gsize) s * LENS_GRID_CELLS);
  return count;
}

guint
lens_repair_solutions_count (LensRepairSolutions *self,
                             const guint8        *cells,
                             const guint8        *to,
                             guint                n_changes,
                             guint8              *solution)
{
  guint16 written[MAX_TAKEN + 1];
  guint n_written;
  Entry *entry;
  guint64 holding;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (n_changes == 0 || (cells != NULL && to != NULL), 0);

  entry = n_changes <= MAX_TAKEN ? lookup (self, cells, n_changes) : NULL;
  if (entry == NULL)
    return count_anew (self, NULL, cells, to, n_changes, NULL, 0, solution);
  n_written = written_in (cells, to, n_changes, written);
  /* A set of cells taken away once only is not worth listing. */
  if (++entry->uses == 2)
    {
      guint8 left[LENS_GRID_CELLS];

      memcpy (left, self->read, LENS_GRID_CELLS);
      for (guint i = 0; i < n_changes; i++)
        left[cells[i]] = 0;
      entry_list (entry, left);
    }
  if (entry->solutions == NULL)
    return count_anew (self, entry, cells, to, n_changes, written, n_written, solution);
  holding = entry->all;
  for (guint i = 0; i < n_changes && holding != 0; i++)
    if (to[i] != 0)
      holding &= entry->masks[cells[i]][to[i]];
  if (holding & (holding - 1))
    return 2;
  if (entry->listed && holding == 0)
    return 0;
  if (entry->listed)
    {
      if (solution != NULL)
        memcpy (solution, entry->solutions + (gsize) __builtin_ctzll (holding) * LENS_GRID_CELLS,
                LENS_GRID_CELLS);
      return 1;
    }
  if (known_dead (entry, written, n_written))
    return 0;
  return count_anew (self, entry, cells, to, n_changes, written, n_written, solution);
}
