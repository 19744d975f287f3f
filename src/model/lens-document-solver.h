/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Solve, for a document: its board repaired and solved by the pipeline
 * in a worker thread, and the result shown in the document. An edit made
 * meanwhile makes the solve stale (lens_document_solver_is_stale): the
 * one who made it stops it. */

#include "lens-job.h"
#include "lens-pipeline.h"

G_BEGIN_DECLS

#define LENS_TYPE_DOCUMENT_SOLVER (lens_document_solver_get_type ())
G_DECLARE_FINAL_TYPE (LensDocumentSolver, lens_document_solver, LENS, DOCUMENT_SOLVER, LensJob)

LensDocumentSolver *lens_document_solver_new      (LensDocument       *document);
/* Solves the document's board, cancelling a solve under way. @as_saved:
 * a session saved solved, which may have been solved overruling the
 * player's corrections: when they block the way, it is solved so again.
 * "failed" (const char *message) says why a solve did not end in a result. */
void                lens_document_solver_start    (LensDocumentSolver *self,
                                                   LensPipelineFlags   flags,
                                                   gboolean            as_saved);
void                lens_document_solver_stop     (LensDocumentSolver *self);
/* TRUE while a solve runs ("notify::busy"). */
gboolean            lens_document_solver_is_busy  (LensDocumentSolver *self);
/* A solve runs for a board the document has changed since. */
gboolean            lens_document_solver_is_stale (LensDocumentSolver *self);

G_END_DECLS
