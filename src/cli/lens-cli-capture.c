/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lens-camera.h"
#include "lens-capture.h"
#include "lens-cli.h"
#include "lens-cli-input.h"
#include "lens-cli-options.h"
#include "lens-pipeline.h"
#include "lens-cli-output.h"
#include "lens-error.h"
#include "lens-repair.h"
#include "lens-vision.h"

#define DEFAULT_TIMEOUT_S 30.0

typedef struct {
  LensCliOptions common;
  gboolean       latest;
  char          *source;
  double         timeout_s;
} Options;

typedef struct {
  LensImage *frame;
  LensScan   scan;
  guint      index;
  guint      n_captures;
  guint      n_frames;
  guint      n_found;
  guint      n_skipped;  /* frames not searched: no board in the last one */
  GArray    *full_ms;    /* double, per frame with a full search for the board */
  GArray    *tracked_ms; /* double, per frame where the board was followed */
  gboolean   timed_out;
  gboolean   live;
} Outcome;

static void
outcome_clear (Outcome *outcome)
{
  g_clear_pointer (&outcome->frame, lens_image_free);
  g_clear_pointer (&outcome->full_ms, g_array_unref);
  g_clear_pointer (&outcome->tracked_ms, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Outcome, outcome_clear)

static void
options_clear (Options *options)
{
  g_clear_pointer (&options->source, g_free);
  lens_cli_options_clear (&options->common);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Options, options_clear)

static int
parse_options (int       *argc,
               char    ***argv,
               Options   *options)
{
  const GOptionEntry entries[] = {
    { "source", 's', 0, G_OPTION_ARG_FILENAME, &options->source,
      N_("Camera index, device or video file (default: the first camera)"), N_("SOURCE") },
    { "timeout", 't', 0, G_OPTION_ARG_DOUBLE, &options->timeout_s,
      N_("Give up after this many seconds of video (default: 30)"), N_("SECONDS") },
    { "latest", 0, 0, G_OPTION_ARG_NONE, &options->latest,
      N_("Keep watching until the timeout or the end of the video and return the last puzzle captured"), NULL },
    { NULL }
  };
  int status;

  options->timeout_s = DEFAULT_TIMEOUT_S;
  status = lens_cli_options_parse (&options->common, LENS_CLI_OPTIONS_ENGINE, N_("Print JSON"), entries,
    _("Watches a camera or a video until a Sudoku has stayed still long enough to be read, then prints it like “scan” does."),
    argc, argv);
  if (status != LENS_EXIT_OK)
    return status;
  if (*argc > 1)
    return lens_cli_usage_error (_("unexpected argument “%s”"), (*argv)[1]);
  if (!(options->timeout_s > 0))
    return lens_cli_usage_error ("%s", _("the timeout must be a positive number of seconds"));
  return LENS_EXIT_OK;
}


static void
keep_capture (LensCaptureTracker *tracker,
              Outcome            *outcome)
{
  g_clear_pointer (&outcome->frame, lens_image_free);
  outcome->frame = lens_capture_tracker_take (tracker, &outcome->scan, &outcome->index);
  outcome->n_captures++;
}

/* A camera that fails after a capture (with --latest) leaves that capture
 * to print, with a warning. */
static gboolean
end_of_stream (const Outcome  *outcome,
               GError         *failure,
               GError        **error)
{
  if (failure == NULL)
    return TRUE;
  if (outcome->frame != NULL)
    {
      g_printerr ("sudoku-lens-cli: %s\n", failure->message);
      g_error_free (failure);
      return TRUE;
    }
  g_propagate_error (error, failure);
  return FALSE;
}

static void
count_frame (Outcome                *outcome,
             const LensCaptureFrame *info)
{
  outcome->n_frames++;
  outcome->n_found += info->found;
  if (info->search == LENS_CAPTURE_DETECTED)
    g_array_append_val (outcome->full_ms, info->detect_ms);
  else if (info->search == LENS_CAPTURE_TRACKED)
    g_array_append_val (outcome->tracked_ms, info->detect_ms);
  else
    outcome->n_skipped++;
}

/* Feeds frames to the tracker until a capture (the last one with --latest),
 * the end of a video file or the timeout. */
static gboolean
watch (LensCamera         *camera,
       LensCaptureTracker *tracker,
       const Options      *options,
       Outcome            *outcome,
       GError            **error)
{
  double limit_ms = options->timeout_s * 1000;

  for (;;)
    {
      g_autoptr(LensImage) frame = NULL;
      GError *failure = NULL;
      LensCaptureFrame info;
      double time_ms = 0;

      frame = lens_camera_read (camera, &time_ms, &failure);
      if (frame == NULL)
        return end_of_stream (outcome, failure, error);
      if (time_ms > limit_ms)
        {
          outcome->timed_out = TRUE;
          return TRUE;
        }
      if (!lens_capture_tracker_push (tracker, frame, time_ms, &info, NULL, error))
        return FALSE;
      count_frame (outcome, &info);
      if (info.state != LENS_CAPTURE_CAPTURED)
        continue;
      keep_capture (tracker, outcome);
      if (!options->latest)
        return TRUE;
    }
}

/* The time per frame of one kind of search, on one thread. */
static void
add_timing (JsonBuilder *builder,
            const char  *name,
            GArray      *times)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_object (builder);
  lens_cli_add_int_member (builder, "frames", times->len);
  lens_cli_add_double_member (builder, "median_ms", lens_cli_percentile (times, 0.5));
  lens_cli_add_double_member (builder, "p90_ms", lens_cli_percentile (times, 0.9));
  lens_cli_add_double_member (builder, "max_ms", lens_cli_percentile (times, 1.0));
  json_builder_end_object (builder);
}

static void
add_detection_stats (JsonBuilder   *builder,
                     const Outcome *outcome)
{
  json_builder_set_member_name (builder, "detection");
  json_builder_begin_object (builder);
  lens_cli_add_int_member (builder, "frames", outcome->n_frames);
  lens_cli_add_int_member (builder, "frames_with_board", outcome->n_found);
  lens_cli_add_int_member (builder, "frames_skipped", outcome->n_skipped);
  add_timing (builder, "full", outcome->full_ms);
  add_timing (builder, "tracked", outcome->tracked_ms);
  json_builder_end_object (builder);
}

static void
repair_scan (const LensScan   *scan,
             LensRepairResult *repair)
{
  LensPipelineResult solved;

  lens_pipeline_solve_scan (scan, NULL, &solved, NULL);
  *repair = solved.repair;
  lens_pipeline_result_clear (&solved);
}

static void
add_capture_members (JsonBuilder            *builder,
                     const Outcome          *outcome,
                     const LensRepairResult *repair)
{
  lens_cli_add_int_member (builder, "frame", outcome->index);
  lens_cli_add_int_member (builder, "captures", outcome->n_captures);
  lens_cli_add_string_member (builder, "status", lens_solve_status_to_string (repair->status));
  if (repair->status == LENS_SOLVE_UNIQUE)
    lens_cli_add_line_member (builder, "solution", &repair->solution);
  add_detection_stats (builder, outcome);
}

static void
print_json (const Outcome          *outcome,
            const LensRepairResult *repair)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  lens_cli_add_scan_members (builder, &outcome->scan);
  add_capture_members (builder, outcome, repair);
  json_builder_end_object (builder);
  lens_cli_print_json (builder);
}

static void
print_text (const Outcome          *outcome,
            const LensRepairResult *repair)
{
  lens_cli_print_scan_text (&outcome->scan);
  printf (_("Captured at frame %u\n"), outcome->index);
  if (repair->status == LENS_SOLVE_UNIQUE)
    {
      g_autofree char *solution = lens_grid_to_text (&repair->solution);

      printf ("\n%s", solution);
    }
}

static void
print_outcome (const Options  *options,
               const Outcome  *outcome)
{
  LensRepairResult repair;

  repair_scan (&outcome->scan, &repair);
  if (options->common.json)
    print_json (outcome, &repair);
  else
    print_text (outcome, &repair);
}

static int
report_nothing (const Options *options,
                const Outcome *outcome)
{
  if (outcome->timed_out || outcome->live)
    return lens_cli_fail (_("No steady Sudoku was seen before the timeout (%g s)"), options->timeout_s);
  return lens_cli_fail (_("No steady Sudoku was seen before the end of the video"));
}

int
lens_cli_capture (int    argc,
                  char **argv)
{
  g_auto(Options) options = { 0 };
  g_auto(Outcome) outcome = { 0 };
  g_autoptr(GError) error = NULL;
  LensRecognizer *recognizer;
  g_autoptr(LensCamera) camera = NULL;
  g_autoptr(LensCaptureTracker) tracker = NULL;

  if (parse_options (&argc, &argv, &options) != LENS_EXIT_OK)
    return LENS_EXIT_USAGE;
  /* timings that do not depend on the number of cores */
  lens_vision_use_one_thread ();
  recognizer = lens_reader_get_recognizer (options.common.reader, &error);
  if (recognizer == NULL)
    return lens_cli_fail ("%s", error->message);
  camera = lens_camera_open (options.source, &error);
  if (camera == NULL)
    return lens_cli_fail ("%s", error->message);

  tracker = lens_capture_tracker_new (recognizer);
  outcome.full_ms = g_array_new (FALSE, FALSE, sizeof (double));
  outcome.tracked_ms = g_array_new (FALSE, FALSE, sizeof (double));
  outcome.live = lens_camera_is_live (camera);
  if (!watch (camera, tracker, &options, &outcome, &error))
    return lens_cli_fail ("%s", error->message);
  if (outcome.frame == NULL)
    return report_nothing (&options, &outcome);
  print_outcome (&options, &outcome);
  return LENS_EXIT_OK;
}
