/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "lens-cli.h"
#include "lens-cli-options.h"
#include "lens-cli-output.h"
#include "lens-clock.h"
#include "lens-error.h"
#include "lens-grid.h"
#include "lens-solver.h"

typedef struct {
  char   *path;
  GArray *puzzles;     /* LensGrid, givens only */
  GArray *lines;       /* guint, 1-based line number of each puzzle */
  guint   unique;
  guint   multiple;
  guint   none;
  guint   solved;      /* solutions verified against the rules and givens */
  guint   first_wrong; /* line of the first puzzle solved wrongly, 0 if none */
  gint64  elapsed_us;
  guint   passes;
} BenchFile;

static void
bench_file_free (BenchFile *bf)
{
  g_free (bf->path);
  g_array_unref (bf->puzzles);
  g_array_unref (bf->lines);
  g_free (bf);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BenchFile, bench_file_free)

static gboolean
parse_puzzle_line (const char *line,
                   gsize       length,
                   LensGrid   *grid)
{
  if (length != LENS_GRID_CELLS)
    return FALSE;
  lens_grid_clear (grid);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      char c = line[i];

      if (c >= '1' && c <= '9')
        grid->digits[i] = (guint8) (c - '0');
      else if (c != '.' && c != '0')
        return FALSE;
    }
  lens_grid_mark_givens (grid);
  return TRUE;
}

static gboolean
read_puzzles (BenchFile  *bf,
              char       *contents,
              GError    **error)
{
  char *next = contents;

  for (guint number = 1; next != NULL; number++)
    {
      char *line = next;
      char *end = strchr (line, '\n');
      LensGrid grid;

      next = end ? end + 1 : NULL;
      if (end)
        *end = '\0';
      g_strstrip (line);
      if (*line == '\0' || *line == '#')
        continue;
      if (!parse_puzzle_line (line, strlen (line), &grid))
        {
          g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
                       _("%s:%u: expected 81 cells of digits, “.” or “0”"),
                       bf->path, number);
          return FALSE;
        }
      g_array_append_val (bf->puzzles, grid);
      g_array_append_val (bf->lines, number);
    }
  return TRUE;
}

static BenchFile *
load_bench_file (const char  *path,
                 GError     **error)
{
  g_autoptr(BenchFile) bf = g_new0 (BenchFile, 1);
  g_autofree char *contents = NULL;
  gsize length;

  bf->path = g_strdup (path);
  bf->puzzles = g_array_new (FALSE, FALSE, sizeof (LensGrid));
  bf->lines = g_array_new (FALSE, FALSE, sizeof (guint));
  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;
  if (memchr (contents, '\0', length) != NULL)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
                   _("%s: not a text file"), path);
      return NULL;
    }
  if (!read_puzzles (bf, contents, error))
    return NULL;
  return g_steal_pointer (&bf);
}

/* Times whole passes over the file until @min_us have elapsed. */
static void
time_file (BenchFile *bf,
           guint8    *counts,
           guint8    *solutions,
           gint64     min_us)
{
  const LensGrid *puzzles = (const LensGrid *) (gpointer) bf->puzzles->data;
  guint n = bf->puzzles->len;
  gint64 start = lens_thread_cpu_us ();

  do
    {
      for (guint i = 0; i < n; i++)
        counts[i] = (guint8) lens_solver_count (puzzles[i].digits, 2,
                                                solutions + (gsize) i * LENS_GRID_CELLS);
      bf->passes++;
      bf->elapsed_us = lens_thread_cpu_us () - start;
    }
  while (bf->elapsed_us < min_us && n > 0);
}

static void
verify_file (BenchFile    *bf,
             const guint8 *counts,
             const guint8 *solutions)
{
  for (guint i = 0; i < bf->puzzles->len; i++)
    {
      const LensGrid *puzzle = &g_array_index (bf->puzzles, LensGrid, i);
      LensGrid solution;

      if (counts[i] == 0)
        {
          bf->none++;
          continue;
        }
      if (counts[i] == 1)
        bf->unique++;
      else
        bf->multiple++;
      lens_grid_clear (&solution);
      memcpy (solution.digits, solutions + (gsize) i * LENS_GRID_CELLS, LENS_GRID_CELLS);
      if (lens_grid_is_solution_of (&solution, puzzle))
        bf->solved++;
      else if (bf->first_wrong == 0)
        bf->first_wrong = g_array_index (bf->lines, guint, i);
    }
}

static void
bench_file (BenchFile *bf,
            gint64     min_us)
{
  gsize n = bf->puzzles->len;
  g_autofree guint8 *counts = g_malloc0 (MAX (n, 1));
  g_autofree guint8 *solutions = g_malloc0 (MAX (n, 1) * LENS_GRID_CELLS);

  time_file (bf, counts, solutions, min_us);
  verify_file (bf, counts, solutions);
}

static double
us_per_puzzle (const BenchFile *bf)
{
  guint64 solves = (guint64) bf->passes * bf->puzzles->len;

  return solves ? (double) bf->elapsed_us / (double) solves : 0.0;
}

static double
puzzles_per_sec (const BenchFile *bf)
{
  double us = us_per_puzzle (bf);

  return us > 0.0 ? 1e6 / us : 0.0;
}

/* Right-aligns @text in @width columns, counting characters, not bytes. */
static void
print_heading (const char *text,
               int         width)
{
  int pad = width - (int) g_utf8_strlen (text, -1);

  printf ("%*s%s", MAX (pad, 1), "", text);
}

static void
print_table (GPtrArray *files)
{
  print_heading (_("puzzles"), 9);
  print_heading (_("solved"), 10);
  print_heading (_("unique"), 10);
  print_heading (_("multiple"), 10);
  print_heading (_("none"), 10);
  print_heading (_("puzzles/s"), 13);
  print_heading (_("µs/puzzle"), 11);
  printf ("  %s\n", _("file"));
  for (guint i = 0; i < files->len; i++)
    {
      const BenchFile *bf = g_ptr_array_index (files, i);

      printf ("%9u %9u %9u %9u %9u %12.0f %10.3f  %s\n",
              bf->puzzles->len, bf->solved, bf->unique, bf->multiple, bf->none,
              puzzles_per_sec (bf), us_per_puzzle (bf), bf->path);
    }
}

static void
add_file_object (JsonBuilder     *builder,
                 const BenchFile *bf)
{
  json_builder_begin_object (builder);
  lens_cli_add_string_member (builder, "file", bf->path);
  lens_cli_add_int_member (builder, "puzzles", bf->puzzles->len);
  lens_cli_add_int_member (builder, "solved", bf->solved);
  lens_cli_add_int_member (builder, "unique", bf->unique);
  lens_cli_add_int_member (builder, "multiple", bf->multiple);
  lens_cli_add_int_member (builder, "none", bf->none);
  lens_cli_add_double_member (builder, "puzzles_per_sec", puzzles_per_sec (bf));
  lens_cli_add_double_member (builder, "us_per_puzzle", us_per_puzzle (bf));
  json_builder_end_object (builder);
}

static void
print_json (GPtrArray *files)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_array (builder);
  for (guint i = 0; i < files->len; i++)
    add_file_object (builder, g_ptr_array_index (files, i));
  json_builder_end_array (builder);
  lens_cli_print_json (builder);
}

static int
report_failures (GPtrArray *files)
{
  for (guint i = 0; i < files->len; i++)
    {
      const BenchFile *bf = g_ptr_array_index (files, i);

      if (bf->first_wrong != 0)
        return lens_cli_fail (_("%s:%u: the solver returned a wrong solution"),
                              bf->path, bf->first_wrong);
    }
  return LENS_EXIT_OK;
}

int
lens_cli_bench (int    argc,
                char **argv)
{
  LensCliOptions common = { 0 };
  int min_ms = 250;
  g_auto(GStrv) paths = NULL;
  const GOptionEntry entries[] = {
    { "min-time", 0, 0, G_OPTION_ARG_INT, &min_ms,
      N_("Repeat each file until at least MS milliseconds have passed (default 250)"), N_("MS") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, N_("FILE…") },
    { NULL }
  };
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func ((GDestroyNotify) bench_file_free);
  g_autoptr(GError) error = NULL;

  if (g_get_prgname () == NULL)
    g_set_prgname ("sudoku-lens-cli bench");
  if (lens_cli_options_parse (&common, LENS_CLI_OPTIONS_JSON, N_("Print the results as JSON"), entries,
                              _("Solves every puzzle of each FILE (one 81-character puzzle a line),\n"
                                "checks each solution against the rules and the givens, and\n"
                                "reports the solution counts and the solver’s speed in CPU time\n"
                                "of one thread."), &argc, &argv) != LENS_EXIT_OK)
    return LENS_EXIT_USAGE;
  if (paths == NULL || paths[0] == NULL)
    return lens_cli_usage_error ("%s", _("bench: no puzzle file given (see --help)"));
  if (min_ms < 0)
    return lens_cli_usage_error ("%s", _("bench: --min-time must not be negative"));

  for (guint i = 0; paths[i] != NULL; i++)
    {
      BenchFile *bf = load_bench_file (paths[i], &error);

      if (bf == NULL)
        return lens_cli_fail ("%s", error->message);
      g_ptr_array_add (files, bf);
    }
  for (guint i = 0; i < files->len; i++)
    bench_file (g_ptr_array_index (files, i), (gint64) min_ms * 1000);

  if (common.json)
    print_json (files);
  else
    print_table (files);
  return report_failures (files);
}
