/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "lens-cli.h"

typedef struct {
  const char *name;
  int (*run) (int argc, char **argv);
  const char *summary;
} Command;

static const Command commands[] = {
  { "scan", lens_cli_scan, N_("Read the puzzle in a photo") },
  { "solve", lens_cli_solve, N_("Read, repair and solve a photo or a puzzle") },
  { "check", lens_cli_check, N_("Check the digits a player wrote in a puzzle") },
  { "eval", lens_cli_eval, N_("Measure recognition on a directory of labelled photos") },
  { "bench", lens_cli_bench, N_("Measure the solver on files of puzzles") },
  { "capture", lens_cli_capture, N_("Read a puzzle from a camera or a video") },
  { "hint", lens_cli_hint, N_("Give the next step of a puzzle, or point at a wrong entry") },
  { "rate", lens_cli_rate, N_("Solve puzzles step by step and rate their difficulty") },
};

static void
print_failure (const char *format,
               va_list     args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);

  fprintf (stderr, "sudoku-lens-cli: %s\n", message);
}

int
lens_cli_fail (const char *format,
               ...)
{
  va_list args;

  va_start (args, format);
  print_failure (format, args);
  va_end (args);
  return LENS_EXIT_FAILURE;
}

int
lens_cli_usage_error (const char *format,
                      ...)
{
  va_list args;

  va_start (args, format);
  print_failure (format, args);
  va_end (args);
  return LENS_EXIT_USAGE;
}

static void
print_usage (FILE *out)
{
  fprintf (out, "%s\n\n", _("Usage: sudoku-lens-cli COMMAND [OPTION…] [ARGUMENT…]"));
  fprintf (out, "%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-8s %s\n", commands[i].name, _(commands[i].summary));
  fprintf (out, "\n%s\n", _("Run “sudoku-lens-cli COMMAND --help” for a command’s options."));
}

int
lens_cli_run (int    argc,
              char **argv)
{
  if (argc < 2)
    {
      print_usage (stderr);
      return LENS_EXIT_USAGE;
    }
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h"))
    {
      print_usage (stdout);
      return LENS_EXIT_OK;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      printf ("sudoku-lens-cli %s\n", PACKAGE_VERSION);
      return LENS_EXIT_OK;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      return commands[i].run (argc - 1, argv + 1);

  fprintf (stderr, _("sudoku-lens-cli: unknown command “%s”"), argv[1]);
  fputc ('\n', stderr);
  print_usage (stderr);
  return LENS_EXIT_USAGE;
}
