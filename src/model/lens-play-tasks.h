/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "lens-logic.h"

G_BEGIN_DECLS

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
