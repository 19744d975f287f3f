/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "lens-logic-private.h"

/* Chains of alternating inferences.  A node is a candidate (a digit in a
 * cell) or, in grouped chains, a digit in the two or three cells where a
 * box meets a line.  A strong link joins two nodes of which one at least
 * is true (a cell's only two digits; a digit's only two places in a unit),
 * a weak link two that cannot both be true (one cell; one digit in cells
 * that see each other).  Following strong and weak links in turn from a
 * node A assumed false reaches nodes Y then known true: so A or Y is true,
 * and what sees both is false.  The search is breadth-first from every
 * node, so the shortest chain is found.
 *
 * X-chain: one digit, strong links in units.  XY-chain: strong links in
 * two-candidate cells only, from a digit back to the same digit.  AIC:
 * every link and grouped nodes. */

#define N_SINGLES (LENS_GRID_CELLS * 9)
#define N_GROUPS (9 * 6 * 9)
#define N_NODES (N_SINGLES + N_GROUPS)
#define MAX_STRONG 8
#define MAX_WEAK 64
#define NO_NODE 0xffff

typedef enum { CHAIN_X, CHAIN_XY, CHAIN_AIC } ChainKind;

/* A set of cells: bit i of lo for cell i < 64, bit i - 64 of hi. */
typedef struct {
  guint64 lo, hi;
} Cells;

typedef struct {
  guint8  digit;
  guint8  n_cells;  /* 0: not a node now */
  guint8  cells[3];
  Cells   set;      /* its cells */
  Cells   seen;     /* the cells that see all of its cells */
} Node;

typedef struct {
  ChainKind             kind;
  const LensCandidates *c;
  Cells                 peers[LENS_GRID_CELLS];
  Cells                 holding[10];   /* the cells with a digit as candidate */
  Node                  nodes[N_NODES];
  guint16               strong[N_NODES][MAX_STRONG];
  guint8                n_strong[N_NODES];
  guint16               weak[N_NODES][MAX_WEAK];
  guint8                n_weak[N_NODES];
  /* breadth-first search over (node, on) states: state = node * 2 + on */
  guint32               stamp[N_NODES * 2];
  guint16               parent[N_NODES * 2];
  guint8                depth[N_NODES * 2];
  guint32               generation;
  /* the best chain so far */
  guint                 best_length;
  guint16               best_chain[64];
} Chains;

static inline void
cells_add (Cells *s,
           guint  cell)
{
  if (cell < 64)
    s->lo |= G_GUINT64_CONSTANT (1) << cell;
  else
    s->hi |= G_GUINT64_CONSTANT (1) << (cell - 64);
}

static inline Cells
cells_and (Cells a,
           Cells b)
{
  return (Cells) { a.lo & b.lo, a.hi & b.hi };
}

static inline Cells
cells_minus (Cells a,
             Cells b)
{
  return (Cells) { a.lo & ~b.lo, a.hi & ~b.hi };
}

static inline gboolean
cells_empty (Cells a)
{
  return (a.lo | a.hi) == 0;
}

static inline gboolean
cells_within (Cells a,
              Cells b)
{
  return cells_empty (cells_minus (a, b));
}

/* Takes the lowest cell out of @s; -1 when empty. */
static inline gint
cells_pop (Cells *s)
{
  gint cell;

  if (s->lo)
    {
      cell = __builtin_ctzll (s->lo);
      s->lo &= s->lo - 1;
      return cell;
    }
  if (s->hi)
    {
      cell = 64 + __builtin_ctzll (s->hi);
      s->hi &= s->hi - 1;
      return cell;
    }
  return -1;
}

static void
finish_node (Chains *ch,
             Node   *n)
{
  n->set = (Cells) { 0, 0 };
  n->seen = (Cells) { ~G_GUINT64_CONSTANT (0), ~G_GUINT64_CONSTANT (0) };
  for (guint i = 0; i < n->n_cells; i++)
    {
      cells_add (&n->set, n->cells[i]);
      n->seen = cells_and (n->seen, ch->peers[n->cells[i]]);
    }
}

static guint
single_id (guint cell,
           guint digit)
{
  return cell * 9 + digit - 1;
}

/* Group g = ((box * 6 + line) * 9 + digit - 1): lines 0..2 are the box's
 * rows, 3..5 its columns. */
static void
group_cells (guint  g,
             guint  cells[3])
{
  guint box = g / 54, line = (g / 9) % 6;
  guint top = (box / 3) * 3, left = (box % 3) * 3;

  for (guint i = 0; i < 3; i++)
    cells[i] = line < 3 ? (top + line) * 9 + left + i : (top + i) * 9 + left + line - 3;
}

static void
build_nodes (Chains *ch)
{
  const LensCandidates *c = ch->c;

  memset (ch->nodes, 0, sizeof ch->nodes);
  memset (ch->holding, 0, sizeof ch->holding);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      const guint8 *peers = lens_cell_peers (cell);

      ch->peers[cell] = (Cells) { 0, 0 };
      for (guint p = 0; p < 20; p++)
        cells_add (&ch->peers[cell], peers[p]);
    }
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    for (guint d = 1; d <= 9; d++)
      if (c->marks[cell] & LENS_DIGIT_BIT (d))
        {
          ch->nodes[single_id (cell, d)] = (Node) { (guint8) d, 1, { (guint8) cell } };
          finish_node (ch, &ch->nodes[single_id (cell, d)]);
          cells_add (&ch->holding[d], cell);
        }
  for (guint g = 0; g < N_GROUPS && ch->kind == CHAIN_AIC; g++)
    {
      Node *n = &ch->nodes[N_SINGLES + g];
      guint cells[3], d = g % 9 + 1;

      group_cells (g, cells);
      n->digit = (guint8) d;
      for (guint i = 0; i < 3; i++)
        if (c->marks[cells[i]] & LENS_DIGIT_BIT (d))
          n->cells[n->n_cells++] = (guint8) cells[i];
      if (n->n_cells < 2)
        n->n_cells = 0;
      else
        finish_node (ch, n);
    }
}

static gboolean
node_has_cell (const Node *n,
               guint       cell)
{
  for (guint i = 0; i < n->n_cells; i++)
    if (n->cells[i] == cell)
      return TRUE;
  return FALSE;
}

static void
add_link (guint16 *list,
          guint8  *n,
          guint    max,
          guint    to)
{
  for (guint i = 0; i < *n; i++)
    if (list[i] == to)
      return;
  if (*n < max)
    list[(*n)++] = (guint16) to;
}

/* The node holding exactly @cells (1..3 cells of one box and line). */
static guint
node_of_cells (const Chains *ch,
               const guint  *cells,
               guint         n,
               guint         digit)
{
  if (n == 1)
    return single_id (cells[0], digit);
  if (ch->kind != CHAIN_AIC || n > 3)
    return NO_NODE;
  for (guint line = 0; line < 6; line++)
    {
      guint box = lens_cell_box (cells[0]);
      guint id = N_SINGLES + (box * 6 + line) * 9 + digit - 1;
      const Node *node = &ch->nodes[id];
      gboolean same = node->n_cells == n;

      for (guint i = 0; i < n && same; i++)
        same = node_has_cell (node, cells[i]);
      if (same)
        return id;
    }
  return NO_NODE;
}

/* Strong links in units: the digit's other places in a unit holding the
 * whole node form one node. */
static void
link_strong_units (Chains *ch,
                   guint   id)
{
  const Node *n = &ch->nodes[id];
  guint first = n->cells[0];
  guint units[3] = { lens_cell_row_unit (first), lens_cell_col_unit (first), lens_cell_box_unit (first) };

  for (guint u = 0; u < 3; u++)
    {
      guint rest[9], n_rest = 0, to;
      gboolean holds = TRUE;

      for (guint i = 1; i < n->n_cells; i++)
        holds &= lens_cell_row_unit (n->cells[i]) == units[u] || lens_cell_col_unit (n->cells[i]) == units[u] ||
                 lens_cell_box_unit (n->cells[i]) == units[u];
      if (!holds)
        continue;
      for (guint i = 0; i < 9; i++)
        {
          guint cell = lens_unit_cell (units[u], i);

          if ((ch->c->marks[cell] & LENS_DIGIT_BIT (n->digit)) && !node_has_cell (n, cell))
            rest[n_rest++] = cell;
        }
      if (n_rest == 0 || n_rest > 3)
        continue;
      to = node_of_cells (ch, rest, n_rest, n->digit);
      if (to != NO_NODE && ch->nodes[to].n_cells > 0)
        add_link (ch->strong[id], &ch->n_strong[id], MAX_STRONG, to);
    }
}

static void
link_weak (Chains *ch,
           guint   id)
{
  const Node *n = &ch->nodes[id];
  Cells targets = cells_and (n->seen, ch->holding[n->digit]);
  gint cell;

  if (n->n_cells == 1 && ch->kind == CHAIN_AIC)
    for (guint d = 1; d <= 9; d++)
      if (d != n->digit && (ch->c->marks[n->cells[0]] & LENS_DIGIT_BIT (d)))
        add_link (ch->weak[id], &ch->n_weak[id], MAX_WEAK, single_id (n->cells[0], d));
  /* Distinct by construction: no need to look for doubles. */
  while ((cell = cells_pop (&targets)) >= 0 && ch->n_weak[id] < MAX_WEAK)
    ch->weak[id][ch->n_weak[id]++] = (guint16) single_id ((guint) cell, n->digit);
  for (guint g = N_SINGLES + n->digit - 1; ch->kind == CHAIN_AIC && g < N_NODES; g += 9)
    if (ch->nodes[g].n_cells > 0 && cells_within (ch->nodes[g].set, n->seen) && ch->n_weak[id] < MAX_WEAK)
      ch->weak[id][ch->n_weak[id]++] = (guint16) g;
}

static void
build_links (Chains *ch)
{
  for (guint id = 0; id < N_NODES; id++)
    {
      const Node *n = &ch->nodes[id];

      ch->n_strong[id] = ch->n_weak[id] = 0;
      if (n->n_cells == 0)
        continue;
      if (n->n_cells == 1 && ch->kind != CHAIN_X && lens_popcount (ch->c->marks[n->cells[0]]) == 2)
        add_link (ch->strong[id], &ch->n_strong[id], MAX_STRONG,
                  single_id (n->cells[0], lens_first_digit (ch->c->marks[n->cells[0]] & ~LENS_DIGIT_BIT (n->digit))));
      if (ch->kind != CHAIN_XY)
        link_strong_units (ch, id);
      link_weak (ch, id);
    }
}

/* Eliminations from "A or Y is true" into @step; TRUE if any. */
static gboolean
collect_eliminations (const Chains  *ch,
                      guint          a,
                      guint          y,
                      LensLogicStep *step)
{
  const Node *na = &ch->nodes[a], *ny = &ch->nodes[y];
  const LensCandidates *c = ch->c;

  if (na->digit == ny->digit)
    {
      Cells targets = cells_and (cells_and (na->seen, ny->seen), ch->holding[na->digit]);
      gint cell;

      while ((cell = cells_pop (&targets)) >= 0)
        lens_step_add_elimination (step, (guint) cell, na->digit);
    }
  else if (ch->kind == CHAIN_AIC && na->n_cells == 1 && ny->n_cells == 1)
    {
      guint ca = na->cells[0], cy = ny->cells[0];

      if (ca == cy)
        lens_step_eliminate_mask (step, c, ca, LENS_ALL_DIGITS & ~(LENS_DIGIT_BIT (na->digit) | LENS_DIGIT_BIT (ny->digit)));
      else if (lens_cells_see (ca, cy))
        {
          lens_step_eliminate_mask (step, c, ca, LENS_DIGIT_BIT (ny->digit));
          lens_step_eliminate_mask (step, c, cy, LENS_DIGIT_BIT (na->digit));
        }
    }
  return step->n_eliminations > 0;
}

/* Breadth-first from A assumed false; records a shorter chain than the
 * best so far when one proves something. */
static void
search_from (Chains        *ch,
             guint          a,
             LensLogicStep *scratch)
{
  guint16 queue[N_NODES * 2];
  guint head = 0, tail = 0;
  guint start = a * 2;

  ch->generation++;
  ch->stamp[start] = ch->generation;
  ch->depth[start] = 1;
  ch->parent[start] = NO_NODE;
  queue[tail++] = (guint16) start;
  while (head < tail)
    {
      guint state = queue[head++], node = state / 2, on = state % 2;
      const guint16 *links = on ? ch->weak[node] : ch->strong[node];
      guint n_links = on ? ch->n_weak[node] : ch->n_strong[node];

      if (ch->depth[state] + 1u >= ch->best_length)
        break;
      for (guint i = 0; i < n_links; i++)
        {
          guint next = links[i] * 2u + !on;

          if (ch->stamp[next] == ch->generation)
            continue;
          ch->stamp[next] = ch->generation;
          ch->depth[next] = (guint8) (ch->depth[state] + 1);
          ch->parent[next] = (guint16) state;
          queue[tail++] = (guint16) next;
          if (!on && links[i] != a)
            {
              lens_step_reset (scratch, scratch->technique);
              if (ch->kind == CHAIN_XY && ch->nodes[links[i]].digit != ch->nodes[a].digit)
                continue;
              if (!collect_eliminations (ch, a, links[i], scratch))
                continue;
            }
          else if (on || ch->kind != CHAIN_AIC || ch->nodes[a].n_cells != 1)
            continue;
          /* else A false leads to A true: A is true */
          ch->best_length = ch->depth[next];
          for (guint s = next, k = ch->depth[next]; s != NO_NODE; s = ch->parent[s])
            ch->best_chain[--k] = (guint16) s;
          return;
        }
    }
}

static void
append_node (GString    *s,
             const Node *n)
{
  g_string_append_printf (s, "r%uc%u", n->cells[0] / 9 + 1, n->cells[0] % 9 + 1);
  for (guint i = 1; i < n->n_cells; i++)
    g_string_append_printf (s, "|r%uc%u", n->cells[i] / 9 + 1, n->cells[i] % 9 + 1);
  g_string_append_printf (s, "(%u)", n->digit);
}

static char *
format_chain (const Chains *ch)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < ch->best_length; k++)
    {
      if (k > 0)
        g_string_append (s, k % 2 ? " = " : " - ");
      append_node (s, &ch->nodes[ch->best_chain[k] / 2]);
    }
  return g_string_free (s, FALSE);
}

static void
describe (const Chains  *ch,
          LensLogicStep *step)
{
  guint a = ch->best_chain[0] / 2, y = ch->best_chain[ch->best_length - 1] / 2;
  g_autofree char *chain = format_chain (ch);
  GString *ends = g_string_new (NULL), *end = g_string_new (NULL), *removed = g_string_new (NULL);

  append_node (ends, &ch->nodes[a]);
  append_node (end, &ch->nodes[y]);
  for (guint i = 0; i < step->n_eliminations; i++)
    g_string_append_printf (removed, "%sr%uc%u(%u)", i ? ", " : "", step->eliminations[i].cell / 9 + 1,
                            step->eliminations[i].cell % 9 + 1, step->eliminations[i].digit);
  if (a == y)
    /* TRANSLATORS: the chain is written with "=" for "one of the two is true" and "-" for "not both" */
    lens_step_set_text (step, _("Along the chain %s, %s being false would make it true, so it is true."),
                        chain, ends->str);
  else
    /* TRANSLATORS: "Along the chain r1c1(5) = r1c7(5) - …, if r1c1(5) is false then r4c7(5) is true, so one of them is; this rules out r4c1(5)." */
    lens_step_set_text (step, _("Along the chain %s, if %s is false then %s is true, so one of them is; this rules out %s."),
                        chain, ends->str, end->str, removed->str);
  g_string_free (ends, TRUE);
  g_string_free (end, TRUE);
  g_string_free (removed, TRUE);
}

static gboolean
find_chain (const LensCandidates *c,
            LensLogicStep        *step,
            ChainKind             kind)
{
  g_autofree Chains *ch = g_new0 (Chains, 1);

  ch->kind = kind;
  ch->c = c;
  ch->best_length = 64;
  build_nodes (ch);
  build_links (ch);
  for (guint a = 0; a < N_NODES; a++)
    if (ch->nodes[a].n_cells > 0 && ch->n_strong[a] > 0)
      search_from (ch, a, step);
  lens_step_reset (step, step->technique);
  if (ch->best_length == 64)
    return FALSE;
  {
    guint a = ch->best_chain[0] / 2, y = ch->best_chain[ch->best_length - 1] / 2;

    if (a == y)
      lens_step_add_placement (step, ch->nodes[a].cells[0], ch->nodes[a].digit);
    else
      collect_eliminations (ch, a, y, step);
    for (guint k = 0; k < ch->best_length; k++)
      {
        const Node *n = &ch->nodes[ch->best_chain[k] / 2];

        for (guint i = 0; i < n->n_cells; i++)
          lens_step_add_cell (step, n->cells[i]);
      }
    describe (ch, step);
  }
  return TRUE;
}

gboolean lens_find_x_chain (const LensCandidates *c, LensLogicStep *step) { return find_chain (c, step, CHAIN_X); }
gboolean lens_find_xy_chain (const LensCandidates *c, LensLogicStep *step) { return find_chain (c, step, CHAIN_XY); }
gboolean lens_find_aic (const LensCandidates *c, LensLogicStep *step) { return find_chain (c, step, CHAIN_AIC); }
