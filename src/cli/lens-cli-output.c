/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#include "lens-cli-output.h"
#include "lens-entries.h"
#include "lens-pipeline.h"

static void
add_point (JsonBuilder     *builder,
           const LensPoint *point)
{
  json_builder_begin_array (builder);
  json_builder_add_double_value (builder, point->x);
  json_builder_add_double_value (builder, point->y);
  json_builder_end_array (builder);
}

/* The player's entries read with the puzzle's rules, where the printed
 * puzzle read (repaired) has one solution to go by. */
static gboolean
check_entries (const LensScan *scan,
               LensEntryCheck *check)
{
  guint8 entries[LENS_GRID_CELLS];

  return lens_scan_get_entries (scan, entries) > 0 &&
         lens_pipeline_check_scan (scan, LENS_ENTRY_EPSILON, NULL, check);
}

static void
add_entry (JsonBuilder          *builder,
           const LensEntryCheck *check,
           guint                 cell)
{
  if (check == NULL || check->status[cell] == LENS_ENTRY_NONE)
    return;
  lens_cli_add_int_member (builder, "reading", check->reading[cell]);
  lens_cli_add_string_member (builder, "entry", lens_entry_status_to_string (check->status[cell]));
}

static void
add_cell (JsonBuilder          *builder,
          const LensCellRead   *read,
          const LensEntryCheck *check,
          guint                 cell)
{
  guint8 ranked[LENS_N_CLASSES];
  guint n = lens_cell_read_rank (read, LENS_MIN_ALTERNATIVE_SCORE, ranked);

  json_builder_begin_object (builder);
  lens_cli_add_int_member (builder, "digit", read->digit);
  lens_cli_add_double_member (builder, "confidence", read->confidence);
  lens_cli_add_string_member (builder, "kind", lens_read_kind_to_string (read->kind));
  lens_cli_add_double_member (builder, "kind_confidence", read->kind_confidence);
  if (read->kind == LENS_READ_KIND_CANDIDATES)
    {
      /* The candidate digits pencilled in, rising. */
      json_builder_set_member_name (builder, "candidates");
      json_builder_begin_array (builder);
      for (guint8 d = 1; d <= 9; d++)
        if (read->candidates & (1u << (d - 1)))
          json_builder_add_int_value (builder, d);
      json_builder_end_array (builder);
    }
  json_builder_set_member_name (builder, "alternatives");
  json_builder_begin_array (builder);
  for (guint i = 0; i < n; i++)
    {
      json_builder_begin_array (builder);
      json_builder_add_int_value (builder, ranked[i]);
      json_builder_add_double_value (builder, read->scores[ranked[i]]);
      json_builder_end_array (builder);
    }
  json_builder_end_array (builder);
  add_entry (builder, check, cell);
  json_builder_end_object (builder);
}

static void
add_timing (JsonBuilder    *builder,
            const LensScan *scan)
{
  double total = 0;

  json_builder_begin_object (builder);
  for (int stage = 0; stage < LENS_N_STAGES; stage++)
    {
      lens_cli_add_double_member (builder, lens_stage_to_string (stage), scan->timing_ms[stage]);
      total += scan->timing_ms[stage];
    }
  lens_cli_add_double_member (builder, "total", total);
  json_builder_end_object (builder);
}

void
lens_cli_add_scan_members (JsonBuilder    *builder,
                           const LensScan *scan)
{
  g_autofree char *line = NULL;
  LensEntryCheck check;
  gboolean checked = check_entries (scan, &check);
  LensGrid grid;

  lens_scan_to_paper (scan, 0.0f, &grid);
  line = lens_grid_to_line (&grid);
  lens_cli_add_string_member (builder, "grid", line);
  json_builder_set_member_name (builder, "corners");
  json_builder_begin_array (builder);
  for (guint i = 0; i < 4; i++)
    add_point (builder, &scan->corners[i]);
  json_builder_end_array (builder);
  lens_cli_add_int_member (builder, "rotation", scan->rotation);
  lens_cli_add_string_member (builder, "numerals", lens_numerals_to_string (scan->numerals));
  lens_cli_add_int_member (builder, "other_boards", scan->other_boards);
  json_builder_set_member_name (builder, "cells");
  json_builder_begin_array (builder);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    add_cell (builder, &scan->cells[i], checked ? &check : NULL, i);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "timing_ms");
  add_timing (builder, scan);
}

void
lens_cli_print_scan_text (const LensScan *scan)
{
  g_autofree char *line = NULL;
  g_autofree char *text = NULL;
  LensGrid grid;

  lens_scan_to_paper (scan, 0.0f, &grid);
  line = lens_grid_to_line (&grid);
  text = lens_grid_to_text (&grid);
  printf ("%s\n%s", line, text);
}

void
lens_cli_print_board (const guint8 digits[LENS_GRID_CELLS],
                      const char  *const colours[LENS_GRID_CELLS])
{
  g_autofree char *text = lens_digits_to_text (digits, colours, LENS_CLI_ANSI_RESET);

  fputs (text, stdout);
}

char *
lens_cli_json_to_data (JsonBuilder *builder)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (builder);

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  return json_generator_to_data (generator, NULL);
}

void
lens_cli_print_json (JsonBuilder *builder)
{
  g_autofree char *text = lens_cli_json_to_data (builder);

  printf ("%s\n", text);
}

/* lens_cli_add_KIND_member(): json-glib's json_builder_add_KIND_value()
 * after the member's name. */
#define DEFINE_ADD_MEMBER(kind, type) \
  void \
  lens_cli_add_##kind##_member (JsonBuilder *builder, \
                                const char  *name, \
                                type         value) \
  { \
    json_builder_set_member_name (builder, name); \
    json_builder_add_##kind##_value (builder, value); \
  }

DEFINE_ADD_MEMBER (int, gint64)
DEFINE_ADD_MEMBER (double, double)
DEFINE_ADD_MEMBER (string, const char *)
DEFINE_ADD_MEMBER (boolean, gboolean)

void
lens_cli_add_cells_member (JsonBuilder   *builder,
                           const char    *name,
                           const gboolean cells[LENS_GRID_CELLS])
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    if (cells[cell])
      json_builder_add_int_value (builder, cell);
  json_builder_end_array (builder);
}

void
lens_cli_note_other_boards (const char     *path,
                            const LensScan *scan)
{
  if (scan->other_boards == 0)
    return;
  fprintf (stderr, "sudoku-lens-cli: %s: ", path);
  fprintf (stderr, ngettext ("the photo shows %u more board; the largest, clearest one was read",
                             "the photo shows %u more boards; the largest, clearest one was read",
                             scan->other_boards),
           scan->other_boards);
  fputc ('\n', stderr);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

double
lens_cli_percentile (GArray *values,
                     double  fraction)
{
  g_autoptr(GArray) sorted = NULL;
  guint index;

  g_return_val_if_fail (values != NULL, 0);

  if (values->len == 0)
    return 0;
  sorted = g_array_copy (values);
  g_array_sort (sorted, compare_doubles);
  index = (guint) MIN (sorted->len - 1, floor (fraction * sorted->len));
  return g_array_index (sorted, double, index);
}
