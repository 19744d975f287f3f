/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "lens-candidates.h"
#include "lens-result.h"
#include "lens-solver.h"

#define MAX_LISTED_CELLS 6
#define SUSPECT_SCORE 0.05f

LensResult *
lens_result_new (LensOutcome outcome)
{
  LensResult *result = g_new0 (LensResult, 1);

  result->outcome = outcome;
  return result;
}

LensResult *
lens_result_copy (const LensResult *result)
{
  LensResult *copy;

  g_return_val_if_fail (result != NULL, NULL);

  copy = g_memdup2 (result, sizeof *result);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    copy->reasons[i] = g_strdup (result->reasons[i]);
  copy->message = g_strdup (result->message);
  return copy;
}

void
lens_result_free (LensResult *result)
{
  if (result == NULL)
    return;
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    g_free (result->reasons[i]);
  g_free (result->message);
  g_free (result);
}

gboolean
lens_result_is_solved (const LensResult *result)
{
  return result != NULL &&
         (result->outcome == LENS_OUTCOME_SOLVED || result->outcome == LENS_OUTCOME_REPAIRED);
}

const char *
lens_repair_reason_describe (LensRepairReason reason)
{
  switch (reason)
    {
    case LENS_REPAIR_REASON_CONFLICT:
      return _("it clashed with the same digit in its row, column or box");
    case LENS_REPAIR_REASON_NO_SOLUTION:
      return _("the puzzle as read had no solution");
    case LENS_REPAIR_REASON_NOT_UNIQUE:
      return _("the puzzle as read had more than one solution");
    case LENS_REPAIR_REASON_SYMMETRY:
      return _("the printed givens are placed symmetrically");
    case LENS_REPAIR_REASON_LOW_CONFIDENCE:
    default:
      return _("the reader was unsure of this cell");
    }
}

char *
lens_repair_change_describe (const LensRepairChange *change)
{
  g_autofree char *from = NULL;
  const char *why;

  g_return_val_if_fail (change != NULL, NULL);

  from = change->from ? g_strdup_printf ("%u", change->from) : g_strdup (_("empty"));
  why = lens_repair_reason_describe (change->reason);
  if (change->to == 0)
    return g_strdup_printf (_("Read as %s and removed: %s"), from, why);
  return g_strdup_printf (_("Read as %s, changed to %u: %s"), from, change->to, why);
}

/* The empty cells whose digit differs between the puzzle's solutions: a
 * printed digit that was missed can only be in one of them. */
static void
find_open_cells (const LensGrid *grid,
                 gboolean        open[LENS_GRID_CELLS])
{
  guint8 first[LENS_GRID_CELLS], trial[LENS_GRID_CELLS];

  memset (open, 0, LENS_GRID_CELLS * sizeof (gboolean));
  if (lens_solver_count (grid->digits, 1, first) == 0)
    return;
  memcpy (trial, grid->digits, sizeof trial);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      for (guint8 d = 1; grid->digits[i] == 0 && d <= 9 && !open[i]; d++)
        {
          trial[i] = d;
          open[i] = d != first[i] && lens_solver_count (trial, 1, NULL) > 0;
        }
      trial[i] = grid->digits[i];
    }
}

/* Marks the cells to check: uncertain and conflicting ones, and with
 * several solutions the open cells where the reader saw some ink, or every
 * open cell when it saw none. */
static void
mark_suspects (const LensGrid         *read,
               const LensRepairScores *scores,
               LensResult             *result,
               gboolean                several_solutions)
{
  gboolean open[LENS_GRID_CELLS] = { FALSE };
  gboolean any_open_suspect = FALSE;

  if (several_solutions)
    find_open_cells (read, open);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      gboolean uncertain = (read->flags[i] & LENS_CELL_UNCERTAIN) != 0;
      gboolean maybe_digit = scores != NULL && read->digits[i] == 0 &&
                             1.0f - scores->p[i][0] > SUSPECT_SCORE && scores->p[i][0] > 0;

      result->suspects[i] = uncertain || lens_grid_cell_conflicts (read, i) ||
                            (open[i] && maybe_digit);
      any_open_suspect |= open[i] && result->suspects[i];
    }
  for (guint i = 0; i < LENS_GRID_CELLS && !any_open_suspect; i++)
    result->suspects[i] |= open[i];
}

/* The first cells to check by name, then how many more there are. */
static char *
list_suspects (const LensResult *result)
{
  g_autoptr(GString) list = g_string_new (NULL);
  /* TRANSLATORS: between two cells in a list of cells to check */
  const char *separator = C_("list separator", ", ");
  guint n = 0, more;

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    n += result->suspects[i];
  more = n > MAX_LISTED_CELLS ? n - (MAX_LISTED_CELLS - 1) : 0;
  for (guint i = 0, listed = 0; i < LENS_GRID_CELLS && listed + more < n; i++)
    {
      if (!result->suspects[i])
        continue;
      if (listed++ > 0)
        g_string_append (list, separator);
      {
        g_autofree char *name = lens_cell_name (i);

        g_string_append (list, name);
      }
    }
  if (more > 0)
    /* TRANSLATORS: after a list of cells to check */
    g_string_append_printf (list, ngettext (" and %u more", " and %u more", more), more);
  return g_string_free (g_steal_pointer (&list), FALSE);
}

static char *
failure_message (const LensGrid *read,
                 LensOutcome     outcome)
{
  guint filled = lens_grid_count_filled (read);

  if (filled < 17)
    return g_strdup_printf (ngettext ("Only %u digit was read, and a Sudoku needs at least 17 to have one solution. Add the missing digits from the photo.",
                                      "Only %u digits were read, and a Sudoku needs at least 17 to have one solution. Add the missing digits from the photo.",
                                      filled), filled);
  if (outcome == LENS_OUTCOME_MULTIPLE)
    return g_strdup (_("This puzzle has more than one solution, so a printed digit was probably missed."));
  if (outcome == LENS_OUTCOME_GAVE_UP)
    return g_strdup (_("Repair ran out of time before it found a puzzle with one solution."));
  return g_strdup_printf (ngettext ("This puzzle has no solution, even after changing up to %u digit.",
                                    "This puzzle has no solution, even after changing up to %u digits.",
                                    LENS_REPAIR_DEFAULT_MAX_CHANGES),
                          (guint) LENS_REPAIR_DEFAULT_MAX_CHANGES);
}

static LensResult *
new_failure (const LensGrid         *read,
             const LensRepairScores *scores,
             const LensRepairResult *repair)
{
  LensOutcome outcome = repair->outcome == LENS_REPAIR_GAVE_UP ? LENS_OUTCOME_GAVE_UP :
                        repair->status == LENS_SOLVE_MULTIPLE ? LENS_OUTCOME_MULTIPLE :
                        LENS_OUTCOME_NO_SOLUTION;
  LensResult *result = lens_result_new (outcome);
  g_autofree char *what = failure_message (read, outcome);
  g_autofree char *cells = NULL;

  /* nothing read: no cell is more to blame than another (an outline on a
   * photo with no Sudoku, or off the board) */
  if (lens_grid_count_filled (read) == 0)
    {
      result->message = g_strdup (_("No digit was read inside the outline. Drag its corners onto the corners "
                                    "of the Sudoku, or open a photo of one."));
      return result;
    }
  mark_suspects (read, scores, result, outcome == LENS_OUTCOME_MULTIPLE);
  cells = list_suspects (result);
  if (*cells)
    result->message = g_strdup_printf (_("%s Check these cells against the photo: %s."), what, cells);
  else
    result->message = g_strdup_printf (_("%s Compare the grid with the photo cell by cell."), what);
  return result;
}

/* A solution that is a guess names the cells on which it hangs. */
static void
describe_doubt (const LensRepairResult *repair,
                gboolean                has_scores,
                LensResult             *result)
{
  g_autofree char *cells = NULL;
  const char *why;

  switch (repair->doubt)
    {
    case LENS_REPAIR_DOUBT_RIVAL:
      why = has_scores
            ? _("Solved, but not for certain: another reading of the photo, nearly as likely, solves differently.")
            : _("Solved, but not for certain: removing as many other digits solves the puzzle differently.");
      break;
    case LENS_REPAIR_DOUBT_OVERRULED:
      why = _("Solved, but not for certain: repair had to overrule the reader where it was sure.");
      break;
    case LENS_REPAIR_DOUBT_MORE_ERRORS:
    default:
      why = _("Solved, but not for certain: the reader may have misread more digits than repair can mend.");
      break;
    }
  result->unsure = TRUE;
  lens_repair_cells_to_check (repair, result->suspects);
  cells = list_suspects (result);
  result->message = g_strdup_printf (_("%s Check these cells against the photo: %s."), why, cells);
}

LensResult *
lens_result_new_from_repair (const LensGrid         *read,
                             const LensRepairScores *scores,
                             const LensRepairResult *repair)
{
  LensResult *result;

  g_return_val_if_fail (read != NULL && repair != NULL, NULL);

  if (repair->status != LENS_SOLVE_UNIQUE)
    return new_failure (read, scores, repair);
  result = lens_result_new (repair->n_changes ? LENS_OUTCOME_REPAIRED : LENS_OUTCOME_SOLVED);
  result->solution = repair->solution;
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    result->solution.flags[i] |= read->flags[i] & LENS_CELL_CORRECTION;
  for (guint i = 0; i < repair->n_changes; i++)
    {
      const LensRepairChange *change = &repair->changes[i];

      result->solution.flags[change->cell] |= LENS_CELL_REPAIRED;
      result->reasons[change->cell] = lens_repair_change_describe (change);
    }
  if (repair->unsure)
    describe_doubt (repair, scores != NULL, result);
  return result;
}
