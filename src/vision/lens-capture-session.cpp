/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <deque>

#include "lens-capture-session.h"
#include "lens-error.h"
#include "lens-vision-private.hpp"

namespace {

constexpr size_t kRecentFrames = 5;  /* candidates for a capture on request */

struct Recent {
  LensImage *frame;
  gboolean found;
  LensPoint corners[4];
};

} /* namespace */

struct _LensCaptureSession {
  gint ref_count;
  char *source;               /* to open in the worker, or NULL */
  LensCamera *camera;         /* worker only */
  LensRecognizer *recognizer;
  LensCaptureTracker *tracker;
  LensCaptureSolve solve;     /* nullable */
  GMainContext *context;
  LensCaptureNotify notify;
  gpointer user_data;
  GThread *thread;
  GCancellable *cancellable;  /* cancelled on stop */
  std::deque<Recent> recent;  /* worker only */

  GMutex lock;  /* guards the fields below */
  gboolean stopping;
  gboolean notify_pending;
  gboolean live_solution;
  gboolean capture_requested;
  LensCaptureUpdate *update;
  LensImage *capture;
  LensScan capture_scan;
  gboolean capture_has_scan;
  gboolean has_solution;
  LensGrid solution;
  gboolean ended;
  GError *error;
};

void
lens_capture_update_free (LensCaptureUpdate *update)
{
  if (update == NULL)
    return;
  g_clear_pointer (&update->rgb, g_bytes_unref);
  g_free (update);
}

/* A flag of @session read or set under its lock. */
static gboolean
get_locked (LensCaptureSession *session,
            const gboolean     *flag)
{
  gboolean value;

  g_mutex_lock (&session->lock);
  value = *flag;
  g_mutex_unlock (&session->lock);
  return value;
}

static void
set_locked (LensCaptureSession *session,
            gboolean           *flag,
            gboolean            value)
{
  g_mutex_lock (&session->lock);
  *flag = value;
  g_mutex_unlock (&session->lock);
}

static void
clear_recent (LensCaptureSession *session)
{
  for (auto &recent : session->recent)
    lens_image_free (recent.frame);
  session->recent.clear ();
}

static LensCaptureSession *
session_ref (LensCaptureSession *session)
{
  g_atomic_int_inc (&session->ref_count);
  return session;
}

static void
session_unref (LensCaptureSession *session)
{
  if (!g_atomic_int_dec_and_test (&session->ref_count))
    return;
  clear_recent (session);
  g_clear_pointer (&session->tracker, lens_capture_tracker_free);
  g_clear_pointer (&session->camera, lens_camera_free);
  g_clear_pointer (&session->source, g_free);
  g_clear_pointer (&session->update, lens_capture_update_free);
  g_clear_pointer (&session->capture, lens_image_free);
  g_clear_error (&session->error);
  g_clear_object (&session->cancellable);
  g_main_context_unref (session->context);
  g_mutex_clear (&session->lock);
  session->~_LensCaptureSession ();
  g_free (session);
}

static gboolean
dispatch_cb (gpointer data)
{
  LensCaptureSession *session = (LensCaptureSession *) data;
  LensCaptureNotify notify;

  g_mutex_lock (&session->lock);
  session->notify_pending = FALSE;
  notify = session->stopping ? NULL : session->notify;
  g_mutex_unlock (&session->lock);
  if (notify != NULL)
    notify (session, session->user_data);
  return G_SOURCE_REMOVE;
}

/* Called with the lock held. */
static void
post_locked (LensCaptureSession *session)
{
  GSource *source;

  if (session->notify_pending || session->stopping)
    return;
  session->notify_pending = TRUE;
  /* Not g_main_context_invoke(), which would run the callback right here
   * in the worker whenever the main context happens to be free. */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, dispatch_cb, session_ref (session), (GDestroyNotify) session_unref);
  g_source_attach (source, session->context);
  g_source_unref (source);
}

static void
end_stream (LensCaptureSession *session,
            GError             *error)
{
  g_mutex_lock (&session->lock);
  session->ended = TRUE;
  session->error = error;
  post_locked (session);
  g_mutex_unlock (&session->lock);
}

static void
remember_frame (LensCaptureSession     *session,
                const LensImage        *frame,
                const LensCaptureFrame *info)
{
  Recent recent;

  if (session->recent.size () >= kRecentFrames)
    {
      lens_image_free (session->recent.front ().frame);
      session->recent.pop_front ();
    }
  recent.frame = lens_image_copy (frame);
  recent.found = info->found;
  memcpy (recent.corners, info->corners, sizeof recent.corners);
  session->recent.push_back (recent);
}

static double
recent_sharpness (const Recent &recent)
{
  LensPoint whole[4] = {
    { 0, 0 },
    { (double) lens_image_get_width (recent.frame), 0 },
    { (double) lens_image_get_width (recent.frame), (double) lens_image_get_height (recent.frame) },
    { 0, (double) lens_image_get_height (recent.frame) },
  };

  return lens_capture_sharpness (recent.frame, recent.found ? recent.corners : whole);
}

/* Called with the lock held. */
static void
capture_sharpest_recent_locked (LensCaptureSession *session)
{
  const Recent *best = NULL;
  double best_sharpness = -1;

  for (const auto &recent : session->recent)
    {
      double sharpness = recent_sharpness (recent);

      if (sharpness > best_sharpness)
        {
          best_sharpness = sharpness;
          best = &recent;
        }
    }
  if (best == NULL)
    return;
  g_clear_pointer (&session->capture, lens_image_free);
  session->capture = lens_image_copy (best->frame);
  session->capture_has_scan = FALSE;
  post_locked (session);
}

static void
solve_capture (LensCaptureSession *session,
               const LensScan     *scan)
{
  LensGrid solution;
  gboolean solved;

  if (session->solve == NULL)
    return;
  solved = session->solve (scan, session->cancellable, &solution);
  g_mutex_lock (&session->lock);
  session->has_solution = solved;
  if (solved)
    session->solution = solution;
  g_mutex_unlock (&session->lock);
}

/* Solves every capture, so that the live solution can be drawn at once
 * when it is switched on; hands it over only when it is off. */
static void
take_tracker_capture (LensCaptureSession *session)
{
  LensScan scan;
  g_autoptr(LensImage) frame = lens_capture_tracker_take (session->tracker, &scan, NULL);

  solve_capture (session, &scan);
  g_mutex_lock (&session->lock);
  if (!session->live_solution)
    {
      g_clear_pointer (&session->capture, lens_image_free);
      session->capture = g_steal_pointer (&frame);
      session->capture_scan = scan;
      session->capture_has_scan = TRUE;
      post_locked (session);
    }
  g_mutex_unlock (&session->lock);
}

/* The frame with @solution drawn in, when the solved puzzle is in view. */
static LensImage *
draw_solution (LensCaptureSession     *session,
               const LensImage        *frame,
               const LensCaptureFrame *info,
               LensGrid               &solution)
{
  LensScan held;
  gboolean has_solution;

  g_mutex_lock (&session->lock);
  if (!lens_capture_tracker_is_holding (session->tracker))
    session->has_solution = FALSE;
  has_solution = session->has_solution && session->live_solution;
  solution = session->solution;
  g_mutex_unlock (&session->lock);

  if (!has_solution || !lens_capture_tracker_get_held (session->tracker, info, &held))
    return NULL;
  return lens_scan_draw_overlay (frame, &held, &solution, NULL);
}

static void
publish (LensCaptureSession     *session,
         const LensImage        *frame,
         const LensCaptureFrame *info)
{
  LensCaptureUpdate *update = g_new0 (LensCaptureUpdate, 1);
  g_autoptr(LensImage) solved = draw_solution (session, frame, info, update->solution);

  update->rgb = lens_image_get_rgb (solved ? solved : frame, 0, &update->width, &update->height);
  update->info = *info;
  update->solved = solved != NULL;

  g_mutex_lock (&session->lock);
  g_clear_pointer (&session->update, lens_capture_update_free);
  session->update = update;
  post_locked (session);
  g_mutex_unlock (&session->lock);
}

static void
wait_for_frame_time (LensCaptureSession *session,
                     gint64              start_us,
                     double              time_ms)
{
  gint64 due = start_us + (gint64) (time_ms * 1000);
  gint64 now = g_get_monotonic_time ();

  if (!lens_camera_is_live (session->camera) && due > now)
    g_usleep (MIN (due - now, G_USEC_PER_SEC));
}

static gboolean
is_stopping (LensCaptureSession *session)
{
  return get_locked (session, &session->stopping);
}

static gboolean
handle_frame (LensCaptureSession *session,
              const LensImage    *frame,
              double              time_ms,
              GError            **error)
{
  LensCaptureFrame info;

  if (!lens_capture_tracker_push (session->tracker, frame, time_ms, &info, session->cancellable, error))
    return FALSE;
  remember_frame (session, frame, &info);
  if (info.state == LENS_CAPTURE_CAPTURED)
    take_tracker_capture (session);

  g_mutex_lock (&session->lock);
  if (session->capture_requested)
    capture_sharpest_recent_locked (session);
  session->capture_requested = FALSE;
  g_mutex_unlock (&session->lock);

  publish (session, frame, &info);
  return TRUE;
}

static gboolean
open_camera (LensCaptureSession *session)
{
  GError *error = NULL;

  if (session->camera == NULL)
    session->camera = lens_camera_open (session->source, &error);
  if (session->camera == NULL)
    end_stream (session, error);
  return session->camera != NULL;
}

static gpointer
run_worker (gpointer data)
{
  LensCaptureSession *session = (LensCaptureSession *) data;
  gint64 start_us;

  if (!open_camera (session))
    {
      session_unref (session);
      return NULL;
    }
  start_us = g_get_monotonic_time ();
  while (!is_stopping (session))
    {
      g_autoptr(LensImage) frame = NULL;
      GError *error = NULL;
      double time_ms = 0;

      frame = lens_camera_read (session->camera, &time_ms, &error);
      if (frame == NULL)
        {
          end_stream (session, error);
          break;
        }
      wait_for_frame_time (session, start_us, time_ms);
      if (!handle_frame (session, frame, time_ms, &error))
        {
          end_stream (session, error);
          break;
        }
    }
  session_unref (session);
  return NULL;
}

static LensCaptureSession *
start_worker (LensCamera        *camera,
              const char        *source,
              LensRecognizer    *recognizer,
              LensCaptureSolve   solve,
              LensCaptureNotify  notify,
              gpointer           user_data)
{
  LensCaptureSession *session = g_new0 (LensCaptureSession, 1);

  new (session) LensCaptureSession ();
  session->ref_count = 1;
  g_mutex_init (&session->lock);
  session->camera = camera;
  session->source = g_strdup (source);
  session->recognizer = recognizer;
  session->tracker = lens_capture_tracker_new (recognizer);
  session->solve = solve;
  session->context = g_main_context_ref_thread_default ();
  session->notify = notify;
  session->user_data = user_data;
  session->cancellable = g_cancellable_new ();
  session->thread = g_thread_new ("lens-capture", run_worker, session_ref (session));
  return session;
}

LensCaptureSession *
lens_capture_session_start (LensCamera        *camera,
                            LensRecognizer    *recognizer,
                            LensCaptureSolve   solve,
                            LensCaptureNotify  notify,
                            gpointer           user_data)
{
  g_return_val_if_fail (camera != NULL && recognizer != NULL, NULL);

  return start_worker (camera, NULL, recognizer, solve, notify, user_data);
}

LensCaptureSession *
lens_capture_session_open (const char        *source,
                           LensRecognizer    *recognizer,
                           LensCaptureSolve   solve,
                           LensCaptureNotify  notify,
                           gpointer           user_data)
{
  g_return_val_if_fail (recognizer != NULL, NULL);

  return start_worker (NULL, source, recognizer, solve, notify, user_data);
}

void
lens_capture_session_stop (LensCaptureSession *session)
{
  if (session == NULL)
    return;
  set_locked (session, &session->stopping, TRUE);
  g_cancellable_cancel (session->cancellable);
  g_thread_join (session->thread);
  session_unref (session);
}

LensCaptureUpdate *
lens_capture_session_take_update (LensCaptureSession *session)
{
  LensCaptureUpdate *update;

  g_return_val_if_fail (session != NULL, NULL);

  g_mutex_lock (&session->lock);
  update = g_steal_pointer (&session->update);
  g_mutex_unlock (&session->lock);
  return update;
}

LensImage *
lens_capture_session_take_capture (LensCaptureSession *session,
                                   LensScan           *scan,
                                   gboolean           *has_scan)
{
  LensImage *capture;

  g_return_val_if_fail (session != NULL, NULL);

  g_mutex_lock (&session->lock);
  capture = g_steal_pointer (&session->capture);
  if (scan != NULL)
    *scan = session->capture_scan;
  if (has_scan != NULL)
    *has_scan = capture != NULL && session->capture_has_scan;
  g_mutex_unlock (&session->lock);
  return capture;
}

void
lens_capture_session_capture_now (LensCaptureSession *session)
{
  g_return_if_fail (session != NULL);

  set_locked (session, &session->capture_requested, TRUE);
}

void
lens_capture_session_set_live_solution (LensCaptureSession *session,
                                        gboolean            live)
{
  g_return_if_fail (session != NULL);

  set_locked (session, &session->live_solution, live);
}

gboolean
lens_capture_session_has_ended (LensCaptureSession *session,
                                GError            **error)
{
  gboolean ended;

  g_return_val_if_fail (session != NULL, FALSE);

  g_mutex_lock (&session->lock);
  ended = session->ended;
  if (ended && session->error != NULL)
    g_propagate_error (error, g_error_copy (session->error));
  g_mutex_unlock (&session->lock);
  return ended;
}
