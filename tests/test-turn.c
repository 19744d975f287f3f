/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Turn Board: the board read again a quarter turned clockwise, with
 * Ctrl+Shift+R, and Ctrl+Z taking it back. */
#include <adwaita.h>
#include <string.h>

#include "lens-application.h"
#include "lens-gui-test.h"
#include "lens-pipeline.h"
#include "lens-test-util.h"
#define LENS_TEST_WINDOW_FIXTURE
#include "lens-window-test.h"

/* The givens of data/photos/image1.jpg, which data/turned/image1-side.jpg
 * holds on its side: turned a quarter clockwise, no EXIF tag. */
static const char *givens =
  "...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4...";

static char *
side_photo_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "data", "turned", "image1-side.jpg", NULL);
}

static gboolean
grid_is_givens (LensDocument *doc)
{
  LensGrid want;

  g_assert_true (lens_grid_parse (&want, givens, -1, NULL));
  return memcmp (lens_document_get_grid (doc)->digits, want.digits, sizeof want.digits) == 0;
}

static int
shown_rotation (LensWindow *window)
{
  return lens_photo_view_get_rotation (LENS_TEST_PART (window, LensPhotoView, "photo_view"));
}

/* The board of the side photo read upside down, as a reader unsure of
 * the turn might read it. */
static void
read_upside_down (LensDocument *doc,
                  LensGrid     *grid)
{
  g_autofree char *path = side_photo_path ();
  g_autoptr(GError) error = NULL;
  LensImage *image = lens_image_load (path, &error);
  LensRecognizer *recognizer = lens_recognizer_new (LENS_ENGINE_DEFAULT, &error);
  LensScanOptions options = LENS_SCAN_OPTIONS_INIT;
  LensScan scan;

  g_assert_no_error (error);
  options.rotation = 180;
  g_assert_true (lens_pipeline_read_image (recognizer, image, &options, &scan, grid, &error));
  g_assert_no_error (error);
  g_assert_cmpint (scan.rotation, ==, 180);
  g_assert_cmpfloat (scan.rotation_margin, ==, G_MAXFLOAT);
  lens_document_reread (doc, &scan, grid);
  lens_recognizer_free (recognizer);
  lens_image_free (image);
}

static void
test_turn_and_undo (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *path = side_photo_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  LensDocument *doc = lens_window_get_document (f->window);
  GtkWidget *grid_view = GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view"));
  LensGrid upside_down;

  /* the reader finds the turn of a board on its side by itself */
  lens_window_open_file (f->window, file);
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_document_get_scan (doc)->rotation, ==, 270);
  g_assert_true (lens_document_get_scan (doc)->rotation_margin >= LENS_SURE_ROTATION_MARGIN);
  g_assert_true (grid_is_givens (doc));
  g_assert_false (lens_document_can_undo (doc));

  read_upside_down (doc, &upside_down);
  lens_test_wait_settled (f->window);
  g_assert_false (grid_is_givens (doc));
  g_assert_cmpint (shown_rotation (f->window), ==, 180);

  /* a quarter clockwise from upside down is upright */
  lens_test_press_key (grid_view, GDK_KEY_r, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_document_get_scan (doc)->rotation, ==, 270);
  g_assert_cmpint (shown_rotation (f->window), ==, 270);
  g_assert_true (grid_is_givens (doc));

  /* Ctrl+Z brings back the reading before the turn, the photo turned with it */
  lens_test_press_key (grid_view, GDK_KEY_z, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_document_get_scan (doc)->rotation, ==, 180);
  g_assert_cmpint (shown_rotation (f->window), ==, 180);
  g_assert_cmpmem (lens_document_get_grid (doc)->digits, LENS_GRID_CELLS, upside_down.digits, LENS_GRID_CELLS);
  lens_test_press_key (grid_view, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  lens_test_wait_settled (f->window);
  g_assert_true (grid_is_givens (doc));

  /* four quarters go round */
  for (guint i = 0; i < 4; i++)
    {
      lens_test_press_key (grid_view, GDK_KEY_r, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
      lens_test_wait_settled (f->window);
      g_assert_cmpint (lens_document_get_scan (doc)->rotation, ==, (270 + 90 * (i + 1)) % 360);
      g_assert_true (grid_is_givens (doc) == (i == 3));
    }
}

/* With no photo there is nothing to turn. */
static void
test_no_photo (Fixture       *f,
               gconstpointer  data)
{
  lens_test_load_puzzle (f->window, givens);
  lens_test_wait_settled (f->window);
  lens_test_press_key (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")), GDK_KEY_r,
                       GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_false (lens_window_is_busy (f->window));
  g_assert_false (lens_document_can_undo (lens_window_get_document (f->window)));
}

static void
add_tests (void)
{
  add ("/turn/turn-and-undo", test_turn_and_undo);
  add ("/turn/no-photo", test_no_photo);
}
