/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE  /* memmem */
#include "config.h"

#include <string.h>

#include "lens-image-header.h"
#include "lens-vision.h"

typedef struct {
  const guint8 *data;
  gsize size;
} Bytes;

typedef LensImageHeader Header;

static guint
read_u16 (const guint8 *p,
          gboolean      little)
{
  return little ? (p[0] | p[1] << 8) : (p[0] << 8 | p[1]);
}

static guint32
read_u32 (const guint8 *p,
          gboolean      little)
{
  return little ? ((guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24)
                : ((guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | (guint32) p[3]);
}

static int
orientation_to_rotation (guint orientation)
{
  switch (orientation)
    {
    case 3: case 4: return 180;
    case 5: case 6: return 90;
    case 7: case 8: return 270;
    default: return 0;
    }
}

/* @tiff is the TIFF structure inside an APP1 "Exif" segment. */
static int
parse_exif_rotation (const guint8 *tiff,
                     gsize         size)
{
  gboolean little;
  guint32 ifd;
  guint n_entries;

  if (size < 8)
    return 0;
  if (memcmp (tiff, "II*\0", 4) == 0)
    little = TRUE;
  else if (memcmp (tiff, "MM\0*", 4) == 0)
    little = FALSE;
  else
    return 0;
  ifd = read_u32 (tiff + 4, little);
  if (ifd > size - 2)
    return 0;
  n_entries = read_u16 (tiff + ifd, little);
  for (guint i = 0; i < n_entries; i++)
    {
      gsize entry = ifd + 2 + (gsize) i * 12;

      if (entry + 12 > size)
        break;
      if (read_u16 (tiff + entry, little) == 0x0112)
        return orientation_to_rotation (read_u16 (tiff + entry + 8, little));
    }
  return 0;
}

static gboolean
is_sof_marker (guint8 marker)
{
  return marker >= 0xC0 && marker <= 0xCF &&
         marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
}

/* Whether an end marker follows the first scan (found by walking the
 * segments from @pos): data may follow it, as the video of a phone's
 * "motion photo" or a maker's trailer does. Scan data never holds FF D9. */
static gboolean
jpeg_has_end (const Bytes *bytes,
              gsize        pos)
{
  const guint8 *p = bytes->data;

  while (pos + 4 <= bytes->size && p[pos] == 0xFF && p[pos + 1] != 0xDA)
    pos += p[pos + 1] == 0xFF ? 1 : 2 + read_u16 (p + pos + 2, FALSE);
  if (pos + 4 > bytes->size || p[pos] != 0xFF)
    return FALSE;
  return memmem (p + pos, bytes->size - pos, "\xFF\xD9", 2) != NULL;
}

static gboolean
parse_jpeg_header (const Bytes *bytes,
                   Header      *header)
{
  const guint8 *p = bytes->data;
  gboolean seen_exif = FALSE;
  gsize pos = 2;

  while (pos + 4 <= bytes->size)
    {
      guint8 marker;
      gsize length;

      if (p[pos] != 0xFF)
        return FALSE;
      marker = p[pos + 1];
      if (marker == 0xFF)
        {
          pos++;
          continue;
        }
      length = read_u16 (p + pos + 2, FALSE);
      if (length < 2 || pos + 2 + length > bytes->size)
        return FALSE;
      if (marker == 0xE1 && !seen_exif && length >= 8 && memcmp (p + pos + 4, "Exif\0\0", 6) == 0)
        {
          header->exif_rotation = parse_exif_rotation (p + pos + 10, length - 8);
          seen_exif = TRUE;
        }
      if (is_sof_marker (marker) && length >= 7)
        {
          header->height = read_u16 (p + pos + 5, FALSE);
          header->width = read_u16 (p + pos + 7, FALSE);
          header->complete = jpeg_has_end (bytes, pos);
          return TRUE;
        }
      pos += 2 + length;
    }
  return FALSE;
}

/* The IEND chunk near the end: libpng would decode a truncated file to an
 * error on stderr and nothing else. */
static gboolean
png_has_end (const Bytes *bytes)
{
  gsize from = bytes->size > 256 ? bytes->size - 256 : 0;

  return memmem (bytes->data + from, bytes->size - from, "IEND", 4) != NULL;
}

static gboolean
parse_png_header (const Bytes *bytes,
                  Header      *header)
{
  if (bytes->size < 24 || memcmp (bytes->data + 12, "IHDR", 4) != 0)
    return FALSE;
  header->width = (int) MIN (read_u32 (bytes->data + 16, FALSE), G_MAXINT);
  header->height = (int) MIN (read_u32 (bytes->data + 20, FALSE), G_MAXINT);
  header->complete = png_has_end (bytes);
  return TRUE;
}

static gboolean
parse_bmp_header (const Bytes *bytes,
                  Header      *header)
{
  gint32 height;

  if (bytes->size < 26)
    return FALSE;
  header->width = (int) read_u32 (bytes->data + 18, TRUE);
  height = (gint32) read_u32 (bytes->data + 22, TRUE);
  header->height = height == G_MININT32 ? G_MAXINT : ABS (height);
  return TRUE;
}

/* The first frame's size from the VP8, VP8L or VP8X chunk that opens a
 * WebP file; the RIFF size says where the file ends. */
static gboolean
parse_webp_header (const Bytes *bytes,
                   Header      *header)
{
  const guint8 *p = bytes->data;

  if (bytes->size < 30)
    return FALSE;
  header->complete = bytes->size >= (gsize) read_u32 (p + 4, TRUE) + 8;
  if (memcmp (p + 12, "VP8 ", 4) == 0)
    {
      if (memcmp (p + 23, "\x9d\x01\x2a", 3) != 0)
        return FALSE;
      header->width = read_u16 (p + 26, TRUE) & 0x3FFF;
      header->height = read_u16 (p + 28, TRUE) & 0x3FFF;
      return TRUE;
    }
  if (memcmp (p + 12, "VP8L", 4) == 0)
    {
      guint32 bits = read_u32 (p + 21, TRUE);

      if (p[20] != 0x2F)
        return FALSE;
      header->width = (int) (bits & 0x3FFF) + 1;
      header->height = (int) ((bits >> 14) & 0x3FFF) + 1;
      return TRUE;
    }
  if (memcmp (p + 12, "VP8X", 4) == 0)
    {
      header->width = (int) (p[24] | p[25] << 8 | p[26] << 16) + 1;
      header->height = (int) (p[27] | p[28] << 8 | p[29] << 16) + 1;
      return TRUE;
    }
  return FALSE;
}

static guint32
tiff_value (const guint8 *entry,
            gboolean      little)
{
  /* A SHORT sits in the first half of the value field, in either order. */
  return read_u16 (entry + 2, little) == 3 ? read_u16 (entry + 8, little)
                                           : read_u32 (entry + 8, little);
}

/* The size of the first image of a TIFF file, from its first directory. */
static gboolean
parse_tiff_header (const Bytes *bytes,
                   Header      *header)
{
  const guint8 *p = bytes->data;
  gboolean little = p[0] == 'I';
  guint32 ifd;
  guint n_entries;

  if (bytes->size < 10)
    return FALSE;
  ifd = read_u32 (p + 4, little);
  if (ifd < 8 || ifd > bytes->size - 2)
    return FALSE;
  n_entries = read_u16 (p + ifd, little);
  header->width = header->height = -1;
  for (guint i = 0; i < n_entries; i++)
    {
      gsize entry = ifd + 2 + (gsize) i * 12;
      guint tag;

      if (entry + 12 > bytes->size)
        return FALSE;
      tag = read_u16 (p + entry, little);
      if (tag == 256)
        header->width = (int) MIN (tiff_value (p + entry, little), G_MAXINT);
      else if (tag == 257)
        header->height = (int) MIN (tiff_value (p + entry, little), G_MAXINT);
    }
  return header->width >= 0 && header->height >= 0;
}

/* Skips blanks and '#' comments, then reads a decimal number. */
static gboolean
pnm_number (const Bytes *bytes,
            gsize       *pos,
            int         *value)
{
  const guint8 *p = bytes->data;
  gint64 n = 0;
  gsize start;

  while (*pos < bytes->size && (g_ascii_isspace (p[*pos]) || p[*pos] == '#'))
    {
      if (p[*pos] == '#')
        while (*pos < bytes->size && p[*pos] != '\n')
          (*pos)++;
      else
        (*pos)++;
    }
  start = *pos;
  while (*pos < bytes->size && g_ascii_isdigit (p[*pos]) && n <= G_MAXINT)
    n = n * 10 + (p[(*pos)++] - '0');
  *value = (int) MIN (n, G_MAXINT);
  return *pos > start;
}

static gboolean
parse_pnm_header (const Bytes *bytes,
                  Header      *header)
{
  gsize pos = 2;

  return pnm_number (bytes, &pos, &header->width) && pnm_number (bytes, &pos, &header->height);
}

/* An ISO base media file whose brand is a HEIF still image: HEIC from a
 * phone's camera, or AVIF. */
static gboolean
is_heif (const Bytes *bytes)
{
  static const char brands[][5] = { "heic", "heix", "heim", "heis", "hevc", "hevx",
                                    "mif1", "msf1", "avif", "avis" };
  const guint8 *p = bytes->data;

  if (bytes->size < 12 || memcmp (p + 4, "ftyp", 4) != 0)
    return FALSE;
  for (gsize i = 0; i < G_N_ELEMENTS (brands); i++)
    if (memcmp (p + 8, brands[i], 4) == 0)
      return TRUE;
  return FALSE;
}

LensImageHeaderStatus
lens_image_header_read (const guint8    *data,
                        gsize            size,
                        LensImageHeader *header)
{
  const Bytes bytes = { data, size };
  const guint8 *p = data;
  gboolean known;

  g_return_val_if_fail (data != NULL || size == 0, LENS_IMAGE_HEADER_UNKNOWN);
  g_return_val_if_fail (header != NULL, LENS_IMAGE_HEADER_UNKNOWN);

  *header = (LensImageHeader) { .complete = TRUE };
  if (size >= 3 && p[0] == 0xFF && p[1] == 0xD8 && p[2] == 0xFF)
    {
      header->format = LENS_IMAGE_FORMAT_JPEG;
      known = parse_jpeg_header (&bytes, header);
    }
  else if (size >= 8 && memcmp (p, "\x89PNG\r\n\x1a\n", 8) == 0)
    {
      header->format = LENS_IMAGE_FORMAT_PNG;
      known = parse_png_header (&bytes, header);
    }
  else if (size >= 2 && p[0] == 'B' && p[1] == 'M')
    {
      header->format = LENS_IMAGE_FORMAT_BMP;
      known = parse_bmp_header (&bytes, header);
    }
  else if (size >= 12 && memcmp (p, "RIFF", 4) == 0 && memcmp (p + 8, "WEBP", 4) == 0)
    {
      header->format = LENS_IMAGE_FORMAT_WEBP;
      known = parse_webp_header (&bytes, header);
    }
  else if (size >= 4 && (memcmp (p, "II*\0", 4) == 0 || memcmp (p, "MM\0*", 4) == 0))
    {
      header->format = LENS_IMAGE_FORMAT_TIFF;
      known = parse_tiff_header (&bytes, header);
    }
  else if (size >= 3 && p[0] == 'P' && p[1] >= '1' && p[1] <= '6' && g_ascii_isspace (p[2]))
    {
      header->format = LENS_IMAGE_FORMAT_PNM;
      known = parse_pnm_header (&bytes, header);
    }
  else if (is_heif (&bytes))
    {
      header->format = LENS_IMAGE_FORMAT_HEIF;
      known = TRUE;
    }
  else
    return LENS_IMAGE_HEADER_UNKNOWN;
  return known ? LENS_IMAGE_HEADER_OK : LENS_IMAGE_HEADER_CORRUPT;
}

gboolean
lens_image_is_known_format (const guint8 *data,
                            gsize         size)
{
  LensImageHeader header;

  return lens_image_header_read (data, size, &header) != LENS_IMAGE_HEADER_UNKNOWN;
}
