/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The options every command shares (--json, --engine, --no-color), parsed
 * and checked in one place. */

#include <glib.h>

#include "lens-reader.h"

G_BEGIN_DECLS

typedef enum {
  LENS_CLI_OPTIONS_JSON   = 0,       /* every command has --json */
  LENS_CLI_OPTIONS_ENGINE = 1 << 0,  /* --engine, for a command that reads photos */
  LENS_CLI_OPTIONS_COLOR  = 1 << 1,  /* --no-color, for one that prints a board */
} LensCliOptionsFlags;

typedef struct {
  gboolean   json;
  gboolean   no_color;
  char      *engine_name;
  LensEngine engine;     /* from --engine, or the default */
  /* The one reader of a command with --engine: every photo it reads goes
   * through it and the pipeline, as in the app. */
  LensReader *reader;
} LensCliOptions;

/* Parses @argv for a command: its own @entries, and the shared options
 * that @flags names (@json_help says what --json prints). On bad usage
 * prints why and returns LENS_EXIT_USAGE, else LENS_EXIT_OK. */
int       lens_cli_options_parse     (LensCliOptions       *options,
                                      LensCliOptionsFlags   flags,
                                      const char           *json_help,
                                      const GOptionEntry   *entries,
                                      const char           *summary,
                                      int                  *argc,
                                      char               ***argv);
/* Colours for a board printed as text: not for JSON, --no-color or
 * $NO_COLOR, and only on a terminal. */
gboolean  lens_cli_options_use_color (const LensCliOptions *options);
void      lens_cli_options_clear     (LensCliOptions       *options);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (LensCliOptions, lens_cli_options_clear)

G_END_DECLS
