/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "lens-cli-test.h"
#include "lens-solver.h"
#include "lens-test-util.h"

/* The "rate" command run as a user would: a subprocess of $LENS_CLI. */

static const char *classic = LENS_TEST_PUZZLE_CLASSIC;
static const char *top = LENS_TEST_PUZZLE_TOP;
static const char *hardest =
  "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

static JsonArray *
parse_puzzles (const char *text)
{
  g_autoptr(JsonObject) root = lens_cli_parse_object (text);

  g_assert_true (json_object_has_member (root, "puzzles"));
  return json_array_ref (json_object_get_array_member (root, "puzzles"));
}

static void
assert_pairs (JsonArray *pairs)
{
  for (guint i = 0; i < json_array_get_length (pairs); i++)
    {
      JsonArray *pair = json_array_get_array_element (pairs, i);

      g_assert_cmpuint (json_array_get_length (pair), ==, 2);
      g_assert_cmpint (json_array_get_int_element (pair, 0), >=, 0);
      g_assert_cmpint (json_array_get_int_element (pair, 0), <=, 80);
      g_assert_cmpint (json_array_get_int_element (pair, 1), >=, 1);
      g_assert_cmpint (json_array_get_int_element (pair, 1), <=, 9);
    }
}

/* Replays the steps on the puzzle: the placements fill it with the
 * solution, and no elimination removes a solution's digit. */
static void
assert_steps_solve (const char *line,
                    JsonArray  *steps)
{
  guint8 puzzle[81], solution[81];

  for (guint i = 0; i < 81; i++)
    puzzle[i] = line[i] == '.' ? 0 : (guint8) (line[i] - '0');
  g_assert_cmpuint (lens_solver_count (puzzle, 2, solution), ==, 1);
  for (guint s = 0; s < json_array_get_length (steps); s++)
    {
      JsonObject *step = json_array_get_object_element (steps, s);
      JsonArray *cells = json_object_get_array_member (step, "cells");
      JsonArray *placements = json_object_get_array_member (step, "placements");
      JsonArray *eliminations = json_object_get_array_member (step, "eliminations");

      g_assert_nonnull (json_object_get_string_member (step, "technique"));
      g_assert_cmpuint (strlen (json_object_get_string_member (step, "text")), >, 10);
      g_assert_cmpuint (json_array_get_length (cells), >, 0);
      for (guint i = 0; i < json_array_get_length (cells); i++)
        g_assert_cmpint (json_array_get_int_element (cells, i), <=, 80);
      assert_pairs (placements);
      assert_pairs (eliminations);
      for (guint i = 0; i < json_array_get_length (placements); i++)
        {
          JsonArray *pair = json_array_get_array_element (placements, i);
          guint cell = (guint) json_array_get_int_element (pair, 0);

          g_assert_cmpint (json_array_get_int_element (pair, 1), ==, solution[cell]);
          puzzle[cell] = solution[cell];
        }
      for (guint i = 0; i < json_array_get_length (eliminations); i++)
        {
          JsonArray *pair = json_array_get_array_element (eliminations, i);

          g_assert_cmpint (json_array_get_int_element (pair, 1), !=,
                           solution[json_array_get_int_element (pair, 0)]);
        }
    }
  g_assert_cmpmem (puzzle, 81, solution, 81);
}

static void
test_json_steps (void)
{
  g_auto(LensCliRun) run = { 0 };
  g_autoptr(JsonArray) puzzles = NULL;
  JsonObject *p;
  JsonArray *steps;

  lens_cli_run_status (&run, 0, NULL, "rate", "--json", "--steps", top, NULL);
  g_assert_cmpstr (run.err, ==, "");
  puzzles = parse_puzzles (run.out);
  g_assert_cmpuint (json_array_get_length (puzzles), ==, 1);
  p = json_array_get_object_element (puzzles, 0);
  g_assert_cmpstr (json_object_get_string_member (p, "puzzle"), ==, top);
  g_assert_true (json_object_get_boolean_member (p, "solved_by_logic"));
  g_assert_cmpfloat (json_object_get_double_member (p, "score"), >=, 7.0);
  g_assert_cmpstr (json_object_get_string_member (p, "level"), ==, "very-hard");
  g_assert_cmpstr (json_object_get_string_member (p, "hardest"), ==, "contradiction-net");
  steps = json_object_get_array_member (p, "steps");
  g_assert_cmpuint (json_array_get_length (steps), >, 60);
  assert_steps_solve (top, steps);
}

static void
test_json_no_steps (void)
{
  g_auto(LensCliRun) run = { 0 };
  g_autoptr(JsonArray) puzzles = NULL;
  JsonObject *easy, *guessed;

  lens_cli_run_status (&run, 0, NULL, "rate", "--json", classic, hardest, NULL);
  puzzles = parse_puzzles (run.out);
  g_assert_cmpuint (json_array_get_length (puzzles), ==, 2);
  easy = json_array_get_object_element (puzzles, 0);
  g_assert_false (json_object_has_member (easy, "steps"));
  g_assert_true (json_object_get_boolean_member (easy, "solved_by_logic"));
  guessed = json_array_get_object_element (puzzles, 1);
  /* The hardest known puzzles need a guess: said plainly. */
  g_assert_false (json_object_get_boolean_member (guessed, "solved_by_logic"));
  g_assert_cmpstr (json_object_get_string_member (guessed, "hardest"), ==, "guess");
  g_assert_cmpstr (json_object_get_string_member (guessed, "level"), ==, "very-hard");
  g_assert_cmpfloat (json_object_get_double_member (easy, "score"), <,
                     json_object_get_double_member (guessed, "score"));
}

static void
test_plain_file (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "puzzles", "six-classic.txt", NULL);
  g_auto(LensCliRun) run = { 0 };
  g_auto(GStrv) lines = NULL;

  lens_cli_run_status (&run, 0, NULL, "rate", path, NULL);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), >=, 6 + 8);
  g_assert_true (g_str_has_prefix (lines[0], classic));
  lens_test_assert_contains (lines[0], "  Medium ", "Naked pair", NULL);
  lens_test_assert_contains (run.out, "6 puzzles, 6 solved by logic alone (100.0%)", "of CPU time",
                             " of them unsound", ", 0 of them unsound", NULL);
}

static void
test_not_unique (void)
{
  g_auto(LensCliRun) run = { 0 };

  lens_cli_run_status (&run, 3, NULL, "rate", classic, LENS_TEST_PUZZLE_NOT_UNIQUE, NULL);
  g_assert_true (g_str_has_prefix (run.out, classic));
  g_assert_nonnull (strstr (run.err, "no unique solution"));
}

static void
test_bad_input (void)
{
  g_autoptr(LensTestDir) dir = g_dir_make_tmp ("lens-rate-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bad.txt", NULL);
  g_auto(LensCliRun) words = { 0 };
  g_auto(LensCliRun) file = { 0 };
  g_auto(LensCliRun) none = { 0 };

  lens_cli_run_status (&words, 1, "neither a file nor an 81-character puzzle", "rate", "12345", NULL);

  g_assert_true (g_file_set_contents (path, "# two puzzles\n\n4......5.....521.....9....21.78....5...7...6.....2...3...6...8.6...8..1..8.273...\nhello\n",
                             -1, NULL));
  lens_cli_run_status (&file, 1, "line 4: expected 81 cells", "rate", path, NULL);

  lens_cli_run_status (&none, 2, NULL, "rate", NULL, NULL);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli-rate/json-steps", test_json_steps);
  g_test_add_func ("/cli-rate/json", test_json_no_steps);
  g_test_add_func ("/cli-rate/plain-file", test_plain_file);
  g_test_add_func ("/cli-rate/not-unique", test_not_unique);
  g_test_add_func ("/cli-rate/bad-input", test_bad_input);
  return g_test_run ();
}
