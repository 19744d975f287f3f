/* SPDX-License-Identifier: GPL-3.0-or-later */
/* check: reads a puzzle filled in by hand (or a puzzle and the player's
 * entries), solves the printed puzzle and tells which entries are wrong. */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <unistd.h>

#include "lens-cli.h"
#include "lens-cli-input.h"
#include "lens-cli-options.h"
#include "lens-cli-output.h"
#include "lens-entries.h"

#define ANSI_RIGHT "\033[32m"
#define ANSI_WRONG "\033[1;31m"
#define ANSI_UNSURE "\033[1;33m"

static int
parse_options (LensCliEntriesOptions  *o,
               int                    *argc,
               char                 ***argv)
{
  const GOptionEntry entries[] = {
    { "entries", 0, 0, G_OPTION_ARG_STRING, &o->entries,
      N_("The player’s digits: 81 characters, “.” where none"), N_("ENTRIES") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o->inputs, NULL, N_("IMAGE|PUZZLE") },
    { NULL }
  };
  int status = lens_cli_options_parse (&o->common, LENS_CLI_OPTIONS_ENGINE | LENS_CLI_OPTIONS_COLOR,
                                       N_("Print the result as JSON"), entries,
    _("Checks a puzzle filled in by hand: reads the printed puzzle and the\n"
      "handwritten digits in the photo IMAGE (or takes PUZZLE and --entries),\n"
      "solves the printed puzzle and tells which entries are wrong. Exit\n"
      "status: 0 when no entry is wrong, 4 when some are, 3 when the printed\n"
      "puzzle has no unique solution, 1 on bad input."), argc, argv);

  if (status != LENS_EXIT_OK)
    return status;
  if (o->inputs == NULL || g_strv_length (o->inputs) != 1)
    return lens_cli_usage_error ("%s", _("check needs exactly one IMAGE or PUZZLE"));
  return LENS_EXIT_OK;
}

/* "right", "wrong", "unsure": the cells of the entries so judged. */
static void
add_judged_cells (JsonBuilder          *b,
                  const LensEntryCheck *check)
{
  const LensEntryStatus judged[] = { LENS_ENTRY_RIGHT, LENS_ENTRY_WRONG, LENS_ENTRY_UNSURE };

  for (guint j = 0; j < G_N_ELEMENTS (judged); j++)
    {
      gboolean cells[LENS_GRID_CELLS];

      for (guint i = 0; i < LENS_GRID_CELLS; i++)
        cells[i] = check->status[i] == judged[j];
      lens_cli_add_cells_member (b, lens_entry_status_to_string (judged[j]), cells);
    }
}

static void
print_json (const LensRepairResult *repair,
            const LensResult       *shown,
            const guint8           *entries,
            const LensEntryCheck   *check)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *line = lens_entries_to_line (entries);
  gboolean unique = repair->status == LENS_SOLVE_UNIQUE;

  json_builder_begin_object (b);
  lens_cli_add_line_member (b, "puzzle", &repair->puzzle);
  lens_cli_add_string_member (b, "entries", line);
  lens_cli_add_line_member (b, "solution", unique ? &repair->solution : NULL);
  lens_cli_add_string_member (b, "status", lens_solve_status_to_string (repair->status));
  add_judged_cells (b, check);
  lens_cli_add_changes_member (b, repair, shown);
  json_builder_end_object (b);
  lens_cli_print_json (b);
}

/* The check in the words the app uses. */
static void
print_summary (const LensRepairResult *repair,
               const LensEntryCheck   *check)
{
  g_autofree char *text = lens_entry_check_describe (check, repair->status == LENS_SOLVE_UNIQUE);

  printf ("%s\n", text);
}

static void
print_entry_lines (const LensRepairResult *repair,
                   const guint8           *entries,
                   const LensEntryCheck   *check)
{
  gboolean unique = repair->status == LENS_SOLVE_UNIQUE;

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      g_autofree char *name = NULL;

      if (check->status[i] != LENS_ENTRY_WRONG && check->status[i] != LENS_ENTRY_UNSURE)
        continue;
      name = lens_cli_cell_name (i);
      if (check->status[i] == LENS_ENTRY_UNSURE && unique)
        /* TRANSLATORS: "r3c4: read as 1, not for sure; 7 belongs there" */
        printf (_("  %s: read as %u, not for sure; %u belongs there\n"), name, entries[i],
                repair->solution.digits[i]);
      else if (check->status[i] == LENS_ENTRY_UNSURE)
        /* TRANSLATORS: "r3c4: read as 1, not for sure; it clashes with ..." */
        printf (_("  %s: read as %u, not for sure; it clashes with the same digit in its row, column or box\n"),
                name, entries[i]);
      else if (unique)
        /* TRANSLATORS: "r3c4: 5 is written, 7 belongs there" */
        printf (_("  %s: %u is written, %u belongs there\n"), name, entries[i],
                repair->solution.digits[i]);
      else
        printf (_("  %s: %u clashes with the same digit in its row, column or box\n"), name,
                entries[i]);
    }
}

/* The paper as it stands: givens plain, entries coloured by their check. */
static void
print_board (const LensRepairResult *repair,
             const guint8           *entries,
             const LensEntryCheck   *check,
             gboolean                color)
{
  guint8 digits[LENS_GRID_CELLS];
  const char *colours[LENS_GRID_CELLS] = { NULL };

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      digits[i] = repair->puzzle.digits[i] ? repair->puzzle.digits[i] : entries[i];
      if (check->status[i] == LENS_ENTRY_RIGHT)
        colours[i] = ANSI_RIGHT;
      else if (check->status[i] == LENS_ENTRY_WRONG)
        colours[i] = ANSI_WRONG;
      else if (check->status[i] == LENS_ENTRY_UNSURE)
        colours[i] = ANSI_UNSURE;
    }
  lens_cli_print_board (digits, color ? colours : NULL);
}

static void
print_plain (const LensRepairResult *repair,
             const guint8           *entries,
             const LensEntryCheck   *check,
             gboolean                color)
{
  print_summary (repair, check);
  print_entry_lines (repair, entries, check);
  if (repair->n_changes > 0)
    lens_cli_print_changes (repair);
  putchar ('\n');
  print_board (repair, entries, check, color);
}

static int
run_check (LensCliEntriesOptions *o,
           LensCliInput          *in)
{
  g_autoptr(GError) error = NULL;
  guint8 entries[LENS_GRID_CELLS] = { 0 };
  g_autoptr(LensResult) shown = NULL;
  LensRepairResult repair;
  LensEntryCheck check;
  int status;

  /* Entries typed with --entries have no readings to doubt. */
  if (!lens_cli_input_load (in, o->inputs[0], o->common.reader, &error))
    return lens_cli_fail ("%s: %s", o->inputs[0], error->message);
  if (o->entries == NULL && !in->is_photo)
    return lens_cli_fail ("%s", _("a typed puzzle needs --entries with the player’s digits"));
  if (!lens_cli_load_entries (o, in, entries, &error))
    return lens_cli_fail ("%s", error->message);
  status = lens_cli_input_solve (in, &repair, &shown);
  if (status != LENS_EXIT_OK)
    return status;
  lens_entries_check (&repair.puzzle, repair.status == LENS_SOLVE_UNIQUE ? &repair.solution : NULL,
                      entries, in->has_scores && o->entries == NULL ? &in->scores : NULL,
                      &check);
  /* The entries as read with the puzzle's rules, as the check judged them. */
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (check.status[i] != LENS_ENTRY_NONE)
      entries[i] = check.reading[i];
  if (o->common.json)
    print_json (&repair, shown, entries, &check);
  else
    print_plain (&repair, entries, &check, lens_cli_options_use_color (&o->common));
  if (repair.status != LENS_SOLVE_UNIQUE)
    return LENS_EXIT_NOT_UNIQUE;
  return check.n_wrong > 0 ? LENS_EXIT_WRONG_ENTRIES : LENS_EXIT_OK;
}

int
lens_cli_check (int    argc,
                char **argv)
{
  g_auto(LensCliEntriesOptions) options = { 0 };
  g_auto(LensCliInput) input = { 0 };
  int status = parse_options (&options, &argc, &argv);

  return status == LENS_EXIT_OK ? run_check (&options, &input) : status;
}
