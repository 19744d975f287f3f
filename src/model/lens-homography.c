/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>

#include "lens-homography.h"

#define EPSILON 1e-12

gboolean
lens_homography_from_quad (LensHomography  *h,
                           const LensPoint  q[4])
{
  double dx1 = q[1].x - q[2].x, dx2 = q[3].x - q[2].x, dx3 = q[0].x - q[1].x + q[2].x - q[3].x;
  double dy1 = q[1].y - q[2].y, dy2 = q[3].y - q[2].y, dy3 = q[0].y - q[1].y + q[2].y - q[3].y;
  double den = dx1 * dy2 - dx2 * dy1;
  double g = 0, k = 0;

  if (fabs (dx3) > EPSILON || fabs (dy3) > EPSILON)
    {
      if (fabs (den) < EPSILON)
        return FALSE;
      g = (dx3 * dy2 - dx2 * dy3) / den;
      k = (dx1 * dy3 - dx3 * dy1) / den;
    }
  h->m[0] = q[1].x - q[0].x + g * q[1].x;
  h->m[1] = q[3].x - q[0].x + k * q[3].x;
  h->m[2] = q[0].x;
  h->m[3] = q[1].y - q[0].y + g * q[1].y;
  h->m[4] = q[3].y - q[0].y + k * q[3].y;
  h->m[5] = q[0].y;
  h->m[6] = g;
  h->m[7] = k;
  h->m[8] = 1;
  return TRUE;
}

gboolean
lens_homography_invert (const LensHomography *h,
                        LensHomography       *inv)
{
  const double *m = h->m;
  double det;

  inv->m[0] = m[4] * m[8] - m[5] * m[7];
  inv->m[1] = m[2] * m[7] - m[1] * m[8];
  inv->m[2] = m[1] * m[5] - m[2] * m[4];
  inv->m[3] = m[5] * m[6] - m[3] * m[8];
  inv->m[4] = m[0] * m[8] - m[2] * m[6];
  inv->m[5] = m[2] * m[3] - m[0] * m[5];
  inv->m[6] = m[3] * m[7] - m[4] * m[6];
  inv->m[7] = m[1] * m[6] - m[0] * m[7];
  inv->m[8] = m[0] * m[4] - m[1] * m[3];
  det = m[0] * inv->m[0] + m[1] * inv->m[3] + m[2] * inv->m[6];
  if (fabs (det) < EPSILON)
    return FALSE;
  for (guint i = 0; i < 9; i++)
    inv->m[i] /= det;
  return TRUE;
}

LensPoint
lens_homography_apply (const LensHomography *h,
                       double                x,
                       double                y)
{
  const double *m = h->m;
  double w = m[6] * x + m[7] * y + m[8];

  if (fabs (w) < EPSILON)
    w = EPSILON;
  return (LensPoint) { (m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w };
}
