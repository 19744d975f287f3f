/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <sys/wait.h>

#include "lens-result.h"
#include "lens-photo-loader.h"
#include "lens-pipeline.h"

/* The app and sudoku-lens-cli read the same photo alike: the same cells
 * are marked uncertain, and the same repairs are explained in the same
 * words. The app's side runs what its window runs (the photo loader, then
 * repair and solve); the command line's side runs "solve --json" as a user would. */

typedef struct {
  const char *engine;
  const char *photo;      /* under tests/data/photos */
  gboolean    has_doubt;  /* this engine is unsure of some cells and repair changes some */
} Case;

static const Case cases[] = {
  { "builtin", "image1.jpg", FALSE },
  { "tesseract", "image1.jpg", TRUE },
  { "tesseract", "image13.jpg", TRUE },
};

static void
store_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

static void
finished_cb (LensPhotoLoader *loader,
             LensLoadKind     kind,
             const GError    *error,
             gpointer         data)
{
  g_assert_no_error (error);
  g_assert_cmpint (kind, ==, LENS_LOAD_OPEN);
  *(gboolean *) data = TRUE;
}

static GAsyncResult *
wait_for (GAsyncResult **slot)
{
  while (*slot == NULL)
    g_main_context_iteration (NULL, TRUE);
  return *slot;
}

/* The document as the app's window has it after opening @path. */
static LensDocument *
read_in_app (const char  *engine_name,
             const char  *path,
             LensResult **result)
{
  g_autoptr(GAsyncResult) solved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(LensReader) reader = NULL;
  g_autoptr(LensPhotoLoader) loader = NULL;
  LensDocument *document = lens_document_new ();
  const LensScan *scan;
  gboolean finished = FALSE;
  LensEngine engine;

  g_assert_true (lens_engine_parse (engine_name, &engine, &error));
  reader = lens_reader_new (engine);
  loader = lens_photo_loader_new (document, reader);
  g_signal_connect (loader, "finished", G_CALLBACK (finished_cb), &finished);
  lens_photo_loader_open (loader, path, NULL);
  while (!finished)
    g_main_context_iteration (NULL, TRUE);
  scan = lens_document_get_scan (document);
  g_assert_nonnull (scan);
  g_assert_nonnull (lens_document_get_image (document));
  g_assert_cmpstr (lens_document_get_photo_path (document), ==, path);
  g_assert_cmpint (scan->engine, ==, engine);
  g_assert_cmpfloat (scan->threshold, ==, lens_engine_get_uncertain_threshold (engine));
  lens_solve_async (lens_document_get_grid (document), scan, LENS_PIPELINE_DEFAULT, NULL, store_cb, &solved);
  *result = lens_solve_finish (wait_for (&solved), &error);
  g_assert_no_error (error);
  return document;
}

static JsonNode *
read_in_cli (const char *engine,
             const char *path)
{
  const char *argv[] = { g_getenv ("LENS_CLI"), "solve", "--json", "--engine", engine, path, NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_assert_nonnull (argv[0]);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), !=, 1);
  return json_from_string (out, &error);
}

static void
check_uncertain (const LensGrid *grid,
                 JsonArray      *uncertain)
{
  gboolean in_cli[LENS_GRID_CELLS] = { FALSE };

  for (guint i = 0; i < json_array_get_length (uncertain); i++)
    in_cli[json_array_get_int_element (uncertain, i)] = TRUE;
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    g_assert_cmpint ((grid->flags[cell] & LENS_CELL_UNCERTAIN) != 0, ==, in_cli[cell]);
}

static void
check_explanations (const LensResult *result,
                    JsonArray        *changes)
{
  guint explained = 0;

  for (guint i = 0; i < json_array_get_length (changes); i++)
    {
      JsonObject *change = json_array_get_object_element (changes, i);
      guint cell = json_object_get_int_member (change, "cell");

      g_assert_cmpstr (result->reasons[cell], ==, json_object_get_string_member (change, "explanation"));
    }
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    explained += result->reasons[cell] != NULL;
  g_assert_cmpuint (explained, ==, json_array_get_length (changes));
}

static void
test_same_reading (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "photos", c->photo, NULL);
  g_autoptr(LensDocument) document = NULL;
  g_autoptr(LensResult) result = NULL;
  g_autoptr(JsonNode) cli = NULL;
  JsonObject *root;

  document = read_in_app (c->engine, path, &result);
  cli = read_in_cli (c->engine, path);
  g_assert_nonnull (cli);
  root = json_node_get_object (cli);

  check_uncertain (lens_document_get_grid (document), json_object_get_array_member (root, "uncertain"));
  check_explanations (result, json_object_get_array_member (root, "changes"));
  g_assert_cmpint (lens_result_is_solved (result), ==,
                   g_str_equal (json_object_get_string_member (root, "status"), "unique"));
  g_assert_cmpint (result->unsure, ==, json_object_get_boolean_member (root, "unsure"));
  /* Not only a comparison of two empty lists. */
  if (c->has_doubt)
    {
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "uncertain")), >, 0);
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "changes")), >, 0);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/front-ends/same-reading/%s/%s", cases[i].engine, cases[i].photo);

      g_test_add_data_func (name, &cases[i], test_same_reading);
    }
  return g_test_run ();
}
