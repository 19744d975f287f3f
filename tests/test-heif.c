/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <libheif/heif.h>
#include <string.h>

#include "lens-error.h"
#include "lens-test-util.h"
#include "lens-vision-test.h"
#include "lens-vision.h"

/* HEIC, as iPhones save photos, and AVIF: each test photo is encoded here
 * (with libheif, from the JPEG's pixels) and must read as the JPEG does. */

static LensRecognizer *recognizer;

static struct heif_error
write_cb (struct heif_context *context,
          const void          *data,
          size_t               size,
          void                *user_data)
{
  g_byte_array_append (user_data, data, (guint) size);
  return (struct heif_error) { heif_error_Ok, heif_suberror_Unspecified, "" };
}

/* @image's pixels (upright, as its EXIF tag turns them) in a HEIF file,
 * or NULL if this libheif has no encoder for @format. */
static GBytes *
encode_heif (const LensImage             *image,
             enum heif_compression_format format)
{
  int width, height, stride;
  g_autoptr(GBytes) rgb = lens_image_get_rgb (image, lens_image_get_exif_rotation (image), &width, &height);
  const guint8 *pixels = g_bytes_get_data (rgb, NULL);
  struct heif_context *context = heif_context_alloc ();
  struct heif_encoder *encoder = NULL;
  struct heif_image *heif = NULL;
  struct heif_writer writer = { 1, write_cb };
  GByteArray *out = g_byte_array_new ();
  guint8 *plane;

  if (heif_context_get_encoder_for_format (context, format, &encoder).code != heif_error_Ok)
    {
      heif_context_free (context);
      g_byte_array_unref (out);
      return NULL;
    }
  heif_encoder_set_lossy_quality (encoder, 95);
  g_assert_cmpint (heif_image_create (width, height, heif_colorspace_RGB, heif_chroma_interleaved_RGB,
                                      &heif).code, ==, heif_error_Ok);
  g_assert_cmpint (heif_image_add_plane (heif, heif_channel_interleaved, width, height, 8).code,
                   ==, heif_error_Ok);
  plane = heif_image_get_plane (heif, heif_channel_interleaved, &stride);
  for (int y = 0; y < height; y++)
    memcpy (plane + (gsize) y * stride, pixels + (gsize) y * width * 3, (gsize) width * 3);
  g_assert_cmpint (heif_context_encode_image (context, heif, encoder, NULL, NULL).code, ==, heif_error_Ok);
  g_assert_cmpint (heif_context_write (context, &writer, out).code, ==, heif_error_Ok);
  heif_encoder_release (encoder);
  heif_image_release (heif);
  heif_context_free (context);
  return g_byte_array_free_to_bytes (out);
}

static void
assert_same_reading (const LensScan *jpeg,
                     const LensScan *heif)
{
  LensGrid a, b;

  lens_scan_to_paper (jpeg, 0, &a);
  lens_scan_to_paper (heif, 0, &b);
  g_assert_cmpmem (a.digits, sizeof a.digits, b.digits, sizeof b.digits);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    g_assert_cmpint (jpeg->cells[i].kind, ==, heif->cells[i].kind);
}

static void
check_format (enum heif_compression_format format,
              const char                  *name)
{
  const char *stems[] = { "image1", "image13", "image42", "image188" };

  for (gsize i = 0; i < G_N_ELEMENTS (stems); i++)
    {
      g_autofree char *file = g_strconcat (stems[i], ".jpg", NULL);
      g_autofree char *path = lens_test_data_path ("photos", file);
      g_autoptr(GError) error = NULL;
      g_autoptr(LensImage) jpeg = lens_image_load (path, &error);
      g_autoptr(GBytes) heif = NULL;
      g_autoptr(GBytes) jpeg_bytes = NULL;
      g_autoptr(LensImage) decoded = NULL;
      LensScan from_jpeg, from_heif;
      char *contents;
      gsize size;

      g_assert_no_error (error);
      heif = encode_heif (jpeg, format);
      if (heif == NULL)
        {
          g_test_skip_printf ("libheif has no %s encoder", name);
          return;
        }
      decoded = lens_image_load_bytes (heif, &error);
      g_assert_no_error (error);
      g_assert_cmpint (lens_image_get_exif_rotation (decoded), ==, 0);
      g_assert_true (g_file_get_contents (path, &contents, &size, NULL));
      jpeg_bytes = g_bytes_new_take (contents, size);
      lens_test_scan_bytes (recognizer, jpeg_bytes, &from_jpeg);
      lens_test_scan_bytes (recognizer, heif, &from_heif);
      /* The HEIF copy is stored upright: the JPEG's tag turned its pixels. */
      assert_same_reading (&from_jpeg, &from_heif);
    }
}

static void
test_heic_reads_as_jpeg (void)
{
  check_format (heif_compression_HEVC, "HEVC");
}

static void
test_avif_reads_as_jpeg (void)
{
  check_format (heif_compression_AV1, "AV1");
}

/* Cut short anywhere, or with its boxes scrambled, a HEIC file is an error. */
static void
test_broken_heic (void)
{
  g_autofree char *path = lens_test_data_path ("photos", "image1.jpg");
  g_autoptr(LensImage) jpeg = lens_image_load (path, NULL);
  g_autoptr(GBytes) heif = encode_heif (jpeg, heif_compression_HEVC);
  gsize size;
  const guint8 *data;

  if (heif == NULL)
    {
      g_test_skip ("libheif has no HEVC encoder");
      return;
    }
  data = g_bytes_get_data (heif, &size);
  for (gsize cut = 12; cut < size; cut += size / 23)
    {
      g_autoptr(GBytes) part = g_bytes_new (data, cut);
      g_autoptr(GError) error = NULL;
      g_autoptr(LensImage) image = lens_image_load_bytes (part, &error);

      g_assert_null (image);
      g_assert_error (error, LENS_ERROR, LENS_ERROR_DECODE);
    }
  for (gsize at = 16; at < MIN (size, 600); at += 37)
    {
      g_autofree guint8 *copy = g_memdup2 (data, size);
      g_autoptr(GBytes) scrambled = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(LensImage) image = NULL;

      copy[at] ^= 0xA5;
      scrambled = g_bytes_new_take (g_steal_pointer (&copy), size);
      image = lens_image_load_bytes (scrambled, &error);
      g_assert_true ((image == NULL) == (error != NULL));
      if (error != NULL)
        g_assert_true (error->domain == LENS_ERROR);
    }
}

int
main (int   argc,
      char *argv[])
{
  lens_vision_use_one_thread ();
  recognizer = lens_test_vision_init (&argc, &argv, LENS_ENGINE_BUILTIN);
  g_test_add_func ("/heif/heic-reads-as-jpeg", test_heic_reads_as_jpeg);
  g_test_add_func ("/heif/avif-reads-as-jpeg", test_avif_reads_as_jpeg);
  g_test_add_func ("/heif/broken", test_broken_heic);
  return lens_test_vision_run (recognizer);
}
