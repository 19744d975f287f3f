/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "lens-analyser.h"
#include "lens-error.h"
#include "lens-hinter.h"
#include "lens-pipeline.h"
#include "lens-reader.h"

/* The model's pipeline and its recognizer, as every front end uses them. */

static const char *puzzle =
  "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
static const char *solution =
  "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

static void
test_reader_shares_one_recognizer (void)
{
  g_autoptr(LensReader) reader = lens_reader_new (LENS_ENGINE_BUILTIN);
  g_autoptr(GError) error = NULL;
  LensRecognizer *first = lens_reader_get_recognizer (reader, &error);

  g_assert_no_error (error);
  g_assert_nonnull (first);
  g_assert_true (lens_reader_get_recognizer (reader, NULL) == first);
  g_assert_cmpint (lens_recognizer_get_engine (first), ==, LENS_ENGINE_BUILTIN);
}

/* No fallback: the engine asked for is the one used, or an error names it. */
static void
test_reader_says_when_engine_missing (void)
{
  g_autoptr(LensReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) again = NULL;

  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  g_setenv ("TESSDATA_PREFIX", "/nonexistent-tessdata", TRUE);
  reader = lens_reader_new (LENS_ENGINE_TESSERACT);
  g_assert_null (lens_reader_get_recognizer (reader, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_ENGINE);
  g_assert_nonnull (strstr (error->message, "“tesseract”"));
  g_assert_null (lens_reader_get_recognizer (reader, &again));
  g_assert_cmpstr (again->message, ==, error->message);
}

/* A board read turned as the user asks, whatever turn the reader would
 * take: the reader's own turn is the one it is sure of; one asked for
 * weighs no other. */
static void
test_read_turned (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "turned", "image1-side.jpg", NULL);
  g_autoptr(LensReader) reader = lens_reader_new (LENS_ENGINE_BUILTIN);
  g_autoptr(GError) error = NULL;
  LensRecognizer *recognizer = lens_reader_get_recognizer (reader, &error);
  LensImage *image = lens_image_load (path, &error);
  LensScanOptions options = LENS_SCAN_OPTIONS_INIT;
  LensScan scan, turned;
  LensGrid grid, turned_grid;

  g_assert_no_error (error);
  g_assert_true (lens_pipeline_read_image (recognizer, image, NULL, &scan, &grid, &error));
  g_assert_no_error (error);
  g_assert_cmpint (scan.rotation, ==, 270);
  g_assert_cmpfloat (scan.rotation_margin, >=, LENS_SURE_ROTATION_MARGIN);
  g_assert_cmpfloat (scan.rotation_margin, <, G_MAXFLOAT);

  options.rotation = 270;
  g_assert_true (lens_pipeline_read_image (recognizer, image, &options, &turned, &turned_grid, &error));
  g_assert_cmpint (turned.rotation, ==, 270);
  g_assert_cmpfloat (turned.rotation_margin, ==, G_MAXFLOAT);
  g_assert_cmpmem (turned_grid.digits, sizeof turned_grid.digits, grid.digits, sizeof grid.digits);

  options.rotation = 0;
  g_assert_true (lens_pipeline_read_image (recognizer, image, &options, &turned, &turned_grid, &error));
  g_assert_cmpint (turned.rotation, ==, 0);
  g_assert_true (memcmp (turned_grid.digits, grid.digits, sizeof grid.digits) != 0);
  lens_image_free (image);
}

/* A file is read as its decoded image is, through the reader, with the
 * decode timed; the options reach the scan. */
static void
test_read_file (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "turned", "image1-side.jpg", NULL);
  g_autoptr(LensReader) reader = lens_reader_new (LENS_ENGINE_BUILTIN);
  g_autoptr(GError) error = NULL;
  g_autoptr(LensImage) image = NULL;
  g_autoptr(GBytes) cells = NULL;
  LensScanOptions options = LENS_SCAN_OPTIONS_INIT;
  LensScan scan, again;
  LensGrid grid, again_grid;

  options.cells_out = &cells;
  g_assert_true (lens_pipeline_read_file (reader, path, &options, &scan, &grid, &image, &error));
  g_assert_no_error (error);
  g_assert_nonnull (image);
  g_assert_cmpfloat (scan.timing_ms[LENS_STAGE_DECODE], >, 0);
  g_assert_cmpuint (g_bytes_get_size (cells), ==, LENS_GRID_CELLS * LENS_CELL_PX * LENS_CELL_PX);
  g_assert_cmpint (scan.rotation, ==, 270);

  g_assert_true (lens_pipeline_read_image (lens_reader_get_recognizer (reader, NULL), image, NULL, &again,
                                           &again_grid, &error));
  g_assert_cmpfloat (again.timing_ms[LENS_STAGE_DECODE], ==, 0);
  g_assert_cmpint (again.rotation, ==, scan.rotation);
  g_assert_cmpmem (again_grid.digits, sizeof again_grid.digits, grid.digits, sizeof grid.digits);

  options.cells_out = NULL;
  options.rotation = 0;
  g_assert_true (lens_pipeline_read_file (reader, path, &options, &again, &again_grid, NULL, &error));
  g_assert_cmpint (again.rotation, ==, 0);
}

/* A scan of @printed (0 where empty) with the player's @entries written in
 * by hand (0 where none), every cell read for sure. */
static void
scan_of (const char *printed,
         const char *entries,
         LensScan   *scan)
{
  memset (scan, 0, sizeof *scan);
  scan->engine = LENS_ENGINE_BUILTIN;
  scan->threshold = lens_engine_get_uncertain_threshold (scan->engine);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      LensCellRead *read = &scan->cells[i];

      read->digit = (guint8) (printed[i] != '0' ? printed[i] - '0' : entries[i] - '0');
      read->kind = printed[i] != '0' ? LENS_READ_KIND_PRINTED
                   : read->digit != 0 ? LENS_READ_KIND_HANDWRITTEN : LENS_READ_KIND_EMPTY;
      read->scores[read->digit] = 1.0f;
      read->confidence = 1.0f;
      read->kind_confidence = 1.0f;
    }
}

/* The entries of a photo checked against the solution of its printed
 * puzzle, solved as Solve solves it; none where it has no one solution. */
static void
test_check_scan (void)
{
  /* r1c3 right (4), r1c4 wrong (9 for 6) */
  static const char *entries =
    "004900000000000000000000000000000000000000000000000000000000000000000000000000000";
  LensPipelineResult solved;
  LensEntryCheck check, untouched;
  LensScan scan;
  LensGrid want;

  scan_of (puzzle, entries, &scan);
  g_assert_true (lens_pipeline_check_scan (&scan, LENS_ENTRY_EPSILON, &solved, &check));
  g_assert_true (lens_result_is_solved (solved.result));
  g_assert_true (lens_grid_parse (&want, solution, -1, NULL));
  g_assert_cmpmem (solved.repair.solution.digits, sizeof want.digits, want.digits, sizeof want.digits);
  g_assert_cmpuint (check.n_entries, ==, 2);
  g_assert_cmpint (check.status[2], ==, LENS_ENTRY_RIGHT);
  g_assert_cmpint (check.status[3], ==, LENS_ENTRY_WRONG);
  g_assert_cmpint (check.status[0], ==, LENS_ENTRY_NONE);
  lens_pipeline_result_clear (&solved);

  /* The first row alone has many solutions: nothing to check against. */
  scan_of ("530070000000000000000000000000000000000000000000000000000000000000000000000000000", entries, &scan);
  memset (&check, 0xa5, sizeof check);
  untouched = check;
  g_assert_false (lens_pipeline_check_scan (&scan, LENS_ENTRY_EPSILON, NULL, &check));
  g_assert_cmpmem (&check, sizeof check, &untouched, sizeof untouched);
}

static void
test_engine_parse (void)
{
  g_autoptr(GError) error = NULL;
  LensEngine engine;

  g_assert_true (lens_engine_parse ("tesseract", &engine, NULL));
  g_assert_cmpint (engine, ==, LENS_ENGINE_TESSERACT);
  g_assert_false (lens_engine_parse ("neural", &engine, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_ENGINE);
  g_assert_nonnull (strstr (error->message, "neural"));
}

/* A correction the puzzle has no room for: in the solved grid, r1c3 (a 4)
 * made a 1. Solve and the analysis both keep it, and say it blocks the
 * way; overruled, repair takes it out. */
static void
corrected_grid (LensGrid *grid)
{
  g_assert_true (lens_grid_parse (grid, solution, -1, NULL));
  grid->digits[2] = 1;
  grid->flags[2] = LENS_CELL_GIVEN | LENS_CELL_CORRECTION;
}

static void
test_solve_keeps_corrections (void)
{
  g_autoptr(GError) error = NULL;
  LensPipelineResult kept, overruled;
  LensGrid grid;

  corrected_grid (&grid);
  g_assert_true (lens_pipeline_solve (&grid, NULL, LENS_PIPELINE_DEFAULT, NULL, &kept, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kept.result->outcome, ==, LENS_OUTCOME_CORRECTIONS_BLOCK);
  g_assert_true (kept.result->suspects[2]);
  g_assert_true (lens_pipeline_solve (&grid, NULL, LENS_PIPELINE_OVERRULE_CORRECTIONS, NULL, &overruled, &error));
  g_assert_true (lens_result_is_solved (overruled.result));
  g_assert_cmpuint (overruled.result->solution.digits[2], ==, 4);
  lens_pipeline_result_clear (&kept);
  lens_pipeline_result_clear (&overruled);
}

static void
test_analysis_uses_the_same_rules (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LensAnalysis) blocked = NULL;
  g_autoptr(LensAnalysis) plain = NULL;
  LensGrid grid;

  corrected_grid (&grid);
  blocked = lens_pipeline_analyse (&grid, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (blocked->result->outcome, ==, LENS_OUTCOME_CORRECTIONS_BLOCK);
  g_assert_false (blocked->rated);
  g_assert_true (lens_grid_parse (&grid, puzzle, -1, NULL));
  plain = lens_pipeline_analyse (&grid, NULL, NULL, &error);
  g_assert_true (lens_result_is_solved (plain->result));
  g_assert_true (plain->rated);
}

static void
store_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

static void
test_solve_async_cancelled (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) done = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(LensResult) result = NULL;
  LensGrid grid;

  g_assert_true (lens_grid_parse (&grid, puzzle, -1, NULL));
  g_cancellable_cancel (cancellable);
  lens_solve_async (&grid, NULL, LENS_PIPELINE_DEFAULT, cancellable, store_cb, &done);
  while (done == NULL)
    g_main_context_iteration (NULL, TRUE);
  result = lens_solve_finish (done, &error);
  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* The document's puzzle is analysed once edits stop, by the same rules:
 * a correction that leaves no solution is kept, and not rated. */
static void
test_analyser_follows_document (void)
{
  g_autoptr(LensDocument) document = lens_document_new ();
  g_autoptr(LensAnalyser) analyser = lens_analyser_new (document);
  LensGrid grid;

  g_assert_false (lens_analyser_is_busy (analyser));
  lens_analyser_update (analyser);
  g_assert_false (lens_analyser_is_busy (analyser));  /* nothing to analyse */
  corrected_grid (&grid);
  lens_document_load (document, NULL, NULL, &grid);
  lens_analyser_update (analyser);
  g_assert_true (lens_analyser_is_busy (analyser));
  while (lens_analyser_is_busy (analyser))
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (lens_analyser_get_error (analyser));
  g_assert_nonnull (lens_document_get_analysis (document));
  g_assert_cmpint (lens_document_get_analysis (document)->outcome, ==, LENS_OUTCOME_CORRECTIONS_BLOCK);
  g_assert_null (lens_document_get_rating (document));
  lens_analyser_update (analyser);
  g_assert_false (lens_analyser_is_busy (analyser));  /* done for this puzzle */
}

static void
hint_finished_cb (LensHinter      *hinter,
                  LensHintOutcome  outcome,
                  const char      *message,
                  gpointer         data)
{
  *(int *) data = (int) outcome;
}

/* A hint asked for before the analysis, then the puzzle closed: nothing
 * is left waiting (the window waited for ever), and the next puzzle gets no
 * hint it did not ask for. */
static void
test_hinter_forgets_closed_puzzle (void)
{
  g_autoptr(LensDocument) document = lens_document_new ();
  g_autoptr(LensHinter) hinter = lens_hinter_new (document);
  g_autoptr(LensDocument) closed = NULL;
  gboolean requested = FALSE;
  LensGrid grid;

  g_assert_true (lens_grid_parse (&grid, puzzle, -1, NULL));
  lens_document_load (document, NULL, NULL, &grid);
  g_assert_true (lens_hinter_request (hinter));
  g_assert_true (lens_hinter_is_busy (hinter));
  closed = lens_document_close (document);
  lens_hinter_document_changed (hinter, &requested);
  g_assert_false (lens_hinter_is_busy (hinter));
  lens_document_load (document, NULL, NULL, &grid);
  lens_hinter_document_changed (hinter, &requested);
  g_assert_false (lens_hinter_is_busy (hinter));
}

/* A hint asked for before the analysis is sought once it comes, and is
 * for the board it was found on only. */
static void
test_hinter_waits_for_analysis (void)
{
  g_autoptr(LensDocument) document = lens_document_new ();
  g_autoptr(LensAnalyser) analyser = lens_analyser_new (document);
  g_autoptr(LensHinter) hinter = lens_hinter_new (document);
  gboolean requested = FALSE;
  int outcome = -1;
  LensGrid grid;

  g_signal_connect (hinter, "finished", G_CALLBACK (hint_finished_cb), &outcome);
  g_assert_true (lens_grid_parse (&grid, puzzle, -1, NULL));
  lens_document_load (document, NULL, NULL, &grid);
  g_assert_true (lens_hinter_request (hinter));
  g_assert_true (lens_hinter_is_busy (hinter));  /* waiting for the analysis */
  lens_analyser_update (analyser);
  while (lens_analyser_is_busy (analyser))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (lens_hinter_document_changed (hinter, &requested));
  g_assert_true (requested);
  while (outcome < 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (outcome, ==, LENS_HINT_FOUND);
  g_assert_nonnull (lens_hinter_get_step (hinter));
  g_assert_true (lens_hinter_step_is_current (hinter));
  g_assert_false (lens_hinter_is_busy (hinter));
  /* the board changes: the hint goes */
  g_assert_true (lens_document_set_correction (document, 2, 4));
  g_assert_true (lens_hinter_document_changed (hinter, &requested));
  g_assert_null (lens_hinter_get_step (hinter));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pipeline/reader/one-recognizer", test_reader_shares_one_recognizer);
  g_test_add_func ("/pipeline/reader/engine-missing", test_reader_says_when_engine_missing);
  g_test_add_func ("/pipeline/reader/engine-parse", test_engine_parse);
  g_test_add_func ("/pipeline/read-turned", test_read_turned);
  g_test_add_func ("/pipeline/read-file", test_read_file);
  g_test_add_func ("/pipeline/check-scan", test_check_scan);
  g_test_add_func ("/pipeline/solve/keeps-corrections", test_solve_keeps_corrections);
  g_test_add_func ("/pipeline/analyse/same-rules", test_analysis_uses_the_same_rules);
  g_test_add_func ("/pipeline/solve/cancelled", test_solve_async_cancelled);
  g_test_add_func ("/pipeline/analyser/follows-document", test_analyser_follows_document);
  g_test_add_func ("/pipeline/hinter/waits-for-analysis", test_hinter_waits_for_analysis);
  g_test_add_func ("/pipeline/hinter/forgets-closed-puzzle", test_hinter_forgets_closed_puzzle);
  return g_test_run ();
}
