/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "lens-vision.h"

G_STATIC_ASSERT (LENS_N_CLASSES == LENS_REPAIR_N_CLASSES);

/* Chosen on the tune half of the photos: the builtin model is sure of
 * itself, so 0.99 flags 88% of its misreads for 0.2 right cells per grid;
 * Tesseract's coarse scores flag 99% of its misreads at 0.85 for 5 right
 * cells. */
#define UNCERTAIN_BUILTIN   0.99f
#define UNCERTAIN_TESSERACT 0.85f

float
lens_engine_get_uncertain_threshold (LensEngine engine)
{
  return engine == LENS_ENGINE_TESSERACT ? UNCERTAIN_TESSERACT : UNCERTAIN_BUILTIN;
}

void
lens_scan_get_repair_scores (const LensScan   *scan,
                             LensRepairScores *scores)
{
  g_return_if_fail (scan != NULL);
  g_return_if_fail (scores != NULL);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    memcpy (scores->p[i], scan->cells[i].scores, sizeof scores->p[i]);
}

void
lens_scan_read_grid (const LensScan *scan,
                     LensEngine      engine,
                     LensGrid       *grid)
{
  lens_scan_to_grid (scan, lens_engine_get_uncertain_threshold (engine), grid);
}
