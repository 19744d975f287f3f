/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <array>
#include <cmath>

#include "lens-vision-private.hpp"

/* CIE L*a*b* of sRGB under D65, as OpenCV defines it for 8-bit images, but
 * computed per pixel: OpenCV's own conversion first builds tables for
 * every 8-bit colour, which costs about 100 ms once per process, far more
 * than the few thousand pixels converted here. */

namespace {

constexpr float kThreshold = 0.008856f;

/* 256 values of the sRGB curve: microseconds to make. */
const std::array<float, 256> &
linear_table (void)
{
  static const std::array<float, 256> table = [] {
    std::array<float, 256> t {};

    for (int i = 0; i < 256; i++)
      {
        float v = i / 255.0f;

        t[i] = v <= 0.04045f ? v / 12.92f : std::pow ((v + 0.055f) / 1.055f, 2.4f);
      }
    return t;
  } ();

  return table;
}

float
lab_f (float t)
{
  return t > kThreshold ? std::cbrt (t) : 7.787f * t + 16.0f / 116.0f;
}

guint8
to_byte (float v)
{
  return (guint8) std::lround (std::min (255.0f, std::max (0.0f, v)));
}

} /* namespace */

namespace lens {

cv::Mat
bgr_to_lab (const cv::Mat &bgr)
{
  const std::array<float, 256> &linear = linear_table ();
  cv::Mat lab (bgr.size (), CV_8UC3);

  CV_Assert (bgr.type () == CV_8UC3);
  for (int y = 0; y < bgr.rows; y++)
    {
      const guint8 *in = bgr.ptr<guint8> (y);
      guint8 *out = lab.ptr<guint8> (y);

      for (int x = 0; x < bgr.cols; x++, in += 3, out += 3)
        {
          float b = linear[in[0]], g = linear[in[1]], r = linear[in[2]];
          float X = (0.412453f * r + 0.357580f * g + 0.180423f * b) / 0.950456f;
          float Y = 0.212671f * r + 0.715160f * g + 0.072169f * b;
          float Z = (0.019334f * r + 0.119193f * g + 0.950227f * b) / 1.088754f;
          float fy = lab_f (Y);
          float L = Y > kThreshold ? 116.0f * fy - 16.0f : 903.3f * Y;

          out[0] = to_byte (L * 255.0f / 100.0f);
          out[1] = to_byte (500.0f * (lab_f (X) - fy) + 128.0f);
          out[2] = to_byte (200.0f * (fy - lab_f (Z)) + 128.0f);
        }
    }
  return lab;
}

} /* namespace lens */
