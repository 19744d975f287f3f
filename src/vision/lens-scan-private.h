/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "lens-vision.h"

G_BEGIN_DECLS

/* lens_scan_image() (@corners NULL) or lens_scan_image_with_corners() that
 * also hands out the 81 upright grey crops exactly as the recognizer saw
 * them: row-major, LENS_CELL_PX² bytes each (see lens-recognizer-private.h). */
gboolean lens_scan_image_full (const LensImage  *image,
                               const LensPoint  *corners,
                               LensRecognizer   *recognizer,
                               LensScan         *scan,
                               GBytes          **cells_out,
                               GCancellable     *cancellable,
                               GError          **error);

/* Makes OpenCV run every step on the calling thread, for timings that do
 * not depend on the number of cores. */
void     lens_vision_use_one_thread (void);

G_END_DECLS
