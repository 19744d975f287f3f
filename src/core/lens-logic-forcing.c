/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "lens-logic-private.h"

/* Forcing nets: suppose a digit in a cell and follow the singles (naked
 * and hidden) that it forces, as far as they go.
 *
 * Contradiction net: the supposition ends in a cell with no candidate or a
 * digit with no place in a unit, so it is false.  Cell forcing net: every
 * candidate of one cell leads to the same placement or elimination, which
 * is then true.  Unit forcing net: the same for every place of a digit in
 * a unit.  The shortest contradiction is chosen. */

typedef struct {
  guint8  digits[LENS_GRID_CELLS];
  guint16 marks[LENS_GRID_CELLS];
  guint8  count[LENS_N_UNITS][10];   /* places of a digit left in a unit */
  guint16 placed[LENS_N_UNITS];      /* digits placed in a unit */
  guint8  queue[LENS_GRID_CELLS * 4][2];
  guint   head, tail;
  guint   n_placed;
  gboolean broken;
  gint    broken_cell;               /* -1, or the cell left with no candidate */
  gint    broken_unit;               /* -1, or the unit where broken_digit has no place */
  guint   broken_digit;
  gboolean clash;                    /* broken_cell was to take two digits */
} Net;

static void
units_of (guint cell,
          guint units[3])
{
  units[0] = lens_cell_row_unit (cell);
  units[1] = lens_cell_col_unit (cell);
  units[2] = lens_cell_box_unit (cell);
}

static void
net_init (Net                  *net,
          const LensCandidates *c)
{
  memset (net, 0, sizeof *net);
  memcpy (net->digits, c->digits, sizeof net->digits);
  memcpy (net->marks, c->marks, sizeof net->marks);
  net->broken_cell = net->broken_unit = -1;
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      guint units[3];

      units_of (cell, units);
      for (guint u = 0; u < 3; u++)
        {
          if (c->digits[cell])
            net->placed[units[u]] |= LENS_DIGIT_BIT (c->digits[cell]);
          for (guint d = 1; d <= 9; d++)
            net->count[units[u]][d] += (c->marks[cell] & LENS_DIGIT_BIT (d)) != 0;
        }
    }
}

static void
push (Net   *net,
      guint  cell,
      guint  digit)
{
  if (net->tail < G_N_ELEMENTS (net->queue))
    {
      net->queue[net->tail][0] = (guint8) cell;
      net->queue[net->tail++][1] = (guint8) digit;
    }
}

/* @digit leaves @cell's marks. */
static void
drop_mark (Net   *net,
           guint  cell,
           guint  digit)
{
  guint units[3];

  if (!(net->marks[cell] & LENS_DIGIT_BIT (digit)))
    return;
  net->marks[cell] &= (guint16) ~LENS_DIGIT_BIT (digit);
  if (net->digits[cell] == 0)
    {
      if (net->marks[cell] == 0 && !net->broken)
        {
          net->broken = TRUE;
          net->broken_cell = (gint) cell;
        }
      else if (lens_popcount (net->marks[cell]) == 1)
        push (net, cell, lens_first_digit (net->marks[cell]));
    }
  units_of (cell, units);
  for (guint u = 0; u < 3; u++)
    {
      guint unit = units[u];

      if (--net->count[unit][digit] > 1 || (net->placed[unit] & LENS_DIGIT_BIT (digit)))
        continue;
      if (net->count[unit][digit] == 0 && !net->broken)
        {
          net->broken = TRUE;
          net->broken_unit = (gint) unit;
          net->broken_digit = digit;
        }
      for (guint i = 0; i < 9 && net->count[unit][digit] == 1; i++)
        if (net->marks[lens_unit_cell (unit, i)] & LENS_DIGIT_BIT (digit))
          push (net, lens_unit_cell (unit, i), digit);
    }
}

static void
place (Net   *net,
       guint  cell,
       guint  digit)
{
  const guint8 *peers = lens_cell_peers (cell);
  guint units[3];

  if (net->digits[cell] == digit)
    return;
  if (net->digits[cell] != 0 || !(net->marks[cell] & LENS_DIGIT_BIT (digit)))
    {
      if (!net->broken)
        {
          net->broken = TRUE;
          net->broken_cell = (gint) cell;
          net->clash = TRUE;
        }
      return;
    }
  net->digits[cell] = (guint8) digit;
  net->n_placed++;
  units_of (cell, units);
  for (guint u = 0; u < 3; u++)
    net->placed[units[u]] |= LENS_DIGIT_BIT (digit);
  for (guint d = 1; d <= 9; d++)
    drop_mark (net, cell, d);
  for (guint p = 0; p < 20; p++)
    drop_mark (net, peers[p], digit);
}

/* Supposes @digit in @cell from @start and follows the singles, at most
 * @limit of them; FALSE on a contradiction. */
static gboolean
run (Net       *net,
     const Net *start,
     guint      cell,
     guint      digit,
     guint      limit)
{
  memcpy (net, start, sizeof *net);
  place (net, cell, digit);
  while (!net->broken && net->head < net->tail && net->n_placed <= limit)
    {
      guint at = net->head++;

      place (net, net->queue[at][0], net->queue[at][1]);
    }
  return !net->broken;
}

static void
describe_contradiction (LensLogicStep *step,
                        const Net     *net,
                        guint          cell,
                        guint          digit)
{
  g_autofree char *name = lens_cell_name (cell);

  if (net->broken_unit >= 0)
    {
      g_autofree char *unit = lens_unit_name ((guint) net->broken_unit);

      /* TRANSLATORS: "Supposing r1c1 is 5, the singles that follow leave 3 no place in row 4, so r1c1 cannot be 5." */
      lens_step_set_text (step, _("Supposing %s is %u, the singles that follow leave %u no place in %s, so %s cannot be %u."),
                          name, digit, net->broken_digit, unit, name, digit);
    }
  else if (net->clash)
    {
      g_autofree char *where = lens_cell_name ((guint) MAX (net->broken_cell, 0));

      /* TRANSLATORS: "Supposing r1c1 is 5, the singles that follow need two digits in r4c4, so r1c1 cannot be 5." */
      lens_step_set_text (step, _("Supposing %s is %u, the singles that follow need two digits in %s, so %s cannot be %u."),
                          name, digit, where, name, digit);
    }
  else
    {
      g_autofree char *where = lens_cell_name ((guint) MAX (net->broken_cell, 0));

      /* TRANSLATORS: "Supposing r1c1 is 5, the singles that follow leave r4c4 no candidate, so r1c1 cannot be 5." */
      lens_step_set_text (step, _("Supposing %s is %u, the singles that follow leave %s no candidate, so %s cannot be %u."),
                          name, digit, where, name, digit);
    }
}

gboolean
lens_find_contradiction_net (const LensCandidates *c,
                             LensLogicStep        *step)
{
  g_autofree Net *net = g_new (Net, 1);
  g_autofree Net *best = g_new (Net, 1);
  g_autofree Net *start = g_new (Net, 1);
  guint best_cell = 0, best_digit = 0, best_length = G_MAXUINT;

  net_init (start, c);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    for (guint d = 1; d <= 9; d++)
      if ((c->marks[cell] & LENS_DIGIT_BIT (d)) && !run (net, start, cell, d, best_length) &&
          net->n_placed < best_length)
        {
          best_length = net->n_placed;
          best_cell = cell;
          best_digit = d;
          memcpy (best, net, sizeof *net);
        }
  if (best_length == G_MAXUINT)
    return FALSE;
  lens_step_add_cell (step, best_cell);
  if (best->broken_cell >= 0)
    lens_step_add_cell (step, (guint) best->broken_cell);
  if (best->broken_unit >= 0)
    lens_step_add_unit (step, (guint) best->broken_unit);
  lens_step_add_elimination (step, best_cell, best_digit);
  describe_contradiction (step, best, best_cell, best_digit);
  return TRUE;
}

/* Forcing: what all the branches agree on. */

typedef struct {
  guint8  digits[LENS_GRID_CELLS];   /* placed in every branch so far, or 0 */
  guint16 gone[LENS_GRID_CELLS];     /* candidates ruled out in every branch so far */
  guint   n_branches;
} Agreement;

static void
agree (Agreement            *ag,
       const LensCandidates *c,
       const Net            *net)
{
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      guint16 gone = c->marks[cell] & ~(net->digits[cell] ? LENS_DIGIT_BIT (net->digits[cell]) : net->marks[cell]);

      if (c->digits[cell] != 0)
        continue;
      if (ag->n_branches == 0)
        {
          ag->digits[cell] = net->digits[cell];
          ag->gone[cell] = gone;
        }
      else
        {
          if (ag->digits[cell] != net->digits[cell])
            ag->digits[cell] = 0;
          ag->gone[cell] &= gone;
        }
    }
  ag->n_branches++;
}

static gboolean
agreement_to_step (const Agreement      *ag,
                   const LensCandidates *c,
                   LensLogicStep        *step)
{
  GString *result = g_string_new (NULL);

  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    if (ag->digits[cell] != 0)
      {
        lens_step_add_placement (step, cell, ag->digits[cell]);
        g_string_append_printf (result, "%sr%uc%u=%u", result->len ? ", " : "", cell / 9 + 1, cell % 9 + 1,
                                ag->digits[cell]);
      }
  for (guint cell = 0; step->n_placements == 0 && cell < LENS_GRID_CELLS; cell++)
    for (guint d = 1; d <= 9; d++)
      if (ag->gone[cell] & LENS_DIGIT_BIT (d))
        {
          lens_step_add_elimination (step, cell, d);
          g_string_append_printf (result, "%sr%uc%u≠%u", result->len ? ", " : "", cell / 9 + 1, cell % 9 + 1, d);
        }
  if (step->n_placements == 0 && step->n_eliminations == 0)
    {
      g_string_free (result, TRUE);
      return FALSE;
    }
  g_free (step->text);
  step->text = g_string_free (result, FALSE);  /* the caller wraps it in a sentence */
  return TRUE;
}

/* The net that runs a branch, and the puzzle it starts from. */
typedef struct {
  Net net;
  Net start;
} Search;

/* Follows each branch (@cells[i] = @digits[i]) of a choice one of which
 * must hold; FALSE where one breaks (a contradiction net's business) or
 * they agree on nothing, else @step holds what they agree on. */
static gboolean
agree_on_branches (const LensCandidates *c,
                   LensLogicStep        *step,
                   Search               *s,
                   const guint8         *cells,
                   const guint8         *digits,
                   guint                 n)
{
  Agreement ag = { { 0 } };

  for (guint i = 0; i < n; i++)
    {
      if (!run (&s->net, &s->start, cells[i], digits[i], G_MAXUINT))
        return FALSE;
      agree (&ag, c, &s->net);
    }
  return agreement_to_step (&ag, c, step);
}

/* The branches of one choice of @size: the candidates of a cell, or the
 * places of a digit in a unit. */
typedef gboolean (*TryChoice) (const LensCandidates *c,
                               LensLogicStep        *step,
                               Search               *s,
                               guint                 size,
                               guint                 choice);

/* Tries the @n_choices choices, fewest branches first. */
static gboolean
search_choices (const LensCandidates *c,
                LensLogicStep        *step,
                guint                 n_choices,
                TryChoice             try_choice)
{
  g_autofree Search *s = g_new (Search, 1);

  net_init (&s->start, c);
  for (guint size = 2; size <= 9; size++)
    for (guint choice = 0; choice < n_choices; choice++)
      if (try_choice (c, step, s, size, choice))
        return TRUE;
  return FALSE;
}

/* @choice: a cell. */
static gboolean
try_cell (const LensCandidates *c,
          LensLogicStep        *step,
          Search               *s,
          guint                 size,
          guint                 cell)
{
  guint8 cells[9], digits[9];
  guint n = 0;
  g_autofree char *name = NULL, *list = NULL, *result = NULL;

  if (c->digits[cell] != 0 || lens_popcount (c->marks[cell]) != size)
    return FALSE;
  for (guint d = 1; d <= 9; d++)
    if ((c->marks[cell] & LENS_DIGIT_BIT (d)))
      {
        cells[n] = (guint8) cell;
        digits[n++] = (guint8) d;
      }
  if (!agree_on_branches (c, step, s, cells, digits, n))
    return FALSE;
  lens_step_add_cell (step, cell);
  name = lens_cell_name (cell);
  list = lens_format_digits (c->marks[cell]);
  result = g_steal_pointer (&step->text);
  /* TRANSLATORS: "Whichever of 3, 8 goes in r2c2, the singles that follow agree on: r5c5=4." */
  lens_step_set_text (step, _("Whichever of %s goes in %s, the singles that follow agree on: %s."),
                      list, name, result);
  return TRUE;
}

gboolean
lens_find_cell_forcing_net (const LensCandidates *c,
                            LensLogicStep        *step)
{
  return search_choices (c, step, LENS_GRID_CELLS, try_cell);
}

/* @choice: a unit and a digit, unit × 9 + digit − 1. */
static gboolean
try_unit (const LensCandidates *c,
          LensLogicStep        *step,
          Search               *s,
          guint                 size,
          guint                 choice)
{
  guint unit = choice / 9, digit = choice % 9 + 1;
  guint positions = lens_unit_positions (c, unit, digit);
  guint8 cells[9], digits[9];
  guint n = 0;
  g_autofree char *name = NULL, *places = NULL, *result = NULL;

  if (lens_popcount (positions) != size)
    return FALSE;
  for (guint i = 0; i < 9; i++)
    if (positions & (1u << i))
      {
        cells[n] = (guint8) lens_unit_cell (unit, i);
        digits[n++] = (guint8) digit;
      }
  if (!agree_on_branches (c, step, s, cells, digits, n))
    return FALSE;
  for (guint i = 0; i < n; i++)
    lens_step_add_cell (step, cells[i]);
  lens_step_add_unit (step, unit);
  name = lens_unit_name (unit);
  places = lens_format_cells (cells, n);
  result = g_steal_pointer (&step->text);
  /* TRANSLATORS: "Wherever 7 goes in row 3 (r3c1, r3c5), the singles that follow agree on: r5c5=4." */
  lens_step_set_text (step, _("Wherever %u goes in %s (%s), the singles that follow agree on: %s."),
                      digit, name, places, result);
  return TRUE;
}

gboolean
lens_find_unit_forcing_net (const LensCandidates *c,
                            LensLogicStep        *step)
{
  return search_choices (c, step, LENS_N_UNITS * 9, try_unit);
}
