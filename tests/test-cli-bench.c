/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "lens-test-util.h"

typedef struct {
  int   status;
  char *out;
  char *err;
} RunResult;

static void
run_result_clear (RunResult *r)
{
  g_clear_pointer (&r->out, g_free);
  g_clear_pointer (&r->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RunResult, run_result_clear)

static const char *
cli_path (void)
{
  const char *path = g_getenv ("LENS_CLI");

  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
    return NULL;
  return path;
}

static void
run_cli (RunResult          *r,
         const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (argv, (gpointer) cli_path ());
  g_ptr_array_add (argv, (gpointer) "bench");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  /* untranslated messages and a decimal point, whatever the tester's locale */
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  proc = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (proc, NULL, NULL, &r->out, &r->err, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (proc));
  r->status = g_subprocess_get_exit_status (proc);
}

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "puzzles", name, NULL);
}

static gboolean
skip_without_cli (void)
{
  if (cli_path () != NULL)
    return FALSE;
  g_test_skip ("LENS_CLI does not name the built sudoku-lens-cli");
  return TRUE;
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
  g_auto(RunResult) r = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *files;

  if (skip_without_cli ())
    return;
  run_cli (&r, args);
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
  g_auto(RunResult) r = { 0 };
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) fields = g_ptr_array_new ();
  g_auto(GStrv) words = NULL;
  double per_sec, us;

  if (skip_without_cli ())
    return;
  run_cli (&r, args);
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
  g_auto(RunResult) r = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *o;

  if (skip_without_cli ())
    return;
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  run_cli (&r, args);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, r.out, -1, NULL));
  o = json_array_get_object_element (json_node_get_array (json_parser_get_root (parser)), 0);
  assert_file_result (o, path, 3, 1, 1, 1);
}

static void
assert_one_line_error (const RunResult *r,
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
  g_auto(RunResult) r = { 0 };

  if (skip_without_cli ())
    return;
  run_cli (&r, args);
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
  g_auto(RunResult) r = { 0 };

  if (skip_without_cli ())
    return;
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  run_cli (&r, args);
  assert_one_line_error (&r, where);
}

static void
test_usage (void)
{
  const char *help[] = { "--help", NULL };
  const char *none[] = { NULL };
  g_auto(RunResult) h = { 0 };
  g_auto(RunResult) n = { 0 };

  if (skip_without_cli ())
    return;
  run_cli (&h, help);
  g_assert_cmpint (h.status, ==, 0);
  g_assert_nonnull (strstr (h.out, "--json"));
  g_assert_nonnull (strstr (h.out, "--min-time"));

  run_cli (&n, none);
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
