/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdlib.h>

#include "lens-cli.h"

/* Runs the CLI in a child with the catalogues built in this build tree, as
 * `LANGUAGE=LANG LC_ALL=C.UTF-8 sudoku-lens-cli ARGS` would with them installed. */
static void
run_cli_in (const char *language,
            char       *arg)
{
  g_autofree char *localedir = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);
  char *argv[] = { "sudoku-lens-cli", arg, NULL };

  if (language)
    g_setenv ("LANGUAGE", language, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_assert_nonnull (setlocale (LC_ALL, ""));
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  exit (lens_cli_run (2, argv));
}

/* `sudoku-lens-cli @argument` in @language (NULL: LANGUAGE unset): whether
 * it succeeds, patterns its standard output and error must match (each
 * list NULL-terminated), and one its output must not. */
typedef struct {
  const char *language;
  char       *argument;
  gboolean    succeeds;
  const char *out[4];
  const char *err[3];
  const char *not_out;
} Translated;

static void
test_translated (gconstpointer data)
{
  const Translated *t = data;

  if (g_test_subprocess ())
    run_cli_in (t->language, t->argument);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  if (t->succeeds)
    g_test_trap_assert_passed ();
  else
    g_test_trap_assert_failed ();
  for (guint i = 0; t->out[i] != NULL; i++)
    g_test_trap_assert_stdout (t->out[i]);
  for (guint i = 0; t->err[i] != NULL; i++)
    g_test_trap_assert_stderr (t->err[i]);
  if (t->not_out != NULL)
    g_test_trap_assert_stdout_unmatched (t->not_out);
}

static const Translated help_german = {
  "de", "--help", TRUE,
  { "*Aufruf: sudoku-lens-cli BEFEHL*", "*Befehle:*", "*scan     Das Rätsel auf einem Foto lesen*" },
  { NULL }, "*Commands:*",
};

static const Translated unknown_command_french = {
  "fr", "frobnicate", FALSE, { NULL },
  { "*sudoku-lens-cli\302\240: commande inconnue «\302\240frobnicate\302\240»*",
    "*Utilisation\302\240: sudoku-lens-cli COMMANDE*" },
  NULL,
};

static const Translated help_spanish = {
  "es", "--help", TRUE, { "*Órdenes:*", "*Ejecute «sudoku-lens-cli ORDEN --help»*" }, { NULL }, NULL,
};

static const Translated help_chinese = {
  "zh_CN", "--help", TRUE, { "*用法：sudoku-lens-cli 命令*", "*命令：*" }, { NULL }, NULL,
};

static const Translated english_without_language = {
  NULL, "--help", TRUE, { "*Usage: sudoku-lens-cli COMMAND*", "*Commands:*" }, { NULL }, NULL,
};

/* Wrong Plural-Forms headers would pick the wrong form here: French uses the
 * singular for 0 and 1, German only for 1, Chinese has a single form. */
static void
check_plurals (const char *language,
               const char *zero,
               const char *one,
               const char *two)
{
  g_autofree char *localedir = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);

  g_setenv ("LANGUAGE", language, TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_assert_nonnull (setlocale (LC_ALL, ""));
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_assert_cmpstr (dngettext (GETTEXT_PACKAGE, "%u digit", "%u digits", 0), ==, zero);
  g_assert_cmpstr (dngettext (GETTEXT_PACKAGE, "%u digit", "%u digits", 1), ==, one);
  g_assert_cmpstr (dngettext (GETTEXT_PACKAGE, "%u digit", "%u digits", 2), ==, two);
}

static void
test_plural_forms (void)
{
  if (g_test_subprocess ())
    {
      check_plurals ("fr", "%u chiffre", "%u chiffre", "%u chiffres");
      check_plurals ("de", "%u Ziffern", "%u Ziffer", "%u Ziffern");
      check_plurals ("es", "%u dígitos", "%u dígito", "%u dígitos");
      check_plurals ("zh_CN", "%u 个数字", "%u 个数字", "%u 个数字");
      exit (0);
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/i18n/help/german", &help_german, test_translated);
  g_test_add_data_func ("/i18n/unknown-command/french", &unknown_command_french, test_translated);
  g_test_add_data_func ("/i18n/help/spanish", &help_spanish, test_translated);
  g_test_add_data_func ("/i18n/help/chinese", &help_chinese, test_translated);
  g_test_add_data_func ("/i18n/help/english", &english_without_language, test_translated);
  g_test_add_func ("/i18n/plural-forms", test_plural_forms);

  return g_test_run ();
}
