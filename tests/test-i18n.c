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

static void
test_help_german (void)
{
  if (g_test_subprocess ())
    run_cli_in ("de", "--help");
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*Aufruf: sudoku-lens-cli BEFEHL*");
  g_test_trap_assert_stdout ("*Befehle:*");
  g_test_trap_assert_stdout ("*scan     Das Rätsel auf einem Foto lesen*");
  g_test_trap_assert_stdout_unmatched ("*Commands:*");
}

static void
test_unknown_command_french (void)
{
  if (g_test_subprocess ())
    run_cli_in ("fr", "frobnicate");
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*sudoku-lens-cli\302\240: commande inconnue «\302\240frobnicate\302\240»*");
  g_test_trap_assert_stderr ("*Utilisation\302\240: sudoku-lens-cli COMMANDE*");
}

static void
test_help_spanish (void)
{
  if (g_test_subprocess ())
    run_cli_in ("es", "--help");
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*Órdenes:*");
  g_test_trap_assert_stdout ("*Ejecute «sudoku-lens-cli ORDEN --help»*");
}

static void
test_help_chinese (void)
{
  if (g_test_subprocess ())
    run_cli_in ("zh_CN", "--help");
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*用法：sudoku-lens-cli 命令*");
  g_test_trap_assert_stdout ("*命令：*");
}

static void
test_english_without_language (void)
{
  if (g_test_subprocess ())
    run_cli_in (NULL, "--help");
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*Usage: sudoku-lens-cli COMMAND*");
  g_test_trap_assert_stdout ("*Commands:*");
}

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

  g_test_add_func ("/i18n/help/german", test_help_german);
  g_test_add_func ("/i18n/unknown-command/french", test_unknown_command_french);
  g_test_add_func ("/i18n/help/spanish", test_help_spanish);
  g_test_add_func ("/i18n/help/chinese", test_help_chinese);
  g_test_add_func ("/i18n/help/english", test_english_without_language);
  g_test_add_func ("/i18n/plural-forms", test_plural_forms);

  return g_test_run ();
}
