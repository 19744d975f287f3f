/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <string.h>

#include "lens-analyser.h"
#include "lens-autosave.h"
#include "lens-cell-style.h"
#include "lens-document.h"
#include "lens-error.h"
#include "lens-hinter.h"
#include "lens-test-util.h"

static const char *puzzle =
  "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/* The puzzle in @grid, and in @scan each of its digits read for sure;
 * with @kinds, each cell read as printed or empty with @kind_confidence. */
static void
read_puzzle (LensGrid *grid,
             LensScan *scan,
             gboolean  kinds,
             float     kind_confidence)
{
  memset (scan, 0, sizeof *scan);
  g_assert_true (lens_grid_parse (grid, puzzle, -1, NULL));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      scan->cells[i].digit = grid->digits[i];
      scan->cells[i].scores[grid->digits[i]] = 1.0f;
      scan->cells[i].confidence = 1.0f;
      if (kinds)
        scan->cells[i].kind = grid->digits[i] ? LENS_READ_KIND_PRINTED : LENS_READ_KIND_EMPTY;
      scan->cells[i].kind_confidence = kind_confidence;
    }
}

static LensDocument *
new_loaded_document (void)
{
  LensDocument *doc = lens_document_new ();
  LensGrid grid;
  LensScan scan;

  read_puzzle (&grid, &scan, FALSE, 0.0f);
  grid.flags[1] |= LENS_CELL_UNCERTAIN;
  scan.rotation = 90;
  for (guint i = 0; i < 4; i++)
    scan.corners[i] = (LensPoint) { 10.0 * i, 20.5 * i };
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

  g_assert_true (lens_document_set_correction (doc, 2, 4));
  g_assert_false (lens_document_set_correction (doc, 2, 4));
  g_assert_true (lens_document_set_correction (doc, 1, 3));
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

  lens_document_set_correction (doc, 40, 9);
  g_assert_false (lens_document_can_redo (doc));
}

/* The typed puzzle, its empty r1c3 read uncertain. */
static LensDocument *
new_typed_with_empty_r1c3_uncertain (void)
{
  LensDocument *doc = lens_document_new ();
  LensGrid grid;

  g_assert_true (lens_grid_parse (&grid, puzzle, -1, NULL));
  grid.flags[2] |= LENS_CELL_UNCERTAIN;
  lens_document_load (doc, NULL, NULL, &grid);
  return doc;
}

static void
test_uncertain_empty_cell_confirmed (void)
{
  g_autoptr(LensDocument) doc = new_typed_with_empty_r1c3_uncertain ();
  g_assert_cmpuint (lens_document_count_uncertain (doc), ==, 1);
  g_assert_true (lens_document_set_correction (doc, 2, 0));
  g_assert_cmpuint (lens_document_count_uncertain (doc), ==, 0);
  g_assert_cmpuint (lens_document_count_givens (doc), ==, 30);
}

/* An empty cell read uncertain is in doubt ("?") until the player marks
 * it or types a digit there: then it plainly is empty of print. */
static void
test_uncertain_empty_cell_answered (void)
{
  g_autoptr(LensDocument) doc = new_typed_with_empty_r1c3_uncertain ();
  lens_document_set_playing (doc, TRUE);
  g_assert_true (lens_document_cell_is_uncertain (doc, 2));
  g_assert_true (lens_document_cell_is_doubtful (doc, 2));
  g_assert_true (lens_document_set_marks (doc, 2, LENS_DIGIT_BIT (1) | LENS_DIGIT_BIT (4)));
  g_assert_false (lens_document_cell_is_uncertain (doc, 2));
  g_assert_false (lens_document_cell_is_doubtful (doc, 2));
  g_assert_true (lens_document_set_marks (doc, 2, 0));
  g_assert_true (lens_document_cell_is_doubtful (doc, 2));
  g_assert_true (lens_document_type_digit (doc, 2, 4));
  g_assert_cmpuint (lens_document_get_entries (doc)[2], ==, 4);
  g_assert_false (lens_document_cell_is_doubtful (doc, 2));
  g_assert_true (lens_document_undo (doc));
  g_assert_true (lens_document_cell_is_doubtful (doc, 2));
}

static void
test_conflicts_live (void)
{
  g_autoptr(LensDocument) doc = new_loaded_document ();

  g_assert_cmpuint (lens_document_count_conflicts (doc), ==, 0);
  lens_document_set_correction (doc, 2, 5);
  g_assert_true (lens_document_cell_conflicts (doc, 0));
  g_assert_true (lens_document_cell_conflicts (doc, 2));
  g_assert_false (lens_document_cell_conflicts (doc, 1));
  g_assert_cmpuint (lens_document_count_conflicts (doc), ==, 2);
  lens_document_set_correction (doc, 2, 0);
  g_assert_cmpuint (lens_document_count_conflicts (doc), ==, 0);
}

/* One misread printed 5 clashes with three right ones: only the doubtful
 * one is framed, and a player's digit that clashes with a printed one is
 * the player's to fix. */
static void
test_conflicts_blame_doubtful (void)
{
  g_autoptr(LensDocument) doc = lens_document_new ();
  const guint fives[] = { 0, 5, 45, 20 };
  LensScan scan;
  LensGrid grid;

  memset (&scan, 0, sizeof scan);
  lens_grid_clear (&grid);
  for (guint i = 0; i < G_N_ELEMENTS (fives); i++)
    {
      grid.digits[fives[i]] = 5;
      grid.flags[fives[i]] = LENS_CELL_GIVEN;
      scan.cells[fives[i]].digit = 5;
      scan.cells[fives[i]].kind = LENS_READ_KIND_PRINTED;
      scan.cells[fives[i]].confidence = i == 0 ? 0.4f : 0.99f;
    }
  grid.digits[8] = 7;
  grid.flags[8] = LENS_CELL_GIVEN;
  scan.cells[8].digit = 7;
  scan.cells[8].kind = LENS_READ_KIND_PRINTED;
  scan.cells[8].confidence = 0.99f;
  lens_document_load (doc, NULL, &scan, &grid);
  g_assert_cmpuint (lens_document_count_conflicts (doc), ==, 1);
  g_assert_true (lens_document_cell_conflicts (doc, 0));
  for (guint i = 1; i < G_N_ELEMENTS (fives); i++)
    g_assert_false (lens_document_cell_conflicts (doc, fives[i]));

  g_assert_true (lens_document_set_entry (doc, 80, 7));
  g_assert_true (lens_document_cell_conflicts (doc, 80));
  g_assert_false (lens_document_cell_conflicts (doc, 8));
  g_assert_cmpuint (lens_document_count_conflicts (doc), ==, 2);
}

static void
test_edit_after_solving_returns_to_check (void)
{
  g_autoptr(LensDocument) doc = new_loaded_document ();
  g_autoptr(LensResult) result = lens_result_new (LENS_OUTCOME_SOLVED);

  lens_document_set_result (doc, result);
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_SOLVED);
  g_assert_nonnull (lens_document_get_result (doc));
  lens_document_set_correction (doc, 2, 4);
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_null (lens_document_get_result (doc));
}

/* Undo takes a solution shown away first, leaving the board as it was,
 * then undoes the edits; redo brings the solution back. */
static void
test_undo_solution_first (void)
{
  g_autoptr(LensDocument) doc = new_loaded_document ();
  g_autoptr(LensResult) result = lens_result_new (LENS_OUTCOME_SOLVED);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  g_assert_true (lens_document_set_correction (doc, 2, 4));
  before = lens_grid_to_line (lens_document_get_grid (doc));
  lens_document_set_result (doc, result);
  g_assert_true (lens_document_can_undo (doc));
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_null (lens_document_get_result (doc));
  after = lens_grid_to_line (lens_document_get_grid (doc));
  g_assert_cmpstr (after, ==, before);
  g_assert_true (lens_document_can_redo (doc));
  g_assert_true (lens_document_redo (doc));
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_SOLVED);
  g_assert_true (lens_document_undo (doc));
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[2], ==, 0);
  g_assert_false (lens_document_can_undo (doc));
  lens_document_set_result (doc, result);
  g_assert_true (lens_document_can_undo (doc));
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
  g_assert_false (lens_document_set_correction (doc, 0, 5));
  g_assert_cmpuint (lens_document_get_revision (doc), ==, revision);
  g_assert_true (lens_document_set_correction (doc, 2, 4));
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

  lens_document_set_correction (doc, 2, 4);
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
  /* a typed cell has no scores: its digit and kind come back all the same */
  g_assert_cmpuint (lens_document_get_scan (again)->cells[2].digit, ==, 4);
  g_assert_cmpint (lens_document_get_scan (again)->cells[2].kind, ==, LENS_READ_KIND_PRINTED);
}

/* A cell of pencil marks typed over is a cell of pencil marks no more,
 * and is saved and restored as it is. */
static void
test_typed_over_pencil_marks_round_trip (void)
{
  g_autoptr(LensDocument) doc = lens_document_new ();
  g_autoptr(LensDocument) again = lens_document_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) node_again = NULL;
  g_autofree char *text = NULL, *text_again = NULL;
  LensGrid grid;
  LensScan scan;

  read_puzzle (&grid, &scan, TRUE, 1.0f);
  scan.cells[2].kind = LENS_READ_KIND_CANDIDATES;
  scan.cells[2].candidates = (1 << 0) | (1 << 7);
  lens_document_load (doc, "/photos/board.jpg", &scan, &grid);
  g_assert_true (lens_document_set_correction (doc, 2, 4));
  g_assert_cmpuint (lens_document_get_scan (doc)->cells[2].candidates, ==, 0);
  node = lens_document_to_json (doc);
  g_assert_true (lens_document_load_json (again, node, NULL, &error));
  g_assert_no_error (error);
  node_again = lens_document_to_json (again);
  text = json_to_string (node, FALSE);
  text_again = json_to_string (node_again, FALSE);
  g_assert_cmpstr (text_again, ==, text);
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

static const char *solution =
  "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/* The puzzle filled in by hand: r1c3 4 and r1c4 9 read for sure, r1c6 8
 * at @p8 or else 3. */
static LensDocument *
new_filled_document_at (float p8)
{
  LensDocument *doc = lens_document_new ();
  LensGrid grid;
  LensScan scan = { 0 };
  const struct { guint cell; guint8 digit; float p; } hand[] = { { 2, 4, 1.0f }, { 3, 9, 1.0f }, { 5, 8, p8 } };

  read_puzzle (&grid, &scan, TRUE, 0.9f);
  for (guint i = 0; i < G_N_ELEMENTS (hand); i++)
    {
      LensCellRead *read = &scan.cells[hand[i].cell];

      memset (read->scores, 0, sizeof read->scores);
      read->digit = hand[i].digit;
      read->scores[hand[i].digit] = hand[i].p;
      read->scores[3] += 1.0f - hand[i].p;
      read->confidence = hand[i].p;
      read->kind = LENS_READ_KIND_HANDWRITTEN;
    }
  lens_document_load (doc, "/photos/filled.jpg", &scan, &grid);
  return doc;
}

/* r1c6's 8 doubtful enough that even the rules cannot be sure of it. */
static LensDocument *
new_filled_document (void)
{
  return new_filled_document_at (0.98f);
}

static LensResult *
new_analysis (void)
{
  LensResult *result = lens_result_new (LENS_OUTCOME_SOLVED);

  g_assert_true (lens_grid_parse (&result->solution, solution, -1, NULL));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    result->solution.flags[i] = puzzle[i] == '.' ? LENS_CELL_SOLVED : LENS_CELL_GIVEN;
  return result;
}

static void
test_entries_from_photo (void)
{
  g_autoptr(LensDocument) doc = new_filled_document ();
  LensGrid board;

  /* the printed puzzle is the grid; the handwritten digits are entries */
  g_assert_cmpuint (lens_document_count_givens (doc), ==, 30);
  g_assert_cmpuint (lens_document_count_entries (doc), ==, 3);
  g_assert_cmpuint (lens_document_get_entries (doc)[3], ==, 9);
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[3], ==, 0);
  g_assert_cmpint (lens_document_get_kind (doc, 3), ==, LENS_READ_KIND_HANDWRITTEN);
  g_assert_cmpint (lens_document_get_kind (doc, 0), ==, LENS_READ_KIND_PRINTED);
  g_assert_cmpint (lens_document_get_kind (doc, 4 * 9 + 1), ==, LENS_READ_KIND_EMPTY);
  lens_document_get_board (doc, &board);
  g_assert_cmpuint (board.digits[3], ==, 9);
  g_assert_cmpuint (board.flags[3], ==, LENS_CELL_ENTRY);
  g_assert_cmpuint (board.flags[0], ==, LENS_CELL_GIVEN);
  /* a photo filled in by hand is played on, and its entries checked */
  g_assert_true (lens_document_get_playing (doc));
  g_assert_true (lens_document_get_check_wanted (doc));
  g_assert_null (lens_document_get_check (doc));
}

static void
test_check_against_analysis (void)
{
  g_autoptr(LensDocument) doc = new_filled_document ();
  g_autoptr(LensResult) analysis = new_analysis ();
  guint revision = lens_document_get_puzzle_revision (doc);
  const LensEntryCheck *check;
  g_autofree char *text = NULL;

  /* an analysis of an older puzzle is dropped */
  lens_document_set_analysis (doc, analysis, NULL, revision - 1);
  g_assert_null (lens_document_get_analysis (doc));
  g_assert_null (lens_document_get_check (doc));
  lens_document_set_analysis (doc, analysis, NULL, revision);
  check = lens_document_get_check (doc);
  g_assert_nonnull (check);
  g_assert_cmpuint (check->n_entries, ==, 3);
  g_assert_cmpuint (check->status[2], ==, LENS_ENTRY_RIGHT);
  g_assert_cmpuint (check->status[3], ==, LENS_ENTRY_WRONG);
  g_assert_cmpuint (check->status[5], ==, LENS_ENTRY_RIGHT);
  text = lens_entry_check_describe (check, TRUE);
  g_assert_cmpstr (text, ==, "1 of your 3 entries is wrong.");

  /* the player's digit changed is no longer what was checked; the
   * puzzle's solution stands */
  g_assert_true (lens_document_set_entry (doc, 3, 6));
  check = lens_document_get_check (doc);
  g_assert_cmpuint (check->status[3], ==, LENS_ENTRY_UNCHECKED);
  g_assert_cmpuint (check->n_wrong, ==, 0);
  g_assert_nonnull (lens_document_get_analysis (doc));
  lens_document_check_entries (doc);
  g_clear_pointer (&text, g_free);
  text = lens_entry_check_describe (lens_document_get_check (doc), TRUE);
  g_assert_cmpstr (text, ==, "All 3 of your entries are right.");

  /* undo brings back the wrong digit and its mark */
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_entries (doc)[3], ==, 9);
  g_assert_cmpuint (lens_document_get_check (doc)->status[3], ==, LENS_ENTRY_WRONG);
}

/* A wrong reading the reader doubts is not called wrong; a digit the
 * player typed over it has no doubt left. */
static void
test_unsure_reading (void)
{
  g_autoptr(LensDocument) doc = new_filled_document ();
  g_autoptr(LensResult) analysis = new_analysis ();

  /* r1c6 belongs 8: say the reader read 3 there, and doubted it */
  analysis->solution.digits[5] = 3;
  lens_document_set_analysis (doc, analysis, NULL, lens_document_get_puzzle_revision (doc));
  g_assert_cmpuint (lens_document_get_check (doc)->status[5], ==, LENS_ENTRY_UNSURE);
  g_assert_true (lens_document_set_entry (doc, 5, 7));
  lens_document_check_entries (doc);
  g_assert_cmpuint (lens_document_get_check (doc)->status[5], ==, LENS_ENTRY_WRONG);
}

/* A digit of the player's that the repair took for a printed one (the
 * analysis gives it as the puzzle's, to leave one solution) is still the
 * player's: checked and counted with the others, so that the check and
 * the status line count the same entries. */
static void
test_entry_repaired_as_given (void)
{
  g_autoptr(LensDocument) doc = new_filled_document ();
  g_autoptr(LensResult) analysis = new_analysis ();
  const LensEntryCheck *check;
  g_autofree char *text = NULL;
  LensGrid board;

  analysis->solution.flags[2] = LENS_CELL_GIVEN;
  lens_document_set_analysis (doc, analysis, NULL, lens_document_get_puzzle_revision (doc));
  check = lens_document_get_check (doc);
  g_assert_cmpuint (check->n_entries, ==, lens_document_count_entries (doc));
  g_assert_cmpuint (check->status[2], ==, LENS_ENTRY_RIGHT);
  text = lens_entry_check_describe (check, TRUE);
  g_assert_cmpstr (text, ==, "1 of your 3 entries is wrong.");

  /* solved, it is shown as the player's, not as a repaired digit */
  analysis->solution.flags[2] = LENS_CELL_GIVEN | LENS_CELL_REPAIRED;
  lens_document_set_result (doc, analysis);
  lens_document_get_board (doc, &board);
  g_assert_cmpuint (board.flags[2], ==, LENS_CELL_ENTRY);
  g_assert_cmpint (lens_grid_cell_role (&board, 2), ==, LENS_CELL_ROLE_ENTRY);
}

/* The puzzle with r1c2's 3 read with doubt: scores of the reader's
 * other readings, one below the least offered. */
static LensDocument *
new_doubted_document (void)
{
  LensDocument *doc = lens_document_new ();
  const float scores[LENS_N_CLASSES] = { [3] = 0.6f, [8] = 0.25f, [0] = 0.1f, [5] = 0.04f,
                                         [9] = 0.0095f, [2] = 0.0005f };
  LensScan scan;
  LensGrid grid;

  read_puzzle (&grid, &scan, TRUE, 0.0f);
  memcpy (scan.cells[1].scores, scores, sizeof scores);
  lens_cell_read_update (&scan.cells[1], 0);
  lens_scan_read_grid (&scan, LENS_ENGINE_BUILTIN, &grid);
  lens_document_load (doc, "/photos/board.jpg", &scan, &grid);
  return doc;
}

/* A new document loaded from @doc's JSON, which must load. */
static LensDocument *
reloaded (LensDocument *doc)
{
  g_autoptr(JsonNode) node = lens_document_to_json (doc);
  g_autoptr(GError) error = NULL;
  LensDocument *again = lens_document_new ();

  g_assert_true (lens_document_load_json (again, node, NULL, &error));
  g_assert_no_error (error);
  return again;
}

static void
assert_alternatives (LensDocument *doc,
                     guint         cell,
                     const char   *want)
{
  guint8 alternatives[LENS_N_CLASSES];
  guint n = lens_document_get_alternatives (doc, cell, alternatives);
  g_autoptr(GString) got = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_c (got, (char) ('0' + alternatives[i]));
  g_assert_cmpstr (got->str, ==, want);
}

/* Once the puzzle is solved, a doubtful reading that the solution makes
 * likelier is shown as that: the entry the rules read, still read from the
 * photo (its picture's digit offered), an edit undo takes back. It stays
 * in doubt: the picture shows another digit, which the rules do not
 * vouch against. */
static void
test_reading_with_rules (void)
{
  g_autoptr(LensDocument) doc = new_filled_document_at (0.7f);
  g_autoptr(LensResult) analysis = new_analysis ();
  const LensEntryCheck *check;
  LensGrid board;

  /* r1c6 read 8 (0.7) or 3 (0.3); say it belongs 3 */
  analysis->solution.digits[5] = 3;
  g_assert_false (lens_document_can_undo (doc));
  lens_document_set_analysis (doc, analysis, NULL, lens_document_get_puzzle_revision (doc));
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 3);
  g_assert_cmpint (lens_document_get_kind (doc, 5), ==, LENS_READ_KIND_HANDWRITTEN);
  check = lens_document_get_check (doc);
  g_assert_cmpuint (check->status[5], ==, LENS_ENTRY_UNSURE);
  g_assert_cmpuint (check->reading[5], ==, 3);
  g_assert_cmpuint (check->status[3], ==, LENS_ENTRY_WRONG);
  g_assert_cmpuint (check->status[2], ==, LENS_ENTRY_RIGHT);
  g_assert_true (lens_document_cell_is_doubtful (doc, 5));
  lens_document_get_board (doc, &board);
  g_assert_cmpuint (board.digits[5], ==, 3);
  g_assert_cmpuint (board.flags[5], ==, LENS_CELL_ENTRY);
  assert_alternatives (doc, 5, "8");
  /* sure readings are as the picture has them */
  g_assert_cmpuint (lens_document_get_entries (doc)[3], ==, 9);
  assert_alternatives (doc, 3, "");

  /* the same check again changes nothing */
  lens_document_check_entries (doc);
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 3);
  g_assert_cmpuint (lens_document_get_check (doc)->status[5], ==, LENS_ENTRY_UNSURE);

  /* taken back, the picture's digit stays, checked by its picture alone */
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 8);
  g_assert_false (lens_document_can_undo (doc));
  g_assert_nonnull (lens_document_get_analysis (doc));
  lens_document_check_entries (doc);
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 8);
  g_assert_cmpuint (lens_document_get_check (doc)->status[5], ==, LENS_ENTRY_UNSURE);
  g_assert_cmpuint (lens_document_get_check (doc)->reading[5], ==, 8);
  g_assert_true (lens_document_cell_is_doubtful (doc, 5));
  g_assert_true (lens_document_redo (doc));
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 3);

  /* the picture's digit picked is the player's: no rule changes it */
  g_assert_true (lens_document_pick_alternative (doc, 5, 8));
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 8);
  lens_document_check_entries (doc);
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 8);
  g_assert_cmpuint (lens_document_get_check (doc)->status[5], ==, LENS_ENTRY_WRONG);
  assert_alternatives (doc, 5, "");
}

/* An entry the check is unsure of offers the solution's digit first, even
 * one the reader gave no weight. */
static void
test_unsure_offers_solution (void)
{
  g_autoptr(LensDocument) doc = new_filled_document_at (0.97f);
  g_autoptr(LensResult) analysis = new_analysis ();

  /* r1c6 read 8 (0.97) or 3 (0.03); say it belongs 6 */
  analysis->solution.digits[5] = 6;
  lens_document_set_analysis (doc, analysis, NULL, lens_document_get_puzzle_revision (doc));
  g_assert_cmpuint (lens_document_get_check (doc)->status[5], ==, LENS_ENTRY_UNSURE);
  assert_alternatives (doc, 5, "63");
  g_assert_true (lens_document_pick_alternative (doc, 5, 6));
  lens_document_check_entries (doc);
  g_assert_cmpuint (lens_document_get_check (doc)->status[5], ==, LENS_ENTRY_RIGHT);
}

/* A mistake the picture shows for sure stays the player's mistake. */
static void
test_sure_mistake_stays (void)
{
  g_autoptr(LensDocument) doc = new_filled_document_at (0.9999f);
  g_autoptr(LensResult) analysis = new_analysis ();

  analysis->solution.digits[5] = 3;
  lens_document_set_analysis (doc, analysis, NULL, lens_document_get_puzzle_revision (doc));
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 8);
  g_assert_cmpuint (lens_document_get_check (doc)->status[5], ==, LENS_ENTRY_WRONG);
  g_assert_false (lens_document_can_undo (doc));
}

/* A digit the player typed is theirs, whatever the photo and the rules
 * say; a new solution reads the photo's entries again from their picture. */
static void
test_typed_entry_not_read_with_rules (void)
{
  g_autoptr(LensDocument) doc = new_filled_document_at (0.7f);
  g_autoptr(LensResult) analysis = new_analysis ();
  g_autoptr(LensResult) fixed = new_analysis ();

  lens_document_set_playing (doc, TRUE);
  g_assert_true (lens_document_type_digit (doc, 5, 3));
  g_assert_true (lens_document_type_digit (doc, 5, 8));
  analysis->solution.digits[5] = 3;
  lens_document_set_analysis (doc, analysis, NULL, lens_document_get_puzzle_revision (doc));
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 8);
  g_assert_cmpuint (lens_document_get_check (doc)->status[5], ==, LENS_ENTRY_WRONG);
  g_assert_true (lens_document_undo (doc));
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 8);

  /* read from the photo again: a new solution (the printed puzzle fixed)
   * reads a 3 there with the rules, the next one an 8 after all */
  g_assert_true (lens_document_set_correction (doc, 0, 6));
  lens_document_set_analysis (doc, analysis, NULL, lens_document_get_puzzle_revision (doc));
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 3);
  g_assert_true (lens_document_set_correction (doc, 0, 5));
  lens_document_set_analysis (doc, fixed, NULL, lens_document_get_puzzle_revision (doc));
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 8);
  g_assert_cmpuint (lens_document_get_check (doc)->status[5], ==, LENS_ENTRY_RIGHT);
}

/* A printed digit the reader doubted offers its other readings, best
 * first; taking one is an edit undo takes back, and they outlive a save. */
static void
test_alternatives_of_printed_digit (void)
{
  g_autoptr(LensDocument) doc = new_doubted_document ();
  g_autoptr(LensDocument) again = NULL;

  g_assert_cmpuint (lens_document_get_grid (doc)->digits[1], ==, 3);
  g_assert_cmpuint (lens_document_count_uncertain (doc), ==, 1);
  assert_alternatives (doc, 1, "8059");
  assert_alternatives (doc, 0, "");
  assert_alternatives (doc, 2, "");

  again = reloaded (doc);
  assert_alternatives (again, 1, "8059");

  /* only what the reader offered, above the least score */
  g_assert_false (lens_document_pick_alternative (doc, 1, 2));
  g_assert_false (lens_document_pick_alternative (doc, 1, 3));
  g_assert_false (lens_document_pick_alternative (doc, 0, 8));
  g_assert_false (lens_document_can_undo (doc));
  g_assert_true (lens_document_pick_alternative (doc, 1, 8));
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[1], ==, 8);
  g_assert_cmpuint (lens_document_count_uncertain (doc), ==, 0);
  assert_alternatives (doc, 1, "");
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[1], ==, 3);
  assert_alternatives (doc, 1, "8059");

  /* empty is a reading too; and the player may fix a misreading while
   * playing, though typing over a printed digit is refused */
  lens_document_set_playing (doc, TRUE);
  g_assert_false (lens_document_type_digit (doc, 1, 5));
  g_assert_true (lens_document_pick_alternative (doc, 1, 0));
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[1], ==, 0);
  g_assert_cmpuint (lens_document_get_entries (doc)[1], ==, 0);
}

/* The player's digit read with doubt, which the check could not call
 * wrong, offers the reader's other reading; taking it is the player's. */
static void
test_alternatives_of_entry (void)
{
  g_autoptr(LensDocument) doc = new_filled_document ();
  g_autoptr(LensResult) analysis = new_analysis ();

  /* r1c6 was read 8 (0.98) or 3 (0.02) */
  assert_alternatives (doc, 5, "");
  analysis->solution.digits[5] = 3;
  lens_document_set_analysis (doc, analysis, NULL, lens_document_get_puzzle_revision (doc));
  g_assert_cmpuint (lens_document_get_check (doc)->status[5], ==, LENS_ENTRY_UNSURE);
  assert_alternatives (doc, 5, "3");
  /* sure readings offer nothing, right or wrong */
  assert_alternatives (doc, 2, "");
  assert_alternatives (doc, 3, "");

  g_assert_true (lens_document_pick_alternative (doc, 5, 3));
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 3);
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[5], ==, 0);
  assert_alternatives (doc, 5, "");
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 8);
  assert_alternatives (doc, 5, "3");
}

static char *
to_text (LensDocument *doc)
{
  g_autoptr(JsonNode) node = lens_document_to_json (doc);

  return json_to_string (node, FALSE);
}

/* Closing empties the document and hands all it held to another; reopening
 * puts it back as it was, history and all, as later work. */
static void
test_close_and_reopen (void)
{
  g_autoptr(LensDocument) doc = new_filled_document ();
  g_autoptr(LensDocument) closed = NULL;
  g_autoptr(LensResult) analysis = new_analysis ();
  g_autofree char *before = NULL, *after = NULL;
  guint changes = 0, revision, puzzle_revision;

  lens_document_set_analysis (doc, analysis, NULL, lens_document_get_puzzle_revision (doc));
  g_assert_true (lens_document_set_entry (doc, 70, 7));
  g_assert_true (lens_document_set_marks (doc, 72, LENS_DIGIT_BIT (1) | LENS_DIGIT_BIT (2)));
  lens_document_set_result (doc, analysis);
  before = to_text (doc);
  revision = lens_document_get_revision (doc);
  puzzle_revision = lens_document_get_puzzle_revision (doc);
  g_signal_connect (doc, "changed", G_CALLBACK (count_cb), &changes);

  closed = lens_document_close (doc);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_EMPTY);
  g_assert_null (lens_document_get_photo_path (doc));
  g_assert_null (lens_document_get_scan (doc));
  g_assert_cmpuint (lens_document_count_givens (doc), ==, 0);
  g_assert_cmpuint (lens_document_count_entries (doc), ==, 0);
  /* closing is undoable: the game closed comes back */
  g_assert_true (lens_document_can_undo (doc));
  g_assert_true (lens_document_has_previous (doc));
  g_assert_false (lens_document_can_redo (doc));
  g_assert_false (lens_document_get_playing (doc));
  g_assert_null (lens_document_get_analysis (doc));
  g_assert_cmpint (lens_document_get_state (closed), ==, LENS_DOCUMENT_SOLVED);
  g_assert_cmpstr (lens_document_get_photo_path (closed), ==, "/photos/filled.jpg");
  g_assert_cmpuint (lens_document_get_revision (doc), >, revision);

  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (changes, ==, 2);
  g_assert_false (lens_document_has_previous (doc));
  g_assert_true (lens_document_can_redo (doc));
  after = to_text (doc);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_SOLVED);
  g_assert_nonnull (lens_document_get_analysis (doc));
  g_assert_nonnull (lens_document_get_check (doc));
  g_assert_cmpuint (lens_document_get_revision (doc), >, revision + 1);
  g_assert_cmpuint (lens_document_get_puzzle_revision (doc), >, puzzle_revision);
  /* redo closes it again, undo brings it back once more */
  g_assert_true (lens_document_redo (doc));
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_EMPTY);
  g_assert_true (lens_document_undo (doc));
  {
    g_autofree char *again = to_text (doc);

    g_assert_cmpstr (again, ==, before);
  }
  /* the history came back too: before the solve, before the marks; then
   * redo goes forward through it before it closes the photo again */
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_marks (doc)[72], ==, 0);
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_entries (doc)[70], ==, 0);
  g_assert_true (lens_document_redo (doc));
  g_assert_true (lens_document_redo (doc));
  g_assert_true (lens_document_redo (doc));
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_SOLVED);
  g_assert_true (lens_document_redo (doc));
  g_assert_cmpint (lens_document_get_state (doc), ==, LENS_DOCUMENT_EMPTY);
  g_assert_false (lens_document_can_redo (doc));
}

/* Loading a photo or a puzzle over a game sets the game aside for undo,
 * whole; an edit of the new one after undoing drops the one undone. */
static void
test_load_over_a_game_is_undoable (void)
{
  g_autoptr(LensDocument) doc = new_filled_document ();
  g_autofree char *before = NULL;
  LensGrid grid;

  g_assert_true (lens_document_set_entry (doc, 70, 7));
  before = to_text (doc);
  lens_grid_clear (&grid);
  grid.digits[0] = 5;
  grid.flags[0] = LENS_CELL_GIVEN;
  lens_document_load (doc, NULL, NULL, &grid);
  g_assert_cmpuint (lens_document_count_givens (doc), ==, 1);
  g_assert_true (lens_document_can_undo (doc));
  g_assert_true (lens_document_set_correction (doc, 1, 6));
  /* first the new game's own edit, then the game before, whole */
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_count_givens (doc), ==, 1);
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpstr (lens_document_get_photo_path (doc), ==, "/photos/filled.jpg");
  {
    g_autofree char *back = to_text (doc);

    g_assert_cmpstr (back, ==, before);
  }
  g_assert_true (lens_document_can_redo (doc));
  /* redo: the new game again, with its edit redone after */
  g_assert_true (lens_document_redo (doc));
  g_assert_cmpuint (lens_document_count_givens (doc), ==, 1);
  g_assert_true (lens_document_redo (doc));
  g_assert_cmpuint (lens_document_count_givens (doc), ==, 2);
  /* back to the game before, and an edit there: the other one is gone */
  g_assert_true (lens_document_undo (doc));
  g_assert_true (lens_document_undo (doc));
  g_assert_true (lens_document_set_marks (doc, 72, LENS_DIGIT_BIT (1)));
  g_assert_false (lens_document_can_redo (doc));
}

static void
test_typing_while_playing (void)
{
  g_autoptr(LensDocument) doc = new_filled_document ();
  guint givens = lens_document_count_givens (doc);

  /* the printed digits are locked */
  g_assert_true (lens_document_is_locked (doc, 0));
  g_assert_false (lens_document_type_digit (doc, 0, 1));
  g_assert_false (lens_document_set_entry (doc, 0, 1));
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[0], ==, 5);
  /* what the player types is theirs */
  g_assert_true (lens_document_type_digit (doc, 4 * 9 + 1, 2));
  g_assert_cmpuint (lens_document_get_entries (doc)[4 * 9 + 1], ==, 2);
  g_assert_cmpuint (lens_document_count_givens (doc), ==, givens);

  /* fixing the printed puzzle: typing sets printed digits, but a
   * player's digit stays the player's */
  lens_document_set_playing (doc, FALSE);
  g_assert_false (lens_document_is_locked (doc, 0));
  g_assert_true (lens_document_type_digit (doc, 0, 1));
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[0], ==, 1);
  g_assert_true (lens_document_type_digit (doc, 3, 6));
  g_assert_cmpuint (lens_document_get_entries (doc)[3], ==, 6);
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[3], ==, 0);
  g_assert_true (lens_document_type_digit (doc, 4 * 9 + 2, 3));
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[4 * 9 + 2], ==, 3);
  /* a printed digit typed over an entry replaces it */
  g_assert_true (lens_document_set_correction (doc, 3, 6));
  g_assert_cmpuint (lens_document_get_entries (doc)[3], ==, 0);
  g_assert_cmpint (lens_document_get_kind (doc, 3), ==, LENS_READ_KIND_PRINTED);
}

static void
test_fix_kind_by_hand (void)
{
  g_autoptr(LensDocument) doc = new_filled_document ();
  g_autoptr(LensResult) analysis = new_analysis ();
  guint revision = lens_document_get_puzzle_revision (doc);

  lens_document_set_analysis (doc, analysis, NULL, revision);
  g_assert_false (lens_document_set_kind (doc, 3, LENS_READ_KIND_HANDWRITTEN));
  g_assert_false (lens_document_set_kind (doc, 4 * 9 + 1, LENS_READ_KIND_PRINTED));

  /* an entry said to be printed joins the puzzle: its solution may change */
  g_assert_true (lens_document_set_kind (doc, 2, LENS_READ_KIND_PRINTED));
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[2], ==, 4);
  g_assert_cmpuint (lens_document_get_grid (doc)->flags[2], ==, LENS_CELL_GIVEN);
  g_assert_cmpuint (lens_document_get_entries (doc)[2], ==, 0);
  g_assert_cmpint (lens_document_get_scan (doc)->cells[2].kind, ==, LENS_READ_KIND_PRINTED);
  g_assert_cmpuint (lens_document_get_puzzle_revision (doc), >, revision);
  g_assert_null (lens_document_get_analysis (doc));

  /* and a printed digit said to be the player's leaves it */
  g_assert_true (lens_document_set_kind (doc, 0, LENS_READ_KIND_HANDWRITTEN));
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[0], ==, 0);
  g_assert_cmpuint (lens_document_get_entries (doc)[0], ==, 5);
  g_assert_cmpuint (lens_document_count_givens (doc), ==, 30);

  g_assert_true (lens_document_undo (doc));
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[0], ==, 5);
  g_assert_cmpuint (lens_document_get_entries (doc)[2], ==, 4);
  g_assert_cmpint (lens_document_get_kind (doc, 2), ==, LENS_READ_KIND_HANDWRITTEN);
  g_assert_cmpint (lens_document_get_scan (doc)->cells[2].kind, ==, LENS_READ_KIND_HANDWRITTEN);
  g_assert_true (lens_document_redo (doc));
  g_assert_cmpint (lens_document_get_kind (doc, 2), ==, LENS_READ_KIND_PRINTED);
}

static void
test_entries_round_trip (void)
{
  g_autoptr(LensDocument) doc = new_filled_document ();
  g_autoptr(LensDocument) again = NULL;

  lens_document_set_kind (doc, 0, LENS_READ_KIND_HANDWRITTEN);
  g_assert_true (lens_document_set_entry (doc, 70, 7));
  again = reloaded (doc);
  g_assert_cmpmem (lens_document_get_entries (again), 81, lens_document_get_entries (doc), 81);
  g_assert_cmpuint (lens_document_get_entries (again)[0], ==, 5);
  g_assert_cmpuint (lens_document_get_entries (again)[70], ==, 7);
  g_assert_true (lens_grid_equal_digits (lens_document_get_grid (again), lens_document_get_grid (doc)));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      g_assert_cmpint (lens_document_get_kind (again, i), ==, lens_document_get_kind (doc, i));
      g_assert_cmpint (lens_document_get_scan (again)->cells[i].kind, ==, lens_document_get_scan (doc)->cells[i].kind);
    }
  g_assert_cmpfloat_with_epsilon (lens_document_get_scan (again)->cells[1].kind_confidence, 0.9, 1e-6);
  g_assert_true (lens_document_get_playing (again));
  g_assert_true (lens_document_get_check_wanted (again));
}

static LensDocument *
json_copy (LensDocument *doc)
{
  LensDocument *again = lens_document_new ();
  g_autoptr(JsonNode) node = lens_document_to_json (doc);
  g_autoptr(GError) error = NULL;

  g_assert_true (lens_document_load_json (again, node, NULL, &error));
  g_assert_no_error (error);
  return again;
}

/* A saved session keeps where each entry comes from: the rules' reading
 * stays the photo's, the picture's digit the player picked stays theirs. */
static void
test_entry_origins_round_trip (void)
{
  g_autoptr(LensDocument) doc = new_filled_document_at (0.7f);
  g_autoptr(LensResult) analysis = new_analysis ();
  g_autoptr(LensDocument) ruled = NULL;
  g_autoptr(LensDocument) picked = NULL;

  analysis->solution.digits[5] = 3;
  lens_document_set_analysis (doc, analysis, NULL, lens_document_get_puzzle_revision (doc));
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 3);
  ruled = json_copy (doc);
  g_assert_cmpuint (lens_document_get_entries (ruled)[5], ==, 3);
  assert_alternatives (ruled, 5, "8");
  lens_document_set_analysis (ruled, analysis, NULL, lens_document_get_puzzle_revision (ruled));
  /* still the photo's, in doubt as before (a typed 3 would be right) */
  g_assert_cmpuint (lens_document_get_check (ruled)->status[5], ==, LENS_ENTRY_UNSURE);
  g_assert_cmpuint (lens_document_get_check (ruled)->reading[5], ==, 3);

  g_assert_true (lens_document_pick_alternative (doc, 5, 8));
  picked = json_copy (doc);
  lens_document_set_analysis (picked, analysis, NULL, lens_document_get_puzzle_revision (picked));
  g_assert_cmpuint (lens_document_get_entries (picked)[5], ==, 8);
  g_assert_cmpuint (lens_document_get_check (picked)->status[5], ==, LENS_ENTRY_WRONG);
}

/* A session saved before the player's digits were kept loads as it was:
 * no entries, every digit read printed. */
static void
test_old_session_loads (void)
{
  g_autoptr(LensDocument) doc = new_loaded_document ();
  g_autoptr(JsonNode) node = lens_document_to_json (doc);
  g_autoptr(LensDocument) again = lens_document_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *object = json_node_get_object (node);
  JsonObject *scan = json_object_get_object_member (object, "scan");

  json_object_remove_member (object, "entries");
  json_object_remove_member (object, "playing");
  json_object_remove_member (object, "check_entries");
  json_object_remove_member (scan, "kinds");
  json_object_remove_member (scan, "kind_confidence");
  g_assert_true (lens_document_load_json (again, node, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (lens_document_count_entries (again), ==, 0);
  g_assert_false (lens_document_get_playing (again));
  g_assert_cmpint (lens_document_get_scan (again)->cells[0].kind, ==, LENS_READ_KIND_PRINTED);
  g_assert_cmpint (lens_document_get_scan (again)->cells[2].kind, ==, LENS_READ_KIND_EMPTY);

  /* damaged new members are reported, not guessed at */
  json_object_set_string_member (object, "entries", "12");
  g_assert_false (lens_document_load_json (again, node, NULL, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_PARSE);
}

static LensDocument *
new_playing_document (void)
{
  LensDocument *doc = new_filled_document ();
  g_autoptr(LensResult) analysis = new_analysis ();

  lens_document_set_analysis (doc, analysis, NULL, lens_document_get_puzzle_revision (doc));
  return doc;
}

/* r1c3, r1c4 and r1c6 hold the player's digits; r1c7 is empty (9 goes
 * there), and with the 9 wrongly in r1c4, 2 in its column and 6 in its
 * box, 1 is all that is left to mark in it. */
#define R1C7 6

static void
test_pencil_marks (void)
{
  g_autoptr(LensDocument) doc = new_playing_document ();
  LensCandidates state;

  g_assert_false (lens_document_set_marks (doc, 0, LENS_DIGIT_BIT (1)));   /* printed */
  g_assert_false (lens_document_set_marks (doc, 2, LENS_DIGIT_BIT (1)));   /* the player's */
  g_assert_true (lens_document_set_marks (doc, R1C7, LENS_DIGIT_BIT (1) | LENS_DIGIT_BIT (2)));
  g_assert_true (lens_document_set_marks (doc, 8, LENS_DIGIT_BIT (1) | LENS_DIGIT_BIT (2)));
  g_assert_cmpuint (lens_document_get_marks (doc)[R1C7], ==, LENS_DIGIT_BIT (1) | LENS_DIGIT_BIT (2));

  /* the solver sees the player's marks, less what the board rules out */
  lens_document_get_candidates (doc, &state);
  g_assert_cmpuint (state.marks[R1C7], ==, LENS_DIGIT_BIT (1));
  /* unmarked: all it may take */
  g_assert_cmpuint (state.marks[4 * 9 + 1], ==, LENS_DIGIT_BIT (2) | LENS_DIGIT_BIT (5));

  /* a digit placed takes its cell's marks and its peers' marks of it */
  g_assert_true (lens_document_set_entry (doc, R1C7, 1));
  g_assert_cmpuint (lens_document_get_marks (doc)[R1C7], ==, 0);
  g_assert_cmpuint (lens_document_get_marks (doc)[8], ==, LENS_DIGIT_BIT (2));
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_marks (doc)[R1C7], ==, LENS_DIGIT_BIT (1) | LENS_DIGIT_BIT (2));
  g_assert_cmpuint (lens_document_get_marks (doc)[8], ==, LENS_DIGIT_BIT (1) | LENS_DIGIT_BIT (2));

  /* all the candidates fill the cells without marks; the player's marks
   * stay as they are, even a digit the board rules out */
  g_assert_true (lens_document_fill_candidates (doc));
  g_assert_cmpuint (lens_document_get_marks (doc)[R1C7], ==, LENS_DIGIT_BIT (1) | LENS_DIGIT_BIT (2));
  g_assert_cmpuint (lens_document_get_marks (doc)[4 * 9 + 1], ==, LENS_DIGIT_BIT (2) | LENS_DIGIT_BIT (5));
  g_assert_cmpuint (lens_document_get_marks (doc)[0], ==, 0);
  g_assert_false (lens_document_fill_candidates (doc));
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_marks (doc)[R1C7], ==, LENS_DIGIT_BIT (1) | LENS_DIGIT_BIT (2));
  g_assert_cmpuint (lens_document_get_marks (doc)[4 * 9 + 1], ==, 0);
}

/* The candidates read in a photo's cells of pencil candidates are the
 * player's marks there: such a cell stays empty, its marks are edited and
 * undone, saved and reread as any. */
static void
test_marks_from_photo (void)
{
  g_autoptr(LensDocument) doc = lens_document_new ();
  g_autoptr(LensDocument) again = lens_document_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  const guint16 two = LENS_DIGIT_BIT (1) | LENS_DIGIT_BIT (2);
  LensGrid grid;
  LensScan scan = { 0 };

  g_assert_true (lens_grid_parse (&grid, puzzle, -1, NULL));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      scan.cells[i].digit = grid.digits[i];
      scan.cells[i].scores[grid.digits[i]] = 1.0f;
      scan.cells[i].confidence = 1.0f;
      scan.cells[i].kind = grid.digits[i] ? LENS_READ_KIND_PRINTED : LENS_READ_KIND_EMPTY;
    }
  /* r1c3 with 1 and 2 pencilled in, r1c4 with candidates none could read;
   * r1c6 is read empty, whatever its stray bits */
  scan.cells[2].kind = LENS_READ_KIND_CANDIDATES;
  scan.cells[2].candidates = two;
  scan.cells[3].kind = LENS_READ_KIND_CANDIDATES;
  scan.cells[5].candidates = LENS_DIGIT_BIT (7);
  lens_document_load (doc, "/photos/board.jpg", &scan, &grid);

  g_assert_cmpuint (lens_document_get_marks (doc)[2], ==, two);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (i != 2)
      g_assert_cmpuint (lens_document_get_marks (doc)[i], ==, 0);
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[2], ==, 0);
  g_assert_cmpuint (lens_document_get_entries (doc)[2], ==, 0);
  g_assert_cmpuint (lens_document_count_entries (doc), ==, 0);
  g_assert_false (lens_document_can_undo (doc));

  /* edited and undone as the player's own */
  g_assert_true (lens_document_set_marks (doc, 2, LENS_DIGIT_BIT (2)));
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_marks (doc)[2], ==, two);

  /* saved with the session */
  node = lens_document_to_json (doc);
  g_assert_true (lens_document_load_json (again, node, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (lens_document_get_marks (again)[2], ==, two);
  g_assert_cmpuint (lens_document_get_scan (again)->cells[2].candidates, ==, two);
  g_assert_cmpuint (lens_document_get_scan (again)->cells[5].candidates, ==, 0);

  /* a new reading brings its candidates; the player's marks elsewhere stay */
  g_assert_true (lens_document_set_marks (doc, 6, LENS_DIGIT_BIT (4)));
  scan.cells[2].candidates = LENS_DIGIT_BIT (9);
  lens_document_reread (doc, &scan, &grid);
  g_assert_cmpuint (lens_document_get_marks (doc)[2], ==, LENS_DIGIT_BIT (9));
  g_assert_cmpuint (lens_document_get_marks (doc)[6], ==, LENS_DIGIT_BIT (4));
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_marks (doc)[2], ==, two);

  /* a digit corrected into the cell takes the marks' place */
  g_assert_true (lens_document_set_correction (doc, 2, 4));
  g_assert_cmpuint (lens_document_get_marks (doc)[2], ==, 0);
}

static LensLogicStep *
new_step (LensTechnique technique)
{
  LensLogicStep *step = g_new0 (LensLogicStep, 1);

  step->technique = technique;
  return step;
}

static void
hint_outcome_cb (LensHinter      *hinter,
                 LensHintOutcome  outcome,
                 const char      *message,
                 int             *result)
{
  *result = (int) outcome;
}

/* A printed digit the puzzle's one solution cannot have (r9c5, a 9 where
 * the solution has an 8, in a full grid that repair mends by dropping
 * it): the hinter offers no step that writes over it, for any front end,
 * but says which cell and why, every time it is asked; made, the digit is
 * the player's, one undoable edit. */
static void
test_hinter_misread_printed (void)
{
  g_autoptr(LensDocument) doc = lens_document_new ();
  g_autoptr(LensAnalyser) analyser = lens_analyser_new (doc);
  g_autoptr(LensHinter) hinter = lens_hinter_new (doc);
  const guint r9c5 = 8 * 9 + 4;
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  LensGrid grid;
  guint cell;
  guint8 digit;

  g_assert_true (lens_grid_parse (&grid, solution, -1, NULL));
  g_assert_cmpuint (grid.digits[r9c5], ==, 8);
  grid.digits[r9c5] = 9;
  lens_document_load_photo (doc, NULL, NULL, &grid);
  lens_analyser_update (analyser);
  while (lens_document_get_analysis (doc) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (lens_result_is_solved (lens_document_get_analysis (doc)));
  g_assert_false (lens_hinter_get_misread (hinter, NULL, NULL));

  for (guint ask = 0; ask < 2; ask++)
    {
      int outcome = -1;
      gulong id = g_signal_connect (hinter, "finished", G_CALLBACK (hint_outcome_cb), &outcome);

      g_assert_true (lens_hinter_request (hinter));
      while (outcome < 0 && g_get_monotonic_time () < deadline)
        g_main_context_iteration (NULL, TRUE);
      g_signal_handler_disconnect (hinter, id);
      g_assert_cmpint (outcome, ==, LENS_HINT_MISREAD);
      g_assert_null (lens_hinter_get_step (hinter));
      g_assert_true (lens_hinter_get_misread (hinter, &cell, &digit));
      g_assert_cmpuint (cell, ==, r9c5);
      g_assert_cmpuint (digit, ==, 8);
      g_assert_cmpstr (lens_hinter_get_message (hinter), ==,
                       "r9c5 reads as a printed 9, but the solution has 8 there: compare it with the photo "
                       "and correct it, or press Hint again to make it yours");
      g_assert_true (lens_hinter_misread_is_current (hinter));
    }
  /* the second press: the 9 is the player's, as the repaired puzzle has it */
  g_assert_true (lens_hinter_make_misread (hinter));
  g_assert_null (lens_hinter_get_message (hinter));
  g_assert_false (lens_hinter_get_misread (hinter, NULL, NULL));
  g_assert_false (lens_hinter_misread_is_current (hinter));
  g_assert_false (lens_hinter_make_misread (hinter));
  g_assert_cmpint (lens_document_get_kind (doc, r9c5), ==, LENS_READ_KIND_HANDWRITTEN);
  g_assert_cmpuint (lens_document_get_grid (doc)->digits[r9c5], ==, 0);
  g_assert_cmpuint (lens_document_get_entries (doc)[r9c5], ==, 9);
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpint (lens_document_get_kind (doc, r9c5), ==, LENS_READ_KIND_PRINTED);
  lens_analyser_stop (analyser);
}

static void
test_apply_steps (void)
{
  g_autoptr(LensDocument) doc = new_playing_document ();
  g_autoptr(LensLogicStep) place = new_step (LENS_TECHNIQUE_NAKED_SINGLE);
  g_autoptr(LensLogicStep) eliminate = new_step (LENS_TECHNIQUE_POINTING);
  g_autoptr(LensLogicStep) mistake = new_step (LENS_TECHNIQUE_MISTAKE);

  /* an elimination in an unmarked cell leaves the rest of its candidates */
  eliminate->n_eliminations = 1;
  eliminate->eliminations[0] = (LensCellDigit) { R1C7, 6 };
  g_assert_true (lens_document_apply_step (doc, eliminate));
  g_assert_cmpuint (lens_document_get_marks (doc)[R1C7], ==, LENS_DIGIT_BIT (1));

  place->n_placements = 1;
  place->placements[0] = (LensCellDigit) { R1C7, 1 };
  g_assert_true (lens_document_apply_step (doc, place));
  g_assert_cmpuint (lens_document_get_entries (doc)[R1C7], ==, 1);
  g_assert_cmpint (lens_document_get_kind (doc, R1C7), ==, LENS_READ_KIND_HANDWRITTEN);

  /* a mistake's second press takes the wrong digits out, in one undo */
  mistake->n_cells = 2;
  mistake->cells[0] = 3;
  mistake->cells[1] = R1C7;
  g_assert_true (lens_document_apply_step (doc, mistake));
  g_assert_cmpuint (lens_document_get_entries (doc)[3], ==, 0);
  g_assert_cmpuint (lens_document_get_entries (doc)[R1C7], ==, 0);
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_entries (doc)[3], ==, 9);
  g_assert_cmpuint (lens_document_get_entries (doc)[R1C7], ==, 1);
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_entries (doc)[R1C7], ==, 0);
}

/* A hint never calls the player wrong on a doubtful reading: the board it
 * is found on leaves such a digit out, as if the cell were empty, and a
 * step that places the solution's digit there writes over it. */
static void
test_hint_leaves_doubted_reading_out (void)
{
  g_autoptr(LensDocument) doc = new_filled_document ();
  g_autoptr(LensResult) analysis = new_analysis ();
  g_autoptr(LensLogicStep) mistake = NULL;
  g_autoptr(LensLogicStep) place = new_step (LENS_TECHNIQUE_NAKED_SINGLE);
  g_autofree LensCandidates *state = g_new (LensCandidates, 1);
  LensGrid puzzle;

  /* r1c6 belongs 8: say the reader read 3 there, and doubted it */
  analysis->solution.digits[5] = 3;
  lens_document_set_analysis (doc, analysis, NULL, lens_document_get_puzzle_revision (doc));
  g_assert_cmpuint (lens_document_get_check (doc)->status[5], ==, LENS_ENTRY_UNSURE);
  lens_document_get_candidates (doc, state);
  g_assert_cmpuint (state->digits[5], ==, 0);
  g_assert_cmpuint (state->digits[3], ==, 9);  /* wrong, and read for sure */
  g_assert_cmpuint (state->digits[2], ==, 4);
  lens_document_get_checked_puzzle (doc, &puzzle);
  mistake = lens_logic_check (puzzle.digits, state, analysis->solution.digits);
  g_assert_nonnull (mistake);
  g_assert_cmpuint (mistake->n_cells, ==, 1);
  g_assert_cmpuint (mistake->cells[0], ==, 3);

  place->n_placements = 1;
  place->placements[0] = (LensCellDigit) { 5, 3 };
  g_assert_true (lens_document_apply_step (doc, place));
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 3);
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpuint (lens_document_get_entries (doc)[5], ==, 8);
  /* a digit of the player's read for sure is not written over */
  place->placements[0] = (LensCellDigit) { 3, 6 };
  lens_document_apply_step (doc, place);
  g_assert_cmpuint (lens_document_get_entries (doc)[3], ==, 9);
}

static void
test_reveal_cell (void)
{
  g_autoptr(LensDocument) doc = new_filled_document ();
  g_autoptr(LensResult) analysis = new_analysis ();

  /* no solution yet: nothing to reveal */
  g_assert_false (lens_document_reveal_cell (doc, R1C7));
  lens_document_set_analysis (doc, analysis, NULL, lens_document_get_puzzle_revision (doc));
  g_assert_false (lens_document_reveal_cell (doc, 0));
  g_assert_true (lens_document_reveal_cell (doc, R1C7));
  g_assert_cmpuint (lens_document_get_entries (doc)[R1C7], ==, 9);
  /* over a wrong digit of the player's */
  g_assert_true (lens_document_reveal_cell (doc, 3));
  g_assert_cmpuint (lens_document_get_entries (doc)[3], ==, 6);
}

static gboolean
is_helped (LensDocument *doc,
           guint         cell)
{
  LensGrid board;

  lens_document_get_board (doc, &board);
  return (board.flags[cell] & LENS_CELL_HELPED) != 0;
}

/* A revealed digit stays the game's help after a restart: the session
 * keeps it, an entry typed by the player stays theirs, and a session saved
 * before it was kept loads with none. */
static void
test_helped_round_trip (void)
{
  g_autoptr(LensDocument) doc = new_playing_document ();
  g_autoptr(LensDocument) again = lens_document_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(JsonNode) old = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *object;

  g_assert_true (lens_document_reveal_cell (doc, R1C7));
  g_assert_true (lens_document_set_entry (doc, 70, 7));
  g_assert_true (is_helped (doc, R1C7));
  node = lens_document_to_json (doc);
  old = json_node_copy (node);
  g_assert_true (lens_document_load_json (again, node, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (lens_document_get_entries (again)[R1C7], ==, 9);
  g_assert_true (is_helped (again, R1C7));
  g_assert_false (is_helped (again, 70));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    g_assert_cmpint (is_helped (again, i), ==, i == R1C7);

  /* the player types over it: theirs, and saved so */
  g_assert_true (lens_document_set_entry (again, R1C7, 8));
  g_clear_pointer (&node, json_node_unref);
  node = lens_document_to_json (again);
  g_assert_true (lens_document_load_json (doc, node, NULL, &error));
  g_assert_false (is_helped (doc, R1C7));

  /* saved before: none helped */
  object = json_node_get_object (old);
  json_object_remove_member (object, "helped");
  g_assert_true (lens_document_load_json (again, old, NULL, &error));
  g_assert_cmpuint (lens_document_get_entries (again)[R1C7], ==, 9);
  g_assert_false (is_helped (again, R1C7));

  /* damaged: reported */
  json_object_set_string_member (object, "helped", "h.");
  g_assert_false (lens_document_load_json (again, old, NULL, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_PARSE);
}

static void
test_marks_round_trip (void)
{
  g_autoptr(LensDocument) doc = new_playing_document ();
  g_autoptr(LensDocument) again = lens_document_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  JsonArray *marks;

  g_assert_true (lens_document_fill_candidates (doc));
  g_assert_true (lens_document_set_marks (doc, R1C7, LENS_DIGIT_BIT (6)));
  node = lens_document_to_json (doc);
  g_assert_true (lens_document_load_json (again, node, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (lens_document_get_marks (again), 81 * sizeof (guint16),
                   lens_document_get_marks (doc), 81 * sizeof (guint16));

  marks = json_object_get_array_member (json_node_get_object (node), "marks");
  json_array_remove_element (marks, 0);
  json_array_add_int_element (marks, 1024);
  g_assert_false (lens_document_load_json (again, node, NULL, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_PARSE);
}

/* The numerals the board was read in survive a save; sessions saved before
 * there was a choice have none and were Arabic. */
static void
test_json_numerals (void)
{
  g_autoptr(LensDocument) doc = new_loaded_document ();
  g_autoptr(JsonNode) node = NULL;
  LensScan scan = *lens_document_get_scan (doc);
  JsonObject *member;
  const struct { const char *value; gboolean ok; LensNumerals numerals; } cases[] = {
    { "chinese", TRUE, LENS_NUMERALS_CHINESE },
    { NULL, TRUE, LENS_NUMERALS_ARABIC },
    { "roman", FALSE, LENS_NUMERALS_ARABIC },
  };

  scan.numerals = LENS_NUMERALS_CHINESE;
  lens_document_load (doc, "/photos/board.jpg", &scan, lens_document_get_grid (doc));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(LensDocument) other = lens_document_new ();
      g_autoptr(GError) error = NULL;

      g_clear_pointer (&node, json_node_unref);
      node = lens_document_to_json (doc);
      member = json_object_get_object_member (json_node_get_object (node), "scan");
      g_assert_cmpstr (json_object_get_string_member (member, "numerals"), ==, "chinese");
      if (cases[i].value != NULL)
        json_object_set_string_member (member, "numerals", cases[i].value);
      else
        json_object_remove_member (member, "numerals");
      g_assert_cmpint (lens_document_load_json (other, node, NULL, &error), ==, cases[i].ok);
      if (!cases[i].ok)
        {
          g_assert_error (error, LENS_ERROR, LENS_ERROR_PARSE);
          continue;
        }
      g_assert_no_error (error);
      g_assert_cmpint (lens_document_get_scan (other)->numerals, ==, cases[i].numerals);
    }
}

/* One doubtful handwritten mark on a printed puzzle (a stain read as "4?")
 * is no filling-in: the player does not play on, nothing is checked, and
 * its deletion says nothing. A mark read for sure, or two, are one. */
static void
test_lone_doubtful_mark (void)
{
  g_autoptr(LensDocument) doc = lens_document_new ();
  LensGrid grid;
  LensScan scan = { 0 };

  g_assert_true (lens_grid_parse (&grid, puzzle, -1, NULL));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      scan.cells[i].digit = grid.digits[i];
      scan.cells[i].kind = grid.digits[i] ? LENS_READ_KIND_PRINTED : LENS_READ_KIND_EMPTY;
      scan.cells[i].confidence = 1.0f;
      scan.cells[i].kind_confidence = 1.0f;
    }
  g_assert_false (lens_scan_is_filled_in (&scan, &grid));
  /* cell 2 is empty on the paper */
  scan.cells[2].digit = 4;
  scan.cells[2].kind = LENS_READ_KIND_HANDWRITTEN;
  scan.cells[2].confidence = 0.7f;
  scan.cells[2].kind_confidence = 0.8f;
  g_assert_false (lens_scan_is_filled_in (&scan, &grid));
  lens_document_load (doc, NULL, &scan, &grid);
  g_assert_cmpuint (lens_document_get_entries (doc)[2], ==, 4);
  g_assert_false (lens_document_get_playing (doc));
  g_assert_false (lens_document_get_check_wanted (doc));
  g_assert_true (lens_document_set_entry (doc, 2, 0));
  g_assert_false (lens_document_get_check_wanted (doc));
  /* sure of its digit but not of the hand: still a question */
  scan.cells[2].confidence = 1.0f;
  g_assert_false (lens_scan_is_filled_in (&scan, &grid));
  /* sure of both: the player's */
  scan.cells[2].kind_confidence = 1.0f;
  g_assert_true (lens_scan_is_filled_in (&scan, &grid));
  /* two doubtful marks: a filling-in */
  scan.cells[2].confidence = 0.7f;
  scan.cells[3].digit = 6;
  scan.cells[3].kind = LENS_READ_KIND_HANDWRITTEN;
  scan.cells[3].confidence = 0.7f;
  g_assert_true (lens_scan_is_filled_in (&scan, &grid));
  lens_document_load (doc, NULL, &scan, &grid);
  g_assert_true (lens_document_get_playing (doc));
  g_assert_true (lens_document_get_check_wanted (doc));
}

/* A cell shows as doubtful when read uncertain, unless a clash frames it;
 * the count of doubtful cells is what the status calls uncertain. */
static void
test_doubtful_cells (void)
{
  g_autoptr(LensDocument) doc = new_loaded_document ();

  /* cell 1 (the 3 of the first row) was read uncertain */
  g_assert_true (lens_document_cell_is_doubtful (doc, 1));
  g_assert_false (lens_document_cell_is_doubtful (doc, 0));
  g_assert_cmpuint (lens_document_count_doubtful (doc), ==, 1);
  /* a 3 typed in the same row: the clash frames cell 1 instead */
  g_assert_true (lens_document_set_correction (doc, 2, 3));
  g_assert_true (lens_document_cell_conflicts (doc, 1));
  g_assert_false (lens_document_cell_is_doubtful (doc, 1));
  g_assert_cmpuint (lens_document_count_doubtful (doc), ==, 0);
  g_assert_cmpuint (lens_document_count_uncertain (doc), ==, 1);
}

/* The help asked for is the last change until the next one. */
static void
test_last_help (void)
{
  g_autoptr(LensDocument) doc = new_loaded_document ();
  g_autofree LensLogicStep *step = g_new0 (LensLogicStep, 1);

  g_assert_cmpint (lens_document_get_last_help (doc)->kind, ==, LENS_HELP_NONE);
  step->technique = LENS_TECHNIQUE_NAKED_SINGLE;
  step->n_placements = 1;
  step->placements[0].cell = 2;
  step->placements[0].digit = 4;
  g_assert_true (lens_document_apply_step (doc, step));
  g_assert_cmpint (lens_document_get_last_help (doc)->kind, ==, LENS_HELP_STEP);
  g_assert_cmpuint (lens_document_get_last_help (doc)->cell, ==, 2);
  g_assert_cmpuint (lens_document_get_last_help (doc)->digit, ==, 4);
  g_assert_true (lens_document_set_entry (doc, 3, 6));
  g_assert_cmpint (lens_document_get_last_help (doc)->kind, ==, LENS_HELP_NONE);
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpint (lens_document_get_last_help (doc)->kind, ==, LENS_HELP_NONE);
}

/* The clock runs while the front end says so and keeps what it ran; Play
 * begins the game; the time goes with the game into the saved session,
 * aside with it when another is loaded, and back with it on undo. */
static void
test_play_time (void)
{
  g_autoptr(LensDocument) doc = new_loaded_document ();
  g_autoptr(LensDocument) again = lens_document_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *short_time = NULL, *long_time = NULL;
  LensGrid grid;
  LensScan scan;
  gint64 ran;

  g_assert_false (lens_document_get_game_started (doc));
  g_assert_cmpint (lens_document_get_play_time (doc), ==, 0);
  lens_document_set_clock_running (doc, TRUE);
  g_assert_true (lens_document_get_clock_running (doc));
  g_usleep (30000);
  lens_document_set_clock_running (doc, FALSE);
  ran = lens_document_get_play_time (doc);
  g_assert_cmpint (ran, >=, 30000);
  g_usleep (10000);
  g_assert_cmpint (lens_document_get_play_time (doc), ==, ran);
  lens_document_set_playing (doc, TRUE);
  g_assert_true (lens_document_get_game_started (doc));

  lens_document_set_play_time (doc, 247 * G_USEC_PER_SEC + 500);
  node = lens_document_to_json (doc);
  g_assert_true (lens_document_load_json (again, node, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lens_document_get_play_time (again), ==, 247 * G_USEC_PER_SEC);
  g_assert_true (lens_document_get_game_started (again));
  g_assert_false (lens_document_get_completed (again));
  g_assert_false (lens_document_get_clock_running (again));

  /* a new game starts at 0; undo brings the one before back, its time too */
  lens_document_set_clock_running (doc, TRUE);
  read_puzzle (&grid, &scan, FALSE, 0.0f);
  lens_document_load (doc, "/photos/other.jpg", &scan, &grid);
  g_assert_false (lens_document_get_clock_running (doc));
  g_assert_cmpint (lens_document_get_play_time (doc), ==, 0);
  g_assert_false (lens_document_get_game_started (doc));
  g_assert_true (lens_document_undo (doc));
  g_assert_cmpint (lens_document_get_play_time (doc), >=, 247 * G_USEC_PER_SEC);
  g_assert_cmpint (lens_document_get_play_time (doc), <, 248 * G_USEC_PER_SEC);
  g_assert_true (lens_document_get_game_started (doc));

  short_time = lens_format_play_time (247 * G_USEC_PER_SEC + 999999);
  long_time = lens_format_play_time ((gint64) 3723 * G_USEC_PER_SEC);
  g_assert_cmpstr (short_time, ==, "4:07");
  g_assert_cmpstr (long_time, ==, "1:02:03");
}

/* The last right digit finishes the game, once: its clock stops, and
 * undo then redo does not finish it again. A photo filled in is read
 * playing, but the game begins with the player's first edit. */
static void
test_finished_once (void)
{
  g_autoptr(LensDocument) doc = new_playing_document ();
  g_autoptr(LensDocument) again = lens_document_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  LensGrid truth;
  guint finished = 0;

  g_assert_true (lens_grid_parse (&truth, solution, -1, NULL));
  g_signal_connect (doc, "finished", G_CALLBACK (count_cb), &finished);
  g_assert_true (lens_document_get_playing (doc));
  g_assert_false (lens_document_get_game_started (doc));
  lens_document_set_clock_running (doc, TRUE);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (lens_document_get_grid (doc)->digits[i] == 0)
      lens_document_set_entry (doc, i, truth.digits[i]);
  g_assert_true (lens_document_get_game_started (doc));
  g_assert_false (lens_document_get_completed (doc));
  g_assert_cmpuint (finished, ==, 0);
  lens_document_check_entries (doc);
  g_assert_true (lens_document_is_complete_and_right (doc));
  g_assert_true (lens_document_get_completed (doc));
  g_assert_false (lens_document_get_clock_running (doc));
  g_assert_cmpuint (finished, ==, 1);

  g_assert_true (lens_document_undo (doc));
  g_assert_false (lens_document_is_complete_and_right (doc));
  g_assert_true (lens_document_get_completed (doc));
  g_assert_true (lens_document_redo (doc));
  lens_document_check_entries (doc);
  g_assert_true (lens_document_is_complete_and_right (doc));
  g_assert_cmpuint (finished, ==, 1);

  node = lens_document_to_json (doc);
  g_assert_true (lens_document_load_json (again, node, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (lens_document_get_completed (again));
}

/* A photo's picture is made at the size it is shown, and kept while it
 * serves: as large, and at most a third larger. */
static void
test_photo_picture_sizes (void)
{
  g_autofree guint8 *rgb = g_malloc0 (3000 * 2000 * 3);
  g_autoptr(LensPhoto) photo = lens_photo_new (NULL, lens_image_new_from_rgb (rgb, 3000, 2000, 3000 * 3, FALSE));
  g_autoptr(LensPhoto) empty = lens_photo_new ("unread.jpg", NULL);
  g_autoptr(LensPicture) picture = NULL, again = NULL, larger = NULL, turned = NULL, any = NULL;

  /* landscape in 600 × 600: 600 across; turned, 400 across and 600 tall */
  g_assert_cmpint (lens_photo_fit_picture (photo, 0, 600, 600), ==, 600);
  g_assert_cmpint (lens_photo_fit_picture (photo, 90, 600, 600), ==, 600);
  g_assert_cmpint (lens_photo_fit_picture (photo, 90, 600, 450), ==, 450);
  g_assert_cmpint (lens_photo_fit_picture (photo, 0, 100, 100), ==, LENS_PICTURE_MIN_SIZE);
  g_assert_cmpint (lens_photo_fit_picture (photo, 0, 9000, 9000), ==, LENS_PICTURE_SIZE);
  g_assert_cmpint (lens_photo_fit_picture (photo, 0, 0, 0), ==, LENS_PICTURE_SIZE);
  g_assert_cmpint (lens_photo_fit_picture (empty, 0, 600, 600), ==, LENS_PICTURE_SIZE);
  g_assert_null (lens_photo_get_picture (empty, 0, 600));

  picture = lens_photo_get_picture (photo, 0, 600);
  g_assert_cmpint (picture->width, ==, 600);
  g_assert_cmpint (picture->height, ==, 400);
  g_assert_cmpfloat_with_epsilon (picture->scale, 0.2, 1e-9);
  g_assert_cmpuint (g_bytes_get_size (picture->rgb), ==, 600 * 400 * 3);
  /* kept for a little smaller, and for any size */
  again = lens_photo_get_picture (photo, 0, 500);
  g_assert_true (again == picture);
  any = lens_photo_get_picture (photo, 0, 0);
  g_assert_true (any == picture);
  /* made again for much smaller, larger, or turned */
  larger = lens_photo_get_picture (photo, 0, 1200);
  g_assert_cmpint (larger->width, ==, 1200);
  turned = lens_photo_get_picture (photo, 90, 1200);
  g_assert_cmpint (turned->width, ==, 800);
  g_assert_cmpint (turned->height, ==, 1200);
  g_assert_cmpint (turned->rotation, ==, 90);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/document/edit-undo-redo", test_edit_undo_redo);
  g_test_add_func ("/document/lone-doubtful-mark", test_lone_doubtful_mark);
  g_test_add_func ("/document/doubtful-cells", test_doubtful_cells);
  g_test_add_func ("/document/last-help", test_last_help);
  g_test_add_func ("/document/conflicts-live", test_conflicts_live);
  g_test_add_func ("/document/conflicts-blame-doubtful", test_conflicts_blame_doubtful);
  g_test_add_func ("/document/uncertain-empty-cell", test_uncertain_empty_cell_confirmed);
  g_test_add_func ("/document/edit-after-solving", test_edit_after_solving_returns_to_check);
  g_test_add_func ("/document/reread-undoable", test_reread_is_undoable);
  g_test_add_func ("/document/undo-solution-first", test_undo_solution_first);
  g_test_add_func ("/document/revision", test_revision_counts_grid_changes);
  g_test_add_func ("/document/json-rejects-bad-values", test_load_json_rejects_bad_values);
  g_test_add_func ("/document/entries-from-photo", test_entries_from_photo);
  g_test_add_func ("/document/check-against-analysis", test_check_against_analysis);
  g_test_add_func ("/document/unsure-reading", test_unsure_reading);
  g_test_add_func ("/document/entry-repaired-as-given", test_entry_repaired_as_given);
  g_test_add_func ("/document/reading-with-rules", test_reading_with_rules);
  g_test_add_func ("/document/unsure-offers-solution", test_unsure_offers_solution);
  g_test_add_func ("/document/sure-mistake-stays", test_sure_mistake_stays);
  g_test_add_func ("/document/typed-entry-not-read-with-rules", test_typed_entry_not_read_with_rules);
  g_test_add_func ("/document/typing-while-playing", test_typing_while_playing);
  g_test_add_func ("/document/fix-kind-by-hand", test_fix_kind_by_hand);
  g_test_add_func ("/document/entries-round-trip", test_entries_round_trip);
  g_test_add_func ("/document/entry-origins-round-trip", test_entry_origins_round_trip);
  g_test_add_func ("/document/old-session-loads", test_old_session_loads);
  g_test_add_func ("/document/alternatives-of-printed-digit", test_alternatives_of_printed_digit);
  g_test_add_func ("/document/alternatives-of-entry", test_alternatives_of_entry);
  g_test_add_func ("/document/close-and-reopen", test_close_and_reopen);
  g_test_add_func ("/document/load-over-a-game-is-undoable", test_load_over_a_game_is_undoable);
  g_test_add_func ("/document/pencil-marks", test_pencil_marks);
  g_test_add_func ("/document/apply-steps", test_apply_steps);
  g_test_add_func ("/document/hinter-misread-printed", test_hinter_misread_printed);
  g_test_add_func ("/document/uncertain-empty-cell-answered", test_uncertain_empty_cell_answered);
  g_test_add_func ("/document/hint-leaves-doubted-reading-out", test_hint_leaves_doubted_reading_out);
  g_test_add_func ("/document/reveal-cell", test_reveal_cell);
  g_test_add_func ("/document/helped-round-trip", test_helped_round_trip);
  g_test_add_func ("/document/marks-round-trip", test_marks_round_trip);
  g_test_add_func ("/document/marks-from-photo", test_marks_from_photo);
  g_test_add_func ("/document/json-numerals", test_json_numerals);
  g_test_add_func ("/document/play-time", test_play_time);
  g_test_add_func ("/document/finished-once", test_finished_once);
  g_test_add_func ("/document/photo-picture-sizes", test_photo_picture_sizes);
  g_test_add_func ("/autosave/round-trip", test_autosave_round_trip);
  g_test_add_func ("/autosave/typed-over-pencil-marks", test_typed_over_pencil_marks_round_trip);
  g_test_add_func ("/autosave/damaged-set-aside", test_autosave_damaged_is_set_aside);
  g_test_add_func ("/autosave/unfinished-save-dropped", test_autosave_unfinished_save_dropped);
  return g_test_run ();
}
