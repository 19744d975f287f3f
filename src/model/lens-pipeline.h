/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The one way from a photo to a result that every front end takes: read
 * (scan → grid at the scan's threshold), then solve (scores → repair →
 * result, keeping the player's corrections to the printed puzzle unless
 * told otherwise), then for the app's analysis a rating. Each step runs
 * as it is, or in a worker thread (GTask, GCancellable). */

#include <gio/gio.h>

#include "lens-capture-session.h"
#include "lens-entries.h"
#include "lens-logic.h"
#include "lens-reader.h"
#include "lens-repair.h"
#include "lens-result.h"
#include "lens-vision.h"

G_BEGIN_DECLS

typedef enum {
  LENS_PIPELINE_DEFAULT = 0,
  /* repair may change the player's corrections like any reading */
  LENS_PIPELINE_OVERRULE_CORRECTIONS = 1 << 0,
} LensPipelineFlags;

/* What repair did, and the result shown for it. */
typedef struct {
  LensRepairResult  repair;
  LensResult       *result;
} LensPipelineResult;

void        lens_pipeline_result_clear (LensPipelineResult *result);

/* Scans @image with @recognizer as @options ask (nullable: the board is
 * found and turned as the reader judges), and sets @grid to the printed
 * puzzle read, flagged UNCERTAIN below the threshold the scan records. */
gboolean    lens_pipeline_read_image   (LensRecognizer          *recognizer,
                                        const LensImage         *image,
                                        const LensScanOptions   *options,
                                        LensScan                *scan,
                                        LensGrid                *grid,
                                        GError                 **error);

/* lens_pipeline_read_image() of the photo at @path with @reader's
 * recognizer, the decode timed in @scan; @image_out (nullable) gets the
 * photo. */
gboolean    lens_pipeline_read_file    (LensReader              *reader,
                                        const char              *path,
                                        const LensScanOptions   *options,
                                        LensScan                *scan,
                                        LensGrid                *grid,
                                        LensImage              **image_out,
                                        GError                 **error);

/* Repairs misreads in @grid (@scores: the reader's, nullable for a typed
 * puzzle), then solves. The player's corrections (LENS_CELL_CORRECTION) are
 * kept: when the puzzle has no sure solution with them, the result is
 * LENS_OUTCOME_CORRECTIONS_BLOCK. Fails only when cancelled. */
gboolean    lens_pipeline_solve        (const LensGrid          *grid,
                                        const LensRepairScores  *scores,
                                        LensPipelineFlags        flags,
                                        GCancellable            *cancellable,
                                        LensPipelineResult      *result,
                                        GError                 **error);

/* lens_pipeline_solve() of the printed puzzle @scan read, at the scan's
 * own threshold, with its scores. */
gboolean    lens_pipeline_solve_scan   (const LensScan          *scan,
                                        GCancellable            *cancellable,
                                        LensPipelineResult      *result,
                                        GError                 **error);

/* The sure solution of the puzzle of a captured @scan, as
 * lens_pipeline_solve_scan() finds it: a LensCaptureSolve for the live
 * solution of a capture session. FALSE where there is none, or when
 * cancelled. */
gboolean    lens_pipeline_solve_capture (const LensScan         *scan,
                                         GCancellable           *cancellable,
                                         LensGrid               *solution);

/* A capture session on @source (see lens_camera_open()) that reads with
 * @reader's recognizer and solves as lens_pipeline_solve_capture(); NULL
 * with @error when the recognizer cannot be loaded. */
LensCaptureSession *lens_pipeline_open_capture (LensReader        *reader,
                                                const char        *source,
                                                LensCaptureNotify  notify,
                                                gpointer           user_data,
                                                GError           **error);

/* The player's entries in @scan (its handwritten digits) checked as the
 * app and `sudoku-lens-cli check` check them: the printed puzzle read at
 * the scan's own threshold, repaired and solved as lens_pipeline_solve()
 * does (into @solved, nullable), then each entry read with the puzzle's
 * rules at the prior @epsilon (lens_entries_check_with_prior). Returns
 * FALSE, leaving @check alone, where that puzzle has no unique solution. */
gboolean    lens_pipeline_check_scan   (const LensScan          *scan,
                                        double                   epsilon,
                                        LensPipelineResult      *solved,
                                        LensEntryCheck          *check);

/* The printed puzzle solved by the same rules, and how hard it is. */
typedef struct {
  LensResult      *result;
  gboolean         rated;   /* only a puzzle with one solution is rated */
  LensLogicRating  rating;
} LensAnalysis;

void          lens_analysis_free       (LensAnalysis            *analysis);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensAnalysis, lens_analysis_free)

LensAnalysis *lens_pipeline_analyse    (const LensGrid          *grid,
                                        const LensRepairScores  *scores,
                                        GCancellable            *cancellable,
                                        GError                 **error);

/* lens_pipeline_solve() in a worker thread, with @scan's scores (nullable). */
void          lens_solve_async         (const LensGrid          *grid,
                                        const LensScan          *scan,
                                        LensPipelineFlags        flags,
                                        GCancellable            *cancellable,
                                        GAsyncReadyCallback      callback,
                                        gpointer                 user_data);
LensResult   *lens_solve_finish        (GAsyncResult            *result,
                                        GError                 **error);

/* lens_pipeline_analyse() in a worker thread; the task returns the
 * LensAnalysis to its LensJob (lens_job_task_cb). */
void          lens_analyse_async       (const LensGrid          *grid,
                                        const LensScan          *scan,
                                        GCancellable            *cancellable,
                                        GAsyncReadyCallback      callback,
                                        gpointer                 user_data);

G_END_DECLS
