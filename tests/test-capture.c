/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/wait.h>

#include "lens-capture.h"
#include "lens-capture-session.h"
#include "lens-error.h"
#include "lens-grid.h"
#include "lens-capture-video.h"
#include "lens-test-util.h"

static char *tmp_dir;

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static void
run_cli (Run        *run,
         const char *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("LENS_CLI");
  va_list args;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (char *) cli);
  g_ptr_array_add (argv, (char *) "capture");
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &run->status, &error);
  g_assert_no_error (error);
  g_test_message ("stderr: %s", run->err);
}

static int
exit_status (const Run *run)
{
  g_assert_true (WIFEXITED (run->status));
  return WEXITSTATUS (run->status);
}

static JsonObject *
parse_output (const Run   *run,
              JsonParser **parser)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (exit_status (run), ==, 0);
  *parser = json_parser_new ();
  json_parser_load_from_data (*parser, run->out, -1, &error);
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (*parser));
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
  const Segment segments[] = { { PUZZLE_A, 3 } };
  g_autofree char *video = make_video (tmp_dir, "one.avi", segments, 1);
  g_autoptr(JsonParser) parser = NULL;
  g_auto(Run) run = { 0 };
  JsonObject *result, *detection, *full, *tracked;
  LensGrid expected;

  load_expected (PUZZLE_A, &expected);
  run_cli (&run, "--json", "--source", video, NULL);
  result = parse_output (&run, &parser);

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
  g_autoptr(JsonParser) first_parser = NULL, latest_parser = NULL;
  g_auto(Run) first = { 0 };
  g_auto(Run) latest = { 0 };
  JsonObject *result;
  LensGrid expected_a, expected_b, solution;
  g_autoptr(GError) error = NULL;

  load_expected (PUZZLE_A, &expected_a);
  load_expected (PUZZLE_B, &expected_b);

  run_cli (&first, "--json", "--source", video, NULL);
  result = parse_output (&first, &first_parser);
  assert_grid_line (json_object_get_string_member (result, "grid"), &expected_a);

  run_cli (&latest, "--json", "--latest", "--source", video, NULL);
  result = parse_output (&latest, &latest_parser);
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
  g_auto(Run) to_end = { 0 };
  g_auto(Run) timed = { 0 };

  run_cli (&to_end, "--source", video, NULL);
  g_assert_cmpint (exit_status (&to_end), ==, 1);
  g_assert_cmpstr (to_end.out, ==, "");
  g_assert_nonnull (strstr (to_end.err, "before the end of the video"));

  run_cli (&timed, "--timeout", "1", "--source", video, NULL);
  g_assert_cmpint (exit_status (&timed), ==, 1);
  g_assert_nonnull (strstr (timed.err, "timeout (1 s)"));
}

static void
test_capture_bad_source (void)
{
  g_autofree char *missing = g_build_filename (tmp_dir, "missing.avi", NULL);
  g_autofree char *text = g_build_filename (tmp_dir, "notes.avi", NULL);
  g_auto(Run) gone = { 0 };
  g_auto(Run) not_video = { 0 };
  g_auto(Run) no_camera = { 0 };
  g_auto(Run) not_camera = { 0 };

  run_cli (&gone, "--source", missing, NULL);
  g_assert_cmpint (exit_status (&gone), ==, 1);
  g_assert_nonnull (strstr (gone.err, missing));

  g_assert_true (g_file_set_contents (text, "not a video\n", -1, NULL));
  run_cli (&not_video, "--source", text, NULL);
  g_assert_cmpint (exit_status (&not_video), ==, 1);
  g_assert_nonnull (strstr (not_video.err, "not a video"));

  /* a character device that is no camera */
  run_cli (&not_camera, "--source", "/dev/null", NULL);
  g_assert_cmpint (exit_status (&not_camera), ==, 1);
  g_assert_nonnull (strstr (not_camera.err, "/dev/null is not a camera"));

  if (g_file_test ("/dev/video63", G_FILE_TEST_EXISTS))
    return;
  run_cli (&no_camera, "--source", "63", NULL);
  g_assert_cmpint (exit_status (&no_camera), ==, 1);
  g_assert_nonnull (strstr (no_camera.err, "There is no camera /dev/video63"));
}

static void
test_camera_reads_every_frame (void)
{
  const Segment segments[] = { { PUZZLE_A, 1 } };
  g_autofree char *video = make_video (tmp_dir, "short.avi", segments, 1);
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
  const Segment segments[] = { { PUZZLE_A, 3 } };
  g_autofree char *video = make_video (tmp_dir, "busy.avi", segments, 1);
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
