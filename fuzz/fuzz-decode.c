/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Any bytes to each image decoder, straight, without the header checks
 * that stand in front of them in lens_image_load_bytes(): the first byte
 * picks the format (low three bits) and the JPEG scale (the next three),
 * the rest is the file. Either pixels of a sane size, every byte of them
 * readable, or a refusal; never a crash, a leak or an allocation beyond
 * the limit. */
#include <stdint.h>

#include "lens-decode.h"

#define MAX_PIXELS 4e6

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  LensImageHeader header = { 0 };
  LensPixels pixels;
  volatile guint sum = 0;  /* every byte read, so that a short buffer shows */

  if (size < 2)
    return 0;
  header.format = (LensImageFormat) ((data[0] & 7) % (LENS_IMAGE_FORMAT_HEIF + 1));
  switch (lens_decode_pixels (data + 1, size - 1, &header, ((data[0] >> 3) & 7) + 1, MAX_PIXELS, &pixels))
    {
    case LENS_DECODE_OK:
      g_assert_nonnull (pixels.pixels);
      g_assert_cmpint (pixels.width, >, 0);
      g_assert_cmpint (pixels.height, >, 0);
      g_assert_cmpfloat ((double) pixels.width * pixels.height, <=, MAX_PIXELS);
      g_assert_true (pixels.channels == 1 || pixels.channels == 3 || pixels.channels == 4);
      for (gsize i = 0; i < (gsize) pixels.width * pixels.height * pixels.channels; i++)
        sum += pixels.pixels[i];
      g_free (pixels.pixels);
      break;
    case LENS_DECODE_CORRUPT:
    case LENS_DECODE_TOO_LARGE:
    case LENS_DECODE_UNSUPPORTED:
    default:
      g_assert_null (pixels.pixels);
      break;
    }
  return 0;
}
