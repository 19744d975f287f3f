/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One board, one typeface: the printed digits of a board read jointly. */
#include <string.h>

#include <cairo.h>

#include "lens-test-util.h"
#include "lens-typeface.h"

#define CELL_BYTES (LENS_CELL_PX * LENS_CELL_PX)

/* @digit printed in DejaVu Serif, half a cell high, at (@dx, @dy) from the
 * middle of a 64x64 cell of white paper. */
static void
render_cell (guint   digit,
             double  dx,
             double  dy,
             guint8 *out)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, LENS_CELL_PX, LENS_CELL_PX);
  cairo_t *cr = cairo_create (surface);
  char text[2] = { (char) ('0' + digit), '\0' };
  cairo_text_extents_t ext;
  const guint8 *data;
  int stride;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_select_font_face (cr, "DejaVu Serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, 0.5 * LENS_CELL_PX * 1.35);
  cairo_text_extents (cr, text, &ext);
  cairo_move_to (cr, LENS_CELL_PX / 2.0 + dx - ext.x_bearing - ext.width / 2,
                 LENS_CELL_PX / 2.0 + dy - ext.y_bearing - ext.height / 2);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_show_text (cr, text);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < LENS_CELL_PX; y++)
    for (int x = 0; x < LENS_CELL_PX; x++)
      out[y * LENS_CELL_PX + x] = data[y * stride + x * 4 + 1];
  cairo_surface_destroy (surface);
}

/* A printed cell read as @read with probability @p, the rest on @second. */
static void
set_printed (LensCellRead *cell,
             guint         read,
             float         p,
             guint         second)
{
  memset (cell, 0, sizeof *cell);
  cell->scores[read] = p;
  cell->scores[second] = 1 - p;
  lens_cell_read_update (cell, 0.0f);
}

typedef struct {
  guint8       crops[LENS_GRID_CELLS * CELL_BYTES];
  LensCellRead cells[LENS_GRID_CELLS];
} Board;

/* A board printed in one face whose reader is sure of its 8s, 1s and 4s,
 * and reads every 6 as 8 (the 6 second): cells 0..5 print 8, 9..13 print
 * 6, 18..22 print 1, 27..31 print 4; the others are empty. */
static Board *
make_board (void)
{
  Board *board = g_new0 (Board, 1);
  static const struct { guint first, printed, read; float p; guint second; } runs[] = {
    { 0, 8, 8, 0.999f, 6 },
    { 9, 6, 8, 0.90f, 6 },
    { 18, 1, 1, 0.999f, 7 },
    { 27, 4, 4, 0.999f, 9 },
  };

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      render_cell (0, 0, 0, board->crops + i * CELL_BYTES);
      board->cells[i].scores[0] = 1;
      lens_cell_read_update (&board->cells[i], 0.0f);
    }
  for (guint r = 0; r < G_N_ELEMENTS (runs); r++)
    for (guint k = 0; k < 5 + (r == 0); k++)
      {
        guint i = runs[r].first + k;

        /* Not quite where the others are: no cut centres a digit exactly. */
        render_cell (runs[r].printed, (double) (k % 3) - 1, (double) (k % 2), board->crops + i * CELL_BYTES);
        set_printed (&board->cells[i], runs[r].read, runs[r].p, runs[r].second);
      }
  return board;
}

static void
test_corrects_a_misread_digit (void)
{
  g_autofree Board *board = make_board ();
  gboolean doubt = TRUE;

  g_assert_cmpuint (lens_typeface_vote (board->crops, board->cells, 0.99f, &doubt), ==, 5);
  /* Every other digit read surely: nothing else in doubt. */
  g_assert_false (doubt);
  for (guint i = 9; i < 14; i++)
    {
      g_assert_cmpuint (board->cells[i].digit, ==, 6);
      g_assert_cmpint (board->cells[i].kind, ==, LENS_READ_KIND_PRINTED);
      /* Read jointly, but left in doubt, the reader's own digit second. */
      g_assert_cmpfloat (board->cells[i].confidence, <, lens_engine_get_uncertain_threshold (LENS_ENGINE_BUILTIN));
      g_assert_cmpfloat (board->cells[i].scores[8], >, board->cells[i].scores[1]);
    }
  for (guint i = 0; i < 6; i++)
    g_assert_cmpuint (board->cells[i].digit, ==, 8);
  for (guint i = 18; i < 23; i++)
    g_assert_cmpuint (board->cells[i].digit, ==, 1);
  for (guint i = 27; i < 32; i++)
    g_assert_cmpuint (board->cells[i].digit, ==, 4);
}

static void
test_keeps_sure_readings (void)
{
  g_autofree Board *board = make_board ();

  /* One 6 the reader is sure is an 8 stays an 8, the others change. */
  set_printed (&board->cells[9], 8, 0.995f, 6);
  g_assert_cmpuint (lens_typeface_vote (board->crops, board->cells, 0.99f, NULL), ==, 4);
  g_assert_cmpuint (board->cells[9].digit, ==, 8);
  g_assert_cmpfloat (board->cells[9].confidence, ==, 0.995f);
  for (guint i = 10; i < 14; i++)
    g_assert_cmpuint (board->cells[i].digit, ==, 6);
}

static void
test_doubts_the_rest (void)
{
  g_autofree Board *board = make_board ();
  gboolean doubt = FALSE;

  /* A lone 3 read as 5, unsure: on a board whose 6s the reader took for
   * 8s, its other doubts may be the same misreading, which no group shows. */
  render_cell (3, 0, 0, board->crops + 40 * CELL_BYTES);
  set_printed (&board->cells[40], 5, 0.9f, 3);
  g_assert_cmpuint (lens_typeface_vote (board->crops, board->cells, 0.99f, &doubt), ==, 5);
  g_assert_true (doubt);
  g_assert_cmpuint (board->cells[40].digit, ==, 5);

  /* The same doubt on a board the reader read right is no doubt of the
   * typeface. */
  g_free (board);
  board = make_board ();
  for (guint i = 9; i < 14; i++)
    set_printed (&board->cells[i], 6, 0.999f, 8);
  render_cell (3, 0, 0, board->crops + 40 * CELL_BYTES);
  set_printed (&board->cells[40], 5, 0.9f, 3);
  g_assert_cmpuint (lens_typeface_vote (board->crops, board->cells, 0.99f, &doubt), ==, 0);
  g_assert_false (doubt);
}

static void
test_leaves_handwriting (void)
{
  g_autofree Board *board = make_board ();

  /* A player's digits are no typeface: those cells are not read again. */
  for (guint i = 9; i < 14; i++)
    lens_cell_read_update (&board->cells[i], 0.9f);
  g_assert_cmpuint (lens_typeface_vote (board->crops, board->cells, 0.99f, NULL), ==, 0);
  for (guint i = 9; i < 14; i++)
    {
      g_assert_cmpuint (board->cells[i].digit, ==, 8);
      g_assert_cmpint (board->cells[i].kind, ==, LENS_READ_KIND_HANDWRITTEN);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/typeface/corrects-a-misread-digit", test_corrects_a_misread_digit);
  g_test_add_func ("/typeface/keeps-sure-readings", test_keeps_sure_readings);
  g_test_add_func ("/typeface/doubts-the-rest", test_doubts_the_rest);
  g_test_add_func ("/typeface/leaves-handwriting", test_leaves_handwriting);
  return g_test_run ();
}
