/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "lens-capture.h"
#include "lens-capture-session.h"
#include "lens-error.h"
#include "lens-grid.h"
#include "lens-capture-video.h"
#include "lens-cli-test.h"
#include "lens-test-util.h"

static char *tmp_dir;

/* A video named @name in tmp_dir: PUZZLE_A for @seconds. */
static char *
puzzle_a_video (const char *name,
                double      seconds)
{
  const Segment segments[] = { { PUZZLE_A, seconds } };

  return make_video (tmp_dir, name, segments, 1);
}

static void
assert_grid_line (const char     *line,
                  const LensGrid *expected)
{
  g_autofree char *wanted = lens_grid_to_line (expected);

  g_assert_cmpstr (line, ==, wanted);
}

static void
test_capture_video (void)
{
  g_autofree char *video = puzzle_a_video ("one.avi", 3);
  g_auto(LensCliRun) run = { 0 };
  g_autoptr(JsonObject) result = NULL;
  JsonObject *detection, *full, *tracked;
  LensGrid expected;

  load_expected (PUZZLE_A, &expected);
  lens_cli_run_status (&run, 0, NULL, "capture", "--json", "--source", video, NULL);
  result = lens_cli_parse_object (run.out);

  assert_grid_line (json_object_get_string_member (result, "grid"), &expected);
  /* not while the page was still sliding into view */
  g_assert_cmpint (json_object_get_int_member (result, "frame"), >=, (gint64) (ENTRY_S * FPS));
  detection = json_object_get_object_member (result, "detection");
  full = json_object_get_object_member (detection, "full");
  tracked = json_object_get_object_member (detection, "tracked");
  g_assert_cmpint (json_object_get_int_member (detection, "frames"), >, json_object_get_int_member (result, "frame"));
  /* every frame is counted once, by the work done on it */
  g_assert_cmpint (json_object_get_int_member (detection, "frames"), ==,
                   json_object_get_int_member (full, "frames") + json_object_get_int_member (tracked, "frames") +
                   json_object_get_int_member (detection, "frames_skipped"));
  /* the board is followed between full searches */
  g_assert_cmpint (json_object_get_int_member (full, "frames"), >, 0);
  g_assert_cmpint (json_object_get_int_member (tracked, "frames"), >, json_object_get_int_member (full, "frames"));
  g_assert_cmpfloat (json_object_get_double_member (full, "median_ms"), >, 0);
  g_assert_cmpfloat (json_object_get_double_member (tracked, "median_ms"), >, 0);
}

static void
test_capture_latest (void)
{
  const Segment segments[] = { { PUZZLE_A, 2.5 }, { PUZZLE_B, 2.5 } };
  g_autofree char *video = make_video (tmp_dir, "two.avi", segments, 2);
  g_auto(LensCliRun) first = { 0 };
  g_auto(LensCliRun) latest = { 0 };
  g_autoptr(JsonObject) result = NULL;
  LensGrid expected_a, expected_b, solution;
  g_autoptr(GError) error = NULL;

  load_expected (PUZZLE_A, &expected_a);
  load_expected (PUZZLE_B, &expected_b);

  lens_cli_run_status (&first, 0, NULL, "capture", "--json", "--source", video, NULL);
  result = lens_cli_parse_object (first.out);
  assert_grid_line (json_object_get_string_member (result, "grid"), &expected_a);

  lens_cli_run_status (&latest, 0, NULL, "capture", "--json", "--latest", "--source", video, NULL);
  g_clear_pointer (&result, json_object_unref);
  result = lens_cli_parse_object (latest.out);
  assert_grid_line (json_object_get_string_member (result, "grid"), &expected_b);
  g_assert_cmpint (json_object_get_int_member (result, "captures"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (result, "frame"), >=, (gint64) (2.5 * FPS));
  g_assert_true (lens_grid_parse (&solution, json_object_get_string_member (result, "solution"), -1, &error));
  g_assert_no_error (error);
  g_assert_true (lens_grid_is_solution_of (&solution, &expected_b));
}

static void
test_capture_no_board (void)
{
  const Segment segments[] = { { NULL, 3 } };
  g_autofree char *video = make_video (tmp_dir, "blank.avi", segments, 1);
  g_auto(LensCliRun) to_end = { 0 };
  g_auto(LensCliRun) timed = { 0 };

  lens_cli_run_status (&to_end, 1, "before the end of the video", "capture", "--source", video, NULL);
  g_assert_cmpstr (to_end.out, ==, "");

  lens_cli_run_status (&timed, 1, "timeout (1 s)", "capture", "--timeout", "1", "--source", video, NULL);
}

static void
test_capture_bad_source (void)
{
  g_autofree char *missing = g_build_filename (tmp_dir, "missing.avi", NULL);
  g_autofree char *text = g_build_filename (tmp_dir, "notes.avi", NULL);
  g_auto(LensCliRun) gone = { 0 };
  g_auto(LensCliRun) not_video = { 0 };
  g_auto(LensCliRun) no_camera = { 0 };
  g_auto(LensCliRun) not_camera = { 0 };

  lens_cli_run_status (&gone, 1, missing, "capture", "--source", missing, NULL);

  g_assert_true (g_file_set_contents (text, "not a video\n", -1, NULL));
  lens_cli_run_status (&not_video, 1, "not a video", "capture", "--source", text, NULL);

  /* a character device that is no camera */
  lens_cli_run_status (&not_camera, 1, "/dev/null is not a camera", "capture", "--source", "/dev/null", NULL);

  if (g_file_test ("/dev/video63", G_FILE_TEST_EXISTS))
    return;
  lens_cli_run_status (&no_camera, 1, "There is no camera /dev/video63", "capture", "--source", "63", NULL);
}

static void
test_camera_reads_every_frame (void)
{
  g_autofree char *video = puzzle_a_video ("short.avi", 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(LensCamera) camera = lens_camera_open (video, &error);
  LensImage *frame;
  double time_ms, last_ms = -1;
  guint n = 0;

  g_assert_no_error (error);
  g_assert_false (lens_camera_is_live (camera));
  g_assert_cmpfloat_with_epsilon (lens_camera_get_fps (camera), FPS, 0.01);
  while ((frame = lens_camera_read (camera, &time_ms, &error)) != NULL)
    {
      g_assert_cmpint (lens_image_get_width (frame), ==, WIDTH);
      g_assert_cmpint (lens_image_get_height (frame), ==, HEIGHT);
      g_assert_cmpfloat (time_ms, >, last_ms);
      last_ms = time_ms;
      lens_image_free (frame);
      n++;
    }
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, (guint) FPS);
  g_assert_cmpfloat_with_epsilon (last_ms, 1000 * (FPS - 1) / FPS, 1);
}

static void
test_camera_default_missing (void)
{
  g_autoptr(GPtrArray) cameras = lens_camera_list ();
  g_autoptr(GError) error = NULL;
  g_autoptr(LensCamera) camera = NULL;

  if (cameras->len > 0)
    {
      g_test_skip ("this machine has a camera");
      return;
    }
  camera = lens_camera_open (NULL, &error);
  g_assert_null (camera);
  g_assert_error (error, LENS_ERROR, LENS_ERROR_CAMERA);
  g_assert_nonnull (strstr (error->message, "No camera"));
}

static void
count_notify_cb (LensCaptureSession *session,
                 gpointer            data)
{
  (*(guint *) data)++;
}

/* A UI that is busy for a while gets the newest frame once, not a queue. */
static void
test_session_drops_frames_while_busy (void)
{
  g_autofree char *video = puzzle_a_video ("busy.avi", 3);
  g_autoptr(GError) error = NULL;
  g_autoptr(LensRecognizer) recognizer = lens_recognizer_new (LENS_ENGINE_DEFAULT, &error);
  g_autoptr(LensCaptureUpdate) update = NULL;
  LensCaptureSession *session;
  LensCamera *camera;
  guint notified = 0;

  g_assert_no_error (error);
  camera = lens_camera_open (video, &error);
  g_assert_no_error (error);
  session = lens_capture_session_start (camera, recognizer, NULL, count_notify_cb, &notified);
  g_usleep (2 * G_USEC_PER_SEC);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (notified, ==, 1);
  update = lens_capture_session_take_update (session);
  g_assert_nonnull (update);
  /* The video plays at its own pace, 15 frames a second: the frames shown
   * since the first were dropped (few on a loaded machine, not none). */
  g_assert_cmpuint (update->info.index, >=, 3);
  g_assert_cmpint (update->width, ==, WIDTH);
  g_assert_cmpuint (g_bytes_get_size (update->rgb), ==, WIDTH * HEIGHT * 3);
  g_assert_null (lens_capture_session_take_update (session));
  lens_capture_session_stop (session);
}

/* Which of the two puzzles a held scan is: 'A', 'B' or '?'. */
static char
which_puzzle (const LensScan *held,
              const LensGrid *a,
              const LensGrid *b)
{
  LensGrid grid;

  lens_scan_to_grid (held, 0.0f, &grid);
  return lens_grid_equal_digits (&grid, a) ? 'A' : lens_grid_equal_digits (&grid, b) ? 'B' : '?';
}

/* The tracker hands out the puzzle it holds (whose solution the live view
 * draws) only while that puzzle is in view: once B replaces A, A is never
 * drawn on a frame of B. */
static void
test_tracker_drops_old_puzzle (void)
{
  const Segment segments[] = { { PUZZLE_A, 3 }, { PUZZLE_B, 4 } };
  const guint cut = (guint) (3 * FPS);
  g_autofree char *video = make_video (tmp_dir, "swap.avi", segments, 2);
  g_autoptr(GError) error = NULL;
  g_autoptr(LensRecognizer) recognizer = lens_recognizer_new (LENS_ENGINE_DEFAULT, &error);
  g_autoptr(LensCamera) camera = NULL;
  g_autoptr(LensCaptureTracker) tracker = NULL;
  LensImage *frame;
  LensGrid a, b;
  guint a_before = 0, a_after = 0, b_after = 0, other = 0;
  double time_ms;

  g_assert_no_error (error);
  camera = lens_camera_open (video, &error);
  g_assert_no_error (error);
  tracker = lens_capture_tracker_new (recognizer);
  load_expected (PUZZLE_A, &a);
  load_expected (PUZZLE_B, &b);
  while ((frame = lens_camera_read (camera, &time_ms, &error)) != NULL)
    {
      g_autoptr(LensImage) image = frame;
      g_autoptr(LensImage) captured = NULL;
      LensCaptureFrame info;
      LensScan held;
      char shown;

      g_assert_true (lens_capture_tracker_push (tracker, image, time_ms, &info, NULL, &error));
      g_assert_no_error (error);
      captured = lens_capture_tracker_take (tracker, NULL, NULL);
      shown = lens_capture_tracker_get_held (tracker, &info, &held) ? which_puzzle (&held, &a, &b) : '-';
      g_test_message ("frame %u: %s, drawing %c", info.index, lens_capture_state_to_string (info.state), shown);
      a_before += info.index < cut && shown == 'A';
      a_after += info.index >= cut && shown == 'A';
      b_after += info.index >= cut && shown == 'B';
      other += shown == '?' || (info.index < cut && shown == 'B');
    }
  g_assert_no_error (error);
  g_assert_cmpuint (a_before, >, 0);
  g_assert_cmpuint (b_after, >, 0);
  g_assert_cmpuint (other, ==, 0);
  g_assert_cmpuint (a_after, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("lens-capture-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/camera/reads-every-frame", test_camera_reads_every_frame);
  g_test_add_func ("/camera/default-missing", test_camera_default_missing);
  g_test_add_func ("/capture/session-drops-frames", test_session_drops_frames_while_busy);
  g_test_add_func ("/capture/tracker-drops-old-puzzle", test_tracker_drops_old_puzzle);
  g_test_add_func ("/capture/video", test_capture_video);
  g_test_add_func ("/capture/latest", test_capture_latest);
  g_test_add_func ("/capture/no-board", test_capture_no_board);
  g_test_add_func ("/capture/bad-source", test_capture_bad_source);
  status = g_test_run ();

  lens_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
