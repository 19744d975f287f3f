/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "lens-cli.h"
#include "lens-cli-input.h"
#include "lens-cli-output.h"
#include "lens-entries.h"
#include "lens-error.h"
#include "lens-pipeline.h"
#include "lens-repair.h"

#define MAX_STDIN_BYTES (64 << 20)

/* Photos by their magic bytes; anything else is tried as puzzle text. */
static gboolean
file_is_image (const char *path)
{
  guint8 head[16];
  gsize n;
  FILE *file = fopen (path, "rb");

  if (file == NULL)
    return FALSE;
  n = fread (head, 1, sizeof head, file);
  fclose (file);
  return lens_image_is_known_format (head, n);
}


static gboolean
scan_photo (LensImage     *image,
            LensReader    *reader,
            LensCliInput  *in,
            GError       **error)
{
  LensRecognizer *recognizer = lens_reader_get_recognizer (reader, error);

  in->image = image;
  if (recognizer == NULL || !lens_pipeline_read_image (recognizer, image, NULL, &in->scan, &in->read, error))
    return FALSE;
  lens_scan_get_repair_scores (&in->scan, &in->scores);
  in->has_scores = TRUE;
  in->is_photo = TRUE;
  return TRUE;
}


static GBytes *
read_stdin (GError **error)
{
  GByteArray *data = g_byte_array_new ();
  guint8 buf[65536];
  size_t n;

  while ((n = fread (buf, 1, sizeof buf, stdin)) > 0 && data->len <= MAX_STDIN_BYTES)
    g_byte_array_append (data, buf, (guint) n);
  if (ferror (stdin) || data->len > MAX_STDIN_BYTES)
    {
      g_set_error_literal (error, LENS_ERROR, LENS_ERROR_IO,
                           ferror (stdin) ? _("could not read the standard input")
                                          : _("the standard input is too large"));
      g_byte_array_unref (data);
      return NULL;
    }
  return g_byte_array_free_to_bytes (data);
}


/* "-" reads a photo or a puzzle from the standard input. */
static gboolean
load_stdin (LensReader   *reader,
            LensCliInput   *in,
            GError      **error)
{
  g_autoptr(GBytes) bytes = read_stdin (error);
  gsize size;
  const guint8 *data;
  LensImage *image;

  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &size);
  if (!lens_image_is_known_format (data, size))
    {
      if (memchr (data, '\0', size) == NULL)
        return lens_grid_parse (&in->read, (const char *) data, (gssize) size, error);
      g_set_error_literal (error, LENS_ERROR, LENS_ERROR_PARSE,
                           _("neither a puzzle nor a known image format"));
      return FALSE;
    }
  image = lens_image_load_bytes (bytes, error);
  return image != NULL && scan_photo (image, reader, in, error);
}


gboolean
lens_cli_input_load (LensCliInput  *in,
                     const char    *arg,
                     LensReader    *reader,
                     GError       **error)
{
  LensImage *image;

  if (g_str_equal (arg, "-"))
    return load_stdin (reader, in, error);
  if (!g_file_test (arg, G_FILE_TEST_EXISTS))
    {
      if (strlen (arg) >= LENS_GRID_CELLS && lens_grid_parse (&in->read, arg, -1, NULL))
        return TRUE;
      g_set_error_literal (error, LENS_ERROR, LENS_ERROR_IO,
                           _("neither a file nor an 81-character puzzle"));
      return FALSE;
    }
  if (!file_is_image (arg))
    return lens_grid_load_file (&in->read, arg, error);
  image = lens_image_load (arg, error);
  return image != NULL && scan_photo (image, reader, in, error);
}


char *
lens_cli_cell_name (guint cell)
{
  return g_strdup_printf ("r%uc%u", lens_cell_row (cell) + 1, lens_cell_col (cell) + 1);
}


static const char *
digit_or_empty (guint8 digit,
                char   buf[2])
{
  if (digit == 0)
    return _("empty");
  buf[0] = (char) ('0' + digit);
  buf[1] = '\0';
  return buf;
}


void
lens_cli_print_changes (const LensRepairResult *result)
{
  if (result->n_changes == 0)
    {
      printf ("%s\n", _("No changes"));
      return;
    }
  printf (g_dngettext (GETTEXT_PACKAGE, "%u change:\n", "%u changes:\n", result->n_changes),
          result->n_changes);
  for (guint i = 0; i < result->n_changes; i++)
    {
      const LensRepairChange *c = &result->changes[i];
      g_autofree char *name = lens_cli_cell_name (c->cell);
      char from[2], to[2];

      printf ("  %s: %s → %s (%s)\n", name, digit_or_empty (c->from, from),
              digit_or_empty (c->to, to), lens_repair_reason_describe (c->reason));
    }
}


void
lens_cli_add_line_member (JsonBuilder    *b,
                 const char     *name,
                 const LensGrid *grid)
{
  g_autofree char *line = grid ? lens_grid_to_line (grid) : NULL;

  json_builder_set_member_name (b, name);
  if (line != NULL)
    json_builder_add_string_value (b, line);
  else
    json_builder_add_null_value (b);
}


void
lens_cli_add_changes_member (JsonBuilder            *b,
                    const LensRepairResult *result,
                    const LensResult       *shown)
{
  json_builder_set_member_name (b, "changes");
  json_builder_begin_array (b);
  for (guint i = 0; i < result->n_changes; i++)
    {
      const LensRepairChange *c = &result->changes[i];

      json_builder_begin_object (b);
      lens_cli_add_int_member (b, "cell", c->cell);
      lens_cli_add_int_member (b, "from", c->from);
      lens_cli_add_int_member (b, "to", c->to);
      lens_cli_add_string_member (b, "reason", lens_repair_reason_to_string (c->reason));
      lens_cli_add_string_member (b, "explanation", shown->reasons[c->cell]);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}


void
lens_cli_input_clear (LensCliInput *in)
{
  g_clear_pointer (&in->image, lens_image_free);
}

int
lens_cli_input_solve (const LensCliInput  *in,
                      LensRepairResult    *repair,
                      LensResult         **shown)
{
  g_autoptr(GError) error = NULL;
  LensPipelineResult solved;

  if (!lens_pipeline_solve (&in->read, in->has_scores ? &in->scores : NULL, LENS_PIPELINE_DEFAULT, NULL,
                            &solved, &error))
    return lens_cli_fail ("%s", error->message);
  *repair = solved.repair;
  if (shown != NULL)
    *shown = g_steal_pointer (&solved.result);
  lens_pipeline_result_clear (&solved);
  return LENS_EXIT_OK;
}

void
lens_cli_entries_options_clear (LensCliEntriesOptions *options)
{
  lens_cli_options_clear (&options->common);
  g_free (options->entries);
  g_strfreev (options->inputs);
}

gboolean
lens_cli_load_entries (const LensCliEntriesOptions *options,
                       const LensCliInput          *in,
                       guint8                       entries[LENS_GRID_CELLS],
                       GError                     **error)
{
  memset (entries, 0, LENS_GRID_CELLS);
  if (options->entries != NULL)
    {
      if (lens_entries_parse (entries, options->entries, error))
        return TRUE;
      g_prefix_error (error, "--entries: ");
      return FALSE;
    }
  if (in->is_photo)
    lens_scan_get_entries (&in->scan, entries);
  return TRUE;
}
