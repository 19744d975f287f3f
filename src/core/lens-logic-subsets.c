/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "lens-logic-private.h"

/* Naked subsets: n cells of a unit holding only n digits between them, so
 * the unit's other cells lose those digits.  Hidden subsets: n digits of a
 * unit confined to n cells, so those cells lose every other digit. */

typedef struct {
  const LensCandidates *c;
  LensLogicStep        *step;
  guint                 unit;
  guint                 n;
  guint                 items[9];  /* positions (naked) or digits (hidden) to choose from */
  guint                 masks[9];  /* their digits (naked) or positions (hidden) */
  guint                 n_items;
  guint                 chosen[4];
} Search;

static gboolean
apply_naked (Search *s,
             guint   digits)
{
  guint chosen_positions = 0;
  guint8 cells[4];
  g_autofree char *unit_name = NULL;
  g_autofree char *cell_list = NULL;
  g_autofree char *digit_list = NULL;
  gboolean any = FALSE;

  for (guint k = 0; k < s->n; k++)
    {
      chosen_positions |= 1u << s->items[s->chosen[k]];
      cells[k] = (guint8) lens_unit_cell (s->unit, s->items[s->chosen[k]]);
    }
  for (guint i = 0; i < 9; i++)
    if (!(chosen_positions & (1u << i)))
      any |= lens_step_eliminate_mask (s->step, s->c, lens_unit_cell (s->unit, i), digits);
  if (!any)
    return FALSE;
  for (guint k = 0; k < s->n; k++)
    lens_step_add_cell (s->step, cells[k]);
  lens_step_add_unit (s->step, s->unit);
  unit_name = lens_unit_name (s->unit);
  cell_list = lens_format_cells (cells, s->n);
  digit_list = lens_format_digits (digits);
  /* TRANSLATORS: "In row 1, the cells r1c2, r1c5 hold only 3, 7 between them, so the rest of row 1 cannot hold these digits." */
  lens_step_set_text (s->step, _("In %s, the cells %s hold only %s between them, so the rest of %s cannot hold these digits."),
                      unit_name, cell_list, digit_list, unit_name);
  return TRUE;
}

static gboolean
apply_hidden (Search *s,
              guint   positions)
{
  guint digits = 0;
  guint8 cells[4];
  guint n_cells = 0;
  g_autofree char *unit_name = NULL;
  g_autofree char *cell_list = NULL;
  g_autofree char *digit_list = NULL;
  gboolean any = FALSE;

  for (guint k = 0; k < s->n; k++)
    digits |= LENS_DIGIT_BIT (s->items[s->chosen[k]]);
  for (guint i = 0; i < 9; i++)
    if (positions & (1u << i))
      {
        cells[n_cells++] = (guint8) lens_unit_cell (s->unit, i);
        any |= lens_step_eliminate_mask (s->step, s->c, cells[n_cells - 1], LENS_ALL_DIGITS & ~digits);
      }
  if (!any)
    return FALSE;
  for (guint k = 0; k < n_cells; k++)
    lens_step_add_cell (s->step, cells[k]);
  lens_step_add_unit (s->step, s->unit);
  unit_name = lens_unit_name (s->unit);
  cell_list = lens_format_cells (cells, n_cells);
  digit_list = lens_format_digits (digits);
  /* TRANSLATORS: "In row 1, the digits 3, 7 fit only in r1c2, r1c5, so these cells cannot hold any other digit." */
  lens_step_set_text (s->step, _("In %s, the digits %s fit only in %s, so these cells cannot hold any other digit."),
                      unit_name, digit_list, cell_list);
  return TRUE;
}

static gboolean
choose (Search   *s,
        guint     depth,
        guint     from,
        guint     so_far,
        gboolean  naked)
{
  if (depth == s->n)
    {
      if (lens_popcount (so_far) != s->n)
        return FALSE;
      return naked ? apply_naked (s, so_far) : apply_hidden (s, so_far);
    }
  for (guint i = from; i + (s->n - depth) <= s->n_items; i++)
    {
      guint next = so_far | s->masks[i];

      if (lens_popcount (next) > s->n)
        continue;
      s->chosen[depth] = i;
      if (choose (s, depth + 1, i + 1, next, naked))
        return TRUE;
    }
  return FALSE;
}

static gboolean
find_subset (const LensCandidates *c,
             LensLogicStep        *step,
             guint                 n,
             gboolean              naked)
{
  Search s = { .c = c, .step = step, .n = n };

  for (s.unit = 0; s.unit < LENS_N_UNITS; s.unit++)
    {
      guint open = 0;

      s.n_items = 0;
      for (guint i = 0; i < 9; i++)
        {
          guint cell = lens_unit_cell (s.unit, i);
          guint count = lens_popcount (c->marks[cell]);

          open += c->digits[cell] == 0;
          if (naked && count >= 2 && count <= n)
            {
              s.items[s.n_items] = i;
              s.masks[s.n_items++] = c->marks[cell];
            }
        }
      for (guint d = 1; !naked && d <= 9; d++)
        {
          guint positions = lens_unit_positions (c, s.unit, d);
          guint count = lens_popcount (positions);

          if (count >= 2 && count <= n)
            {
              s.items[s.n_items] = d;
              s.masks[s.n_items++] = positions;
            }
        }
      /* A subset as large as the unit's open cells says nothing. */
      if (open > n && choose (&s, 0, 0, 0, naked))
        return TRUE;
    }
  return FALSE;
}

gboolean lens_find_naked_pair (const LensCandidates *c, LensLogicStep *step) { return find_subset (c, step, 2, TRUE); }
gboolean lens_find_naked_triple (const LensCandidates *c, LensLogicStep *step) { return find_subset (c, step, 3, TRUE); }
gboolean lens_find_naked_quad (const LensCandidates *c, LensLogicStep *step) { return find_subset (c, step, 4, TRUE); }
gboolean lens_find_hidden_pair (const LensCandidates *c, LensLogicStep *step) { return find_subset (c, step, 2, FALSE); }
gboolean lens_find_hidden_triple (const LensCandidates *c, LensLogicStep *step) { return find_subset (c, step, 3, FALSE); }
gboolean lens_find_hidden_quad (const LensCandidates *c, LensLogicStep *step) { return find_subset (c, step, 4, FALSE); }
