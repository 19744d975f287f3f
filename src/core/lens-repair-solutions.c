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
 * remembered, as no grid that holds it has one either. The digits left
 * when more cells are taken away have all those solutions and more, so
 * their sample starts as a copy of the smaller set's.
 *
 * An entry is only filled on its second use: most sets of three cells
 * taken away come once. */

#define MAX_TAKEN 8         /* cells taken away that a key can hold */
#define MAX_DEAD_WRITTEN 4  /* the most digits written in of a set remembered dead */
#define SAMPLE_WORDS 2      /* a sample holds 64 solutions a word */
#define SAMPLE_SIZE (64 * SAMPLE_WORDS)

typedef struct {
  guint64 w[SAMPLE_WORDS];
} Bits;

typedef struct {
  gint64      key;        /* the cells taken away, rising, 7 bits each, and their number */
  guint8      taken[MAX_TAKEN];
  guint       n_taken;
  guint       uses;
  gboolean    listed;     /* @solutions are all there are; else a sample */
  guint       next;       /* the sample's slot to fill next */
  Bits        all;        /* one bit per solution held */
  guint8     *solutions;  /* SAMPLE_SIZE × LENS_GRID_CELLS, or NULL before use 2 */
  Bits      (*masks)[10]; /* LENS_GRID_CELLS × 10: the solutions holding each digit */
  GHashTable *dead;       /* nullable: packed sets of digits written in, without a solution */
} Entry;

struct _LensRepairSolutions {
  guint8      read[LENS_GRID_CELLS];
  GHashTable *entries;  /* key (gint64 *, in the entry) → Entry */
};

G_STATIC_ASSERT (LENS_REPAIR_SOLUTIONS_LISTED <= SAMPLE_SIZE);

static inline void
bits_and (Bits       *a,
          const Bits *b)
{
  for (guint i = 0; i < SAMPLE_WORDS; i++)
    a->w[i] &= b->w[i];
}

/* How many bits @a has, up to 2. */
static inline guint
bits_count (const Bits *a)
{
  guint n = 0;

  for (guint i = 0; i < SAMPLE_WORDS && n < 2; i++)
    n += a->w[i] == 0 ? 0 : (a->w[i] & (a->w[i] - 1)) ? 2 : 1;
  return MIN (n, 2);
}

static inline guint
bits_first (const Bits *a)
{
  for (guint i = 0; i < SAMPLE_WORDS; i++)
    if (a->w[i] != 0)
      return 64 * i + (guint) __builtin_ctzll (a->w[i]);
  return SAMPLE_SIZE;
}

static inline gboolean
bits_has (const Bits *a,
          guint       bit)
{
  return (a->w[bit / 64] >> (bit % 64)) & 1;
}

static inline void
bits_put (Bits     *a,
          guint     bit,
          gboolean  on)
{
  if (on)
    a->w[bit / 64] |= G_GUINT64_CONSTANT (1) << (bit % 64);
  else
    a->w[bit / 64] &= ~(G_GUINT64_CONSTANT (1) << (bit % 64));
}

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
  guint8 *row = entry->solutions + (gsize) slot * LENS_GRID_CELLS;
  Bits same = entry->all;

  for (guint cell = 0; cell < LENS_GRID_CELLS && bits_count (&same) > 0; cell++)
    bits_and (&same, &entry->masks[cell][solution[cell]]);
  if (bits_count (&same) > 0)
    return;

  if (bits_has (&entry->all, slot))
    for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
      bits_put (&entry->masks[cell][row[cell]], slot, FALSE);
  memcpy (row, solution, LENS_GRID_CELLS);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    bits_put (&entry->masks[cell][row[cell]], slot, TRUE);
  bits_put (&entry->all, slot, TRUE);
  entry->next = (slot + 1) % SAMPLE_SIZE;
}

/* Lists the solutions of the digits left, or the first of them. */
static void
entry_list (Entry        *entry,
            const guint8 *left)
{
  g_autofree guint8 *found = g_malloc ((LENS_REPAIR_SOLUTIONS_LISTED + 1) * LENS_GRID_CELLS);
  guint n = lens_solver_list (left, LENS_REPAIR_SOLUTIONS_LISTED + 1, found);

  entry->listed = n <= LENS_REPAIR_SOLUTIONS_LISTED;
  entry->solutions = g_malloc (SAMPLE_SIZE * LENS_GRID_CELLS);
  entry->masks = g_malloc0 (sizeof (Bits[LENS_GRID_CELLS][10]));
  for (guint s = 0; s < MIN (n, LENS_REPAIR_SOLUTIONS_LISTED); s++)
    entry_hold (entry, found + (gsize) s * LENS_GRID_CELLS);
}

/* The key of @taken but its member @skip (none when out of range). */
static gint64
key_of (const guint8 *taken,
        guint         n_taken,
        guint         skip)
{
  gint64 key = 0;
  guint n = 0;

  for (guint i = 0; i < n_taken; i++)
    if (i != skip)
      key |= (gint64) taken[i] << (4 + 7 * n++);
  return key | n;
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
  key = key_of (taken, n_taken, MAX_TAKEN);
  entry = g_hash_table_lookup (self->entries, &key);
  if (entry == NULL)
    {
      entry = g_new0 (Entry, 1);
      entry->key = key;
      memcpy (entry->taken, taken, n_taken);
      entry->n_taken = n_taken;
      g_hash_table_insert (self->entries, &entry->key, entry);
    }
  return entry;
}

/* The entry of @entry's cells taken away but one (@skip), or of none,
 * when its solutions are a sample. */
static const Entry *
sampled_entry (const LensRepairSolutions *self,
               const Entry               *entry,
               guint                      skip)
{
  gint64 key = skip < entry->n_taken ? key_of (entry->taken, entry->n_taken, skip) : 0;
  const Entry *other = g_hash_table_lookup (self->entries, &key);

  return other != NULL && other->solutions != NULL && !other->listed ? other : NULL;
}

/* The first solutions of @entry. Digits left of a sampled entry with
 * fewer cells taken away leave more solutions than can be listed too,
 * and its sample is theirs; else they are listed. */
static void
entry_start (const LensRepairSolutions *self,
             Entry                     *entry)
{
  const Entry *fewer = NULL;
  guint8 left[LENS_GRID_CELLS];

  for (guint skip = 0; skip <= entry->n_taken && entry->n_taken > 0 && fewer == NULL; skip++)
    fewer = sampled_entry (self, entry, skip);
  if (fewer == NULL)
    {
      memcpy (left, self->read, LENS_GRID_CELLS);
      for (guint i = 0; i < entry->n_taken; i++)
        left[entry->taken[i]] = 0;
      entry_list (entry, left);
      return;
    }
  entry->listed = FALSE;
  entry->solutions = g_memdup2 (fewer->solutions, SAMPLE_SIZE * LENS_GRID_CELLS);
  entry->masks = g_memdup2 (fewer->masks, sizeof (Bits[LENS_GRID_CELLS][10]));
  entry->all = fewer->all;
  entry->next = fewer->next;
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
  Bits holding;
  guint count;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (n_changes == 0 || (cells != NULL && to != NULL), 0);

  entry = n_changes <= MAX_TAKEN ? lookup (self, cells, n_changes) : NULL;
  if (entry == NULL)
    return count_anew (self, NULL, cells, to, n_changes, NULL, 0, solution);
  n_written = written_in (cells, to, n_changes, written);
  if (++entry->uses == 2)
    entry_start (self, entry);
  if (entry->solutions == NULL)
    return count_anew (self, entry, cells, to, n_changes, written, n_written, solution);
  holding = entry->all;
  for (guint i = 0; i < n_changes; i++)
    if (to[i] != 0)
      bits_and (&holding, &entry->masks[cells[i]][to[i]]);
  count = bits_count (&holding);
  if (count == 2 || (entry->listed && count == 0))
    return count;
  if (entry->listed)
    {
      if (solution != NULL)
        memcpy (solution, entry->solutions + (gsize) bits_first (&holding) * LENS_GRID_CELLS,
                LENS_GRID_CELLS);
      return 1;
    }
  if (known_dead (entry, written, n_written))
    return 0;
  return count_anew (self, entry, cells, to, n_changes, written, n_written, solution);
}
