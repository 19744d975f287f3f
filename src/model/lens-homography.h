/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "lens-vision.h"

G_BEGIN_DECLS

/* A plane projective map, row-major 3×3. */
typedef struct {
  double m[9];
} LensHomography;

/* Maps the unit square (0,0) (1,0) (1,1) (0,1) onto @quad, in that order. */
gboolean  lens_homography_from_quad (LensHomography       *h,
                                     const LensPoint       quad[4]);
gboolean  lens_homography_invert    (const LensHomography *h,
                                     LensHomography       *inverse);
LensPoint lens_homography_apply     (const LensHomography *h,
                                     double                x,
                                     double                y);

G_END_DECLS
