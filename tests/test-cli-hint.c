/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "lens-cli-test.h"
#include "lens-grid.h"
#include "lens-solver.h"
#include "lens-test-util.h"

/* The "hint" command run as a user would: a subprocess of $LENS_CLI. */

static const char *puzzle = LENS_TEST_PUZZLE_TOP;

static JsonObject *
parse_step (const char *text)
{
  JsonObject *step = lens_cli_parse_object (text);

  for (guint i = 0; i < 3; i++)
    g_assert_true (JSON_NODE_HOLDS_ARRAY (json_object_get_member (step, (const char *[]) { "cells", "placements", "eliminations" }[i])));
  g_assert_nonnull (json_object_get_string_member (step, "technique"));
  g_assert_nonnull (json_object_get_string_member (step, "text"));
  return step;
}

/* `hint --json [--entries @entries] @input`, which must succeed: the step
 * it prints. */
static JsonObject *
hint_step (const char *entries,
           const char *input)
{
  g_auto(LensCliRun) run = { 0 };

  if (entries != NULL)
    lens_cli_run (&run, "hint", "--json", "--entries", entries, input, NULL);
  else
    lens_cli_run (&run, "hint", "--json", input, NULL);
  g_assert_cmpint (run.status, ==, 0);
  return parse_step (run.out);
}

/* No entry in any of the 81 cells. */
static void
no_entries (char entries[82])
{
  memset (entries, '.', 81);
  entries[81] = '\0';
}

static void
solve (const char *line,
       guint8     *solution)
{
  guint8 digits[81];

  for (guint i = 0; i < 81; i++)
    digits[i] = line[i] >= '1' && line[i] <= '9' ? (guint8) (line[i] - '0') : 0;
  g_assert_cmpuint (lens_solver_count (digits, 2, solution), ==, 1);
}

static void
test_plain (void)
{
  g_auto(LensCliRun) run = { 0 };

  lens_cli_run_status (&run, 0, NULL, "hint", puzzle, NULL);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpstr (run.out, ==, "Hidden single: In box 7, 7 fits in one cell only: r9c3.\nPlaces: r9c3=7\n");
}

/* Entries that are right: the hint goes on from them, and its placements
 * are the solution's digits. */
static void
test_json_from_entries (void)
{
  g_autoptr(JsonObject) step = NULL;
  guint8 solution[81];
  char entries[82];
  JsonArray *placements;

  solve (puzzle, solution);
  /* The whole first row and box 7 filled in by the player. */
  no_entries (entries);
  for (guint i = 0; i < 81; i++)
    if (puzzle[i] == '.' && (i < 9 || lens_cell_box (i) == 6))
      entries[i] = (char) ('0' + solution[i]);
  step = hint_step (entries, puzzle);
  g_assert_cmpstr (json_object_get_string_member (step, "technique"), !=, "mistake");
  placements = json_object_get_array_member (step, "placements");
  for (guint i = 0; i < json_array_get_length (placements); i++)
    {
      JsonArray *pair = json_array_get_array_element (placements, i);
      guint cell = (guint) json_array_get_int_element (pair, 0);

      g_assert_cmpint (json_array_get_int_element (pair, 1), ==, solution[cell]);
      g_assert_cmpint (entries[cell], ==, '.');
      g_assert_cmpint (puzzle[cell], ==, '.');
    }
  /* Box 7 is full now, so r9c3=7 is no longer the hint. */
  g_assert_null (strstr (json_object_get_string_member (step, "text"), "r9c3"));
}

/* A wrong entry is the first thing a hint names, even one that clashes
 * with nothing. */
static void
test_mistake (void)
{
  g_auto(LensCliRun) clash = { 0 };
  g_autoptr(JsonObject) step = NULL;
  guint8 solution[81];
  char entries[82];
  JsonArray *cells;

  solve (puzzle, solution);
  no_entries (entries);
  entries[2] = (char) ('0' + solution[2]);
  entries[1] = (char) ('0' + solution[2]);  /* clashes with r1c3 */
  entries[20] = (char) ('0' + solution[20] % 9 + 1);
  step = hint_step (entries, puzzle);
  g_assert_cmpstr (json_object_get_string_member (step, "technique"), ==, "mistake");
  cells = json_object_get_array_member (step, "cells");
  g_assert_cmpuint (json_array_get_length (cells), ==, 2);
  g_assert_cmpint (json_array_get_int_element (cells, 0), ==, 1);
  g_assert_cmpint (json_array_get_int_element (cells, 1), ==, 20);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (step, "placements")), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (step, "text"), ==, "The digits in r1c2, r3c3 are wrong.");

  lens_cli_run_status (&clash, 0, NULL, "hint", "--entries", entries, puzzle, NULL);
  g_assert_true (g_str_has_prefix (clash.out, "Mistake: The digits in r1c2, r3c3 are wrong."));
}

static void
test_solved (void)
{
  g_autoptr(JsonObject) step = NULL;
  guint8 solution[81];
  char entries[82];

  solve (puzzle, solution);
  for (guint i = 0; i < 81; i++)
    entries[i] = (char) ('0' + solution[i]);
  entries[81] = '\0';
  step = hint_step (entries, puzzle);
  g_assert_cmpstr (json_object_get_string_member (step, "technique"), ==, "solved");
}

static void
test_photo (void)
{
  g_autofree char *photo = g_test_build_filename (G_TEST_DIST, "data", "solve", "photo.jpg", NULL);
  g_autoptr(JsonObject) step = hint_step (NULL, photo);

  g_assert_cmpstr (json_object_get_string_member (step, "technique"), ==, "hidden-single");
}

/* A photo filled in by hand with two pairs of entries swapped: the hint
 * names exactly those, and no entry whose reading is in doubt. */
static void
test_photo_mistake (void)
{
  g_autofree char *photo = g_test_build_filename (G_TEST_DIST, "data", "photos-mixed", "image10-swapped.jpg", NULL);
  g_autofree char *listed = g_test_build_filename (G_TEST_DIST, "data", "photos-mixed", "image10-swapped.swapped", NULL);
  g_autofree char *want = NULL;
  g_autoptr(JsonObject) step = NULL;
  g_autoptr(GString) got = g_string_new (NULL);
  JsonArray *cells;

  g_assert_true (g_file_get_contents (listed, &want, NULL, NULL));
  g_strstrip (want);
  step = hint_step (NULL, photo);
  g_assert_cmpstr (json_object_get_string_member (step, "technique"), ==, "mistake");
  cells = json_object_get_array_member (step, "cells");
  for (guint i = 0; i < json_array_get_length (cells); i++)
    g_string_append_printf (got, "%s%" G_GINT64_FORMAT, i ? " " : "", json_array_get_int_element (cells, i));
  g_assert_cmpstr (got->str, ==, want);
}

static void
test_bad_input (void)
{
  g_auto(LensCliRun) short_entries = { 0 };
  g_auto(LensCliRun) letters = { 0 };
  g_auto(LensCliRun) several = { 0 };
  g_auto(LensCliRun) none = { 0 };
  g_auto(LensCliRun) two = { 0 };
  g_autofree char *with_letter = g_strnfill (81, '.');

  lens_cli_run_status (&short_entries, 1, "--entries: ", "hint", "--entries", "123", puzzle, NULL);
  with_letter[40] = 'x';
  lens_cli_run_status (&letters, 1, NULL, "hint", "--entries", with_letter, puzzle, NULL);
  lens_cli_run_status (&several, 3, "several solutions", "hint", LENS_TEST_PUZZLE_NOT_UNIQUE, NULL);
  lens_cli_run_status (&none, 1, NULL, "hint", "nonsense", NULL);
  lens_cli_run_status (&two, 2, NULL, "hint", puzzle, puzzle, NULL);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli-hint/plain", test_plain);
  g_test_add_func ("/cli-hint/json-from-entries", test_json_from_entries);
  g_test_add_func ("/cli-hint/mistake", test_mistake);
  g_test_add_func ("/cli-hint/solved", test_solved);
  g_test_add_func ("/cli-hint/photo", test_photo);
  g_test_add_func ("/cli-hint/photo-mistake", test_photo_mistake);
  g_test_add_func ("/cli-hint/bad-input", test_bad_input);
  return g_test_run ();
}
