/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "lens-logic.h"
#include "lens-result.h"
#include "lens-vision.h"

G_BEGIN_DECLS

/* The printed puzzle repaired and solved, and how hard it is. */
typedef struct {
  LensResult      *result;
  gboolean         rated;   /* only a puzzle with one solution is rated */
  LensLogicRating  rating;
} LensAnalysis;

void          lens_analysis_free     (LensAnalysis        *analysis);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensAnalysis, lens_analysis_free)

/* Repairs misreads in @grid (the reader's scores from @scan, nullable),
 * solves it and rates it, in a worker thread. */
void          lens_analyse_async     (const LensGrid       *grid,
                                      const LensScan       *scan,
                                      GCancellable         *cancellable,
                                      GAsyncReadyCallback   callback,
                                      gpointer              user_data);
LensAnalysis *lens_analyse_finish    (GAsyncResult         *result,
                                      GError              **error);

/* The player's mistake in @state, if any, or else the next logic step,
 * in a worker thread; @givens and @solution are 81 digits. The step is
 * NULL without an error when the grid is full and right. */
void          lens_hint_async        (const guint8          givens[LENS_GRID_CELLS],
                                      const LensCandidates *state,
                                      const guint8          solution[LENS_GRID_CELLS],
                                      GCancellable         *cancellable,
                                      GAsyncReadyCallback   callback,
                                      gpointer              user_data);
LensLogicStep *lens_hint_finish      (GAsyncResult         *result,
                                      GError              **error);

G_END_DECLS
