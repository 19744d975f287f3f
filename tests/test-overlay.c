/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "lens-render.h"
#include "lens-solver.h"
#include "lens-vision.h"

/* A board drawn into a "photo" at a known place and angle: the overlay
 * must put digits in the solved ink into exactly the cells the puzzle left empty. */

#define PHOTO_W 640
#define PHOTO_H 520
#define BOARD_PX 360.0

static const char *puzzle_line =
  "...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4...";

typedef struct {
  double   angle;      /* degrees, clockwise, of the board in the photo */
  int      rotation;   /* what a scan reports: the board turned by a right angle */
} Pose;

/* Board coordinates (0..9 cells) to photo pixels. */
static void
board_to_photo (const Pose *pose,
                double      bx,
                double      by,
                double     *px,
                double     *py)
{
  double a = (pose->angle + pose->rotation) * G_PI / 180;
  double x = (bx - 4.5) * BOARD_PX / 9, y = (by - 4.5) * BOARD_PX / 9;

  *px = PHOTO_W / 2.0 + x * cos (a) - y * sin (a);
  *py = PHOTO_H / 2.0 + x * sin (a) + y * cos (a);
}

static LensImage *
draw_photo (const Pose     *pose,
            const LensGrid *puzzle)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, PHOTO_W, PHOTO_H);
  cairo_t *cr = cairo_create (surface);
  g_autofree guint8 *rgb = g_malloc ((gsize) PHOTO_W * PHOTO_H * 3);
  const guint8 *data;
  int stride;
  double x, y;

  cairo_set_source_rgb (cr, 0.85, 0.83, 0.78);
  cairo_paint (cr);
  board_to_photo (pose, 0, 0, &x, &y);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, (pose->angle + pose->rotation) * G_PI / 180);
  lens_render_draw_board (cr, puzzle, 0, 0, BOARD_PX);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int j = 0; j < PHOTO_H; j++)
    for (int i = 0; i < PHOTO_W; i++)
      for (int c = 0; c < 3; c++)
        rgb[(j * PHOTO_W + i) * 3 + c] = data[j * stride + i * 4 + 2 - c];
  cairo_surface_destroy (surface);
  return lens_image_new_from_rgb (rgb, PHOTO_W, PHOTO_H, PHOTO_W * 3, FALSE);
}

static void
fake_scan (const Pose     *pose,
           const LensGrid *puzzle,
           LensScan       *scan)
{
  const double corners[4][2] = { { 0, 0 }, { 9, 0 }, { 9, 9 }, { 0, 9 } };

  memset (scan, 0, sizeof *scan);
  for (guint i = 0; i < 4; i++)
    board_to_photo (pose, corners[i][0], corners[i][1], &scan->corners[i].x, &scan->corners[i].y);
  scan->rotation = (360 - pose->rotation) % 360;
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      scan->cells[i].digit = puzzle->digits[i];
      scan->cells[i].confidence = 1;
      scan->cells[i].scores[puzzle->digits[i]] = 1;
    }
}

/* Pixels of the solved digits' ink (teal: green and blue well above red,
 * unlike the paper's greys and the printed ink) near the centre of board
 * cell @cell. */
static guint
count_solved_ink (GBytes     *rgb,
           const Pose *pose,
           guint       cell)
{
  const guint8 *px = g_bytes_get_data (rgb, NULL);
  guint n = 0;

  for (double v = 0.25; v <= 0.75; v += 0.05)
    for (double u = 0.25; u <= 0.75; u += 0.05)
      {
        double x, y;
        const guint8 *p;

        board_to_photo (pose, lens_cell_col (cell) + u, lens_cell_row (cell) + v, &x, &y);
        p = px + ((int) y * PHOTO_W + (int) x) * 3;
        n += p[1] > p[0] + 50 && p[2] > p[0] + 50;
      }
  return n;
}

static void
test_overlay_pose (gconstpointer data)
{
  const Pose *pose = data;
  LensGrid puzzle, solution;
  LensScan scan;
  g_autoptr(LensImage) photo = NULL;
  g_autoptr(LensImage) overlay = NULL;
  g_autoptr(GBytes) rgb = NULL;
  g_autoptr(GError) error = NULL;
  int width, height;

  g_assert_true (lens_grid_parse (&puzzle, puzzle_line, -1, NULL));
  g_assert_cmpint (lens_solver_solve (&puzzle, &solution), ==, LENS_SOLVE_UNIQUE);
  photo = draw_photo (pose, &puzzle);
  fake_scan (pose, &puzzle, &scan);

  overlay = lens_scan_draw_overlay (photo, &scan, &solution, &error);
  g_assert_no_error (error);
  g_assert_nonnull (overlay);
  rgb = lens_image_get_rgb (overlay, 0, &width, &height);
  g_assert_cmpint (width, ==, PHOTO_W);
  g_assert_cmpint (height, ==, PHOTO_H);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      guint ink = count_solved_ink (rgb, pose, cell);

      if (puzzle.digits[cell] == 0)
        g_assert_cmpuint (ink, >, 8);
      else
        g_assert_cmpuint (ink, ==, 0);
    }
}

/* A solution whose cells carry no flags: the scan's own reading decides
 * which cells were printed. */
static void
test_overlay_plain_solution (void)
{
  static const Pose pose = { 0, 0 };
  LensGrid puzzle, solution;
  LensScan scan;
  g_autoptr(LensImage) photo = NULL;
  g_autoptr(LensImage) overlay = NULL;
  g_autoptr(GBytes) rgb = NULL;

  g_assert_true (lens_grid_parse (&puzzle, puzzle_line, -1, NULL));
  lens_solver_solve (&puzzle, &solution);
  memset (solution.flags, 0, sizeof solution.flags);
  photo = draw_photo (&pose, &puzzle);
  fake_scan (&pose, &puzzle, &scan);
  overlay = lens_scan_draw_overlay (photo, &scan, &solution, NULL);
  rgb = lens_image_get_rgb (overlay, 0, NULL, NULL);
  g_assert_cmpuint (count_solved_ink (rgb, &pose, 0), >, 8);
  g_assert_cmpuint (count_solved_ink (rgb, &pose, 3), ==, 0);
}

/* Digits the player wrote are left alone: one the reader saw (a
 * handwritten reading) and one it missed (read as empty, but the photo
 * shows a digit in the cell); every other empty cell gets its digit. */
static void
test_overlay_leaves_entries (void)
{
  static const Pose pose = { 5, 0 };
  const guint seen = 0, missed = 2;
  LensGrid puzzle, solution, paper;
  LensScan scan;
  g_autoptr(LensImage) photo = NULL;
  guint8 digits[LENS_GRID_CELLS];

  g_assert_true (lens_grid_parse (&puzzle, puzzle_line, -1, NULL));
  g_assert_cmpint (lens_solver_solve (&puzzle, &solution), ==, LENS_SOLVE_UNIQUE);
  paper = puzzle;
  paper.digits[seen] = solution.digits[seen];
  paper.digits[missed] = solution.digits[missed];
  photo = draw_photo (&pose, &paper);
  fake_scan (&pose, &puzzle, &scan);
  scan.cells[seen].digit = solution.digits[seen];
  scan.cells[seen].kind = LENS_READ_KIND_HANDWRITTEN;

  lens_scan_overlay_digits (photo, &scan, &solution, digits);
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    if (cell == seen || cell == missed || puzzle.digits[cell] != 0)
      g_assert_cmpuint (digits[cell], ==, 0);
    else
      g_assert_cmpuint (digits[cell], ==, solution.digits[cell]);
  /* without the photo only the reading tells */
  lens_scan_overlay_digits (NULL, &scan, &solution, digits);
  g_assert_cmpuint (digits[seen], ==, 0);
  g_assert_cmpuint (digits[missed], ==, solution.digits[missed]);
}

int
main (int    argc,
      char **argv)
{
  static const Pose straight = { 0, 0 }, tilted = { 12, 0 }, turned = { -7, 90 }, upside = { 3, 180 };

  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/overlay/straight", &straight, test_overlay_pose);
  g_test_add_data_func ("/overlay/tilted", &tilted, test_overlay_pose);
  g_test_add_data_func ("/overlay/turned", &turned, test_overlay_pose);
  g_test_add_data_func ("/overlay/upside-down", &upside, test_overlay_pose);
  g_test_add_func ("/overlay/plain-solution", test_overlay_plain_solution);
  g_test_add_func ("/overlay/leaves-entries", test_overlay_leaves_entries);
  return g_test_run ();
}
