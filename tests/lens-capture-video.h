/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Test videos made at test time: a fixture photo held in front of the
 * camera (sliding in, wobbling, drifting out of focus), written as MJPG. */

#include <cairo.h>
#include <math.h>
#include <string.h>

#include "lens-camera.h"
#include "lens-grid.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (cairo_t, cairo_destroy)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (cairo_surface_t, cairo_surface_destroy)

/* Two printed puzzles from the photo fixtures, read right by the pipeline. */
#define PUZZLE_A "image143"
#define PUZZLE_B "image10"

#define WIDTH 640
#define HEIGHT 480
#define FPS 15.0
#define ENTRY_S 0.6  /* the board slides into place this long */

typedef struct {
  const char *photo;    /* a fixture name, or NULL for a blank sheet */
  double      seconds;
} Segment;

static G_GNUC_UNUSED char *
fixture_path (const char *name,
              const char *suffix)
{
  g_autofree char *file = g_strconcat (name, suffix, NULL);

  return g_test_build_filename (G_TEST_DIST, "data", "capture", file, NULL);
}

static G_GNUC_UNUSED void
load_expected (const char *name,
               LensGrid   *grid)
{
  g_autofree char *path = fixture_path (name, ".dat");
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  guint n = 0;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lens_grid_clear (grid);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 2; lines[i] != NULL && n < LENS_GRID_CELLS; i++)
    for (const char *p = lines[i]; *p != '\0'; p++)
      if (g_ascii_isdigit (*p))
        grid->digits[n++] = (guint8) (*p - '0');
  g_assert_cmpuint (n, ==, LENS_GRID_CELLS);
  lens_grid_mark_givens (grid);
}

/* @name: a fixture, or the path of any photo */
static G_GNUC_UNUSED cairo_surface_t *
load_photo (const char *name)
{
  g_autofree char *path = strchr (name, '/') ? g_strdup (name) : fixture_path (name, ".jpg");
  g_autoptr(GError) error = NULL;
  g_autoptr(LensImage) image = lens_image_load (path, &error);
  g_autoptr(GBytes) bytes = NULL;
  cairo_surface_t *surface;
  const guint8 *rgb;
  guint8 *data;
  int width, height, stride;

  g_assert_no_error (error);
  bytes = lens_image_get_rgb (image, 0, &width, &height);
  rgb = g_bytes_get_data (bytes, NULL);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        const guint8 *p = rgb + 3 * (y * width + x);

        ((guint32 *) (data + y * stride))[x] = (guint32) p[0] << 16 | p[1] << 8 | p[2];
      }
  cairo_surface_mark_dirty (surface);
  return surface;
}

/* A hand holding the page: it slides in, then wobbles and drifts in and
 * out of focus. */
static G_GNUC_UNUSED void
place_page (cairo_t *cr,
            double   t,
            int      width,
            int      height)
{
  double slide = t < ENTRY_S ? 120 * (1 - t / ENTRY_S) : 0;
  double dx = slide + 4 * sin (2 * G_PI * t / 2.5);
  double dy = 3 * cos (2 * G_PI * t / 3.1) - 3;
  double angle = 1.5 * G_PI / 180 * sin (2 * G_PI * t / 2.7);
  double scale = MIN (600.0 / width, 440.0 / height);

  cairo_translate (cr, WIDTH / 2.0 + dx, HEIGHT / 2.0 + dy);
  cairo_rotate (cr, angle);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -width / 2.0, -height / 2.0);
}

static G_GNUC_UNUSED int
blur_radius (double t)
{
  double cycle = fmod (t, 2.0);

  return cycle > 1.2 && cycle < 1.5 ? 2 : cycle > 1.0 && cycle < 1.7 ? 1 : 0;
}

static G_GNUC_UNUSED void
box_blur (guint8 *rgb,
          int     radius)
{
  g_autofree guint8 *copy = g_memdup2 (rgb, WIDTH * HEIGHT * 3);

  for (int pass = 0; pass < 2; pass++)
    {
      int step = pass == 0 ? 3 : 3 * WIDTH, limit = pass == 0 ? WIDTH : HEIGHT;

      for (int y = 0; y < HEIGHT; y++)
        for (int x = 0; x < WIDTH; x++)
          for (int c = 0; c < 3; c++)
            {
              int at = pass == 0 ? x : y, sum = 0, n = 0;
              const guint8 *p = (pass == 0 ? copy : rgb) + 3 * (y * WIDTH + x) + c;

              for (int d = -radius; d <= radius; d++)
                if (at + d >= 0 && at + d < limit)
                  sum += p[d * step], n++;
              (pass == 0 ? rgb : copy)[3 * (y * WIDTH + x) + c] = (guint8) (sum / n);
            }
    }
  memcpy (rgb, copy, WIDTH * HEIGHT * 3);
}

static G_GNUC_UNUSED LensImage *
surface_to_image (cairo_surface_t *surface,
                  int              radius)
{
  g_autofree guint8 *rgb = g_malloc (WIDTH * HEIGHT * 3);
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  cairo_surface_flush (surface);
  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      {
        guint32 pixel = ((const guint32 *) (data + y * stride))[x];
        guint8 *p = rgb + 3 * (y * WIDTH + x);

        p[0] = pixel >> 16, p[1] = pixel >> 8, p[2] = pixel;
      }
  if (radius > 0)
    box_blur (rgb, radius);
  return lens_image_new_from_rgb (rgb, WIDTH, HEIGHT, WIDTH * 3, FALSE);
}

static G_GNUC_UNUSED LensImage *
render_frame (cairo_surface_t *photo,
              double           t)
{
  g_autoptr(cairo_surface_t) surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
  g_autoptr(cairo_t) cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 0.45, 0.35, 0.25);
  cairo_paint (cr);
  if (photo != NULL)
    {
      place_page (cr, t, cairo_image_surface_get_width (photo), cairo_image_surface_get_height (photo));
      cairo_set_source_surface (cr, photo, 0, 0);
      cairo_paint (cr);
    }
  else
    {
      place_page (cr, t, 400, 400);
      cairo_set_source_rgb (cr, 0.95, 0.95, 0.92);
      cairo_rectangle (cr, 50, 50, 300, 300);
      cairo_fill (cr);
    }
  return surface_to_image (surface, blur_radius (t));
}

/* Writes the @segments one after the other into @dir/@name. */
static G_GNUC_UNUSED char *
make_video (const char    *dir,
            const char    *name,
            const Segment *segments,
            guint          n_segments)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LensVideoWriter) writer = NULL;
  char *path = g_build_filename (dir, name, NULL);

  writer = lens_video_writer_new (path, FPS, WIDTH, HEIGHT, &error);
  g_assert_no_error (error);
  for (guint s = 0; s < n_segments; s++)
    {
      g_autoptr(cairo_surface_t) photo = segments[s].photo ? load_photo (segments[s].photo) : NULL;

      for (int i = 0; i < segments[s].seconds * FPS; i++)
        {
          g_autoptr(LensImage) frame = render_frame (photo, i / FPS);

          g_assert_true (lens_video_writer_add (writer, frame, &error));
          g_assert_no_error (error);
        }
    }
  return path;
}

