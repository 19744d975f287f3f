/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <string.h>

#include "lens-autosave.h"
#include "lens-document.h"
#include "lens-error.h"
#include "lens-test-util.h"

static const char *puzzle =
  "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

static LensDocument *
new_loaded_document (void)
{
  LensDocument *doc = lens_document_new ();
  LensGrid grid;
  LensScan scan = { 0 };

  g_assert_true (lens_grid_parse (&grid, puzzle, -1, NULL));
  grid.flags[1] |= LENS_CELL_UNCERTAIN;
  scan.rotation = 90;
  for (guint i = 0; i < 4; i++)
    scan.corners[i] = (LensPoint) { 10.0 * i, 20.5 * i };
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      scan.cells[i].digit = grid.digits[i];
      scan.cells[i].scores[grid.digits[i]] = 1.0f;
      scan.cells[i].confidence = 1.0f;
    }
  lens_document_load (doc, "/photos/board.jpg", &scan, &grid);
  return doc;
}

static void
count_cb (LensDocument *doc,
          guint        *count)
{
  (*count)++;
}

static void
test_edit_undo_redo (void)
{
  g_autoptr(LensDocument) doc = new_loaded_document ();
  guint changes = 0;

  g_signal_connect (doc, "changed", G_CALLBACK (count_cb), &changes);
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_false (lens_document_can_undo (doc));
  g_assert_cmpuint (lens_document_count_givens (doc), ==, 30);
  g_assert_cmpuint (lens_document_count_uncertain (doc), ==, 1);

  g_assert_true (lens_document_set_digit (doc, 2, 4));
  g_assert_false (lens_document_set_digit (doc, 2, 4));
  g_assert_true (lens_document_set_digit (doc, 1, 3));
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[2], ==, 4);
  /* A typed cell has no reading left for repair to weigh. */
  g_assert_cmpfloat (lens_document_get_scan (doc)->cells[2].scores[4], ==, 0);
  g_assert_cmpfloat (lens_document_get_scan (doc)->cells[0].scores[5], ==, 1);
  g_assert_cmpuint (lens_document_count_uncertain (doc), ==, 0);
  g_assert_cmpuint (changes, ==, 2);

  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[1], ==, 3);
  g_assert_cmpuint (lens_document_count_uncertain (doc), ==, 1);
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[2], ==, 0);
  g_assert_false (lens_document_undo (doc));
  g_assert_true (lens_document_can_redo (doc));
  g_assert_true (lens_document_redo (doc));
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[2], ==, 4);

  lens_document_set_digit (doc, 40, 9);
  g_assert_false (lens_document_can_redo (doc));
}

static void
test_uncertain_empty_cell_confirmed (void)
{
  g_autoptr(LensDocument) doc = lens_document_new ();
  LensGrid grid;

  g_assert_true (lens_grid_parse (&grid, puzzle, -1, NULL));
  grid.flags[2] |= LENS_CELL_UNCERTAIN;
  lens_document_load (doc, NULL, NULL, &grid);
  g_assert_cmpuint (lens_document_count_uncertain (doc), ==, 1);
  g_assert_true (lens_document_set_digit (doc, 2, 0));
  g_assert_cmpuint (lens_document_count_uncertain (doc), ==, 0);
  g_assert_cmpuint (lens_document_count_givens (doc), ==, 30);
}

static void
test_conflicts_live (void)
{
  g_autoptr(LensDocument) doc = new_loaded_document ();

  g_assert_cmpuint (lens_document_count_conflicts (doc), ==, 0);
  lens_document_set_digit (doc, 2, 5);
  g_assert_true (lens_document_cell_conflicts (doc, 0));
  g_assert_true (lens_document_cell_conflicts (doc, 2));
  g_assert_false (lens_document_cell_conflicts (doc, 1));
  g_assert_cmpuint (lens_document_count_conflicts (doc), ==, 2);
  lens_document_set_digit (doc, 2, 0);
  g_assert_cmpuint (lens_document_count_conflicts (doc), ==, 0);
}

static void
test_edit_after_solving_returns_to_check (void)
{
  g_autoptr(LensDocument) doc = new_loaded_document ();
  g_autoptr(LensResult) result = lens_result_new (LENS_OUTCOME_SOLVED);

  lens_document_set_result (doc, result);
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_SOLVED);
  g_assert_nonnull (lens_document_get_result (doc));
  lens_document_set_digit (doc, 2, 4);
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_null (lens_document_get_result (doc));
}

/* Every change to the grid counts, so the window can tell a job's result
 * is stale; a result for the grid does not. */
static void
test_revision_counts_grid_changes (void)
{
  g_autoptr(LensDocument) doc = new_loaded_document ();
  g_autoptr(LensResult) result = lens_result_new (LENS_OUTCOME_SOLVED);
  LensScan scan = *lens_document_get_scan (doc);
  LensGrid grid = *lens_document_get_grid (doc);
  guint revision = lens_document_get_revision (doc);

  lens_document_set_result (doc, result);
  g_assert_cmpuint (lens_document_get_revision (doc), ==, revision);
  g_assert_false (lens_document_set_digit (doc, 0, 5));
  g_assert_cmpuint (lens_document_get_revision (doc), ==, revision);
  g_assert_true (lens_document_set_digit (doc, 2, 4));
  g_assert_cmpuint (lens_document_get_revision (doc), >, revision);
  revision = lens_document_get_revision (doc);
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_revision (doc), >, revision);
  revision = lens_document_get_revision (doc);
  g_assert_true (lens_document_redo (doc));
  g_assert_cmpuint (lens_document_get_revision (doc), >, revision);
  revision = lens_document_get_revision (doc);
  lens_document_reread (doc, &scan, &grid);
  g_assert_cmpuint (lens_document_get_revision (doc), >, revision);
  revision = lens_document_get_revision (doc);
  lens_document_load (doc, NULL, NULL, &grid);
  g_assert_cmpuint (lens_document_get_revision (doc), >, revision);
}

static void
test_reread_is_undoable (void)
{
  g_autoptr(LensDocument) doc = new_loaded_document ();
  LensScan scan = *lens_document_get_scan (doc);
  LensGrid grid = *lens_document_get_grid (doc);

  scan.corners[0].x = 99;
  grid.digits[80] = 1;
  lens_document_reread (doc, &scan, &grid);
  g_assert_cmpfloat (lens_document_get_scan (doc)->corners[0].x, ==, 99);
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpfloat (lens_document_get_scan (doc)->corners[0].x, ==, 0);
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[80], ==, 9);
}

static char *
make_data_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("lens-test-XXXXXX", &error);

  g_assert_no_error (error);
  g_setenv ("SUDOKU_LENS_DATA_DIR", dir, TRUE);
  return dir;
}

static void
test_autosave_round_trip (void)
{
  g_autoptr(LensTestDir) dir = make_data_dir ();
  g_autoptr(LensDocument) doc = new_loaded_document ();
  g_autoptr(LensDocument) again = lens_document_new ();
  g_autoptr(GError) error = NULL;
  gboolean solved = TRUE;

  g_assert_false (lens_autosave_restore (again, &solved, &error));
  g_assert_no_error (error);

  lens_document_set_digit (doc, 2, 4);
  g_assert_true (lens_autosave_save (doc, &error));
  g_assert_no_error (error);
  g_assert_true (lens_autosave_restore (again, &solved, &error));
  g_assert_no_error (error);
  g_assert_false (solved);
  g_assert_cmpstr (lens_document_get_photo_path (again), ==, "/photos/board.jpg");
  g_assert_true (lens_grid_equal_digits (lens_document_get_grid (again), lens_document_get_grid (doc)));
  g_assert_cmpmem (lens_document_get_grid (again)->flags, 81, lens_document_get_grid (doc)->flags, 81);
  g_assert_cmpint (lens_document_get_scan (again)->rotation, ==, 90);
  g_assert_cmpfloat (lens_document_get_scan (again)->corners[3].y, ==, 61.5);
  g_assert_cmpuint (lens_document_get_scan (again)->cells[0].digit, ==, 5);
}

static void
test_autosave_damaged_is_set_aside (void)
{
  g_autoptr(LensTestDir) dir = make_data_dir ();
  g_autofree char *path = g_build_filename (dir, "session.json", NULL);
  g_autoptr(LensDocument) doc = lens_document_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) listing = NULL;
  const char *name;
  guint kept = 0;

  g_assert_true (g_file_set_contents (path, "{\"version\": 1, \"digits\": \"12\"", -1, NULL));
  g_assert_false (lens_autosave_restore (doc, NULL, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "session.json.damaged-"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_EMPTY);

  listing = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (listing)))
    kept += g_str_has_prefix (name, "session.json.damaged-");
  g_assert_cmpuint (kept, ==, 1);
}

/* A save killed while writing leaves its temporary beside the whole
 * session: the next start restores the session and drops the temporary. */
static void
test_autosave_unfinished_save_dropped (void)
{
  g_autoptr(LensTestDir) dir = make_data_dir ();
  g_autofree char *partial = g_build_filename (dir, "session.json.Q2X9K1", NULL);
  g_autoptr(LensDocument) doc = new_loaded_document ();
  g_autoptr(LensDocument) again = lens_document_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (lens_autosave_save (doc, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (partial, "{\"version\": 1, \"dig", -1, NULL));
  g_assert_true (lens_autosave_restore (again, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (lens_grid_equal_digits (lens_document_get_grid (again), lens_document_get_grid (doc)));
  g_assert_false (g_file_test (partial, G_FILE_TEST_EXISTS));
}

static void
test_load_json_rejects_bad_values (void)
{
  g_autoptr(LensDocument) doc = new_loaded_document ();
  g_autoptr(JsonNode) node = lens_document_to_json (doc);
  g_autoptr(LensDocument) other = lens_document_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *scan = json_object_get_object_member (json_node_get_object (node), "scan");

  json_object_set_int_member (scan, "rotation", 45);
  g_assert_false (lens_document_load_json (other, node, NULL, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_PARSE);
  g_assert_cmpint (lens_document_get_state (other), ==, LENS_DOCUMENT_EMPTY);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/document/edit-undo-redo", test_edit_undo_redo);
  g_test_add_func ("/document/conflicts-live", test_conflicts_live);
  g_test_add_func ("/document/uncertain-empty-cell", test_uncertain_empty_cell_confirmed);
  g_test_add_func ("/document/edit-after-solving", test_edit_after_solving_returns_to_check);
  g_test_add_func ("/document/reread-undoable", test_reread_is_undoable);
  g_test_add_func ("/document/revision", test_revision_counts_grid_changes);
  g_test_add_func ("/document/json-rejects-bad-values", test_load_json_rejects_bad_values);
  g_test_add_func ("/autosave/round-trip", test_autosave_round_trip);
  g_test_add_func ("/autosave/damaged-set-aside", test_autosave_damaged_is_set_aside);
  g_test_add_func ("/autosave/unfinished-save-dropped", test_autosave_unfinished_save_dropped);
  return g_test_run ();
}
