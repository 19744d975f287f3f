/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "lens-entries.h"
#include "lens-error.h"

/* A reading is doubtful below this probability of its digit ... (both
 * chosen on the tune photos kept out of training: they called no right
 * entry wrong in 15 photos filled in by hand, and 42 of 52 swapped
 * entries wrong, the other 10 unsure). With the puzzle's rules too, an
 * entry whose picture is read below it is never called wrong: of 0.99,
 * 0.995, 0.999 and 0.9999 on the pen-filled tune photos, the one that
 * strikes the most swapped entries while 79 of 80 photos as filled keep
 * every right entry unblamed (docs/handwritten.md). */
#define SURE_READING 0.99f
/* ... or while the solution's digit keeps at least this much. */
#define LIVE_ALTERNATIVE 0.005f
/* With the puzzle's rules, an entry read as another digit than the
 * solution's is wrong only while the reading keeps the solution's digit
 * under this probability (and so gives its own at least 1 - this); else
 * unsure. Chosen on photos kept out of training, whole digits swapped
 * (tools/fill-variants.py): the largest of 0.005, 0.02, 0.05, 0.1, 0.2,
 * 0.3 and 0.5 that kept 95% of the photos left as the player filled them
 * free of right entries called wrong (docs/handwritten.md). */
#define RULES_DOUBT 0.1

static gboolean
same_unit (guint a,
           guint b)
{
  return lens_cell_row (a) == lens_cell_row (b) || lens_cell_col (a) == lens_cell_col (b)
         || lens_cell_box (a) == lens_cell_box (b);
}

/* Whether the entry in @cell shares a unit with a given or another entry
 * of the same digit. */
static gboolean
clashes (const LensGrid *puzzle,
         const guint8   *entries,
         guint           cell)
{
  for (guint other = 0; other < LENS_GRID_CELLS; other++)
    {
      guint8 digit = puzzle->digits[other] != 0 ? puzzle->digits[other] : entries[other];

      if (other != cell && digit == entries[cell] && same_unit (cell, other))
        return TRUE;
    }
  return FALSE;
}

static gboolean
doubtful (const LensRepairScores *scores,
          guint                   cell,
          guint8                  read,
          guint8                  right)
{
  const float *p;

  if (scores == NULL)
    return FALSE;
  p = scores->p[cell];
  if (p[read] == 0)  /* a row of zeros: typed, not read */
    return FALSE;
  return p[read] < SURE_READING || (right != 0 && p[right] >= LIVE_ALTERNATIVE);
}

/* The digit of @cell, whose entry is *@reading, read with the prior
 * @epsilon against @right, and whether a verdict on it would be in doubt;
 * FALSE where the cell's scores say nothing of the entry (typed, or no
 * prior to apply). */
static gboolean
read_with_prior (const LensRepairScores *scores,
                 guint                   cell,
                 guint8                  right,
                 double                  epsilon,
                 guint8                 *reading,
                 gboolean               *doubt)
{
  double q[10] = { 0 }, sum = 0;
  guint8 best = 1, entry = *reading;

  if (scores == NULL || right == 0 || epsilon >= LENS_ENTRY_NO_PRIOR || epsilon <= 0)
    return FALSE;
  /* An entry the player typed over the photo's reading is taken as typed. */
  for (guint d = 1; d <= 9; d++)
    if (scores->p[cell][d] > scores->p[cell][entry])
      return FALSE;
  /* q[0]: no digit at all (an empty cell, pencil candidates), as unlikely
   * as any other wrong digit; it keeps the picture's own doubt */
  for (guint d = 0; d <= 9; d++)
    {
      q[d] = scores->p[cell][d] * (d == right ? 1 - epsilon : epsilon / 8);
      sum += q[d];
    }
  if (!(sum > 0))
    return FALSE;
  q[0] /= sum;
  for (guint d = 1; d <= 9; d++)
    {
      q[d] /= sum;
      if (q[d] > q[best])
        best = (guint8) d;
    }
  *reading = best;
  *doubt = q[best] < 1 - RULES_DOUBT || q[right] >= RULES_DOUBT;
  return TRUE;
}

static LensEntryStatus
check_entry (const LensGrid         *puzzle,
             const guint8           *entries,
             const LensRepairScores *scores,
             guint                   i,
             guint8                  right,
             double                  epsilon,
             guint8                 *reading)
{
  gboolean doubt;

  *reading = entries[i];
  if (read_with_prior (scores, i, right, epsilon, reading, &doubt))
    {
      /* The rules may doubt what the picture shows, never vouch against
       * it: an entry whose picture reads another digit than the
       * solution's is not called right, however the prior weighs it (a
       * wrong entry the reader was unsure of was called right). */
      if (*reading == right)
        return entries[i] == right ? LENS_ENTRY_RIGHT : LENS_ENTRY_UNSURE;
      /* never called wrong on a picture the reader itself doubts */
      return doubt || scores->p[i][entries[i]] < SURE_READING ? LENS_ENTRY_UNSURE : LENS_ENTRY_WRONG;
    }
  if (right != 0 && entries[i] == right)
    return LENS_ENTRY_RIGHT;
  if (right != 0)
    return doubtful (scores, i, entries[i], right) ? LENS_ENTRY_UNSURE : LENS_ENTRY_WRONG;
  /* Without one solution, the printed puzzle itself was not read for sure:
   * a digit read from the photo that clashes may be right, and the one it
   * clashes with misread. Typed digits that clash are a mistake. */
  if (clashes (puzzle, entries, i))
    return scores != NULL && scores->p[i][entries[i]] != 0 ? LENS_ENTRY_UNSURE : LENS_ENTRY_WRONG;
  return LENS_ENTRY_UNCHECKED;
}

void
lens_entries_check_with_prior (const LensGrid         *puzzle,
                               const LensGrid         *solution,
                               const guint8            entries[LENS_GRID_CELLS],
                               const LensRepairScores *scores,
                               double                  epsilon,
                               LensEntryCheck         *check)
{
  g_return_if_fail (puzzle != NULL);
  g_return_if_fail (entries != NULL);
  g_return_if_fail (check != NULL);

  memset (check, 0, sizeof *check);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      guint8 right = solution != NULL ? solution->digits[i] : 0;
      LensEntryStatus status;

      /* An entry over a printed digit is none; over a digit the repair
       * put there (taking the player's digit for a printed one) it is. */
      if (entries[i] == 0 || (puzzle->digits[i] != 0 && !(puzzle->flags[i] & LENS_CELL_REPAIRED)))
        continue;
      status = check_entry (puzzle, entries, scores, i, right, epsilon, &check->reading[i]);
      check->status[i] = (guint8) status;
      check->n_entries++;
      check->n_right += status == LENS_ENTRY_RIGHT;
      check->n_wrong += status == LENS_ENTRY_WRONG;
      check->n_unsure += status == LENS_ENTRY_UNSURE;
      check->n_unchecked += status == LENS_ENTRY_UNCHECKED;
    }
}

void
lens_entries_check (const LensGrid         *puzzle,
                    const LensGrid         *solution,
                    const guint8            entries[LENS_GRID_CELLS],
                    const LensRepairScores *scores,
                    LensEntryCheck         *check)
{
  lens_entries_check_with_prior (puzzle, solution, entries, scores, LENS_ENTRY_EPSILON, check);
}

static void
append_sentence (GString    *text,
                  const char *sentence)
{
  if (text->len > 0)
    g_string_append_c (text, ' ');
  g_string_append (text, sentence);
}

/* In the words of `sudoku-lens-cli check`. */
static char *
describe_lead (const LensEntryCheck *check,
               gboolean              solved)
{
  guint n = check->n_entries;

  if (n == 0)
    return g_strdup (_("There are no entries to check: no cell holds a digit of the player’s."));
  if (!solved && check->n_wrong == 0 && check->n_unsure > 0)
    /* TRANSLATORS: %u entries read from the photo clash with another digit */
    return g_strdup_printf (dngettext (GETTEXT_PACKAGE,
                                       "The printed puzzle has no single solution, so the entries cannot be "
                                       "checked; %u clashes with another digit, which may be misread: "
                                       "compare it with the photo.",
                                       "The printed puzzle has no single solution, so the entries cannot be "
                                       "checked; %u clash with other digits, which may be misread: "
                                       "compare them with the photo.", check->n_unsure),
                            check->n_unsure);
  if (!solved && check->n_wrong == 0)
    return g_strdup (_("The printed puzzle has no single solution, so the entries cannot be "
                       "checked; none of them clashes with another digit."));
  if (n == 1 && check->n_wrong == 1)
    return g_strdup (_("Your only entry is wrong."));
  if (check->n_wrong > 0)
    /* TRANSLATORS: the first %u is how many are wrong, the second how many entries there are */
    return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%u of your %u entries is wrong.",
                                       "%u of your %u entries are wrong.", check->n_wrong),
                            check->n_wrong, n);
  if (check->n_unsure > 0)
    return g_strdup (_("No entry is wrong that could be read for sure."));
  if (check->n_unchecked > 0)
    return g_strdup (_("No entry checked is wrong."));
  return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "Your only entry is right.",
                                     "All %u of your entries are right.", n), n);
}

char *
lens_entry_check_describe (const LensEntryCheck *check,
                           gboolean              solved)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *lead = NULL;
  g_autofree char *unsure = NULL;
  g_autofree char *unchecked = NULL;

  g_return_val_if_fail (check != NULL, NULL);

  lead = describe_lead (check, solved);
  append_sentence (text, lead);
  if (solved && check->n_unsure > 0)
    {
      unsure = g_strdup_printf (dngettext (GETTEXT_PACKAGE,
                                           "%u entry could not be read for sure: check it against the photo.",
                                           "%u entries could not be read for sure: check them against the photo.",
                                           check->n_unsure), check->n_unsure);
      append_sentence (text, unsure);
    }
  if (solved && check->n_unchecked > 0)
    {
      unchecked = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%u has changed since the check.",
                                              "%u have changed since the check.", check->n_unchecked),
                                   check->n_unchecked);
      append_sentence (text, unchecked);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
lens_entries_to_line (const guint8 entries[LENS_GRID_CELLS])
{
  char *line;

  g_return_val_if_fail (entries != NULL, NULL);

  line = g_malloc (LENS_GRID_CELLS + 1);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    line[i] = entries[i] ? (char) ('0' + entries[i]) : '.';
  line[LENS_GRID_CELLS] = '\0';
  return line;
}

gboolean
lens_entries_parse (guint8       entries[LENS_GRID_CELLS],
                    const char  *text,
                    GError     **error)
{
  guint n = 0;

  g_return_val_if_fail (entries != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  for (const char *c = text; *c != '\0'; c++)
    {
      if (g_ascii_isspace (*c))
        continue;
      if (n == LENS_GRID_CELLS || !(*c == '.' || (*c >= '0' && *c <= '9')))
        {
          g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
                       _("Entries must be 81 digits, with “.” or “0” where a cell has none"));
          return FALSE;
        }
      entries[n++] = *c == '.' ? 0 : (guint8) (*c - '0');
    }
  if (n != LENS_GRID_CELLS)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
                   _("Entries must be 81 digits, with “.” or “0” where a cell has none"));
      return FALSE;
    }
  return TRUE;
}


const char *
lens_entry_status_to_string (LensEntryStatus status)
{
  switch (status)
    {
    case LENS_ENTRY_NONE:
      return "none";
    case LENS_ENTRY_UNCHECKED:
      return "unchecked";
    case LENS_ENTRY_RIGHT:
      return "right";
    case LENS_ENTRY_WRONG:
      return "wrong";
    case LENS_ENTRY_UNSURE:
      return "unsure";
    default:
      return NULL;
    }
}
