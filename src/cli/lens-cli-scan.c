/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "lens-cli.h"
#include "lens-cli-options.h"
#include "lens-cli-output.h"
#include "lens-error.h"
#include "lens-pipeline.h"
#include "lens-vision.h"

static char *
scan_to_json (const LensScan *scan)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  lens_cli_add_scan_members (builder, scan);
  json_builder_end_object (builder);
  return lens_cli_json_to_data (builder);
}

static gboolean
dump_cells (GBytes      *cells,
            const char  *dir,
            GError     **error)
{
  const guint8 *data = g_bytes_get_data (cells, NULL);
  gsize cell_bytes = LENS_CELL_PX * LENS_CELL_PX;

  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_IO, _("Could not create “%s”: %s"),
                   dir, g_strerror (errno));
      return FALSE;
    }
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      g_autofree char *name = g_strdup_printf ("r%uc%u.png", lens_cell_row (i), lens_cell_col (i));
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(LensImage) image = lens_image_new_from_grey (data + i * cell_bytes,
                                                             LENS_CELL_PX, LENS_CELL_PX,
                                                             LENS_CELL_PX);

      if (!lens_image_save (image, path, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
scan_path (const char      *path,
           LensReader      *reader,
           const char      *dump_dir,
           int              rotation,
           LensScan        *scan,
           GError         **error)
{
  g_autoptr(GBytes) cells = NULL;
  LensScanOptions options = LENS_SCAN_OPTIONS_INIT;
  LensGrid grid;

  options.rotation = rotation;
  if (dump_dir != NULL)
    options.cells_out = &cells;
  if (!lens_pipeline_read_file (reader, path, &options, scan, &grid, NULL, error))
    return FALSE;
  return dump_dir == NULL || dump_cells (cells, dump_dir, error);
}

int
lens_cli_scan (int    argc,
               char **argv)
{
  g_auto(LensCliOptions) common = { 0 };
  g_autofree char *dump_dir = NULL;
  int rotation = -1;
  g_auto(GStrv) paths = NULL;
  const GOptionEntry entries[] = {
    { "dump-cells", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &dump_dir,
      "Write the 81 cell crops given to the recognizer as DIR/rRcC.png", "DIR" },
    { "rotate", 0, 0, G_OPTION_ARG_INT, &rotation,
      N_("Read the board turned clockwise by DEGREES (0, 90, 180 or 270) from the stored photo"),
      N_("DEGREES") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, N_("IMAGE") },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  LensScan scan = { 0 };

  if (lens_cli_options_parse (&common, LENS_CLI_OPTIONS_ENGINE, N_("Print the result as JSON"), entries,
                              _("Reads the Sudoku puzzle in the photo IMAGE."), &argc, &argv) != LENS_EXIT_OK)
    return LENS_EXIT_USAGE;
  if (paths == NULL || g_strv_length (paths) != 1)
    return lens_cli_usage_error ("%s", _("scan needs exactly one IMAGE"));
  if (rotation != -1 && (rotation % 90 != 0 || rotation < 0 || rotation > 270 || dump_dir != NULL))
    return lens_cli_usage_error ("%s", _("--rotate takes 0, 90, 180 or 270"));
  if (!scan_path (paths[0], common.reader, dump_dir, rotation, &scan, &error))
    return lens_cli_fail ("%s: %s", paths[0], error->message);

  if (common.json)
    {
      text = scan_to_json (&scan);
      printf ("%s\n", text);
    }
  else
    {
      lens_cli_print_scan_text (&scan);
      lens_cli_note_other_boards (paths[0], &scan);
    }
  return LENS_EXIT_OK;
}
