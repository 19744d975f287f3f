/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "lens-conflicts.h"

#define TIE 0.01

typedef struct {
  guint  cells[LENS_GRID_CELLS];
  guint  n_cells;
  guint  edges[LENS_GRID_CELLS * 8][2];  /* indices into cells */
  guint  n_edges;
} Group;

static guint
find_root (guint *parent,
           guint  a)
{
  while (parent[a] != a)
    a = parent[a] = parent[parent[a]];
  return a;
}

static int
index_in (const Group *group,
          guint        cell)
{
  for (guint i = 0; i < group->n_cells; i++)
    if (group->cells[i] == cell)
      return (int) i;
  return -1;
}

static void
add_edge (Group *group,
          guint  a,
          guint  b)
{
  int ia = index_in (group, a), ib = index_in (group, b);

  if (ia < 0)
    {
      ia = (int) group->n_cells;
      group->cells[group->n_cells++] = a;
    }
  if (ib < 0)
    {
      ib = (int) group->n_cells;
      group->cells[group->n_cells++] = b;
    }
  if (group->n_edges < G_N_ELEMENTS (group->edges))
    {
      group->edges[group->n_edges][0] = (guint) ia;
      group->edges[group->n_edges][1] = (guint) ib;
      group->n_edges++;
    }
}

static gboolean
covers (const Group *group,
        guint32      set)
{
  for (guint e = 0; e < group->n_edges; e++)
    if (!(set & (1u << group->edges[e][0])) && !(set & (1u << group->edges[e][1])))
      return FALSE;
  return TRUE;
}

static double
cost_of (const Group *group,
         const float *certainty,
         guint32      set)
{
  double cost = 0;

  for (guint i = 0; i < group->n_cells; i++)
    if (set & (1u << i))
      cost += certainty ? certainty[group->cells[i]] : 1.0;
  return cost;
}

/* Every cell of a cover within TIE of the cheapest. */
static void
blame_group (const Group *group,
             const float *certainty,
             gboolean    *blamed)
{
  guint32 n_sets, chosen = 0;
  double best = G_MAXDOUBLE;

  if (group->n_cells > LENS_CONFLICTS_MAX_GROUP)
    {
      for (guint i = 0; i < group->n_cells; i++)
        blamed[group->cells[i]] = TRUE;
      return;
    }
  n_sets = 1u << group->n_cells;
  for (guint32 set = 1; set < n_sets; set++)
    if (covers (group, set))
      best = MIN (best, cost_of (group, certainty, set));
  for (guint32 set = 1; set < n_sets; set++)
    if ((set | chosen) != chosen && covers (group, set) &&
        cost_of (group, certainty, set) <= best + TIE)
      chosen |= set;
  for (guint i = 0; i < group->n_cells; i++)
    if (chosen & (1u << i))
      blamed[group->cells[i]] = TRUE;
}

guint
lens_conflicts_blame (const LensGrid *grid,
                      const float    *certainty,
                      gboolean        blamed[LENS_GRID_CELLS])
{
  g_autoptr(GArray) clashes = NULL;
  g_autofree Group *groups = NULL;
  guint parent[LENS_GRID_CELLS];
  guint n = 0;

  g_return_val_if_fail (grid != NULL, 0);
  g_return_val_if_fail (blamed != NULL, 0);

  memset (blamed, 0, sizeof (gboolean) * LENS_GRID_CELLS);
  clashes = lens_grid_find_conflicts (grid);
  if (clashes->len == 0)
    return 0;
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    parent[i] = i;
  for (guint c = 0; c < clashes->len; c++)
    {
      LensConflict *clash = &g_array_index (clashes, LensConflict, c);

      parent[find_root (parent, clash->a)] = find_root (parent, clash->b);
    }
  groups = g_new0 (Group, LENS_GRID_CELLS);
  for (guint c = 0; c < clashes->len; c++)
    {
      LensConflict *clash = &g_array_index (clashes, LensConflict, c);

      add_edge (&groups[find_root (parent, clash->a)], clash->a, clash->b);
    }
  for (guint r = 0; r < LENS_GRID_CELLS; r++)
    if (groups[r].n_cells > 0)
      blame_group (&groups[r], certainty, blamed);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    n += blamed[i] != FALSE;
  return n;
}
