/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Any bytes as the app's autosaved session (a damaged session.json):
 * either a document that saves and restores to the same thing, or the
 * "damaged" error the app shows, never a crash or a critical warning. */
#include <stdint.h>

#include "lens-document.h"
#include "lens-error.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_round_trip (LensDocument *document)
{
  g_autoptr(LensDocument) again = lens_document_new ();
  g_autoptr(JsonNode) saved = lens_document_to_json (document);
  g_autoptr(JsonNode) resaved = NULL;
  g_autoptr(GError) error = NULL;
  gboolean solved_again = FALSE;

  g_assert_true (lens_document_load_json (again, saved, &solved_again, &error));
  g_assert_no_error (error);
  g_assert_true (lens_grid_equal_digits (lens_document_get_grid (document),
                                         lens_document_get_grid (again)));
  g_assert_cmpmem (lens_document_get_grid (document)->flags, LENS_GRID_CELLS,
                   lens_document_get_grid (again)->flags, LENS_GRID_CELLS);
  resaved = lens_document_to_json (again);
  g_assert_true (json_node_equal (saved, resaved));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(LensDocument) document = lens_document_new ();
  g_autoptr(GError) error = NULL;
  gboolean was_solved = FALSE;

  if (!json_parser_load_from_data (parser, (const char *) data, (gssize) size, NULL))
    return 0;
  if (lens_document_load_json (document, json_parser_get_root (parser), &was_solved, &error))
    check_round_trip (document);
  else
    {
      g_assert_true (g_error_matches (error, LENS_ERROR, LENS_ERROR_PARSE));
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
    }
  return 0;
}
