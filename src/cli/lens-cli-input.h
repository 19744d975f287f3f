/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What the commands that take a photo or a puzzle (solve, check, hint)
 * read, and how they say what repair changed. */

#include <json-glib/json-glib.h>

#include "lens-cli-options.h"
#include "lens-pipeline.h"
#include "lens-repair.h"
#include "lens-result.h"
#include "lens-vision.h"

G_BEGIN_DECLS

typedef struct {
  LensGrid          read;        /* the printed puzzle as read or typed */
  gboolean          has_scores;
  LensRepairScores  scores;      /* the reader's, for a photo */
  gboolean          is_photo;
  LensScan          scan;        /* for a photo */
  LensImage        *image;       /* for a photo */
} LensCliInput;

/* @arg is a photo, a file of puzzle text, an 81-character puzzle, or "-"
 * for either on the standard input. */
gboolean  lens_cli_input_load          (LensCliInput           *in,
                                        const char             *arg,
                                        LensReader             *reader,
                                        GError                **error);
void      lens_cli_input_clear         (LensCliInput           *in);
/* Repairs and solves the puzzle @in holds, as the app does: @repair gets
 * what repair came to, @shown (nullable) the same in words. On failure
 * prints why and returns LENS_EXIT_FAILURE, else LENS_EXIT_OK. */
int       lens_cli_input_solve         (const LensCliInput     *in,
                                        LensRepairResult       *repair,
                                        LensResult            **shown);

/* "r3c4" */
char     *lens_cli_cell_name           (guint                   cell);
/* Prints what repair changed, one line a change. */
void      lens_cli_print_changes       (const LensRepairResult *result);
/* Adds "changes": [{cell, from, to, reason, explanation}…], the
 * explanations from @shown. */
void      lens_cli_add_changes_member  (JsonBuilder            *builder,
                                        const LensRepairResult *result,
                                        const LensResult       *shown);
/* Adds @name: the grid's 81-character line, or null for a NULL @grid. */
void      lens_cli_add_line_member     (JsonBuilder            *builder,
                                        const char             *name,
                                        const LensGrid         *grid);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (LensCliInput, lens_cli_input_clear)

/* The options of the commands that judge the player's entries (check,
 * hint): the shared ones, --entries and the one input. */
typedef struct {
  LensCliOptions common;
  char          *entries;  /* --entries, or NULL */
  char         **inputs;
} LensCliEntriesOptions;

void      lens_cli_entries_options_clear (LensCliEntriesOptions  *options);
/* The player's digits: --entries, or those written by hand in a photo
 * (none for a typed puzzle without --entries). */
gboolean  lens_cli_load_entries          (const LensCliEntriesOptions *options,
                                          const LensCliInput     *in,
                                          guint8                  entries[LENS_GRID_CELLS],
                                          GError                **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (LensCliEntriesOptions, lens_cli_entries_options_clear)

G_END_DECLS
