/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "lens-cli-test.h"
#include "lens-test-util.h"

/* Runs "bench" with @args (NULL-terminated). */
static void
run_bench (LensCliRun         *run,
           const char * const *args)
{
  g_autoptr(GStrvBuilder) argv = g_strv_builder_new ();
  g_auto(GStrv) strv = NULL;

  g_strv_builder_add (argv, "bench");
  g_strv_builder_addv (argv, (const char **) args);
  strv = g_strv_builder_end (argv);
  lens_cli_runv (run, NULL, (const char * const *) strv);
}

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "puzzles", name, NULL);
}

static void
assert_file_result (JsonObject *o,
                    const char *path,
                    gint64      puzzles,
                    gint64      unique,
                    gint64      multiple,
                    gint64      none)
{
  g_assert_cmpstr (json_object_get_string_member (o, "file"), ==, path);
  g_assert_cmpint (json_object_get_int_member (o, "puzzles"), ==, puzzles);
  g_assert_cmpint (json_object_get_int_member (o, "solved"), ==, puzzles - none);
  g_assert_cmpint (json_object_get_int_member (o, "unique"), ==, unique);
  g_assert_cmpint (json_object_get_int_member (o, "multiple"), ==, multiple);
  g_assert_cmpint (json_object_get_int_member (o, "none"), ==, none);
  g_assert_cmpfloat (json_object_get_double_member (o, "us_per_puzzle"), >, 0.0);
  g_assert_cmpfloat (json_object_get_double_member (o, "puzzles_per_sec"), >, 0.0);
}

static void
test_json (void)
{
  g_autofree char *classic = fixture ("six-classic.txt");
  g_autofree char *hard = fixture ("forum-hardest-1106-sample.txt");
  g_autofree char *multi = fixture ("serg-multi-solution-sample.txt");
  const char *args[] = { "--json", "--min-time=0", classic, hard, multi, NULL };
  g_auto(LensCliRun) r = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *files;

  run_bench (&r, args);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);

  g_assert_true (json_parser_load_from_data (parser, r.out, -1, &error));
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (json_parser_get_root (parser)));
  files = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (files), ==, 3);
  assert_file_result (json_array_get_object_element (files, 0), classic, 6, 6, 0, 0);
  assert_file_result (json_array_get_object_element (files, 1), hard, 25, 25, 0, 0);
  assert_file_result (json_array_get_object_element (files, 2), multi, 50, 0, 50, 0);
}

/* The table, with each file repeated for at least 30 ms: the counts are
 * still those of one pass. */
static void
test_table (void)
{
  g_autofree char *classic = fixture ("six-classic.txt");
  const char *args[] = { "--min-time=30", classic, NULL };
  g_auto(LensCliRun) r = { 0 };
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) fields = g_ptr_array_new ();
  g_auto(GStrv) words = NULL;
  double per_sec, us;

  run_bench (&r, args);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  g_assert_nonnull (strstr (lines[0], "puzzles/s"));
  words = g_strsplit (lines[1], " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_ptr_array_add (fields, words[i]);
  g_assert_cmpuint (fields->len, ==, 8);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpstr (g_ptr_array_index (fields, i), ==, "6");
  g_assert_cmpstr (g_ptr_array_index (fields, 3), ==, "0");
  g_assert_cmpstr (g_ptr_array_index (fields, 4), ==, "0");
  per_sec = g_ascii_strtod (g_ptr_array_index (fields, 5), NULL);
  us = g_ascii_strtod (g_ptr_array_index (fields, 6), NULL);
  g_assert_cmpfloat (us, >, 0.0);
  g_assert_cmpfloat_with_epsilon (per_sec * us / 1e6, 1.0, 0.01);
  g_assert_cmpstr (g_ptr_array_index (fields, 7), ==, classic);
}

static void
test_mixed_file (void)
{
  g_autoptr(LensTestDir) dir = g_dir_make_tmp ("lens-bench-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "mixed.txt", NULL);
  const char *text =
    "# two puzzles, a comment and blank lines\n\n"
    "4......5.....521.....9....21.78....5...7...6.....2...3...6...8.6...8..1..8.273...\r\n"
    "   \n"
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000\n"
    "# two 4s in the first row: no solution, which is not a failure\n"
    "4......54....521.....9....21.78....5...7...6.....2...3...6...8.6...8..1..8.273...\n";
  const char *args[] = { "--json", "--min-time=0", path, NULL };
  g_auto(LensCliRun) r = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *o;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  run_bench (&r, args);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, r.out, -1, NULL));
  o = json_array_get_object_element (json_node_get_array (json_parser_get_root (parser)), 0);
  assert_file_result (o, path, 3, 1, 1, 1);
}

static void
assert_one_line_error (const LensCliRun *r,
                       const char      *expected_part)
{
  g_assert_cmpint (r->status, ==, 1);
  g_assert_cmpstr (r->out, ==, "");
  g_assert_true (g_str_has_prefix (r->err, "sudoku-lens-cli: "));
  g_assert_cmpstr (strchr (r->err, '\n'), ==, "\n");
  g_assert_nonnull (strstr (r->err, expected_part));
}

static void
test_missing_file (void)
{
  g_autofree char *classic = fixture ("six-classic.txt");
  const char *args[] = { "--json", classic, "/nonexistent/puzzles.txt", NULL };
  g_auto(LensCliRun) r = { 0 };

  run_bench (&r, args);
  assert_one_line_error (&r, "/nonexistent/puzzles.txt");
}

static void
test_bad_line (void)
{
  g_autoptr(LensTestDir) dir = g_dir_make_tmp ("lens-bench-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bad.txt", NULL);
  g_autofree char *where = g_strdup_printf ("%s:3:", path);
  const char *text =
    "4......5.....521.....9....21.78....5...7...6.....2...3...6...8.6...8..1..8.273...\n"
    "# a comment\n"
    "4......5.....521.....9....21.78....5...7...6.....2...3...6...8.6...8..1..8.273..\n";
  const char *args[] = { path, NULL };
  g_auto(LensCliRun) r = { 0 };

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  run_bench (&r, args);
  assert_one_line_error (&r, where);
}

static void
test_usage (void)
{
  const char *help[] = { "--help", NULL };
  const char *none[] = { NULL };
  g_auto(LensCliRun) h = { 0 };
  g_auto(LensCliRun) n = { 0 };

  run_bench (&h, help);
  g_assert_cmpint (h.status, ==, 0);
  g_assert_nonnull (strstr (h.out, "--json"));
  g_assert_nonnull (strstr (h.out, "--min-time"));

  run_bench (&n, none);
  g_assert_cmpint (n.status, ==, 2);
  g_assert_nonnull (strstr (n.err, "no puzzle file"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli-bench/json", test_json);
  g_test_add_func ("/cli-bench/table", test_table);
  g_test_add_func ("/cli-bench/mixed-file", test_mixed_file);
  g_test_add_func ("/cli-bench/missing-file", test_missing_file);
  g_test_add_func ("/cli-bench/bad-line", test_bad_line);
  g_test_add_func ("/cli-bench/usage", test_usage);
  return g_test_run ();
}
