/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "lens-cli.h"
#include "lens-cli-options.h"
#include "lens-cli-logic.h"
#include "lens-cli-output.h"
#include "lens-clock.h"
#include "lens-error.h"
#include "lens-logic.h"

/* "rate": solves each puzzle step by step as a person would and rates it. */

typedef struct {
  gboolean     json;
  gboolean     steps;
  JsonBuilder *builder;   /* with --json: the "puzzles" array being built */
  int          status;
} Rater;

typedef struct {
  guint   puzzles;
  guint   by_logic;
  guint   levels[LENS_N_LEVELS];
  GArray *times_us;  /* gint64, one a puzzle rated */
  gint64  slowest_step_us;
  guint   unsound_steps;
  guint   steps;
} Summary;

static void
print_plain (const char            *line,
             const LensLogicRating *rating,
             GPtrArray             *steps)
{
  printf ("%s  %-9s %4.1f  %s\n", line, lens_level_get_label (rating->level), rating->score,
          lens_technique_get_label (rating->hardest));
  for (guint i = 0; steps != NULL && i < steps->len; i++)
    {
      printf ("  %3u. ", i + 1);
      lens_cli_print_step (g_ptr_array_index (steps, i), "       ");
    }
}

static void
add_json (JsonBuilder           *b,
          const char            *line,
          const LensLogicRating *rating,
          GPtrArray             *steps)
{
  json_builder_begin_object (b);
  lens_cli_add_string_member (b, "puzzle", line);
  lens_cli_add_boolean_member (b, "solved_by_logic", rating->solved_by_logic);
  lens_cli_add_double_member (b, "score", rating->score);
  lens_cli_add_string_member (b, "level", lens_level_to_string (rating->level));
  lens_cli_add_string_member (b, "hardest", lens_technique_to_string (rating->hardest));
  if (steps != NULL)
    {
      json_builder_set_member_name (b, "steps");
      json_builder_begin_array (b);
      for (guint i = 0; i < steps->len; i++)
        lens_cli_add_step (b, g_ptr_array_index (steps, i));
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
}

static void
rate_one (Rater        *r,
          const guint8 *digits,
          const char   *where,
          Summary      *summary)
{
  g_autoptr(GPtrArray) steps = NULL;
  g_autoptr(GError) error = NULL;
  LensLogicRating rating;
  LensGrid grid;
  g_autofree char *line = NULL;
  gint64 start = lens_thread_cpu_us ();

  lens_grid_clear (&grid);
  lens_grid_set_digits (&grid, digits);
  line = lens_grid_to_line (&grid);
  if (!lens_logic_rate (digits, &rating, r->steps ? &steps : NULL, NULL, &error))
    {
      lens_cli_fail ("%s: %s", where, error->message);
      r->status = LENS_EXIT_NOT_UNIQUE;
      return;
    }
  if (summary != NULL)
    {
      gint64 elapsed = lens_thread_cpu_us () - start;

      g_array_append_val (summary->times_us, elapsed);
      summary->puzzles++;
      summary->by_logic += rating.solved_by_logic;
      summary->levels[rating.level]++;
      summary->slowest_step_us = MAX (summary->slowest_step_us, rating.slowest_step_us);
      summary->unsound_steps += rating.unsound_steps;
      summary->steps += rating.n_steps;
    }
  if (r->json)
    add_json (r->builder, line, &rating, steps);
  else
    print_plain (line, &rating, steps);
}

static gint
compare_times (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static void
print_summary (const char *path,
               Summary    *s)
{
  gint64 total = 0;

  if (s->puzzles == 0)
    return;
  g_array_sort (s->times_us, compare_times);
  for (guint i = 0; i < s->times_us->len; i++)
    total += g_array_index (s->times_us, gint64, i);
  printf ("\n");
  /* TRANSLATORS: "top1465.txt: 1465 puzzles, 1462 solved by logic alone (99.8%)" */
  printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u puzzle, %u solved by logic alone (%.1f%%)\n",
                       "%s: %u puzzles, %u solved by logic alone (%.1f%%)\n", s->puzzles),
          path, s->puzzles, s->by_logic, 100.0 * s->by_logic / s->puzzles);
  for (guint l = 0; l < LENS_N_LEVELS; l++)
    printf ("  %-9s %6u  %5.1f%%\n", lens_level_get_label (l), s->levels[l], 100.0 * s->levels[l] / s->puzzles);
  /* TRANSLATORS: CPU time of the whole file, then per puzzle: mean, median and slowest */
  printf (_("  %.2f s of CPU time: %.2f ms a puzzle on average, %.2f ms median, %.1f ms the slowest\n"),
          total / 1e6, total / 1e3 / s->puzzles,
          g_array_index (s->times_us, gint64, s->puzzles / 2) / 1e3,
          g_array_index (s->times_us, gint64, s->puzzles - 1) / 1e3);
  /* TRANSLATORS: the longest search for one step, what a hint takes at most */
  printf (_("  the slowest step took %.1f ms\n"), s->slowest_step_us / 1e3);
  /* TRANSLATORS: steps checked against the fast solver's solution; the second number should be 0 */
  printf (_("  %u steps, %u of them unsound\n"), s->steps, s->unsound_steps);
}

static gboolean
parse_line (const char *line,
            guint8     *digits)
{
  if (strlen (line) != LENS_GRID_CELLS)
    return FALSE;
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      if (line[i] >= '1' && line[i] <= '9')
        digits[i] = (guint8) (line[i] - '0');
      else if (line[i] == '.' || line[i] == '0')
        digits[i] = 0;
      else
        return FALSE;
    }
  return TRUE;
}

/* One puzzle a line; or, when no line is one, the whole file as a grid. */
static gboolean
rate_file (Rater       *r,
           const char  *path,
           GError     **error)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) file_error = NULL;
  Summary summary = { 0 };
  guint8 digits[LENS_GRID_CELLS];
  gsize length;
  guint bad_line = 0, n_lines = 0;

  if (!g_file_get_contents (path, &contents, &length, &file_error))
    {
      lens_error_set_from_file_error (error, file_error);
      return FALSE;
    }
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (*lines[i] == '\0' || *lines[i] == '#')
        continue;
      n_lines++;
      if (!parse_line (lines[i], digits) && bad_line == 0)
        bad_line = i + 1;
    }
  if (bad_line != 0)
    {
      LensGrid grid;

      if (n_lines > 0 && n_lines <= 9 + 2 && lens_grid_parse (&grid, contents, (gssize) length, NULL))
        {
          rate_one (r, grid.digits, path, NULL);
          return TRUE;
        }
      g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
                   _("line %u: expected 81 cells of digits, “.” or “0”"), bad_line);
      return FALSE;
    }
  summary.times_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint i = 0; lines[i] != NULL; i++)
    if (parse_line (lines[i], digits))
      {
        g_autofree char *where = g_strdup_printf ("%s:%u", path, i + 1);

        rate_one (r, digits, where, &summary);
      }
  if (!r->json)
    print_summary (path, &summary);
  g_array_unref (summary.times_us);
  return TRUE;
}

static int
rate_args (Rater  *r,
           char  **inputs)
{
  for (guint i = 0; inputs[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      LensGrid grid;

      if (g_file_test (inputs[i], G_FILE_TEST_EXISTS))
        {
          if (!rate_file (r, inputs[i], &error))
            return lens_cli_fail ("%s: %s", inputs[i], error->message);
        }
      else if (strlen (inputs[i]) >= LENS_GRID_CELLS && lens_grid_parse (&grid, inputs[i], -1, NULL))
        rate_one (r, grid.digits, inputs[i], NULL);
      else
        return lens_cli_fail ("%s: %s", inputs[i], _("neither a file nor an 81-character puzzle"));
    }
  return r->status;
}

int
lens_cli_rate (int    argc,
               char **argv)
{
  Rater r = { .status = LENS_EXIT_OK };
  g_auto(GStrv) inputs = NULL;
  const GOptionEntry entries[] = {
    { "steps", 0, 0, G_OPTION_ARG_NONE, &r.steps, N_("Print every step of the solution"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &inputs, NULL, N_("FILE|PUZZLE…") },
    { NULL }
  };
  g_autoptr(JsonBuilder) builder = NULL;
  LensCliOptions common = { 0 };
  int status = lens_cli_options_parse (&common, LENS_CLI_OPTIONS_JSON, N_("Print the ratings as JSON"), entries,
    _("Solves each PUZZLE (81 characters) or each puzzle of FILE (one a line) step\n"
      "by step as a person would, and prints its level, score and hardest\n"
      "technique; for a file, also the share of each level and the time taken.\n"
      "Exit status: 0 when every puzzle was rated, 3 when one has no unique\n"
      "solution, 1 on bad input."), &argc, &argv);

  r.json = common.json;
  lens_cli_options_clear (&common);
  if (status != LENS_EXIT_OK)
    return status;
  if (inputs == NULL || inputs[0] == NULL)
    return lens_cli_usage_error ("%s", _("rate needs a FILE or a PUZZLE (see --help)"));
  if (r.json)
    {
      builder = json_builder_new ();
      r.builder = builder;
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "puzzles");
      json_builder_begin_array (builder);
    }
  status = rate_args (&r, inputs);
  if (r.json && status != LENS_EXIT_FAILURE)
    {

      json_builder_end_array (builder);
      json_builder_end_object (builder);
      lens_cli_print_json (builder);
    }
  return status;
}
