/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Exit codes shared by every command. */
enum {
  LENS_EXIT_OK = 0,
  LENS_EXIT_FAILURE = 1,      /* bad input: one line on stderr */
  LENS_EXIT_USAGE = 2,
  LENS_EXIT_NOT_UNIQUE = 3,   /* several solutions or none */
  LENS_EXIT_WRONG_ENTRIES = 4,  /* check: some of the player's entries are wrong */
};

int  lens_cli_run      (int    argc,
                        char **argv);

/* Each command gets argv with argv[0] = the command name. */
int  lens_cli_bench    (int argc, char **argv);
int  lens_cli_scan     (int argc, char **argv);
int  lens_cli_eval     (int argc, char **argv);
int  lens_cli_solve    (int argc, char **argv);
int  lens_cli_check    (int argc, char **argv);
int  lens_cli_capture  (int argc, char **argv);
int  lens_cli_rate     (int argc, char **argv);
int  lens_cli_hint     (int argc, char **argv);

/* Prints "sudoku-lens-cli: MESSAGE" on stderr; returns LENS_EXIT_FAILURE. */
int  lens_cli_fail     (const char *format,
                        ...) G_GNUC_PRINTF (1, 2);
/* The same for bad usage; returns LENS_EXIT_USAGE. */
int  lens_cli_usage_error (const char *format,
                           ...) G_GNUC_PRINTF (1, 2);

G_END_DECLS
