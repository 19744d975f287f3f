/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The background analysis of a document's printed puzzle: repaired and
 * solved by the pipeline's rules (lens_analyse_async) shortly after it is
 * read or changed, and rated, for checking the player's entries and for
 * hints. Edits in a row make one analysis, not one each. */

#include "lens-job.h"

G_BEGIN_DECLS

#define LENS_TYPE_ANALYSER (lens_analyser_get_type ())
G_DECLARE_FINAL_TYPE (LensAnalyser, lens_analyser, LENS, ANALYSER, LensJob)

LensAnalyser *lens_analyser_new        (LensDocument *document);
/* Starts an analysis soon if the puzzle has none and none is under way
 * for it; cancels one under way for an older puzzle. Call it when the
 * document changed. */
void          lens_analyser_update     (LensAnalyser *self);
/* TRUE while an analysis waits to start or runs. */
gboolean      lens_analyser_is_busy    (LensAnalyser *self);
/* Why the last analysis failed, or NULL; "notify::error" says when it
 * changes. */
const char   *lens_analyser_get_error  (LensAnalyser *self);
/* Cancels what is under way, and starts nothing more. */
void          lens_analyser_stop       (LensAnalyser *self);

G_END_DECLS
