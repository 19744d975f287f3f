/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "lens-error.h"
#include "lens-logic-private.h"
#include "lens-solver.h"

typedef struct {
  const char *name;
  const char *label;
  double      score;
  LensFinder  find;
} TechniqueInfo;

/* The ladder, in the order of LensTechnique: the scores follow Sudoku
 * Explainer's scale where it has the technique. */
static const TechniqueInfo techniques[LENS_N_TECHNIQUES] = {
  { "full-house", N_("Full house"), 1.0, lens_find_full_house },
  { "hidden-single", N_("Hidden single"), 1.2, lens_find_hidden_single },
  { "naked-single", N_("Naked single"), 2.3, lens_find_naked_single },
  { "pointing", N_("Pointing"), 2.6, lens_find_pointing },
  { "claiming", N_("Claiming"), 2.8, lens_find_claiming },
  { "naked-pair", N_("Naked pair"), 3.0, lens_find_naked_pair },
  { "x-wing", N_("X-Wing"), 3.2, lens_find_x_wing },
  { "hidden-pair", N_("Hidden pair"), 3.4, lens_find_hidden_pair },
  { "naked-triple", N_("Naked triple"), 3.6, lens_find_naked_triple },
  { "swordfish", N_("Swordfish"), 3.8, lens_find_swordfish },
  { "hidden-triple", N_("Hidden triple"), 4.0, lens_find_hidden_triple },
  { "xy-wing", N_("XY-Wing"), 4.2, lens_find_xy_wing },
  { "xyz-wing", N_("XYZ-Wing"), 4.4, lens_find_xyz_wing },
  { "w-wing", N_("W-Wing"), 4.5, lens_find_w_wing },
  { "unique-rectangle", N_("Unique rectangle"), 4.6, lens_find_unique_rectangle },
  { "simple-colouring", N_("Simple colouring"), 4.8, lens_find_simple_colouring },
  { "naked-quad", N_("Naked quad"), 5.0, lens_find_naked_quad },
  { "jellyfish", N_("Jellyfish"), 5.2, lens_find_jellyfish },
  { "hidden-quad", N_("Hidden quad"), 5.4, lens_find_hidden_quad },
  { "x-chain", N_("X-chain"), 6.5, lens_find_x_chain },
  { "xy-chain", N_("XY-chain"), 6.8, lens_find_xy_chain },
  { "aic", N_("Alternating inference chain"), 7.2, lens_find_aic },
  { "contradiction-net", N_("Contradiction net"), 8.0, lens_find_contradiction_net },
  { "cell-forcing-net", N_("Cell forcing net"), 8.4, lens_find_cell_forcing_net },
  { "unit-forcing-net", N_("Unit forcing net"), 8.8, lens_find_unit_forcing_net },
  { "guess", N_("Guess"), 10.0, NULL },
  { "mistake", N_("Mistake"), 0.0, NULL },
};

const char *
lens_technique_to_string (LensTechnique technique)
{
  g_return_val_if_fail (technique < LENS_N_TECHNIQUES, NULL);

  return techniques[technique].name;
}

gboolean
lens_technique_from_string (const char    *name,
                            LensTechnique *technique)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint t = 0; t < LENS_N_TECHNIQUES; t++)
    if (g_str_equal (name, techniques[t].name))
      {
        if (technique != NULL)
          *technique = t;
        return TRUE;
      }
  return FALSE;
}

const char *
lens_technique_get_label (LensTechnique technique)
{
  g_return_val_if_fail (technique < LENS_N_TECHNIQUES, NULL);

  return _(techniques[technique].label);
}

double
lens_technique_get_score (LensTechnique technique)
{
  g_return_val_if_fail (technique < LENS_N_TECHNIQUES, 0.0);

  return techniques[technique].score;
}

/* Steps */

void
lens_step_reset (LensLogicStep *step,
                 LensTechnique  technique)
{
  g_clear_pointer (&step->text, g_free);
  step->technique = technique;
  step->n_cells = step->n_units = step->n_placements = step->n_eliminations = 0;
}

/* Adds @value to the @n values of @list (room for @size), unless there. */
static void
add_once (guint8 *list,
          guint  *n,
          guint   size,
          guint   value)
{
  for (guint i = 0; i < *n; i++)
    if (list[i] == value)
      return;
  g_assert (*n < size);
  list[(*n)++] = (guint8) value;
}

void
lens_step_add_cell (LensLogicStep *step,
                    guint          cell)
{
  add_once (step->cells, &step->n_cells, LENS_GRID_CELLS, cell);
}

void
lens_step_add_unit (LensLogicStep *step,
                    guint          unit)
{
  add_once (step->units, &step->n_units, LENS_N_UNITS, unit);
}

void
lens_step_add_placement (LensLogicStep *step,
                         guint          cell,
                         guint          digit)
{
  for (guint i = 0; i < step->n_placements; i++)
    if (step->placements[i].cell == cell)
      return;
  g_assert (step->n_placements < LENS_GRID_CELLS);
  step->placements[step->n_placements++] = (LensCellDigit) { (guint8) cell, (guint8) digit };
}

void
lens_step_add_elimination (LensLogicStep *step,
                           guint          cell,
                           guint          digit)
{
  g_assert (step->n_eliminations < G_N_ELEMENTS (step->eliminations));
  step->eliminations[step->n_eliminations++] = (LensCellDigit) { (guint8) cell, (guint8) digit };
}

gboolean
lens_step_eliminate_mask (LensLogicStep        *step,
                          const LensCandidates *c,
                          guint                 cell,
                          guint                 mask)
{
  guint hit = c->marks[cell] & mask;

  for (guint d = 1; d <= 9; d++)
    if (hit & LENS_DIGIT_BIT (d))
      lens_step_add_elimination (step, cell, d);
  return hit != 0;
}

void
lens_step_set_text (LensLogicStep *step,
                    const char    *format,
                    ...)
{
  va_list args;

  g_free (step->text);
  va_start (args, format);
  step->text = g_strdup_vprintf (format, args);
  va_end (args);
}

char *
lens_format_cells (const guint8 *cells,
                   guint         n)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%sr%uc%u", i ? ", " : "", cells[i] / 9 + 1, cells[i] % 9 + 1);
  return g_string_free (s, FALSE);
}

char *
lens_format_digits (guint mask)
{
  GString *s = g_string_new (NULL);

  for (guint d = 1; d <= 9; d++)
    if (mask & LENS_DIGIT_BIT (d))
      g_string_append_printf (s, "%s%u", s->len ? ", " : "", d);
  return g_string_free (s, FALSE);
}

char *
lens_format_elimination_cells (const LensLogicStep *step)
{
  guint8 cells[LENS_GRID_CELLS];
  gboolean seen[LENS_GRID_CELLS] = { FALSE };
  guint n = 0;

  for (guint i = 0; i < step->n_eliminations; i++)
    if (!seen[step->eliminations[i].cell])
      {
        seen[step->eliminations[i].cell] = TRUE;
        cells[n++] = step->eliminations[i].cell;
      }
  return lens_format_cells (cells, n);
}

guint
lens_unit_positions (const LensCandidates *c,
                     guint                 unit,
                     guint                 digit)
{
  guint positions = 0;
  guint16 bit = LENS_DIGIT_BIT (digit);

  for (guint i = 0; i < 9; i++)
    if (c->marks[lens_unit_cell (unit, i)] & bit)
      positions |= 1u << i;
  return positions;
}

void
lens_logic_step_free (LensLogicStep *step)
{
  if (step == NULL)
    return;
  g_free (step->text);
  g_free (step);
}

void
lens_logic_apply_step (LensCandidates      *state,
                       const LensLogicStep *step)
{
  g_return_if_fail (state != NULL);
  g_return_if_fail (step != NULL);

  if (step->technique == LENS_TECHNIQUE_MISTAKE)
    return;
  for (guint i = 0; i < step->n_placements; i++)
    if (state->digits[step->placements[i].cell] == 0)
      lens_candidates_place (state, step->placements[i].cell, step->placements[i].digit);
  for (guint i = 0; i < step->n_eliminations; i++)
    lens_candidates_eliminate (state, step->eliminations[i].cell, step->eliminations[i].digit);
}

/* The driver */

static gboolean
find_guess (const LensCandidates *state,
            const guint8         *solution,
            LensLogicStep        *step)
{
  guint best = LENS_GRID_CELLS;
  g_autofree char *name = NULL;

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (state->digits[i] == 0 &&
        (best == LENS_GRID_CELLS || lens_popcount (state->marks[i]) < lens_popcount (state->marks[best])))
      best = i;
  if (best == LENS_GRID_CELLS)
    return FALSE;
  lens_step_reset (step, LENS_TECHNIQUE_GUESS);
  lens_step_add_cell (step, best);
  lens_step_add_placement (step, best, solution[best]);
  name = lens_cell_name (best);
  lens_step_set_text (step, _("No technique here finds the next step: this is a guess, taken from the solution, that %s is %u."),
                      name, solution[best]);
  return TRUE;
}

static gboolean
guess_step (const LensCandidates *state,
            const guint8         *solution,
            LensLogicStep        *step,
            GError              **error)
{
  guint8 found[LENS_GRID_CELLS];

  if (solution == NULL)
    {
      if (lens_solver_count (state->digits, 2, found) != 1)
        {
          g_set_error_literal (error, LENS_ERROR, LENS_ERROR_UNSOLVABLE,
                               _("The digits have no unique solution, so there is no next step to give"));
          return FALSE;
        }
      solution = found;
    }
  return find_guess (state, solution, step);
}

/* The player's marks may keep a digit that a peer holds: not here. */
static void
drop_placed_marks (LensCandidates *c)
{
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      const guint8 *peers = lens_cell_peers (cell);

      if (c->digits[cell] != 0)
        {
          c->marks[cell] = 0;
          continue;
        }
      for (guint p = 0; p < 20; p++)
        if (c->digits[peers[p]] != 0)
          c->marks[cell] &= (guint16) ~LENS_DIGIT_BIT (c->digits[peers[p]]);
    }
}

LensLogicStep *
lens_logic_next_step (const LensCandidates *state,
                      const guint8         *solution,
                      GCancellable         *cancellable,
                      GError              **error)
{
  g_autoptr(LensLogicStep) step = NULL;
  LensCandidates marks;

  g_return_val_if_fail (state != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (lens_candidates_is_full (state))
    return NULL;
  marks = *state;
  drop_placed_marks (&marks);
  step = g_new0 (LensLogicStep, 1);
  for (guint t = 0; t < LENS_TECHNIQUE_GUESS && !lens_candidates_is_broken (&marks); t++)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      lens_step_reset (step, t);
      if (techniques[t].find (&marks, step))
        return g_steal_pointer (&step);
    }
  if (!guess_step (&marks, solution, step, error))
    return NULL;
  return g_steal_pointer (&step);
}
