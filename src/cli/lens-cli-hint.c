/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "lens-cli.h"
#include "lens-cli-input.h"
#include "lens-cli-logic.h"
#include "lens-cli-options.h"
#include "lens-cli-output.h"
#include "lens-entries.h"
#include "lens-error.h"
#include "lens-logic.h"

/* "hint": the next step from a puzzle and the player's entries, or the
 * first of the player's mistakes. */

/* The step for a full, right grid: not a technique, so built here. */
static LensLogicStep *
solved_step (void)
{
  LensLogicStep *step = g_new0 (LensLogicStep, 1);

  step->technique = LENS_N_TECHNIQUES;
  step->text = g_strdup (_("The grid is complete and right."));
  return step;
}

static void
print_step (const LensCliEntriesOptions *o,
            const LensLogicStep         *step)
{
  if (o->common.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      if (step->technique == LENS_N_TECHNIQUES)
        {
          json_builder_begin_object (b);
          lens_cli_add_string_member (b, "technique", "solved");
          for (guint i = 0; i < 3; i++)
            {
              json_builder_set_member_name (b, (const char *[]) { "cells", "placements", "eliminations" }[i]);
              json_builder_begin_array (b);
              json_builder_end_array (b);
            }
          lens_cli_add_string_member (b, "text", step->text);
          json_builder_end_object (b);
        }
      else
        lens_cli_add_step (b, step);
      lens_cli_print_json (b);
    }
  else if (step->technique == LENS_N_TECHNIQUES)
    printf ("%s\n", step->text);
  else
    lens_cli_print_step (step, "");
}

static LensLogicStep *
find_hint (const LensRepairResult *result,
           const guint8           *entries,
           GError                **error)
{
  const guint8 *givens = result->puzzle.digits;
  guint8 digits[LENS_GRID_CELLS];
  LensCandidates state;
  LensLogicStep *step;

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    digits[i] = entries[i] ? entries[i] : givens[i];
  lens_candidates_init (&state, digits);
  step = lens_logic_check (givens, &state, result->solution.digits);
  if (step == NULL)
    step = lens_logic_next_step (&state, result->solution.digits, NULL, error);
  if (step == NULL && (error == NULL || *error == NULL))
    step = solved_step ();
  return step;
}

/* Entries are read with the puzzle's rules; a player is never called wrong
 * on a doubtful reading of the photo: such an entry is left out, as if the
 * cell were empty. */
static void
drop_unsure_entries (const LensCliInput     *in,
                     const LensRepairResult *result,
                     guint8                 *entries)
{
  LensEntryCheck check;

  lens_entries_check (&result->puzzle, &result->solution, entries, &in->scores, &check);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (check.status[i] == LENS_ENTRY_UNSURE)
      entries[i] = 0;
    else if (check.status[i] != LENS_ENTRY_NONE)
      entries[i] = check.reading[i];
}

static int
run_hint (LensCliEntriesOptions *o,
          LensCliInput          *in)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LensLogicStep) step = NULL;
  guint8 entries[LENS_GRID_CELLS] = { 0 };
  LensRepairResult result;

  if (!lens_cli_input_load (in, o->inputs[0], o->common.reader, &error))
    return lens_cli_fail ("%s: %s", o->inputs[0], error->message);
  if (!lens_cli_load_entries (o, in, entries, &error))
    return lens_cli_fail ("%s", error->message);
  if (lens_cli_input_solve (in, &result, NULL) != LENS_EXIT_OK)
    return LENS_EXIT_FAILURE;
  if (result.status != LENS_SOLVE_UNIQUE)
    {
      lens_cli_fail ("%s: %s", o->inputs[0],
                     result.status == LENS_SOLVE_MULTIPLE ? _("the puzzle has several solutions, so there is no next step")
                                                          : _("the puzzle has no solution, so there is no next step"));
      return LENS_EXIT_NOT_UNIQUE;
    }
  if (o->entries == NULL && in->has_scores)
    drop_unsure_entries (in, &result, entries);
  step = find_hint (&result, entries, &error);
  if (step == NULL)
    return lens_cli_fail ("%s", error->message);
  print_step (o, step);
  return LENS_EXIT_OK;
}

int
lens_cli_hint (int    argc,
               char **argv)
{
  g_auto(LensCliEntriesOptions) o = { 0 };
  g_auto(LensCliInput) in = { 0 };
  const GOptionEntry entries[] = {
    { "entries", 0, 0, G_OPTION_ARG_STRING, &o.entries,
      N_("The player’s digits: 81 characters, “.” or “0” where there is none"), N_("ENTRIES") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o.inputs, NULL, N_("PUZZLE|IMAGE") },
    { NULL }
  };
  int status = lens_cli_options_parse (&o.common, LENS_CLI_OPTIONS_ENGINE, N_("Print the hint as JSON"), entries,
    _("Gives the next step for PUZZLE (81 characters or a text file) or the\n"
      "puzzle in the photo IMAGE, read as “solve” reads it, with the player’s\n"
      "ENTRIES (or, in a photo, the digits written by hand) filled in: the\n"
      "technique, the cells that prove it, what it places or removes, and why.\n"
      "A wrong entry comes first, as a mistake.\n"
      "Exit status: 0 with a hint, 3 when the puzzle has no unique solution,\n"
      "1 on bad input."), &argc, &argv);

  if (status != LENS_EXIT_OK)
    return status;
  if (o.inputs == NULL || g_strv_length (o.inputs) != 1)
    return lens_cli_usage_error ("%s", _("hint needs exactly one PUZZLE or IMAGE"));
  return run_hint (&o, &in);
}
