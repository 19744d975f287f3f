/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <unistd.h>

#include "lens-application.h"
#include "lens-capture-page.h"
#include "lens-capture-video.h"
#include "lens-cell-style.h"
#include "lens-gui-test.h"
#include "lens-solver.h"
#include "lens-test-util.h"
#include "lens-window-test.h"

static GApplication *app;
static char *tmp_dir;
static char *data_dir;

static gboolean
outline_shown (gpointer data)
{
  LensPoint corners[4];

  return lens_capture_page_get_outline (data, corners);
}

static gboolean
left_capture_page (gpointer data)
{
  LensWindow *window = data;

  return !g_str_equal (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), "capture") &&
         !lens_window_is_busy (window);
}

static gboolean
photo_shown (gpointer data)
{
  LensWindow *window = data;

  return lens_photo_view_get_texture (LENS_TEST_PART (window, LensPhotoView, "photo_view")) != NULL;
}

static gboolean
solution_shown (gpointer data)
{
  LensGrid solution;

  return lens_capture_page_get_solution (data, &solution);
}

static double
quad_area (const LensPoint corners[4])
{
  double twice = 0;

  for (int i = 0; i < 4; i++)
    twice += corners[i].x * corners[(i + 1) % 4].y - corners[(i + 1) % 4].x * corners[i].y;
  return fabs (twice) / 2;
}

static void
assert_outline_on_board (LensCapturePage *page)
{
  GdkTexture *frame = lens_capture_page_get_frame (page);
  LensPoint corners[4];

  g_assert_nonnull (frame);
  g_assert_cmpint (gdk_texture_get_width (frame), ==, WIDTH);
  g_assert_cmpint (gdk_texture_get_height (frame), ==, HEIGHT);
  g_assert_true (lens_capture_page_get_outline (page, corners));
  for (int i = 0; i < 4; i++)
    {
      g_assert_cmpfloat (corners[i].x, >=, -2);
      g_assert_cmpfloat (corners[i].x, <=, WIDTH + 2);
      g_assert_cmpfloat (corners[i].y, >=, -2);
      g_assert_cmpfloat (corners[i].y, <=, HEIGHT + 2);
    }
  /* the board fills most of the page, which fills most of the frame */
  g_assert_cmpfloat (quad_area (corners), >, 0.3 * WIDTH * HEIGHT);
}

/* A new window showing the camera's page on a video, @name, of the @n
 * @segments: the window, and the page in *@page. */
static LensWindow *
open_capture (const char    *name,
              const Segment *segments,
              guint          n,
              GtkWidget    **page)
{
  g_autofree char *video = make_video (tmp_dir, name, segments, n);
  LensWindow *window = lens_test_open_window_sized (app, 900, 700);

  *page = lens_window_show_capture (window, video);
  return window;
}

/* open_capture() of a video of puzzle A alone, 4 seconds, and the puzzle
 * it shows in @expected. */
static LensWindow *
open_capture_of_a (const char  *name,
                   GtkWidget  **page,
                   LensGrid    *expected)
{
  const Segment segments[] = { { PUZZLE_A, 4 } };

  load_expected (PUZZLE_A, expected);
  return open_capture (name, segments, 1, page);
}

static void
test_auto_capture_opens_check_view (void)
{
  GtkWidget *page;
  LensGrid expected;
  LensWindow *window = open_capture_of_a ("auto.avi", &page, &expected);
  LensDocument *document = lens_window_get_document (window);

  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), ==, "capture");
  g_assert_true (lens_test_wait (outline_shown, page, 10000));
  assert_outline_on_board (LENS_CAPTURE_PAGE (page));

  g_assert_true (lens_test_wait (left_capture_page, window, 30000));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), ==, "board");
  g_assert_cmpint (lens_document_get_state (document), ==, LENS_DOCUMENT_CHECK);
  g_assert_true (lens_grid_equal_digits (lens_document_get_grid (document), &expected));
  /* the captured frame shows beside the grid, with its outline */
  g_assert_true (lens_test_wait (photo_shown, window, 10000));
  g_assert_true (lens_photo_view_get_corners (LENS_TEST_PART (window, LensPhotoView, "photo_view"), (LensPoint[4]) { 0 }));
  lens_test_close_window (window);
}

static void
test_space_captures_at_once (void)
{
  GtkWidget *page;
  LensGrid expected;
  LensWindow *window = open_capture_of_a ("space.avi", &page, &expected);
  LensDocument *document = lens_window_get_document (window);

  g_assert_true (lens_test_wait (outline_shown, page, 10000));
  /* the page is still sliding in: too early for an automatic capture */
  g_assert_cmpint (lens_capture_page_get_state (LENS_CAPTURE_PAGE (page)), ==, LENS_CAPTURE_MOVING);
  lens_test_press_key (page, GDK_KEY_space, 0);
  g_assert_true (lens_test_wait (left_capture_page, window, 30000));
  g_assert_cmpint (lens_document_get_state (document), ==, LENS_DOCUMENT_CHECK);
  g_assert_true (lens_grid_equal_digits (lens_document_get_grid (document), &expected));
  lens_test_close_window (window);
}

static LensImage *
texture_to_image (GdkTexture *texture)
{
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  g_autofree guint8 *bgra = g_malloc ((gsize) width * height * 4);
  g_autofree guint8 *rgb = g_malloc ((gsize) width * height * 3);

  gdk_texture_download (texture, bgra, (gsize) width * 4);
  for (int i = 0; i < width * height; i++)
    {
      rgb[3 * i] = bgra[4 * i + 2];
      rgb[3 * i + 1] = bgra[4 * i + 1];
      rgb[3 * i + 2] = bgra[4 * i];
    }
  return lens_image_new_from_rgb (rgb, width, height, (gsize) width * 3, FALSE);
}

/* Pixels that drawing @solution over @frame once more would change: none
 * to speak of when the frame already shows those digits in those cells.
 * The overlay leaves alone a cell that shows a stroke, so the drawing is
 * made on a white page and laid over the frame here as the overlay blends
 * it (its cover read from the white page's red channel). */
static guint
count_redraw_changes (const LensImage *frame,
                      const LensPoint  corners[4],
                      const LensGrid  *puzzle,
                      const LensGrid  *solution)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LensImage) page = NULL, drawn = NULL;
  g_autoptr(GBytes) before = NULL, after = NULL;
  g_autofree guint8 *white = NULL;
  guint32 ink = lens_cell_style_get (LENS_CELL_ROLE_SOLVED)->ink[LENS_CELL_SCHEME_LIGHT];
  const guint8 rgb_ink[3] = { (ink >> 16) & 0xff, (ink >> 8) & 0xff, ink & 0xff };
  const guint8 *a, *b;
  LensScan scan = { 0 };
  int width, height;
  guint changed = 0;

  memcpy (scan.corners, corners, sizeof scan.corners);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    scan.cells[i].digit = puzzle->digits[i];
  before = lens_image_get_rgb (frame, 0, &width, &height);
  white = g_malloc ((gsize) width * height * 3);
  memset (white, 255, (gsize) width * height * 3);
  page = lens_image_new_from_rgb (white, width, height, (gsize) width * 3, FALSE);
  drawn = lens_scan_draw_overlay (page, &scan, solution, &error);
  g_assert_no_error (error);
  after = lens_image_get_rgb (drawn, 0, &width, &height);
  a = g_bytes_get_data (before, NULL);
  b = g_bytes_get_data (after, NULL);
  for (int i = 0; i < width * height; i++)
    {
      double cover = (255.0 - b[3 * i]) / (255.0 - rgb_ink[0]);

      for (int c = 0; c < 3; c++)
        if (fabs (a[3 * i + c] * (1 - cover) + rgb_ink[c] * cover - a[3 * i + c]) > 60)
          {
            changed++;
            break;
          }
    }
  return changed;
}

static void
assert_solution_drawn (LensCapturePage *page,
                       const LensGrid  *puzzle,
                       const LensGrid  *solution)
{
  g_autoptr(LensImage) frame = texture_to_image (lens_capture_page_get_frame (page));
  LensGrid wrong = *solution;
  LensPoint corners[4];
  guint right_changes, wrong_changes;

  g_assert_true (lens_capture_page_get_outline (page, corners));
  /* one empty cell given another digit */
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (puzzle->digits[i] == 0)
      {
        wrong.digits[i] = wrong.digits[i] % 9 + 1;
        break;
      }
  right_changes = count_redraw_changes (frame, corners, puzzle, solution);
  wrong_changes = count_redraw_changes (frame, corners, puzzle, &wrong);
  g_test_message ("redrawing changes %u pixels, %u with one digit wrong", right_changes, wrong_changes);
  g_assert_cmpuint (right_changes, <, 40);
  g_assert_cmpuint (wrong_changes, >, 3 * right_changes + 40);
}

static void
test_live_solution_follows_the_paper (void)
{
  const Segment segments[] = { { PUZZLE_B, 6 } };
  GtkWidget *page;
  LensWindow *window = open_capture ("live.avi", segments, 1, &page);
  LensGrid puzzle, solution, shown;
  LensPoint first[4], later[4];

  load_expected (PUZZLE_B, &puzzle);
  g_assert_cmpint (lens_solver_solve (&puzzle, &solution), ==, LENS_SOLVE_UNIQUE);
  lens_capture_page_set_live_solution (LENS_CAPTURE_PAGE (page), TRUE);

  g_assert_true (lens_test_wait (solution_shown, page, 30000));
  g_assert_true (lens_capture_page_get_solution (LENS_CAPTURE_PAGE (page), &shown));
  g_assert_true (lens_grid_equal_digits (&shown, &solution));
  assert_solution_drawn (LENS_CAPTURE_PAGE (page), &puzzle, &solution);

  /* the page stays live, and the drawing moves with the paper */
  g_assert_true (lens_capture_page_get_outline (LENS_CAPTURE_PAGE (page), first));
  lens_test_spin (700);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), ==, "capture");
  g_assert_true (lens_test_wait (solution_shown, page, 5000));
  g_assert_true (lens_capture_page_get_outline (LENS_CAPTURE_PAGE (page), later));
  g_assert_cmpfloat (fabs (first[0].x - later[0].x) + fabs (first[0].y - later[0].y), >, 0.5);
  assert_solution_drawn (LENS_CAPTURE_PAGE (page), &puzzle, &solution);
  lens_test_close_window (window);
}

typedef struct {
  LensCapturePage *page;
  const LensGrid  *solution;
  const LensGrid  *old_solution;  /* of the puzzle shown before the cut */
  guint            cut;           /* the frame where the new puzzle comes */
  guint            last_index;
  guint            new_frames;    /* of the new puzzle seen, solved or not */
  guint            old_on_new;    /* of those, with the old solution drawn */
} ShownSolution;

/* Watches every frame shown on the way. */
static gboolean
solution_shown_is (gpointer data)
{
  ShownSolution *wanted = data;
  guint index = lens_capture_page_get_frame_index (wanted->page);
  gboolean solved;
  LensGrid shown;

  if (lens_capture_page_get_frame (wanted->page) == NULL)
    return FALSE;
  solved = lens_capture_page_get_solution (wanted->page, &shown);
  if (index != wanted->last_index && index >= wanted->cut)
    {
      wanted->new_frames++;
      wanted->old_on_new += solved && lens_grid_equal_digits (&shown, wanted->old_solution);
    }
  wanted->last_index = index;
  return solved && lens_grid_equal_digits (&shown, wanted->solution);
}

/* Watches on until two seconds into the new puzzle. */
static gboolean
past_the_cut (gpointer data)
{
  ShownSolution *wanted = data;

  solution_shown_is (wanted);
  return wanted->last_index >= wanted->cut + 2 * FPS;
}

static void
test_live_solution_changes_with_the_puzzle (void)
{
  const Segment segments[] = { { PUZZLE_A, 3 }, { PUZZLE_B, 4 } };
  GtkWidget *page;
  LensWindow *window = open_capture ("two-live.avi", segments, 2, &page);
  LensGrid puzzle_a, puzzle_b, solution_a, solution_b;
  ShownSolution first = { LENS_CAPTURE_PAGE (page), &solution_a, &solution_b, G_MAXUINT, 0, 0, 0 };
  ShownSolution second = { LENS_CAPTURE_PAGE (page), &solution_b, &solution_a, (guint) (3 * FPS), 0, 0, 0 };

  load_expected (PUZZLE_A, &puzzle_a);
  load_expected (PUZZLE_B, &puzzle_b);
  g_assert_cmpint (lens_solver_solve (&puzzle_a, &solution_a), ==, LENS_SOLVE_UNIQUE);
  g_assert_cmpint (lens_solver_solve (&puzzle_b, &solution_b), ==, LENS_SOLVE_UNIQUE);
  lens_capture_page_set_live_solution (LENS_CAPTURE_PAGE (page), TRUE);

  g_assert_true (lens_test_wait (solution_shown_is, &first, 30000));
  g_assert_cmpuint (lens_capture_page_get_frame_index (LENS_CAPTURE_PAGE (page)), <, second.cut);
  g_assert_true (lens_test_wait (solution_shown_is, &second, 30000));
  assert_solution_drawn (LENS_CAPTURE_PAGE (page), &puzzle_b, &solution_b);
  g_assert_true (lens_test_wait (past_the_cut, &second, 10000));
  g_test_message ("%u frames of the second puzzle seen", second.new_frames);
  g_assert_cmpuint (second.new_frames, >, FPS);
  /* not one of them with the first puzzle's solution */
  g_assert_cmpuint (second.old_on_new, ==, 0);
  lens_test_close_window (window);
}

static gboolean
photo_read (gpointer data)
{
  LensWindow *window = data;

  return left_capture_page (window) && lens_document_get_state (lens_window_get_document (window)) != LENS_DOCUMENT_EMPTY;
}

/* A photo opened while the camera runs stops it: no capture comes later
 * to replace the photo the user chose. */
static void
test_open_photo_stops_camera (void)
{
  const Segment segments[] = { { PUZZLE_A, 4 } };
  g_autofree char *video = make_video (tmp_dir, "replaced.avi", segments, 1);
  g_autofree char *photo = fixture_path (PUZZLE_B, ".jpg");
  g_autoptr(GFile) file = g_file_new_for_path (photo);
  LensWindow *window = lens_test_open_window_sized (app, 900, 700);
  GtkWidget *page = g_object_ref (lens_window_show_capture (window, video));
  LensDocument *document = lens_window_get_document (window);
  GdkTexture *last_frame;
  LensGrid expected;

  load_expected (PUZZLE_B, &expected);
  g_assert_true (lens_test_wait (outline_shown, page, 10000));
  lens_window_open_file (window, file);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), !=, "capture");
  last_frame = lens_capture_page_get_frame (LENS_CAPTURE_PAGE (page));

  g_assert_true (lens_test_wait (photo_read, window, 30000));
  /* longer than the video needs for an auto-capture */
  lens_test_spin (4000);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), ==, "board");
  g_assert_cmpstr (lens_document_get_photo_path (document), ==, photo);
  g_assert_true (lens_grid_equal_digits (lens_document_get_grid (document), &expected));
  /* the camera stopped there and then, and its page went */
  g_assert_true (lens_capture_page_get_frame (LENS_CAPTURE_PAGE (page)) == last_frame);
  g_assert_null (gtk_widget_get_parent (page));
  g_assert_finalize_object (page);
  lens_test_close_window (window);
}

static gboolean
far_into_video (gpointer data)
{
  return lens_capture_page_get_frame_index (data) >= 1.5 * FPS;
}

/* Each time the page shows, the camera starts afresh. */
static void
test_capture_restarts_when_shown_again (void)
{
  const Segment segments[] = { { PUZZLE_A, 4 } };
  g_autofree char *video = make_video (tmp_dir, "again.avi", segments, 1);
  LensWindow *window = lens_test_open_window_sized (app, 900, 700);
  GtkWidget *page = lens_window_show_capture (window, video);

  /* no capture to end the preview meanwhile */
  lens_capture_page_set_live_solution (LENS_CAPTURE_PAGE (page), TRUE);
  g_assert_true (lens_test_wait (far_into_video, page, 10000));
  lens_test_press_key (page, GDK_KEY_Escape, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), ==, "empty");

  page = lens_window_show_capture (window, video);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), ==, "capture");
  g_assert_null (lens_capture_page_get_frame (LENS_CAPTURE_PAGE (page)));
  g_assert_true (lens_test_wait (outline_shown, page, 10000));
  /* from the start of the video again */
  g_assert_cmpuint (lens_capture_page_get_frame_index (LENS_CAPTURE_PAGE (page)), <, 1.5 * FPS);
  lens_test_close_window (window);
}

static gboolean
problem_shown (gpointer data)
{
  return lens_capture_page_get_problem (data) != NULL;
}

static void
test_no_camera_offers_a_photo (void)
{
  g_autoptr(GPtrArray) cameras = lens_camera_list ();
  LensWindow *window;
  GtkWidget *page;

  if (cameras->len > 0)
    {
      g_test_skip ("this machine has a camera");
      return;
    }
  window = lens_test_open_window_sized (app, 900, 700);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), ==, "empty");
  lens_test_press_key (GTK_WIDGET (window), GDK_KEY_o, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), ==, "capture");
  page = gtk_stack_get_visible_child (LENS_TEST_PART (window, GtkStack, "stack"));
  g_assert_true (lens_test_wait (problem_shown, page, 5000));
  g_assert_cmpstr (lens_capture_page_get_problem (LENS_CAPTURE_PAGE (page)), ==, "No camera was found");
  g_assert_true (lens_test_find_label (page, "No camera was found"));
  g_assert_true (lens_test_find_label (page, "Open a Photo"));

  lens_test_press_key (page, GDK_KEY_Escape, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack")), ==, "empty");
  lens_test_close_window (window);
}

static void
test_unreadable_source_shows_problem (void)
{
  g_autofree char *missing = g_build_filename (tmp_dir, "gone.avi", NULL);
  GtkWidget *page = lens_capture_page_new (lens_application_get_reader (LENS_APPLICATION (app)));
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  lens_capture_page_start (LENS_CAPTURE_PAGE (page), missing);
  g_assert_true (lens_test_wait (problem_shown, page, 5000));
  g_assert_nonnull (lens_capture_page_get_problem (LENS_CAPTURE_PAGE (page)));
  g_assert_nonnull (strstr (lens_capture_page_get_problem (LENS_CAPTURE_PAGE (page)), missing));
  g_assert_false (lens_capture_page_get_outline (LENS_CAPTURE_PAGE (page), (LensPoint[4]) { 0 }));
  g_assert_false (lens_test_find_label (page, "Tried again"));

  /* Try Again says it tried, each time, though it fails as fast */
  for (guint tries = 1; tries <= 2; tries++)
    {
      g_autofree char *said = g_strdup_printf ("Tried again %u time", tries);
      GtkWidget *retry;

      lens_test_spin (200);
      retry = lens_test_find_button (page, "_Try Again");
      g_assert_nonnull (retry);
      lens_test_click (retry, gtk_widget_get_width (retry) / 2.0, gtk_widget_get_height (retry) / 2.0);
      g_assert_true (lens_test_wait (problem_shown, page, 5000));
      lens_test_spin (200);
      g_assert_true (lens_test_find_label (page, said));
      g_assert_true (lens_test_find_label (page, missing));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
frame_shown (gpointer data)
{
  return lens_capture_page_get_frame (data) != NULL && lens_capture_page_get_problem (data) == NULL;
}

/* When the first camera fails, the problem page offers the others. The
 * "cameras" are links in a device folder: one to nothing, one to a video. */
static void
test_problem_page_switches_camera (void)
{
  const Segment segments[] = { { PUZZLE_A, 2 } };
  g_autofree char *video = make_video (tmp_dir, "second-camera.avi", segments, 1);
  g_autofree char *dev = g_build_filename (tmp_dir, "dev", NULL);
  g_autofree char *broken = g_build_filename (dev, "video0", NULL);
  g_autofree char *working = g_build_filename (dev, "video2", NULL);
  g_autofree char *gone = g_build_filename (tmp_dir, "unplugged", NULL);
  GtkWidget *page = lens_capture_page_new (lens_application_get_reader (LENS_APPLICATION (app)));
  GtkWidget *window = gtk_window_new ();
  GtkDropDown *choice;

  g_assert_cmpint (g_mkdir_with_parents (dev, 0700), ==, 0);
  g_assert_cmpint (symlink (gone, broken), ==, 0);
  g_assert_cmpint (symlink (video, working), ==, 0);
  g_setenv ("SUDOKU_LENS_DEVICE_DIR", dev, TRUE);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  lens_capture_page_start (LENS_CAPTURE_PAGE (page), NULL);
  g_assert_true (lens_test_wait (problem_shown, page, 5000));
  g_assert_nonnull (strstr (lens_capture_page_get_problem (LENS_CAPTURE_PAGE (page)), broken));

  choice = GTK_DROP_DOWN (gtk_widget_get_template_child (page, LENS_TYPE_CAPTURE_PAGE, "problem_camera_list"));
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (choice)));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (choice)), ==, 2);
  g_assert_cmpuint (gtk_drop_down_get_selected (choice), ==, 0);
  gtk_drop_down_set_selected (choice, 1);
  g_assert_true (lens_test_wait (frame_shown, page, 10000));

  g_unsetenv ("SUDOKU_LENS_DEVICE_DIR");
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (broken);
  g_unlink (working);
  g_rmdir (dev);
}

/* With a single source there is nothing to switch to. */
static void
test_problem_page_single_source (void)
{
  g_autofree char *missing = g_build_filename (tmp_dir, "missing.avi", NULL);
  GtkWidget *page = lens_capture_page_new (lens_application_get_reader (LENS_APPLICATION (app)));
  GtkWidget *window = gtk_window_new ();
  g_autoptr(GPtrArray) cameras = lens_camera_list ();

  if (cameras->len > 0)
    {
      g_test_skip ("this machine has a camera");
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  lens_capture_page_start (LENS_CAPTURE_PAGE (page), missing);
  g_assert_true (lens_test_wait (problem_shown, page, 5000));
  g_assert_false (gtk_widget_is_visible (GTK_WIDGET (gtk_widget_get_template_child (page, LENS_TYPE_CAPTURE_PAGE,
                                                                                   "problem_camera_list"))));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The camera's page hides the board: Solve, Hint and Play are off there,
 * their keys do nothing, and all come back with the board. */
static void
test_board_commands_off_on_camera_page (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", "sample.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  LensWindow *window = lens_test_open_window_sized (app, 900, 700);
  LensDocument *document = lens_window_get_document (window);
  const char * const buttons[] = { "solve_button", "hint_button", "play_button" };
  GtkStack *stack = LENS_TEST_PART (window, GtkStack, "stack");
  guint revision;

  lens_window_open_file (window, file);
  lens_test_wait_settled (window);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "board");
  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    g_assert_true (gtk_widget_is_sensitive (LENS_TEST_PART (window, GtkWidget, buttons[i])));
  revision = lens_document_get_revision (document);

  lens_test_press_key (GTK_WIDGET (window), GDK_KEY_o, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "capture");
  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    g_assert_false (gtk_widget_is_sensitive (LENS_TEST_PART (window, GtkWidget, buttons[i])));
  /* Solve, Hint and Play by their keys */
  lens_test_press_key (GTK_WIDGET (window), GDK_KEY_Return, GDK_CONTROL_MASK);
  lens_test_press_key (GTK_WIDGET (window), GDK_KEY_h, GDK_CONTROL_MASK);
  lens_test_press_key (GTK_WIDGET (window), GDK_KEY_p, GDK_CONTROL_MASK);
  lens_test_spin (200);
  g_assert_false (lens_window_is_busy (window));
  g_assert_null (lens_document_get_result (document));
  g_assert_false (lens_document_get_playing (document));
  g_assert_cmpuint (lens_document_get_revision (document), ==, revision);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "capture");

  lens_test_press_key (gtk_stack_get_visible_child (stack), GDK_KEY_Escape, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "board");
  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    g_assert_true (gtk_widget_is_sensitive (LENS_TEST_PART (window, GtkWidget, buttons[i])));
  lens_test_close_window (window);
}

/* The photo closed while the camera shows: leaving the camera shows the
 * empty window, not the board that was there before. */
static void
test_close_photo_on_camera_page (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", "sample.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  LensWindow *window = lens_test_open_window_sized (app, 900, 700);
  GtkStack *stack = LENS_TEST_PART (window, GtkStack, "stack");
  GtkWidget *page;

  lens_window_open_file (window, file);
  lens_test_wait_settled (window);
  lens_test_press_key (GTK_WIDGET (window), GDK_KEY_o, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "capture");
  page = g_object_ref (gtk_stack_get_visible_child (stack));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-photo", NULL);
  gtk_widget_activate_action (page, "capture.close", NULL);
  lens_test_spin (300);
  g_assert_cmpint (lens_document_get_state (lens_window_get_document (window)), ==, LENS_DOCUMENT_EMPTY);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");
  g_object_unref (page);
  lens_test_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  int status;

  tmp_dir = g_dir_make_tmp ("lens-capture-page-XXXXXX", NULL);
  g_setenv ("XDG_CACHE_HOME", tmp_dir, TRUE);
  /* frames arrive 15 times a second: lens_test_start_app keeps drawing
   * them cheap under Xvfb (GSK_RENDERER) */
  app = lens_test_start_app (&argc, &argv, &data_dir);

  g_test_add_func ("/capture-page/board-commands-off", test_board_commands_off_on_camera_page);
  g_test_add_func ("/capture-page/auto-capture", test_auto_capture_opens_check_view);
  g_test_add_func ("/capture-page/space-captures", test_space_captures_at_once);
  g_test_add_func ("/capture-page/live-solution", test_live_solution_follows_the_paper);
  g_test_add_func ("/capture-page/live-solution-changes", test_live_solution_changes_with_the_puzzle);
  g_test_add_func ("/capture-page/open-photo-stops-camera", test_open_photo_stops_camera);
  g_test_add_func ("/capture-page/restarts", test_capture_restarts_when_shown_again);
  g_test_add_func ("/capture-page/no-camera", test_no_camera_offers_a_photo);
  g_test_add_func ("/capture-page/unreadable-source", test_unreadable_source_shows_problem);
  g_test_add_func ("/capture-page/problem-switches-camera", test_problem_page_switches_camera);
  g_test_add_func ("/capture-page/problem-single-source", test_problem_page_single_source);
  g_test_add_func ("/capture-page/close-photo-on-camera-page", test_close_photo_on_camera_page);
  status = lens_test_run_app (app, data_dir);
  lens_test_remove_tree (tmp_dir);
  return status;
}
