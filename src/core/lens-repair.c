/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "lens-repair.h"
#include "lens-repair-clash.h"
#include "lens-repair-solutions.h"

/* The search enumerates sets of candidate changes in order of rising total
 * cost (each candidate costs -log p(new)/p(old)) and tests each set's grid:
 * first for clashes between peers, then for its number of solutions (up to
 * 2, lens-repair-solutions.c). The first grid with one solution is the
 * most likely such grid. */

#define P_FLOOR 1e-4f            /* no reading is ever impossible */
#define P_ALTERNATIVE 1e-3f      /* a digit the recognizer considered */
#define P_INK 1e-2f              /* an empty cell with that much digit has ink */
#define SURE_READING 0.8f        /* below this the reason is "low confidence" */
#define COST_EPSILON 1e-4
#define MAX_HEAP_NODES (1 << 20)  /* 24 MiB of sets waiting to be tested */
#define RIVAL_MARGIN 3.0          /* nats: the best repair under 20 times likelier */
#define BEYOND_BOUND_RISK 0.05    /* chance that the reading has more errors than the bound */
#define SURE_CHANGE_COST 4.0      /* nats: a change against odds over 50 to 1 is a guess */
/* Deleting a digit the user typed into a scanned grid: dearer than
 * changing any reading the recognizer doubted, with room for a rival, but
 * cheaper than overruling one it was sure of (-log P_FLOOR = 9.2): a slip
 * of the user's finger is likelier than a misread the reader was sure of. */
#define TRUSTED_DELETE_COST ((float) (SURE_CHANGE_COST + RIVAL_MARGIN))

typedef struct {
  guint8 cell;
  guint8 to;
  float  cost;
} Candidate;

typedef struct {
  double  cost;
  guint8  size;
  guint16 idx[LENS_REPAIR_MAX_CHANGES];  /* into the sorted candidates, rising */
} Node;

/* The heap orders sets by cost alone; the sets wait apart, each in a
 * slot, so that the heap moves 16 bytes a step instead of a whole set. */
typedef struct {
  double cost;
  guint  slot;
} HeapEntry;

typedef struct {
  HeapEntry *entries;
  guint      len;
  guint      size;
  Node      *sets;     /* by slot */
  guint     *free;     /* slots to use again */
  guint      n_free;
  guint      n_slots;
} Heap;

typedef struct {
  guint64 bits[2];
} CellSet;

typedef struct {
  LensGrid          read;
  const LensRepairScores *scores;  /* NULL when no cell has a reading */
  guint             max_changes;
  gboolean          fixed[LENS_GRID_CELLS];
  gint64            deadline;
  GCancellable     *cancellable;
  LensSolveStatus   read_status;
  CellSet           conflicted;
  GArray           *candidates;    /* Candidate, by rising cost */
  GArray           *cores;         /* CellSet: a repair changes a cell in each */
  Heap              heap;
  LensRepairClash   clash;         /* the read's digits per unit */
  LensRepairSolutions *solutions;  /* of the grids tested */
  gboolean          have_unique, have_solvable, have_rival;
  Node              unique, solvable, rival;
  guint             n_tried;
} Repair;

static void
cell_set_add (CellSet *set,
              guint    cell)
{
  set->bits[cell / 64] |= G_GUINT64_CONSTANT (1) << (cell % 64);
}

static gboolean
cell_set_has (const CellSet *set,
              guint          cell)
{
  return (set->bits[cell / 64] >> (cell % 64)) & 1;
}

static gboolean
cell_sets_meet (const CellSet *a,
                const CellSet *b)
{
  return (a->bits[0] & b->bits[0]) || (a->bits[1] & b->bits[1]);
}

static gboolean
cell_has_scores (const LensRepairScores *scores,
                 guint                   cell)
{
  float sum = 0;

  if (scores == NULL)
    return FALSE;
  for (guint c = 0; c < LENS_REPAIR_N_CLASSES; c++)
    sum += scores->p[cell][c];
  return sum > 0.5f;
}

static float
class_prob (const LensRepairScores *scores,
            guint                   cell,
            guint                   c)
{
  return MAX (scores->p[cell][c], P_FLOOR);
}

static float
change_cost (const LensRepairScores *scores,
             guint                   cell,
             guint8                  from,
             guint8                  to)
{
  return MAX (0.f, logf (class_prob (scores, cell, from)) - logf (class_prob (scores, cell, to)));
}

static void
add_candidate (Repair *r,
               guint   cell,
               guint8  to,
               float   cost)
{
  Candidate c = { (guint8) cell, to, cost };

  g_array_append_val (r->candidates, c);
}

/* Insert where there was ink; delete any digit; replace a digit by one the
 * recognizer considered, or by any digit when it clashes with a peer. */
static gboolean
worth_trying (const Repair *r,
              guint         cell,
              guint8        to)
{
  guint8 from = r->read.digits[cell];
  float p = r->scores->p[cell][to];

  if (to == from)
    return FALSE;
  if (from == 0)
    return p >= P_INK;
  return to == 0 || p >= P_ALTERNATIVE || cell_set_has (&r->conflicted, cell);
}

static void
add_scored_candidates (Repair *r,
                       guint   cell)
{
  for (guint8 to = 0; to < LENS_REPAIR_N_CLASSES; to++)
    if (worth_trying (r, cell, to))
      add_candidate (r, cell, to, change_cost (r->scores, cell, r->read.digits[cell], to));
}

static int
compare_candidates (gconstpointer a,
                    gconstpointer b)
{
  const Candidate *x = a, *y = b;

  if (x->cost != y->cost)
    return x->cost < y->cost ? -1 : 1;
  return (int) x->cell - (int) y->cell;
}

static void
collect_candidates (Repair *r)
{
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      if (r->fixed[cell])
        continue;
      if (cell_has_scores (r->scores, cell))
        add_scored_candidates (r, cell);
      else if (r->read.digits[cell] != 0)
        add_candidate (r, cell, 0, r->scores ? TRUSTED_DELETE_COST : 1.f);
    }
  g_array_sort (r->candidates, compare_candidates);
}

static void
collect_conflicts (Repair *r)
{
  g_autoptr(GArray) conflicts = lens_grid_find_conflicts (&r->read);

  for (guint i = 0; i < conflicts->len; i++)
    {
      const LensConflict *c = &g_array_index (conflicts, LensConflict, i);
      CellSet core = { { 0, 0 } };

      cell_set_add (&core, c->a);
      cell_set_add (&core, c->b);
      cell_set_add (&r->conflicted, c->a);
      cell_set_add (&r->conflicted, c->b);
      g_array_append_val (r->cores, core);
    }
}

/* Each change mends at most one of several clashes that share no cell, so
 * their number is a lower bound on the changes needed. */
static guint
disjoint_cores (const Repair *r)
{
  CellSet used = { { 0, 0 } };
  guint n = 0;

  for (guint i = 0; i < r->cores->len; i++)
    {
      const CellSet *core = &g_array_index (r->cores, CellSet, i);

      if (cell_sets_meet (core, &used))
        continue;
      used.bits[0] |= core->bits[0];
      used.bits[1] |= core->bits[1];
      n++;
    }
  return n;
}

/* The heap of sets to test: a set's successors are "append the next
 * candidate" and "replace the last candidate by the next one", which
 * reaches every set once, never more cheaply than its parent. */

static gboolean
entry_less (const HeapEntry *a,
            const HeapEntry *b)
{
  return a->cost < b->cost;
}

/* Both move the node up or down into a hole, which swaps it in the same
 * places as swapping it step by step would. */
static void
heap_push (Heap       *heap,
           const Node *node)
{
  HeapEntry entry = { node->cost, 0 }, *h;
  guint i = heap->len++;

  if (heap->len > heap->size)
    {
      heap->size = MAX (1024, 2 * heap->size);
      heap->entries = g_renew (HeapEntry, heap->entries, heap->size);
      heap->sets = g_renew (Node, heap->sets, heap->size);
      heap->free = g_renew (guint, heap->free, heap->size);
    }
  entry.slot = heap->n_free > 0 ? heap->free[--heap->n_free] : heap->n_slots++;
  heap->sets[entry.slot] = *node;
  h = heap->entries;
  while (i > 0 && entry_less (&entry, &h[(i - 1) / 2]))
    {
      h[i] = h[(i - 1) / 2];
      i = (i - 1) / 2;
    }
  h[i] = entry;
}

static void
heap_sift_down (HeapEntry       *h,
                guint            n,
                const HeapEntry *entry)
{
  guint i = 0;

  for (;;)
    {
      guint l = 2 * i + 1, r = l + 1, m = i;
      const HeapEntry *least = entry;

      if (l < n && entry_less (&h[l], least))
        least = &h[m = l];
      if (r < n && entry_less (&h[r], least))
        least = &h[m = r];
      if (m == i)
        break;
      h[i] = h[m];
      i = m;
    }
  h[i] = *entry;
}

static Node
heap_pop (Heap *heap)
{
  HeapEntry *h = heap->entries, top = h[0], last = h[heap->len - 1];

  heap->len--;
  if (heap->len > 0)
    heap_sift_down (h, heap->len, &last);
  heap->free[heap->n_free++] = top.slot;
  return heap->sets[top.slot];
}

static float
candidate_cost (const Repair *r,
                guint         idx)
{
  return g_array_index (r->candidates, Candidate, idx).cost;
}

static void
push_successors (Repair     *r,
                 const Node *node)
{
  guint last = node->idx[node->size - 1];

  if (last + 1 >= r->candidates->len)
    return;
  if (node->size < r->max_changes)
    {
      Node grown = *node;

      grown.idx[grown.size++] = last + 1;
      grown.cost += candidate_cost (r, last + 1);
      heap_push (&r->heap, &grown);
    }
  {
    Node moved = *node;

    moved.idx[moved.size - 1] = last + 1;
    moved.cost += candidate_cost (r, last + 1) - candidate_cost (r, last);
    heap_push (&r->heap, &moved);
  }
}

/* Applies @node to @digits; FALSE when two changes hit one cell. */
static gboolean
apply_node (const Repair *r,
            const Node   *node,
            guint8       *digits,
            CellSet      *changed)
{
  memcpy (digits, r->read.digits, LENS_GRID_CELLS);
  *changed = (CellSet) { { 0, 0 } };
  for (guint i = 0; i < node->size; i++)
    {
      const Candidate *c = &g_array_index (r->candidates, Candidate, node->idx[i]);

      if (cell_set_has (changed, c->cell))
        return FALSE;
      cell_set_add (changed, c->cell);
      digits[c->cell] = c->to;
    }
  return TRUE;
}

static gboolean
hits_every_core (const Repair  *r,
                 const CellSet *changed)
{
  for (guint i = 0; i < r->cores->len; i++)
    if (!cell_sets_meet (&g_array_index (r->cores, CellSet, i), changed))
      return FALSE;
  return TRUE;
}

static gboolean
has_clash (const guint8 *digits)
{
  guint16 rows[9] = { 0 }, cols[9] = { 0 }, boxes[9] = { 0 };

  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      guint16 bit;

      if (digits[cell] == 0)
        continue;
      bit = 1 << digits[cell];
      if ((rows[lens_cell_row (cell)] | cols[lens_cell_col (cell)] | boxes[lens_cell_box (cell)]) & bit)
        return TRUE;
      rows[lens_cell_row (cell)] |= bit;
      cols[lens_cell_col (cell)] |= bit;
      boxes[lens_cell_box (cell)] |= bit;
    }
  return FALSE;
}

/* A set's changes: cell @cells[i] to @to[i]. */
typedef struct {
  guint8  cells[LENS_REPAIR_MAX_CHANGES];
  guint8  to[LENS_REPAIR_MAX_CHANGES];
  guint   n;
  CellSet changed;
} Changes;

/* @node's changes; FALSE when two of them hit one cell. */
static gboolean
node_changes (const Repair *r,
              const Node   *node,
              Changes      *changes)
{
  changes->n = node->size;
  changes->changed = (CellSet) { { 0, 0 } };
  for (guint i = 0; i < node->size; i++)
    {
      const Candidate *c = &g_array_index (r->candidates, Candidate, node->idx[i]);

      if (cell_set_has (&changes->changed, c->cell))
        return FALSE;
      cell_set_add (&changes->changed, c->cell);
      changes->cells[i] = c->cell;
      changes->to[i] = c->to;
    }
  return TRUE;
}

/* Whether @node's grid may be tested: its changes hit distinct cells, one
 * in each clash of the read, and leave no clash. */
static gboolean
node_testable (Repair     *r,
               const Node *node,
               Changes    *changes)
{
  return node_changes (r, node, changes) && hits_every_core (r, &changes->changed) &&
         !lens_repair_clash_changed (&r->clash, changes->cells, changes->to, changes->n);
}

static LensSolveStatus
grid_status (const guint8 *digits)
{
  guint count = has_clash (digits) ? 0 : lens_solver_count (digits, 2, NULL);

  return count == 0 ? LENS_SOLVE_NONE : count == 1 ? LENS_SOLVE_UNIQUE : LENS_SOLVE_MULTIPLE;
}

/* Tests one set of changes; TRUE when the search is over. */
static gboolean
test_node (Repair     *r,
           const Node *node)
{
  Changes changes;
  guint count;

  if (!node_testable (r, node, &changes))
    return FALSE;
  r->n_tried++;
  count = lens_repair_solutions_count (r->solutions, changes.cells, changes.to, changes.n, NULL);
  if (count == 1)
    {
      r->have_unique = TRUE;
      r->unique = *node;
      return TRUE;
    }
  if (count >= 2 && !r->have_solvable)
    {
      r->have_solvable = TRUE;
      r->solvable = *node;
    }
  return FALSE;
}

/* Without readings, the fewest deletions win: once a solvable set is
 * found, only sets of the same cost may still be tested. */
static gboolean
past_fallback_level (const Repair *r,
                     const Node   *node)
{
  return r->scores == NULL && r->have_solvable &&
         node->cost > r->solvable.cost + COST_EPSILON;
}

static gboolean
out_of_time (const Repair *r)
{
  return g_get_monotonic_time () > r->deadline;
}

/* A grid with one solution, other than @solution, from the sets costing
 * at most @limit: TRUE with it in r->rival. */
static gboolean
test_rival (Repair       *r,
            const Node   *node,
            const guint8 *solution)
{
  guint8 other[LENS_GRID_CELLS];
  Changes changes;

  if (!node_testable (r, node, &changes))
    return FALSE;
  r->n_tried++;
  if (lens_repair_solutions_count (r->solutions, changes.cells, changes.to, changes.n, other) != 1 ||
      memcmp (other, solution, LENS_GRID_CELLS) == 0)
    return FALSE;
  r->have_rival = TRUE;
  r->rival = *node;
  return TRUE;
}

/* After the best grid, the next ones in cost order: is there one nearly
 * as likely that solves differently? */
static void
look_for_rival (Repair *r)
{
  double limit = r->unique.cost + (r->scores ? RIVAL_MARGIN : COST_EPSILON);
  guint8 digits[LENS_GRID_CELLS], solution[LENS_GRID_CELLS];
  CellSet changed;

  apply_node (r, &r->unique, digits, &changed);
  lens_solver_count (digits, 1, solution);
  for (guint64 step = 0; r->heap.len > 0; step++)
    {
      Node node;

      if (((step & 63) == 0 && out_of_time (r)) || r->heap.len > MAX_HEAP_NODES)
        return;
      node = heap_pop (&r->heap);
      if (node.cost > limit)
        return;
      push_successors (r, &node);
      if (test_rival (r, &node, solution))
        return;
    }
}

/* The cost of the cheapest candidate that takes away or replaces a read
 * digit, or G_MAXFLOAT. */
static float
cheapest_read_change (const Repair *r)
{
  for (guint i = 0; i < r->candidates->len; i++)
    {
      const Candidate *c = &g_array_index (r->candidates, Candidate, i);

      if (r->read.digits[c->cell] != 0)
        return c->cost;
    }
  return G_MAXFLOAT;
}

/* A reading with one solution stands, but a nearly as likely grid that
 * solves differently makes its solution a guess. Such a grid changes a
 * read digit: digits written into empty cells alone leave the reading's
 * solution or none. */
static void
check_read_rival (Repair *r)
{
  Node start = { .size = 1 };

  if (r->scores == NULL)
    return;
  collect_candidates (r);
  if (r->candidates->len == 0 || cheapest_read_change (r) > RIVAL_MARGIN + COST_EPSILON)
    return;
  r->unique = (Node) { 0 };
  start.cost = candidate_cost (r, 0);
  heap_push (&r->heap, &start);
  look_for_rival (r);
}

static LensRepairOutcome
search (Repair  *r,
        GError **error)
{
  Node start = { 0 };

  if (r->candidates->len == 0)
    return LENS_REPAIR_NOT_FOUND;
  start.size = 1;
  start.cost = candidate_cost (r, 0);
  heap_push (&r->heap, &start);
  for (guint64 step = 0; r->heap.len > 0; step++)
    {
      Node node;

      if ((step & 63) == 0 && (g_cancellable_set_error_if_cancelled (r->cancellable, error)))
        return LENS_REPAIR_GAVE_UP;
      if (((step & 63) == 0 && out_of_time (r)) || r->heap.len > MAX_HEAP_NODES)
        return LENS_REPAIR_GAVE_UP;
      node = heap_pop (&r->heap);
      if (past_fallback_level (r, &node))
        break;
      push_successors (r, &node);
      if (test_node (r, &node))
        {
          look_for_rival (r);
          return LENS_REPAIR_REPAIRED;
        }
    }
  return LENS_REPAIR_NOT_FOUND;
}

static LensRepairReason
reason_for (const Repair *r,
            guint         cell)
{
  if (cell_set_has (&r->conflicted, cell))
    return LENS_REPAIR_REASON_CONFLICT;
  if (cell_has_scores (r->scores, cell) &&
      r->scores->p[cell][r->read.digits[cell]] < SURE_READING)
    return LENS_REPAIR_REASON_LOW_CONFIDENCE;
  return r->read_status == LENS_SOLVE_NONE ? LENS_REPAIR_REASON_NO_SOLUTION
                                           : LENS_REPAIR_REASON_NOT_UNIQUE;
}

/* The chance, by the recognizer's own odds, that more than max_changes
 * cells were misread: then the best repair within the bound may well not
 * be the truth. Each cell is wrong with probability 1 - p(read). */
static double
risk_beyond_bound (const Repair *r)
{
  double count[LENS_REPAIR_MAX_CHANGES + 2] = { 1.0 };
  double within = 0;
  guint k_max = r->max_changes + 1;

  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      double wrong;

      if (!cell_has_scores (r->scores, cell))
        continue;
      wrong = 1.0 - MIN (1.0, r->scores->p[cell][r->read.digits[cell]]);
      for (guint k = k_max; k > 0; k--)
        count[k] = count[k] * (1 - wrong) + count[k - 1] * wrong;
      count[0] *= 1 - wrong;
    }
  for (guint k = 0; k < k_max; k++)
    within += count[k];
  return 1.0 - within;
}

static float
cell_cost (const Repair *r,
           guint         cell,
           guint8        to)
{
  guint8 from = r->read.digits[cell];

  if (from == to)
    return 0;
  if (cell_has_scores (r->scores, cell))
    return change_cost (r->scores, cell, from, to);
  return r->scores ? TRUSTED_DELETE_COST : 1.f;
}

static double
grid_cost (const Repair *r,
           const guint8 *digits)
{
  double cost = 0;

  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    cost += cell_cost (r, cell, digits[cell]);
  return cost;
}

/* Printed puzzles mostly place their givens symmetrically about the
 * centre, and an asymmetric one rarely misses symmetry by only a pair or
 * three. So when the reading is nearly symmetric, a pair out of symmetry
 * costs SYMMETRY_COST; filling in the solution's digit where the
 * recognizer saw some ink, or deleting a doubtful digit, can pay for it.
 * Neither changes the solution. */

#define SYMMETRY_COST 2.5
#define SYMMETRY_MAX_PAIRS 3

static guint
asymmetric_pairs (const guint8 *digits,
                  guint8        pairs[SYMMETRY_MAX_PAIRS])
{
  guint n = 0;

  for (guint cell = 0; cell < LENS_GRID_CELLS / 2; cell++)
    if ((digits[cell] != 0) != (digits[LENS_GRID_CELLS - 1 - cell] != 0))
      {
        if (n < SYMMETRY_MAX_PAIRS)
          pairs[n] = (guint8) cell;
        n++;
      }
  return n;
}

/* Option 0 keeps the pair, 1 fills its empty cell, 2 clears its full one. */
static gboolean
apply_pair_option (const Repair *r,
                   guint8       *digits,
                   const guint8 *solution,
                   guint         pair,
                   guint         option)
{
  guint cell = digits[pair] == 0 ? pair : LENS_GRID_CELLS - 1 - pair;
  guint other = LENS_GRID_CELLS - 1 - cell;
  guint target = option == 1 ? cell : other;

  if (option == 0)
    return TRUE;
  if (!cell_has_scores (r->scores, target) || r->fixed[target])
    return FALSE;
  digits[target] = option == 1 ? solution[target] : 0;
  return TRUE;
}

static guint
count_changes (const Repair *r,
               const guint8 *digits)
{
  guint n = 0;

  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    n += digits[cell] != r->read.digits[cell];
  return n;
}

static double
symmetric_cost (const Repair *r,
                const guint8 *digits)
{
  guint8 pairs[SYMMETRY_MAX_PAIRS];

  return grid_cost (r, digits) + SYMMETRY_COST * asymmetric_pairs (digits, pairs);
}

static void
restore_symmetry (const Repair *r,
                  guint8       *digits)
{
  guint8 pairs[SYMMETRY_MAX_PAIRS], read_pairs[SYMMETRY_MAX_PAIRS];
  guint8 solution[LENS_GRID_CELLS], best[LENS_GRID_CELLS];
  guint n = asymmetric_pairs (digits, pairs), combos = 1;
  double best_cost;

  if (r->scores == NULL || n == 0 || n > SYMMETRY_MAX_PAIRS ||
      asymmetric_pairs (r->read.digits, read_pairs) > SYMMETRY_MAX_PAIRS ||
      lens_solver_count (digits, 2, solution) != 1)
    return;
  memcpy (best, digits, LENS_GRID_CELLS);
  best_cost = symmetric_cost (r, digits) - COST_EPSILON;
  for (guint i = 0; i < n; i++)
    combos *= 3;
  for (guint combo = 1; combo < combos; combo++)
    {
      guint8 trial[LENS_GRID_CELLS];
      gboolean ok = TRUE;
      double cost;

      memcpy (trial, digits, LENS_GRID_CELLS);
      for (guint i = 0, c = combo; i < n && ok; i++, c /= 3)
        ok = apply_pair_option (r, trial, solution, pairs[i], c % 3);
      if (!ok || count_changes (r, trial) > r->max_changes ||
          (cost = symmetric_cost (r, trial)) >= best_cost ||
          lens_solver_count (trial, 2, NULL) != 1)
        continue;
      memcpy (best, trial, LENS_GRID_CELLS);
      best_cost = cost;
    }
  memcpy (digits, best, LENS_GRID_CELLS);
}

static int
compare_changes (gconstpointer a,
                 gconstpointer b)
{
  return (int) ((const LensRepairChange *) a)->cell - (int) ((const LensRepairChange *) b)->cell;
}

static void
fill_changes (const Repair     *r,
              const guint8     *digits,
              const guint8     *before_symmetry,
              LensRepairResult *result)
{
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      LensRepairChange *change;

      if (digits[cell] == r->read.digits[cell])
        continue;
      g_assert (result->n_changes < LENS_REPAIR_MAX_CHANGES);
      change = &result->changes[result->n_changes++];
      change->cell = (guint8) cell;
      change->from = r->read.digits[cell];
      change->to = digits[cell];
      change->cost = cell_cost (r, cell, digits[cell]);
      change->reason = digits[cell] != before_symmetry[cell] ? LENS_REPAIR_REASON_SYMMETRY
                                                             : reason_for (r, cell);
      result->cost += change->cost;
      result->puzzle.digits[cell] = digits[cell];
      result->puzzle.flags[cell] |= LENS_CELL_REPAIRED;
    }
  qsort (result->changes, result->n_changes, sizeof (LensRepairChange), compare_changes);
}

static void
fill_solution (LensRepairResult *result)
{
  guint8 solution[LENS_GRID_CELLS];

  result->status = grid_status (result->puzzle.digits);
  if (result->status != LENS_SOLVE_UNIQUE)
    return;
  lens_solver_count (result->puzzle.digits, 1, solution);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      result->solution.digits[i] = solution[i];
      if (result->puzzle.digits[i] == 0)
        result->solution.flags[i] = LENS_CELL_SOLVED | (result->puzzle.flags[i] & LENS_CELL_REPAIRED);
      else
        result->solution.flags[i] = result->puzzle.flags[i] & (LENS_CELL_GIVEN | LENS_CELL_REPAIRED);
    }
}

/* A grid with one solution if found; else, for a grid with none, the
 * cheapest solvable one; else the grid as read. */
static void
chosen_digits (const Repair *r,
               guint8       *digits)
{
  CellSet changed;

  if (r->have_unique)
    apply_node (r, &r->unique, digits, &changed);
  else if (r->have_solvable && r->read_status == LENS_SOLVE_NONE)
    apply_node (r, &r->solvable, digits, &changed);
  else
    memcpy (digits, r->read.digits, LENS_GRID_CELLS);
}

/* The recognizer's odds tell likely grids apart, but odds over 50 to 1
 * against a digit are out of what the photos can check: on them 2 of the
 * builtin model's 4 misreads were read at over 99.6%. A solution that
 * needed such a change is a guess between grids alike to the recognizer.
 * Only the search's changes count: restoring symmetry keeps the solution.
 * (Typed digits have no odds: deleting one is a choice, not a guess.) */
static gboolean
changed_a_sure_cell (const Repair *r,
                     const guint8 *searched)
{
  if (r->scores == NULL)
    return FALSE;
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    if (searched[cell] != r->read.digits[cell] && cell_has_scores (r->scores, cell) &&
        cell_cost (r, cell, searched[cell]) > SURE_CHANGE_COST)
      return TRUE;
  return FALSE;
}

static LensRepairDoubt
find_doubt (const Repair           *r,
            const LensRepairResult *result,
            const guint8           *searched)
{
  if (result->status != LENS_SOLVE_UNIQUE)
    return LENS_REPAIR_DOUBT_NONE;
  if (r->have_rival)
    return LENS_REPAIR_DOUBT_RIVAL;
  if (changed_a_sure_cell (r, searched))
    return LENS_REPAIR_DOUBT_OVERRULED;
  if (result->n_changes > 0 && r->scores && risk_beyond_bound (r) > BEYOND_BOUND_RISK)
    return LENS_REPAIR_DOUBT_MORE_ERRORS;
  return LENS_REPAIR_DOUBT_NONE;
}

static void
fill_result (const Repair      *r,
             LensRepairOutcome  outcome,
             LensRepairResult  *result)
{
  guint8 digits[LENS_GRID_CELLS], before_symmetry[LENS_GRID_CELLS];

  memset (result, 0, sizeof *result);
  result->puzzle = r->read;
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    result->puzzle.flags[i] &= ~(LENS_CELL_REPAIRED | LENS_CELL_SOLVED);
  chosen_digits (r, digits);
  memcpy (before_symmetry, digits, LENS_GRID_CELLS);
  restore_symmetry (r, digits);
  fill_changes (r, digits, before_symmetry, result);
  lens_grid_mark_givens (&result->puzzle);
  fill_solution (result);
  if (outcome == LENS_REPAIR_UNCHANGED && result->n_changes > 0)
    outcome = LENS_REPAIR_REPAIRED;
  result->outcome = outcome;
  result->doubt = find_doubt (r, result, before_symmetry);
  result->unsure = result->doubt != LENS_REPAIR_DOUBT_NONE;
  result->rival_cost = r->have_rival ? r->rival.cost : 0;
  if (r->have_rival)
    {
      CellSet changed;

      apply_node (r, &r->rival, result->rival.digits, &changed);
      lens_grid_mark_givens (&result->rival);
    }
  result->n_tried = r->n_tried;
}

static const LensRepairScores *
usable_scores (const LensRepairScores *scores)
{
  if (scores == NULL)
    return NULL;
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    if (cell_has_scores (scores, cell))
      return scores;
  return NULL;
}

static void
repair_init (Repair                  *r,
             const LensGrid          *read,
             const LensRepairScores  *scores,
             const LensRepairOptions *options)
{
  LensRepairOptions defaults;

  if (options == NULL)
    {
      lens_repair_options_init (&defaults);
      options = &defaults;
    }
  memset (r, 0, sizeof *r);
  r->read = *read;
  r->scores = usable_scores (scores);
  r->max_changes = options->max_changes ? MIN (options->max_changes, LENS_REPAIR_MAX_CHANGES)
                                        : LENS_REPAIR_DEFAULT_MAX_CHANGES;
  r->deadline = g_get_monotonic_time () +
                (gint64) (options->time_limit_ms ? options->time_limit_ms
                                                 : LENS_REPAIR_DEFAULT_TIME_LIMIT_MS) * 1000;
  r->cancellable = options->cancellable;
  for (guint cell = 0; options->fixed != NULL && cell < LENS_GRID_CELLS; cell++)
    r->fixed[cell] = options->fixed[cell];
  r->candidates = g_array_new (FALSE, FALSE, sizeof (Candidate));
  r->cores = g_array_new (FALSE, FALSE, sizeof (CellSet));
  lens_repair_clash_init (&r->clash, r->read.digits);
  r->solutions = lens_repair_solutions_new (r->read.digits);
}

static void
repair_clear (Repair *r)
{
  g_clear_pointer (&r->candidates, g_array_unref);
  g_clear_pointer (&r->cores, g_array_unref);
  g_clear_pointer (&r->heap.entries, g_free);
  g_clear_pointer (&r->heap.sets, g_free);
  g_clear_pointer (&r->heap.free, g_free);
  g_clear_pointer (&r->solutions, lens_repair_solutions_free);
}

void
lens_repair_options_init (LensRepairOptions *options)
{
  g_return_if_fail (options != NULL);

  options->max_changes = LENS_REPAIR_DEFAULT_MAX_CHANGES;
  options->time_limit_ms = LENS_REPAIR_DEFAULT_TIME_LIMIT_MS;
  options->cancellable = NULL;
  options->fixed = NULL;
}

gboolean
lens_repair (const LensGrid          *read,
             const LensRepairScores  *scores,
             const LensRepairOptions *options,
             LensRepairResult        *result,
             GError                 **error)
{
  gint64 start = g_get_monotonic_time ();
  LensRepairOutcome outcome = LENS_REPAIR_UNCHANGED;
  GError *local_error = NULL;
  Repair r;

  g_return_val_if_fail (read != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (options != NULL && g_cancellable_set_error_if_cancelled (options->cancellable, error))
    return FALSE;
  repair_init (&r, read, scores, options);
  r.read_status = grid_status (read->digits);
  if (r.read_status == LENS_SOLVE_UNIQUE)
    check_read_rival (&r);
  else if (r.read_status == LENS_SOLVE_MULTIPLE && r.scores == NULL)
    outcome = LENS_REPAIR_NOT_FOUND;  /* deleting digits never helps */
  else if (r.read_status != LENS_SOLVE_UNIQUE)
    {
      collect_conflicts (&r);
      collect_candidates (&r);
      if (disjoint_cores (&r) > r.max_changes)
        outcome = LENS_REPAIR_NOT_FOUND;
      else
        outcome = search (&r, &local_error);
    }
  if (local_error != NULL)
    {
      repair_clear (&r);
      g_propagate_error (error, local_error);
      return FALSE;
    }
  fill_result (&r, outcome, result);
  result->elapsed_ms = (g_get_monotonic_time () - start) / 1000.0;
  repair_clear (&r);
  return TRUE;
}

guint
lens_repair_cells_to_check (const LensRepairResult *result,
                            gboolean                cells[LENS_GRID_CELLS])
{
  gboolean has_rival;
  guint n = 0;

  g_return_val_if_fail (result != NULL, 0);

  has_rival = result->doubt == LENS_REPAIR_DOUBT_RIVAL;
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      cells[cell] = result->unsure &&
                    (has_rival ? result->rival.digits[cell] != result->puzzle.digits[cell]
                               : (result->puzzle.flags[cell] & LENS_CELL_REPAIRED) != 0);
      n += cells[cell];
    }
  return n;
}

const char *
lens_repair_reason_to_string (LensRepairReason reason)
{
  switch (reason)
    {
    case LENS_REPAIR_REASON_CONFLICT:
      return "conflict";
    case LENS_REPAIR_REASON_NO_SOLUTION:
      return "no-solution";
    case LENS_REPAIR_REASON_NOT_UNIQUE:
      return "not-unique";
    case LENS_REPAIR_REASON_LOW_CONFIDENCE:
      return "low-confidence";
    case LENS_REPAIR_REASON_SYMMETRY:
      return "symmetry";
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
lens_repair_outcome_to_string (LensRepairOutcome outcome)
{
  switch (outcome)
    {
    case LENS_REPAIR_UNCHANGED:
      return "unchanged";
    case LENS_REPAIR_REPAIRED:
      return "repaired";
    case LENS_REPAIR_NOT_FOUND:
      return "not-found";
    case LENS_REPAIR_GAVE_UP:
      return "gave-up";
    default:
      g_return_val_if_reached (NULL);
    }
}
