/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <deque>
#include <vector>

#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/video/tracking.hpp>

#include "lens-capture.h"
#include "lens-error.h"
#include "lens-vision-private.hpp"

using lens::Quad;

namespace {

constexpr int kDetectWidth = 640;
constexpr int kTrackWidth = 320;            /* following a known board is done this small */
constexpr guint kVerifyEvery = 10;          /* frames between full detections while following */
constexpr guint kMaxVerifyMisses = 3;       /* of those, in a row, before letting go of a board */
constexpr double kTrackTolerance = 0.2;     /* of the board's side, between frames */
constexpr int kTrackPoints = 80;
constexpr float kTrackMargin = 1.08f;       /* points are picked this far out from the centre */
constexpr size_t kMinTrackPoints = 12;
constexpr double kSteadyMs = 500;           /* the board must stay put this long */
constexpr double kDriftFraction = 0.04;     /* of the board's side, over that time */
constexpr guint kAgreeingReads = 3;         /* reads combined before a capture */
constexpr guint kMaxReadsKept = 6;
constexpr guint kMinGivens = 17;            /* no proper Sudoku has fewer */
constexpr double kRecheckMs = 400;          /* re-read a held puzzle this often */
constexpr double kConfirmMs = 100;          /* or this often while its overlay is hidden */
constexpr double kFarFraction = 0.25;       /* of the board's side: moved far from the last read */
constexpr double kLostMs = 1000;            /* forget a held puzzle out of view this long */
constexpr double kDifferentFraction = 0.3;  /* of the filled cells, for a new puzzle */

struct Sighting {
  double time_ms;
  Quad quad;
  guint index;
  LensImage *frame;  /* kept while looking for a capture */
};

struct Read {
  LensImage *frame;
  LensScan scan;
  guint index;
};

} /* namespace */

struct _LensCaptureTracker {
  LensRecognizer *recognizer;
  guint n_frames;
  gboolean following;              /* last_quad is the board in the previous frame */
  gboolean followed;               /* this frame's board was followed there by optical flow */
  Quad last_quad;
  guint since_verified;
  gboolean rested;                 /* skipped the full search in the last frame */
  guint verify_misses;             /* full detections in a row that missed a followed board */
  cv::Mat last_grey;               /* the previous frame, kTrackWidth wide */
  std::vector<cv::Point2f> points; /* on the board in last_grey */
  double run_start_ms;             /* first frame of the current run with a board */
  std::deque<Sighting> sightings;  /* the run's frames within kSteadyMs */
  std::vector<Read> reads;         /* of the current steady spell */

  gboolean has_capture;
  Read capture;

  gboolean holding;
  LensScan held;
  Quad held_quad;                  /* in the order of held.corners */
  gboolean confirmed;              /* a read showed the held puzzle, followed since */
  Quad confirmed_quad;             /* where that read was made */
  double last_seen_ms;
  double last_check_ms;
};

const char *
lens_capture_state_to_string (LensCaptureState state)
{
  switch (state)
    {
    case LENS_CAPTURE_SEARCHING:
      return "searching";
    case LENS_CAPTURE_MOVING:
      return "moving";
    case LENS_CAPTURE_STEADY:
      return "steady";
    case LENS_CAPTURE_CAPTURED:
      return "captured";
    case LENS_CAPTURE_HOLDING:
      return "holding";
    default:
      g_return_val_if_reached (NULL);
    }
}

static void
quad_to_points (const Quad &quad,
                LensPoint   points[4])
{
  for (int i = 0; i < 4; i++)
    points[i] = { quad[i].x, quad[i].y };
}

static Quad
points_to_quad (const LensPoint points[4])
{
  Quad quad;

  for (int i = 0; i < 4; i++)
    quad[i] = cv::Point2f ((float) points[i].x, (float) points[i].y);
  return quad;
}

static cv::Mat
grey_for_detection (const cv::Mat &bgr,
                    double        &scale)
{
  cv::Mat grey;

  cv::cvtColor (bgr, grey, cv::COLOR_BGR2GRAY);
  scale = 1.0;
  if (grey.cols > kDetectWidth)
    {
      scale = (double) grey.cols / kDetectWidth;
      cv::resize (grey, grey, cv::Size (kDetectWidth, (int) std::lround (grey.rows / scale)),
                  0, 0, cv::INTER_AREA);
    }
  return grey;
}

/* A frame's failure other than having no board (out of memory, say) is
 * logged; the stream goes on with the next frame. */
static void
log_frame_failure (const char *what)
{
  g_autoptr(GError) error = NULL;

  lens::set_error_from_current_exception (&error);
  g_warning ("Could not %s in a frame: %s", what, error->message);
}

static gboolean
detect_quad (const LensImage *frame,
             Quad            &quad)
{
  try
    {
      double scale;
      cv::Mat grey = grey_for_detection (lens::full_bgr (frame), scale);

      quad = lens::detect_board (grey).quad;
      for (auto &corner : quad)
        corner *= (float) scale;
      return TRUE;
    }
  catch (const lens::Failure &failure)
    {
      if (failure.code != LENS_ERROR_NO_BOARD)
        g_warning ("Could not look for the board in a frame: %s", failure.message.c_str ());
      return FALSE;
    }
  catch (...)
    {
      log_frame_failure ("look for the board");
      return FALSE;
    }
}

static double
quad_sharpness (const cv::Mat &bgr,
                const Quad    &quad)
{
  std::vector<cv::Point2f> points (quad.begin (), quad.end ());
  cv::Rect box = cv::boundingRect (points) & cv::Rect (0, 0, bgr.cols, bgr.rows);
  cv::Mat grey, laplacian;
  cv::Scalar mean, deviation;

  if (box.width < 3 || box.height < 3)
    return 0;
  cv::cvtColor (bgr (box), grey, cv::COLOR_BGR2GRAY);
  cv::Laplacian (grey, laplacian, CV_32F);
  cv::meanStdDev (laplacian, mean, deviation);
  return deviation[0] * deviation[0];
}

double
lens_capture_sharpness (const LensImage *frame,
                        const LensPoint  corners[4])
{
  g_return_val_if_fail (frame != NULL && corners != NULL, 0);

  try
    {
      return quad_sharpness (lens::full_bgr (frame), points_to_quad (corners));
    }
  catch (...)
    {
      log_frame_failure ("measure the sharpness");
      return 0;
    }
}

static double
quad_side (const Quad &quad)
{
  double sum = 0;

  for (int i = 0; i < 4; i++)
    sum += cv::norm (quad[i] - quad[(i + 1) % 4]);
  return sum / 4;
}


/* @quad's corners turned so that they best match @reference's order. */
static Quad
align_quad (const Quad &quad,
            const Quad &reference)
{
  Quad best = quad;
  double best_sum = G_MAXDOUBLE;

  for (int shift = 0; shift < 4; shift++)
    {
      Quad turned;
      double sum = 0;

      for (int i = 0; i < 4; i++)
        {
          turned[i] = quad[(i + shift) % 4];
          sum += cv::norm (turned[i] - reference[i]);
        }
      if (sum < best_sum)
        {
          best_sum = sum;
          best = turned;
        }
    }
  return best;
}

/* How far the farthest corner moved, whatever corner each list starts at. */
static double
quad_distance (const Quad &a,
               const Quad &b)
{
  Quad aligned = align_quad (a, b);
  double worst = 0;

  for (int i = 0; i < 4; i++)
    worst = std::max (worst, (double) cv::norm (aligned[i] - b[i]));
  return worst;
}

static cv::Mat
small_grey (const cv::Mat &bgr,
            float         &scale)
{
  cv::Mat small, grey;

  scale = (float) bgr.cols / kTrackWidth;
  cv::resize (bgr, small, cv::Size (kTrackWidth, (int) std::lround (bgr.rows / scale)), 0, 0, cv::INTER_AREA);
  cv::cvtColor (small, grey, cv::COLOR_BGR2GRAY);
  return grey;
}

static void
pick_points (LensCaptureTracker *tracker,
             const cv::Mat      &grey,
             float               scale,
             const Quad         &quad)
{
  cv::Mat mask = cv::Mat::zeros (grey.size (), CV_8U);
  cv::Point2f centre = (quad[0] + quad[1] + quad[2] + quad[3]) * 0.25f;
  std::vector<cv::Point> polygon;

  /* a little beyond the outline, so that its own corners count too */
  for (const auto &corner : quad)
    polygon.push_back (cv::Point ((centre + (corner - centre) * kTrackMargin) / scale));
  cv::fillConvexPoly (mask, polygon, cv::Scalar (255));
  cv::goodFeaturesToTrack (grey, tracker->points, kTrackPoints, 0.01, 5, mask);
}

/* @to is about the size of @from and has moved less than @tolerance of its side. */
static gboolean
near_quad (const Quad &from,
           const Quad &to,
           double      tolerance)
{
  double ratio = quad_side (to) / quad_side (from);

  return ratio > 0.8 && ratio < 1.25 && quad_distance (to, from) < tolerance * quad_side (from);
}

/* Moves the last outline by the homography that carries the points found
 * on the board in the last frame to where they are now. */
static gboolean
follow_quad (LensCaptureTracker *tracker,
             const cv::Mat      &grey,
             float               scale,
             Quad               &quad)
{
  std::vector<cv::Point2f> next, from, to, corners (4), moved;
  std::vector<uchar> status, inliers;
  std::vector<float> errors;
  cv::Mat homography;

  if (tracker->points.size () < kMinTrackPoints || tracker->last_grey.size () != grey.size ())
    return FALSE;
  cv::calcOpticalFlowPyrLK (tracker->last_grey, grey, tracker->points, next, status, errors,
                            cv::Size (15, 15), 2);
  for (size_t i = 0; i < status.size (); i++)
    if (status[i])
      {
        from.push_back (tracker->points[i]);
        to.push_back (next[i]);
      }
  if (from.size () < kMinTrackPoints)
    return FALSE;
  homography = cv::findHomography (from, to, cv::RANSAC, 1.5, inliers);
  if (homography.empty () || (size_t) cv::countNonZero (inliers) < kMinTrackPoints)
    return FALSE;
  for (int i = 0; i < 4; i++)
    corners[i] = tracker->last_quad[i] / scale;
  cv::perspectiveTransform (corners, moved, homography);
  for (int i = 0; i < 4; i++)
    quad[i] = moved[i] * scale;
  tracker->points.clear ();
  for (size_t i = 0; i < to.size (); i++)
    if (inliers[i])
      tracker->points.push_back (to[i]);
  return near_quad (tracker->last_quad, quad, kTrackTolerance);
}

/* A full detection; when it misses a board that optical flow still
 * follows (blur, glare), the flow is trusted a few times more. */
static gboolean
verify_board (LensCaptureTracker *tracker,
              const LensImage    *frame,
              gboolean            followed,
              Quad               &quad)
{
  Quad detected;

  tracker->since_verified = 0;
  if (detect_quad (frame, detected))
    {
      quad = tracker->following ? align_quad (detected, tracker->last_quad) : detected;
      tracker->verify_misses = 0;
      return TRUE;
    }
  return followed && ++tracker->verify_misses < kMaxVerifyMisses;
}

/* Checks for a grid in full every few frames; follows the board by
 * optical flow in between. With no board in view, searches every other
 * frame only: a full search costs more than a frame's share of time. */
static gboolean
locate_board (LensCaptureTracker *tracker,
              const LensImage    *frame,
              Quad               &quad,
              LensCaptureSearch  *search)
{
  float scale;
  cv::Mat grey;
  gboolean found = FALSE, followed = FALSE;

  tracker->followed = FALSE;
  *search = LENS_CAPTURE_SKIPPED;
  if (!tracker->following && !tracker->rested)
    {
      tracker->rested = TRUE;
      return FALSE;
    }
  tracker->rested = FALSE;
  grey = small_grey (lens::full_bgr (frame), scale);

  *search = LENS_CAPTURE_TRACKED;
  if (tracker->following)
    {
      followed = follow_quad (tracker, grey, scale, quad);
      found = followed && ++tracker->since_verified < kVerifyEvery;
    }
  if (!found)
    {
      *search = LENS_CAPTURE_DETECTED;
      found = verify_board (tracker, frame, followed, quad);
    }
  tracker->following = found;
  tracker->followed = found && followed;
  if (found)
    {
      tracker->last_quad = quad;
      if (tracker->since_verified == 0 || tracker->points.size () < 2 * kMinTrackPoints)
        pick_points (tracker, grey, scale, quad);
    }
  tracker->last_grey = grey;
  return found;
}

static void
clear_sightings (LensCaptureTracker *tracker)
{
  for (auto &sighting : tracker->sightings)
    lens_image_free (sighting.frame);
  tracker->sightings.clear ();
}

static void
clear_read (Read *read)
{
  g_clear_pointer (&read->frame, lens_image_free);
}

static void
clear_reads (LensCaptureTracker *tracker)
{
  for (auto &read : tracker->reads)
    clear_read (&read);
  tracker->reads.clear ();
}

LensCaptureTracker *
lens_capture_tracker_new (LensRecognizer *recognizer)
{
  LensCaptureTracker *tracker;

  g_return_val_if_fail (recognizer != NULL, NULL);

  tracker = g_new0 (LensCaptureTracker, 1);
  new (tracker) LensCaptureTracker ();
  tracker->recognizer = recognizer;
  return tracker;
}

void
lens_capture_tracker_free (LensCaptureTracker *tracker)
{
  if (tracker == NULL)
    return;
  clear_reads (tracker);
  clear_sightings (tracker);
  clear_read (&tracker->capture);
  tracker->~LensCaptureTracker ();
  g_free (tracker);
}

static void
lose_board (LensCaptureTracker *tracker,
            double              time_ms)
{
  clear_sightings (tracker);
  tracker->run_start_ms = G_MAXDOUBLE;
  clear_reads (tracker);
  tracker->confirmed = FALSE;
  if (tracker->holding && time_ms - tracker->last_seen_ms > kLostMs)
    tracker->holding = FALSE;
}

/* Records the sighting; TRUE once the board has stayed put for kSteadyMs. */
static gboolean
note_sighting (LensCaptureTracker     *tracker,
               const LensImage        *frame,
               const LensCaptureFrame *info,
               const Quad             &quad)
{
  double time_ms = info->time_ms;
  double tolerance = kDriftFraction * quad_side (quad);
  auto &sightings = tracker->sightings;

  if (sightings.empty ())
    tracker->run_start_ms = time_ms;
  sightings.push_back ({ time_ms, quad, info->index,
                         tracker->holding ? NULL : lens_image_copy (frame) });
  while (sightings.size () > 1 && sightings.front ().time_ms < time_ms - kSteadyMs)
    {
      lens_image_free (sightings.front ().frame);
      sightings.pop_front ();
    }

  if (time_ms - tracker->run_start_ms < kSteadyMs * 0.9)
    return FALSE;
  for (const auto &sighting : sightings)
    if (quad_distance (sighting.quad, quad) > tolerance)
      return FALSE;
  return TRUE;
}

static guint
count_givens (const LensScan *scan)
{
  guint n = 0;

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    n += scan->cells[i].digit != 0;
  return n;
}

static guint
count_differences (const LensScan *a,
                   const LensScan *b,
                   guint          *n_filled)
{
  guint n = 0, filled = 0;

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      n += a->cells[i].digit != b->cells[i].digit;
      filled += a->cells[i].digit != 0 || b->cells[i].digit != 0;
    }
  if (n_filled != NULL)
    *n_filled = filled;
  return n;
}

static gboolean
is_different_puzzle (const LensScan *held,
                     const LensScan *seen)
{
  guint filled;
  guint differences = count_differences (held, seen, &filled);

  return filled > 0 && differences > kDifferentFraction * filled;
}

/* A frame with the board found in it, as the steps of
 * lens_capture_tracker_push() that may read it see it. */
struct View {
  const LensImage  *frame;
  Quad              quad;
  gboolean          steady;  /* the board has stayed put */
  LensCaptureFrame *info;
  GCancellable     *cancellable;
};

/* Fails only when the recognizer does; @read tells whether a grid came out. */
static gboolean
read_frame (LensCaptureTracker *tracker,
            const View         &view,
            LensScan           *scan,
            gboolean           *read,
            GError            **error)
{
  g_autoptr(GError) local_error = NULL;
  LensPoint corners[4];
  LensScanOptions options = LENS_SCAN_OPTIONS_INIT;

  quad_to_points (view.quad, corners);
  options.corners = corners;
  options.cancellable = view.cancellable;
  *read = lens_scan_image (view.frame, tracker->recognizer, &options, scan, &local_error);
  if (*read || g_error_matches (local_error, LENS_ERROR, LENS_ERROR_NO_BOARD))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

/* The reads of reads[first, last) combined: each cell's class
 * probabilities averaged; corners and rotation from the newest. */
static void
fuse_reads (const std::vector<Read> &reads,
            size_t                   first,
            size_t                   last,
            LensScan                *fused)
{
  *fused = reads[last - 1].scan;
  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      LensCellRead *out = &fused->cells[cell];
      float handwritten = 0;

      for (size_t i = first; i < last; i++)
        handwritten += lens_cell_read_handwritten (&reads[i].scan.cells[cell]);
      for (guint k = 0; k < LENS_N_CLASSES; k++)
        {
          float sum = 0;

          for (size_t i = first; i < last; i++)
            sum += reads[i].scan.cells[cell].scores[k];
          out->scores[k] = sum / (last - first);
        }
      lens_cell_read_update (out, handwritten / (last - first));
    }
}

/* Steady once the newest read no longer changes the combined reading. */
static gboolean
reads_agree (LensCaptureTracker *tracker,
             LensScan           *fused)
{
  const auto &reads = tracker->reads;
  LensScan before;

  if (reads.size () < kAgreeingReads)
    return FALSE;
  fuse_reads (reads, 0, reads.size (), fused);
  fuse_reads (reads, 0, reads.size () - 1, &before);
  return count_givens (fused) >= kMinGivens && count_differences (fused, &before, NULL) == 0;
}

static void
keep_read (LensCaptureTracker *tracker,
           const LensScan     *scan,
           guint               index)
{
  Read read;

  if (!tracker->reads.empty () && tracker->reads.back ().scan.rotation != scan->rotation)
    clear_reads (tracker);
  if (tracker->reads.size () >= kMaxReadsKept)
    {
      clear_read (&tracker->reads.front ());
      tracker->reads.erase (tracker->reads.begin ());
    }
  read.frame = NULL;
  read.scan = *scan;
  read.index = index;
  tracker->reads.push_back (read);
}

/* The board at @quad shows the held puzzle, read with @corners: its
 * overlay may be drawn, in the corner order of that read. */
static void
confirm_held (LensCaptureTracker *tracker,
              const Quad         &quad,
              const LensPoint     corners[4],
              LensCaptureFrame   *info)
{
  tracker->confirmed = TRUE;
  tracker->confirmed_quad = quad;
  tracker->held_quad = align_quad (quad, points_to_quad (corners));
  quad_to_points (tracker->held_quad, info->corners);
}

/* Any frame of the last kSteadyMs will do, since the board stayed put:
 * hands over the sharpest with the combined reading of the digits. */
static void
capture_sharpest (LensCaptureTracker *tracker,
                  const LensScan     *fused,
                  const Quad         &quad,
                  LensCaptureFrame   *info)
{
  Sighting *best = NULL;
  double best_sharpness = -1;

  for (auto &sighting : tracker->sightings)
    {
      double sharpness = sighting.frame ? quad_sharpness (lens::full_bgr (sighting.frame), sighting.quad) : -1;

      if (sharpness > best_sharpness)
        {
          best_sharpness = sharpness;
          best = &sighting;
        }
    }
  g_assert (best != NULL);

  clear_read (&tracker->capture);
  tracker->capture.scan = *fused;
  quad_to_points (align_quad (best->quad, points_to_quad (fused->corners)), tracker->capture.scan.corners);
  tracker->capture.frame = g_steal_pointer (&best->frame);
  tracker->capture.index = best->index;
  tracker->has_capture = TRUE;
  clear_reads (tracker);

  tracker->holding = TRUE;
  tracker->held = tracker->capture.scan;
  tracker->last_check_ms = info->time_ms;
  confirm_held (tracker, quad, tracker->held.corners, info);
  info->state = LENS_CAPTURE_CAPTURED;
}

/* A read of the board in view: the held puzzle again, which confirms it
 * (in the corner order of this read, should the paper have turned while
 * out of sight), or another one, which replaces it. */
static gboolean
recheck_held (LensCaptureTracker *tracker,
              const View         &view,
              GError            **error)
{
  LensScan scan;
  gboolean read;

  tracker->last_check_ms = view.info->time_ms;
  if (!read_frame (tracker, view, &scan, &read, error))
    return FALSE;
  if (read && !is_different_puzzle (&tracker->held, &scan))
    confirm_held (tracker, view.quad, scan.corners, view.info);
  else if (read)
    {
      tracker->holding = FALSE;
      tracker->confirmed = FALSE;
      if (view.steady)
        keep_read (tracker, &scan, view.info->index);
    }
  return TRUE;
}

/* The overlay may be drawn only while the board in view is known to be the
 * held puzzle: read as such, then followed frame to frame. A board found
 * again after it was lost or jumped, or carried far since, is read again
 * first; until then it is treated as any other board. */
static gboolean
watch_held (LensCaptureTracker *tracker,
            const View         &view,
            GError            **error)
{
  double wait_ms;

  if (!tracker->followed || !near_quad (tracker->confirmed_quad, view.quad, kFarFraction))
    tracker->confirmed = FALSE;
  wait_ms = tracker->confirmed ? kRecheckMs : kConfirmMs;
  if (view.info->time_ms - tracker->last_check_ms >= wait_ms && !recheck_held (tracker, view, error))
    return FALSE;
  if (!view.steady)
    clear_reads (tracker);
  if (tracker->holding && tracker->confirmed)
    view.info->state = LENS_CAPTURE_HOLDING;
  else
    view.info->state = view.steady ? LENS_CAPTURE_STEADY : LENS_CAPTURE_MOVING;
  return TRUE;
}

/* A steady board not held: each read of it is kept, until they agree. */
static gboolean
gather_read (LensCaptureTracker *tracker,
             const View         &view,
             GError            **error)
{
  LensScan scan, fused;
  gboolean read;

  view.info->state = LENS_CAPTURE_STEADY;
  if (!read_frame (tracker, view, &scan, &read, error))
    return FALSE;
  if (read)
    keep_read (tracker, &scan, view.info->index);
  if (read && reads_agree (tracker, &fused))
    capture_sharpest (tracker, &fused, view.quad, view.info);
  return TRUE;
}

static void
follow_board (LensCaptureTracker *tracker,
              Quad               &quad,
              LensCaptureFrame   *info)
{
  if (tracker->holding)
    {
      quad = align_quad (quad, tracker->held_quad);
      tracker->held_quad = quad;
    }
  tracker->last_seen_ms = info->time_ms;
  quad_to_points (quad, info->corners);
}

static gboolean
push_frame (LensCaptureTracker *tracker,
            const LensImage    *frame,
            double              time_ms,
            LensCaptureFrame   *info,
            GCancellable       *cancellable,
            GError            **error)
{
  gint64 start = g_get_monotonic_time ();
  gboolean steady;
  Quad quad;

  *info = {};
  info->index = tracker->n_frames++;
  info->time_ms = time_ms;
  info->found = locate_board (tracker, frame, quad, &info->search);
  info->detect_ms = (g_get_monotonic_time () - start) / 1000.0;
  if (!info->found)
    {
      lose_board (tracker, time_ms);
      info->state = LENS_CAPTURE_SEARCHING;
      return TRUE;
    }
  follow_board (tracker, quad, info);
  steady = note_sighting (tracker, frame, info, quad);
  if (tracker->holding)
    return watch_held (tracker, View { frame, quad, steady, info, cancellable }, error);
  if (!steady)
    {
      clear_reads (tracker);
      info->state = LENS_CAPTURE_MOVING;
      return TRUE;
    }
  return gather_read (tracker, View { frame, quad, steady, info, cancellable }, error);
}

gboolean
lens_capture_tracker_push (LensCaptureTracker *tracker,
                           const LensImage    *frame,
                           double              time_ms,
                           LensCaptureFrame   *info,
                           GCancellable       *cancellable,
                           GError            **error)
{
  g_return_val_if_fail (tracker != NULL && frame != NULL && info != NULL, FALSE);

  try
    {
      return push_frame (tracker, frame, time_ms, info, cancellable, error);
    }
  catch (...)
    {
      lens::set_error_from_current_exception (error);
      return FALSE;
    }
}

LensImage *
lens_capture_tracker_take (LensCaptureTracker *tracker,
                           LensScan           *scan,
                           guint              *index)
{
  g_return_val_if_fail (tracker != NULL, NULL);

  if (!tracker->has_capture)
    return NULL;
  tracker->has_capture = FALSE;
  if (scan != NULL)
    *scan = tracker->capture.scan;
  if (index != NULL)
    *index = tracker->capture.index;
  return g_steal_pointer (&tracker->capture.frame);
}

gboolean
lens_capture_tracker_get_held (LensCaptureTracker     *tracker,
                               const LensCaptureFrame *info,
                               LensScan               *scan)
{
  g_return_val_if_fail (tracker != NULL && info != NULL && scan != NULL, FALSE);

  if (!tracker->holding || !tracker->confirmed || !info->found)
    return FALSE;
  if (info->state != LENS_CAPTURE_HOLDING && info->state != LENS_CAPTURE_CAPTURED)
    return FALSE;
  *scan = tracker->held;
  memcpy (scan->corners, info->corners, sizeof scan->corners);
  return TRUE;
}

gboolean
lens_capture_tracker_is_holding (LensCaptureTracker *tracker)
{
  g_return_val_if_fail (tracker != NULL, FALSE);
  return tracker->holding;
}
