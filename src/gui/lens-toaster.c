/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's toasts, shown one at a time, in the only order libadwaita
 * 1.2's AdwToastOverlay survives.
 *
 * The overlay frees a toast's state when the animation hiding it ends,
 * while the animation that slid it in may still run; that one ends later
 * by calling into the freed state (a crash in adw_animation_skip's "done").
 * A toast slides in for 300 ms, or for 500 ms when another is still hiding,
 * and hides in 300 ms. So a toast is handed to the overlay only once no
 * other one is on it (nothing shown, nothing hiding), and the app dismisses
 * a toast only from a frame at least 300 ms after its slide-in began: the
 * slide-in has then ended, in that frame at the latest. The overlay's own
 * queue is never used. */
#include "config.h"

#include "lens-toaster.h"

/* AdwToastOverlay's SHOW_DURATION, and a frame's worth beyond it. */
#define SLIDE_IN_US ((300 + 20) * G_TIME_SPAN_MILLISECOND)
#define POLL_MS 40

struct _LensToaster
{
  GObject          parent_instance;

  AdwToastOverlay *overlay;         /* weak */
  GQueue           waiting;         /* AdwToast *, owned */
  AdwToast        *shown;           /* owned, on the overlay until dismissed */
  gint64           slide_in_ends;   /* frame time, µs; 0: already over */
  gboolean         dismiss_wanted;  /* dismiss @shown once its slide-in is over */
  guint            tick_id;
  guint            poll_id;
};

G_DEFINE_FINAL_TYPE (LensToaster, lens_toaster, G_TYPE_OBJECT)

static void schedule (LensToaster *self);

/* Whether a toast is on the overlay, shown or hiding: every child but its
 * content is a toast's. */
static gboolean
overlay_has_toast (LensToaster *self)
{
  GtkWidget *content = adw_toast_overlay_get_child (self->overlay);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->overlay));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (child != content)
      return TRUE;
  return FALSE;
}

static void
toast_dismissed_cb (LensToaster *self,
                    AdwToast    *toast)
{
  if (toast != self->shown)
    return;
  g_signal_handlers_disconnect_by_func (toast, toast_dismissed_cb, self);
  g_clear_object (&self->shown);
  self->dismiss_wanted = FALSE;
  schedule (self);
}

static void
show_next (LensToaster *self)
{
  GtkWidget *overlay = GTK_WIDGET (self->overlay);

  self->shown = g_queue_pop_head (&self->waiting);
  self->dismiss_wanted = FALSE;
  /* an unmapped overlay skips the slide-in at once */
  self->slide_in_ends = gtk_widget_get_mapped (overlay)
    ? gdk_frame_clock_get_frame_time (gtk_widget_get_frame_clock (overlay)) + SLIDE_IN_US : 0;
  g_signal_connect_swapped (self->shown, "dismissed", G_CALLBACK (toast_dismissed_cb), self);
  adw_toast_overlay_add_toast (self->overlay, g_object_ref (self->shown));
}

/* Does what can be done now; @frame_time is the frame's in a tick, else -1.
 * Returns whether something is left to do. */
static gboolean
advance (LensToaster *self,
         gint64       frame_time)
{
  if (self->overlay == NULL)
    return FALSE;
  if (self->shown != NULL && self->dismiss_wanted &&
      (!gtk_widget_get_mapped (GTK_WIDGET (self->overlay)) || self->slide_in_ends == 0 ||
       (frame_time >= 0 && frame_time >= self->slide_in_ends)))
    adw_toast_dismiss (self->shown);  /* toast_dismissed_cb clears it */
  if (self->shown == NULL && !g_queue_is_empty (&self->waiting) && !overlay_has_toast (self))
    show_next (self);
  return (self->shown != NULL && self->dismiss_wanted) || !g_queue_is_empty (&self->waiting);
}

static void
stop (LensToaster *self)
{
  if (self->tick_id != 0 && self->overlay != NULL)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->overlay), self->tick_id);
  self->tick_id = 0;
  g_clear_handle_id (&self->poll_id, g_source_remove);
}

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  LensToaster *self = data;

  if (advance (self, gdk_frame_clock_get_frame_time (clock)))
    return G_SOURCE_CONTINUE;
  self->tick_id = 0;
  stop (self);
  return G_SOURCE_REMOVE;
}

/* Between frames, or with none coming (an overlay not shown). */
static gboolean
poll_cb (gpointer data)
{
  LensToaster *self = data;

  if (advance (self, -1))
    return G_SOURCE_CONTINUE;
  self->poll_id = 0;
  stop (self);
  return G_SOURCE_REMOVE;
}

static void
schedule (LensToaster *self)
{
  if (!advance (self, -1))
    return stop (self);
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->overlay), tick_cb, self, NULL);
  if (self->poll_id == 0)
    self->poll_id = g_timeout_add (POLL_MS, poll_cb, self);
}

static gboolean
says_the_same (AdwToast *a,
               AdwToast *b)
{
  return adw_toast_get_action_name (a) == NULL && adw_toast_get_action_name (b) == NULL &&
         g_strcmp0 (adw_toast_get_title (a), adw_toast_get_title (b)) == 0;
}

static int
compare_words (gconstpointer a,
               gconstpointer b)
{
  return says_the_same ((AdwToast *) a, (AdwToast *) b) ? 0 : 1;
}

void
lens_toaster_add (LensToaster *self,
                  AdwToast    *toast)
{
  g_return_if_fail (LENS_IS_TOASTER (self) && ADW_IS_TOAST (toast));

  if ((self->shown != NULL && !self->dismiss_wanted && says_the_same (self->shown, toast)) ||
      g_queue_find_custom (&self->waiting, toast, compare_words) != NULL)
    {
      g_object_unref (toast);
      return;
    }
  g_queue_push_tail (&self->waiting, toast);
  schedule (self);
}

void
lens_toaster_say (LensToaster *self,
                  const char  *message)
{
  AdwToast *toast;

  g_return_if_fail (LENS_IS_TOASTER (self) && message != NULL);

  toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, 6);
  lens_toaster_add (self, toast);
}

AdwToast *
lens_toaster_offer (LensToaster *self,
                    const char  *message,
                    const char  *button_label,
                    const char  *action_name,
                    guint        timeout)
{
  AdwToast *toast;

  g_return_val_if_fail (LENS_IS_TOASTER (self) && message != NULL && button_label != NULL && action_name != NULL,
                        NULL);

  toast = adw_toast_new (message);
  adw_toast_set_button_label (toast, button_label);
  adw_toast_set_action_name (toast, action_name);
  adw_toast_set_timeout (toast, timeout);
  /* one with an action is never dropped as a repeat */
  lens_toaster_add (self, toast);
  return toast;
}

void
lens_toaster_dismiss (LensToaster *self,
                      AdwToast    *toast)
{
  GList *link;

  g_return_if_fail (LENS_IS_TOASTER (self) && ADW_IS_TOAST (toast));

  if ((link = g_queue_find (&self->waiting, toast)) != NULL)
    {
      g_queue_delete_link (&self->waiting, link);
      g_object_unref (toast);
    }
  else if (toast == self->shown)
    {
      self->dismiss_wanted = TRUE;
      schedule (self);
    }
}

static void
lens_toaster_dispose (GObject *object)
{
  LensToaster *self = LENS_TOASTER (object);

  stop (self);
  if (self->shown != NULL)
    g_signal_handlers_disconnect_by_func (self->shown, toast_dismissed_cb, self);
  g_clear_object (&self->shown);
  g_queue_clear_full (&self->waiting, g_object_unref);
  g_clear_weak_pointer (&self->overlay);

  G_OBJECT_CLASS (lens_toaster_parent_class)->dispose (object);
}

static void
lens_toaster_class_init (LensToasterClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = lens_toaster_dispose;
}

static void
lens_toaster_init (LensToaster *self)
{
  g_queue_init (&self->waiting);
}

LensToaster *
lens_toaster_new (AdwToastOverlay *overlay)
{
  LensToaster *self;

  g_return_val_if_fail (ADW_IS_TOAST_OVERLAY (overlay), NULL);

  self = g_object_new (LENS_TYPE_TOASTER, NULL);
  g_set_weak_pointer (&self->overlay, overlay);
  return self;
}
