/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lens-cli.h"
#include "lens-cli-input.h"
#include "lens-cli-options.h"
#include "lens-cli-output.h"
#include "lens-error.h"
#include "lens-render.h"
#include "lens-repair.h"
#include "lens-result.h"
#include "lens-vision.h"


#define ANSI_CORRECTED "\033[1;34m"
#define ANSI_SOLVED "\033[31m"

typedef struct {
  LensCliOptions common;
  char          *export_path;
  char          *overlay_path;
  char         **inputs;
} SolveOptions;

static void
solve_options_clear (SolveOptions *o)
{
  lens_cli_options_clear (&o->common);
  g_free (o->export_path);
  g_free (o->overlay_path);
  g_strfreev (o->inputs);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SolveOptions, solve_options_clear)

static const char *
status_word (LensSolveStatus status)
{
  switch (status)
    {
    case LENS_SOLVE_UNIQUE:
      return "unique";
    case LENS_SOLVE_MULTIPLE:
      return "multiple";
    case LENS_SOLVE_NONE:
    default:
      return "none";
    }
}

static void
print_unsure (const LensRepairResult *result,
              gboolean                from_photo)
{
  gboolean cells[LENS_GRID_CELLS];
  g_autoptr(GString) list = g_string_new (NULL);

  switch (result->doubt)
    {
    case LENS_REPAIR_DOUBT_RIVAL:
      printf ("%s\n", from_photo ? _("Unsure: a nearly as likely reading of the photo solves differently; check the grid")
                                 : _("Unsure: removing as many other digits solves the puzzle differently; check the grid"));
      break;
    case LENS_REPAIR_DOUBT_OVERRULED:
      printf ("%s\n", _("Unsure: repair had to overrule the reader where it was sure; check the grid"));
      break;
    case LENS_REPAIR_DOUBT_MORE_ERRORS:
    default:
      printf ("%s\n", _("Unsure: the reader may have misread more digits than repair can mend; check the grid"));
      break;
    }
  lens_repair_cells_to_check (result, cells);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    if (cells[cell])
      {
        g_autofree char *name = lens_cli_cell_name (cell);

        g_string_append_printf (list, list->len ? ", %s" : "%s", name);
      }
  /* TRANSLATORS: %s is a list of cells such as "r1c1, r9c1" */
  printf (_("Check these cells against the photo: %s\n"), list->str);
}

static void
print_board (const LensGrid *board,
             gboolean        color)
{
  const char *colours[LENS_GRID_CELLS] = { NULL };

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (board->digits[i] != 0 && (board->flags[i] & LENS_CELL_REPAIRED))
      colours[i] = ANSI_CORRECTED;
    else if (board->digits[i] != 0 && (board->flags[i] & LENS_CELL_SOLVED))
      colours[i] = ANSI_SOLVED;
  lens_cli_print_board (board->digits, color ? colours : NULL);
}

static void
print_plain (const LensGrid         *read,
             const LensRepairResult *result,
             gboolean                from_photo,
             gboolean                color)
{
  g_autofree char *read_line = lens_grid_to_line (read);
  g_autofree char *puzzle_line = lens_grid_to_line (&result->puzzle);
  const LensGrid *board = result->status == LENS_SOLVE_UNIQUE ? &result->solution : &result->puzzle;

  printf ("%s\n%s\n", read_line, puzzle_line);
  if (result->status == LENS_SOLVE_UNIQUE)
    {
      g_autofree char *solution_line = lens_grid_to_line (&result->solution);
      printf ("%s\n", solution_line);
    }
  else if (result->status == LENS_SOLVE_MULTIPLE)
    printf ("%s\n", _("No unique solution: the puzzle has several"));
  else
    printf ("%s\n", _("No solution: the puzzle cannot be solved"));
  if (result->outcome == LENS_REPAIR_GAVE_UP)
    printf ("%s\n", _("Repair gave up: the time limit ran out"));
  if (result->unsure)
    print_unsure (result, from_photo);
  lens_cli_print_changes (result);
  putchar ('\n');
  print_board (board, color);
}

static void
add_check_member (JsonBuilder            *b,
                  const LensRepairResult *result)
{
  gboolean cells[LENS_GRID_CELLS];

  lens_repair_cells_to_check (result, cells);
  lens_cli_add_cells_member (b, "check", cells);
}

/* The cells read with less confidence than the engine's threshold. */
static void
add_uncertain_member (JsonBuilder    *b,
                      const LensGrid *read)
{
  gboolean cells[LENS_GRID_CELLS];

  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    cells[cell] = (read->flags[cell] & LENS_CELL_UNCERTAIN) != 0;
  lens_cli_add_cells_member (b, "uncertain", cells);
}

static void
print_json (const LensGrid         *read,
            const LensRepairResult *result,
            const LensResult       *shown)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  lens_cli_add_line_member (b, "read", read);
  add_uncertain_member (b, read);
  lens_cli_add_line_member (b, "puzzle", &result->puzzle);
  lens_cli_add_line_member (b, "solution", result->status == LENS_SOLVE_UNIQUE ? &result->solution : NULL);
  lens_cli_add_string_member (b, "status", status_word (result->status));
  lens_cli_add_string_member (b, "outcome", lens_repair_outcome_to_string (result->outcome));
  lens_cli_add_boolean_member (b, "unsure", result->unsure);
  add_check_member (b, result);
  lens_cli_add_changes_member (b, result, shown);
  json_builder_end_object (b);
  lens_cli_print_json (b);
}

static gboolean
overlay_path_ok (const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  return g_str_has_suffix (lower, ".png") || g_str_has_suffix (lower, ".jpg") ||
         g_str_has_suffix (lower, ".jpeg");
}

/* The overlay is saved turned so that the board reads upright. */
static gboolean
write_overlay (const LensCliInput       *in,
               const LensRepairResult *result,
               const char             *path,
               GError                **error)
{
  g_autoptr(LensImage) drawn = NULL;
  g_autoptr(LensImage) upright = NULL;
  g_autoptr(GBytes) rgb = NULL;
  int width, height;

  drawn = lens_scan_draw_overlay (in->image, &in->scan, &result->solution, error);
  if (drawn == NULL)
    return FALSE;
  rgb = lens_image_get_rgb (drawn, in->scan.rotation, &width, &height);
  upright = lens_image_new_from_rgb (g_bytes_get_data (rgb, NULL), width, height,
                                     (gsize) width * 3, FALSE);
  return lens_image_save (upright, path, error);
}

static int
write_outputs (const SolveOptions     *o,
               const LensCliInput       *in,
               const LensRepairResult *result)
{
  g_autoptr(GError) error = NULL;

  if (o->export_path != NULL)
    {
      const LensGrid *board = result->status == LENS_SOLVE_UNIQUE ? &result->solution
                                                                  : &result->puzzle;

      if (!lens_render_export (board, o->export_path, &error))
        return lens_cli_fail ("%s", error->message);
    }
  if (o->overlay_path != NULL && result->status != LENS_SOLVE_UNIQUE)
    g_printerr ("%s\n", _("No overlay written: the puzzle has no unique solution"));
  else if (o->overlay_path != NULL && !write_overlay (in, result, o->overlay_path, &error))
    return lens_cli_fail ("%s: %s", o->overlay_path, error->message);
  return LENS_EXIT_OK;
}

static int
parse_options (SolveOptions  *o,
               int           *argc,
               char        ***argv)
{
  const GOptionEntry entries[] = {
    { "export", 0, 0, G_OPTION_ARG_FILENAME, &o->export_path,
      N_("Draw the solved board to FILE (.png, .svg or .pdf)"), N_("FILE") },
    { "overlay", 0, 0, G_OPTION_ARG_FILENAME, &o->overlay_path,
      N_("Write the photo with the solution drawn in to FILE (.png or .jpg)"), N_("FILE") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o->inputs, NULL, N_("IMAGE|PUZZLE") },
    { NULL }
  };
  int status = lens_cli_options_parse (&o->common, LENS_CLI_OPTIONS_ENGINE | LENS_CLI_OPTIONS_COLOR,
                                       N_("Print the result as JSON"), entries,
    _("Reads, repairs and solves the puzzle in the photo IMAGE, or PUZZLE given\n"
      "as 81 characters or as a text file; \"-\" reads either from the standard\n"
      "input. Exit status: 0 when the solution is unique, 3 when there are\n"
      "several or none, 1 on bad input."), argc, argv);

  if (status != LENS_EXIT_OK)
    return status;
  if (o->inputs == NULL || g_strv_length (o->inputs) != 1)
    return lens_cli_usage_error ("%s", _("solve needs exactly one IMAGE or PUZZLE"));
  if (o->export_path != NULL && !lens_render_format_from_path (o->export_path, NULL))
    return lens_cli_fail (_("cannot export to “%s”: the name must end in .png, .svg or .pdf"),
                          o->export_path);
  if (o->overlay_path != NULL && !overlay_path_ok (o->overlay_path))
    return lens_cli_fail (_("cannot write the overlay to “%s”: the name must end in .png or .jpg"),
                          o->overlay_path);
  return LENS_EXIT_OK;
}

static int
run_solve (SolveOptions *o,
           LensCliInput   *in)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LensResult) shown = NULL;
  LensRepairResult result;
  int status;

  if (!lens_cli_input_load (in, o->inputs[0], o->common.reader, &error))
    return lens_cli_fail ("%s: %s", o->inputs[0], error->message);
  if (o->overlay_path != NULL && !in->is_photo)
    return lens_cli_fail ("%s", _("--overlay needs a photo, not a typed puzzle"));
  status = lens_cli_input_solve (in, &result, &shown);
  if (status != LENS_EXIT_OK)
    return status;
  if (o->common.json)
    print_json (&in->read, &result, shown);
  else
    print_plain (&in->read, &result, in->has_scores, lens_cli_options_use_color (&o->common));
  fflush (stdout);
  if (in->is_photo && !o->common.json)
    lens_cli_note_other_boards (o->inputs[0], &in->scan);
  status = write_outputs (o, in, &result);
  if (status != LENS_EXIT_OK)
    return status;
  return result.status == LENS_SOLVE_UNIQUE ? LENS_EXIT_OK : LENS_EXIT_NOT_UNIQUE;
}

int
lens_cli_solve (int    argc,
                char **argv)
{
  g_auto(SolveOptions) options = { 0 };
  g_auto(LensCliInput) input = { 0 };
  int status = parse_options (&options, &argc, &argv);

  return status == LENS_EXIT_OK ? run_solve (&options, &input) : status;
}
