/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sudoku-lens-cli check: the player's entries in a photo filled in by hand,
 * or typed beside a puzzle. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "lens-cli-test.h"

#define PUZZLE   "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#define SOLUTION "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

static JsonObject *
parse (JsonParser *parser,
       const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static char *
cells_of (JsonObject *obj,
          const char *member)
{
  JsonArray *array = json_object_get_array_member (obj, member);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (array); i++)
    g_string_append_printf (text, i ? " %d" : "%d", (int) json_array_get_int_element (array, i));
  return g_string_free (text, FALSE);
}

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "photos-mixed", name, NULL);
}

/* The photo with two pairs of entries swapped: exactly those are wrong. */
static void
test_swapped_photo (void)
{
  g_autofree char *photo = fixture ("image10-swapped.jpg");
  g_autofree char *listed = fixture ("image10-swapped.swapped");
  g_autofree char *want = NULL;
  g_autofree char *wrong = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(LensCliRun) run = { 0 };
  JsonObject *obj;

  g_assert_true (g_file_get_contents (listed, &want, NULL, NULL));
  g_strstrip (want);
  lens_cli_run_status (&run, 4, NULL, "check", "--json", photo, NULL);
  obj = parse (parser, run.out);
  wrong = cells_of (obj, "wrong");
  g_assert_cmpstr (wrong, ==, want);
  g_assert_cmpstr (json_object_get_string_member (obj, "status"), ==, "unique");
  g_assert_cmpuint (strlen (json_object_get_string_member (obj, "entries")), ==, 81);
  g_assert_true (json_object_has_member (obj, "changes"));
  g_assert_true (json_object_has_member (obj, "unsure"));
}

/* A clean fill: nothing wrong, exit 0, and a sentence that says so. */
static void
test_clean_photo (void)
{
  g_autofree char *photo = fixture ("image1.jpg");
  g_auto(LensCliRun) run = { 0 };

  lens_cli_run_status (&run, 0, NULL, "check", photo, NULL);
  g_assert_nonnull (strstr (run.out, "of your entries are right"));
}

/* Typed: a puzzle and the player's entries, one of them wrong. */
static void
test_typed_entries (void)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(LensCliRun) run = { 0 };
  g_autofree char *wrong = NULL;
  g_autofree char *right = NULL;
  char entries[82];
  JsonObject *obj;

  memset (entries, '.', 81);
  entries[81] = '\0';
  entries[2] = SOLUTION[2];  /* r1c3 right */
  entries[3] = '9';          /* r1c4 wrong: 6 belongs */
  lens_cli_run_status (&run, 4, NULL, "check", "--json", "--entries", entries, PUZZLE, NULL);
  obj = parse (parser, run.out);
  wrong = cells_of (obj, "wrong");
  right = cells_of (obj, "right");
  g_assert_cmpstr (wrong, ==, "3");
  g_assert_cmpstr (right, ==, "2");
  g_assert_cmpstr (json_object_get_string_member (obj, "solution"), ==, SOLUTION);

  lens_cli_run_status (&run, 4, NULL, "check", "--no-color", "--entries", entries, PUZZLE, NULL);
  g_assert_nonnull (strstr (run.out, "1 of your 2 entries is wrong"));
  g_assert_nonnull (strstr (run.out, "r1c4: 9 is written, 6 belongs there"));
}

static void
test_bad_input (void)
{
  g_auto(LensCliRun) run = { 0 };

  lens_cli_run_status (&run, 1, "--entries", "check", PUZZLE, NULL);  /* no entries for a typed puzzle */
  lens_cli_run_status (&run, 1, "81", "check", "--entries", "123", PUZZLE, NULL);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/check/swapped-photo", test_swapped_photo);
  g_test_add_func ("/cli/check/clean-photo", test_clean_photo);
  g_test_add_func ("/cli/check/typed-entries", test_typed_entries);
  g_test_add_func ("/cli/check/bad-input", test_bad_input);
  return g_test_run ();
}
