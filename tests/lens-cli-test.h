/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Runs the command-line program as a user would: a subprocess of $LENS_CLI
 * (set by tests/meson.build), its output and exit code captured. */

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <string.h>

typedef struct {
  int   status;  /* the exit code */
  char *out;
  char *err;
} LensCliRun;

static G_GNUC_UNUSED void
lens_cli_run_clear (LensCliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (LensCliRun, lens_cli_run_clear)

/* Runs $LENS_CLI with @args (NULL-terminated), @input on its standard input
 * when not NULL. Untranslated messages and a decimal point whatever the
 * tester's locale. The program must exit, not die of a signal. */
static G_GNUC_UNUSED void
lens_cli_runv (LensCliRun         *run,
               const char         *input,
               const char * const *args)
{
  const char *cli = g_getenv ("LENS_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  GSubprocessFlags flags = G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE;

  g_assert_nonnull (cli);
  lens_cli_run_clear (run);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  if (input != NULL)
    flags |= G_SUBPROCESS_FLAGS_STDIN_PIPE;
  launcher = g_subprocess_launcher_new (flags);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "", TRUE);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (process, input, NULL, &run->out, &run->err, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
}

/* lens_cli_runv() of @first and the arguments after it, up to their NULL. */
static G_GNUC_UNUSED void
lens_cli_run_va (LensCliRun *run,
                 const char *first,
                 va_list     ap)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();

  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) arg);
  g_ptr_array_add (args, NULL);
  lens_cli_runv (run, NULL, (const char * const *) args->pdata);
}

/* lens_cli_runv() with the arguments as a list ending in NULL. */
static G_GNUC_UNUSED G_GNUC_NULL_TERMINATED void
lens_cli_run (LensCliRun *run,
              const char *first,
              ...)
{
  va_list ap;

  va_start (ap, first);
  lens_cli_run_va (run, first, ap);
  va_end (ap);
}

/* lens_cli_run() of a command that must exit with @status and, unless
 * @phrase is NULL, say @phrase on its standard error. */
static G_GNUC_UNUSED G_GNUC_NULL_TERMINATED void
lens_cli_run_status (LensCliRun *run,
                     int         status,
                     const char *phrase,
                     const char *first,
                     ...)
{
  va_list ap;

  va_start (ap, first);
  lens_cli_run_va (run, first, ap);
  va_end (ap);
  g_assert_cmpint (run->status, ==, status);
  if (phrase != NULL)
    g_assert_nonnull (strstr (run->err, phrase));
}

/* The JSON object that @text, a command's output, must hold: a new
 * reference. */
static G_GNUC_UNUSED JsonObject *
lens_cli_parse_object (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_object_ref (json_node_get_object (root));
}
