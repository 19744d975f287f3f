/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "lens-camera.h"
#include "lens-capture-page.h"
#include "lens-capture-session.h"
#include "lens-pipeline.h"

struct _LensCapturePage
{
  GtkWidget           parent_instance;

  GtkStack           *stack;
  GtkPicture         *picture;
  GtkDrawingArea     *outline_area;
  GtkLabel           *status_label;
  GtkDropDown        *camera_list;
  GtkSwitch          *live_switch;
  AdwStatusPage      *problem_page;
  GtkDropDown        *problem_camera_list;  /* shares camera_list's model and choice */

  GPtrArray          *cameras;      /* LensCameraInfo */
  char               *source;       /* given to start(), or NULL */
  char               *problem;
  guint               retries;    /* Try Again pressed since the last frame */
  LensReader         *reader;
  LensCaptureSession *session;
  GdkTexture         *frame;
  LensCaptureFrame    info;
  gboolean            solved;
  LensGrid            solution;
  gboolean            live_solution;
  gboolean            filling_list;
};

G_DEFINE_FINAL_TYPE (LensCapturePage, lens_capture_page, GTK_TYPE_WIDGET)

enum {
  CAPTURED,
  CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
show_problem (LensCapturePage *self,
              const char      *message)
{
  g_autofree char *text = NULL;

  lens_capture_page_stop (self);
  g_free (self->problem);
  self->problem = g_strdup (message);
  /* Try Again that fails as fast as before must not look like nothing */
  if (self->retries > 0)
    text = g_strdup_printf (ngettext ("%s\nTried again %u time, with the same result.",
                                      "%s\nTried again %u times, with the same result.", self->retries),
                            message, self->retries);
  adw_status_page_set_description (self->problem_page, text ? text : message);
  gtk_stack_set_visible_child_name (self->stack, "problem");
}

static const char *
describe_state (LensCapturePage *self)
{
  switch (self->info.state)
    {
    case LENS_CAPTURE_SEARCHING:
      return _("Looking for a puzzle…");
    case LENS_CAPTURE_MOVING:
      return _("Hold the puzzle still…");
    case LENS_CAPTURE_STEADY:
      return _("Reading the digits…");
    case LENS_CAPTURE_CAPTURED:
    case LENS_CAPTURE_HOLDING:
      if (!self->live_solution)
        return _("Captured");
      return self->solved ? _("Showing the solution") : _("This puzzle has no single solution as read; capture it to check the digits");
    default:
      g_return_val_if_reached (NULL);
    }
}

static void
show_update (LensCapturePage   *self,
             LensCaptureUpdate *update)
{
  self->retries = 0;
  g_clear_object (&self->frame);
  self->frame = gdk_memory_texture_new (update->width, update->height, GDK_MEMORY_R8G8B8,
                                        update->rgb, (gsize) update->width * 3);
  self->info = update->info;
  self->solved = update->solved;
  self->solution = update->solution;
  gtk_picture_set_paintable (self->picture, GDK_PAINTABLE (self->frame));
  gtk_label_set_label (self->status_label, describe_state (self));
  gtk_widget_queue_draw (GTK_WIDGET (self->outline_area));
}

static char *
new_capture_path (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *name = g_strdup_printf ("capture-%s-%03d.png", stamp,
                                           g_date_time_get_microsecond (now) / 1000);
  g_autofree char *dir = g_build_filename (g_get_user_cache_dir (), "sudoku-lens", "captures", NULL);

  g_mkdir_with_parents (dir, 0700);
  return g_build_filename (dir, name, NULL);
}

/* @scan: the reading of the digits over several frames, or NULL */
static void
hand_over (LensCapturePage *self,
           LensImage       *capture,
           const LensScan  *scan)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = new_capture_path ();

  lens_capture_page_stop (self);
  if (!lens_image_save (capture, path, &error))
    {
      gtk_label_set_label (self->status_label, error->message);
      return;
    }
  g_signal_emit (self, signals[CAPTURED], 0, path, scan);
}

static void
check_end (LensCapturePage *self)
{
  g_autoptr(GError) error = NULL;

  if (!lens_capture_session_has_ended (self->session, &error))
    return;
  if (error != NULL)
    {
      show_problem (self, error->message);
      return;
    }
  lens_capture_page_stop (self);
  gtk_label_set_label (self->status_label, _("The video has ended"));
}

static void
session_cb (LensCaptureSession *session,
            gpointer            data)
{
  LensCapturePage *self = data;
  g_autoptr(LensCaptureUpdate) update = lens_capture_session_take_update (session);
  LensScan scan;
  gboolean has_scan;
  g_autoptr(LensImage) capture = lens_capture_session_take_capture (session, &scan, &has_scan);

  if (update != NULL)
    show_update (self, update);
  if (capture != NULL)
    hand_over (self, capture, has_scan ? &scan : NULL);
  else
    check_end (self);
}

static const char *
selected_device (LensCapturePage *self)
{
  guint selected = gtk_drop_down_get_selected (self->camera_list);

  if (self->source != NULL || selected >= self->cameras->len)
    return self->source;
  return ((LensCameraInfo *) self->cameras->pdata[selected])->device;
}

static void
fill_camera_list (LensCapturePage *self)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

  g_clear_pointer (&self->cameras, g_ptr_array_unref);
  self->cameras = lens_camera_list ();
  for (guint i = 0; i < self->cameras->len; i++)
    gtk_string_list_append (labels, ((LensCameraInfo *) self->cameras->pdata[i])->label);
  if (self->source != NULL)
    {
      g_autofree char *name = g_path_get_basename (self->source);

      gtk_string_list_append (labels, name);
    }
  self->filling_list = TRUE;
  gtk_drop_down_set_model (self->camera_list, G_LIST_MODEL (labels));
  gtk_drop_down_set_selected (self->camera_list, self->source != NULL ? self->cameras->len : 0);
  self->filling_list = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->problem_camera_list),
                          g_list_model_get_n_items (G_LIST_MODEL (labels)) > 1);
}


/* The camera is opened in the session's worker: a failure to open it
 * comes back as the end of the stream. */
static void
open_source (LensCapturePage *self)
{
  g_autoptr(GError) error = NULL;

  lens_capture_page_stop (self);
  memset (&self->info, 0, sizeof self->info);
  self->solved = FALSE;
  g_clear_object (&self->frame);
  gtk_picture_set_paintable (self->picture, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self->outline_area));
  g_clear_pointer (&self->problem, g_free);
  self->session = lens_pipeline_open_capture (self->reader, selected_device (self), session_cb, self, &error);
  if (self->session == NULL)
    {
      show_problem (self, error->message);
      return;
    }
  gtk_stack_set_visible_child_name (self->stack, "preview");
  gtk_label_set_label (self->status_label, _("Starting the camera…"));
  lens_capture_session_set_live_solution (self->session, self->live_solution);
}

static void
camera_selected_cb (LensCapturePage *self)
{
  guint selected = gtk_drop_down_get_selected (self->camera_list);

  if (self->filling_list)
    return;
  if (selected < self->cameras->len)
    g_clear_pointer (&self->source, g_free);
  open_source (self);
}

static void
draw_outline_cb (GtkDrawingArea *area,
                 cairo_t        *cr,
                 int             width,
                 int             height,
                 gpointer        data)
{
  LensCapturePage *self = data;
  double frame_w, frame_h, scale, x0, y0;

  if (self->frame == NULL || !self->info.found)
    return;
  frame_w = gdk_texture_get_width (self->frame);
  frame_h = gdk_texture_get_height (self->frame);
  scale = MIN (width / frame_w, height / frame_h);
  x0 = (width - frame_w * scale) / 2;
  y0 = (height - frame_h * scale) / 2;
  for (int i = 0; i < 4; i++)
    cairo_line_to (cr, x0 + self->info.corners[i].x * scale, y0 + self->info.corners[i].y * scale);
  cairo_close_path (cr);
  if (self->info.state == LENS_CAPTURE_MOVING)
    cairo_set_source_rgb (cr, 0.96, 0.76, 0.07);
  else
    cairo_set_source_rgb (cr, 0.15, 0.64, 0.41);
  cairo_set_line_width (cr, 3);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
}

static void
capture_now_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  LensCapturePage *self = LENS_CAPTURE_PAGE (widget);

  if (self->session != NULL)
    lens_capture_session_capture_now (self->session);
}

static void
close_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  LensCapturePage *self = LENS_CAPTURE_PAGE (widget);

  lens_capture_page_stop (self);
  g_signal_emit (self, signals[CLOSED], 0);
}

static void
retry_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  LensCapturePage *self = LENS_CAPTURE_PAGE (widget);

  self->retries++;
  fill_camera_list (self);
  open_source (self);
}

/* Out of its window, the page has no one to show frames to. */
static void
lens_capture_page_unroot (GtkWidget *widget)
{
  lens_capture_page_stop (LENS_CAPTURE_PAGE (widget));
  GTK_WIDGET_CLASS (lens_capture_page_parent_class)->unroot (widget);
}

static void
lens_capture_page_dispose (GObject *object)
{
  LensCapturePage *self = LENS_CAPTURE_PAGE (object);

  lens_capture_page_stop (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), LENS_TYPE_CAPTURE_PAGE);
  g_clear_object (&self->frame);
  g_clear_object (&self->reader);
  g_clear_pointer (&self->cameras, g_ptr_array_unref);
  g_clear_pointer (&self->source, g_free);
  g_clear_pointer (&self->problem, g_free);

  G_OBJECT_CLASS (lens_capture_page_parent_class)->dispose (object);
}

/* The switch holds whether the solution is drawn on the live picture. */
static void
live_switch_cb (LensCapturePage *self)
{
  self->live_solution = gtk_switch_get_active (self->live_switch);
  if (self->session != NULL)
    lens_capture_session_set_live_solution (self->session, self->live_solution);
}

static void
lens_capture_page_class_init (LensCapturePageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = lens_capture_page_dispose;
  widget_class->unroot = lens_capture_page_unroot;

  signals[CAPTURED] = g_signal_new ("captured", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_POINTER);
  signals[CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/sudokulens/SudokuLens/lens-capture-page.ui");
  gtk_widget_class_bind_template_child (widget_class, LensCapturePage, stack);
  gtk_widget_class_bind_template_child (widget_class, LensCapturePage, picture);
  gtk_widget_class_bind_template_child (widget_class, LensCapturePage, outline_area);
  gtk_widget_class_bind_template_child (widget_class, LensCapturePage, status_label);
  gtk_widget_class_bind_template_child (widget_class, LensCapturePage, camera_list);
  gtk_widget_class_bind_template_child (widget_class, LensCapturePage, live_switch);
  gtk_widget_class_bind_template_child (widget_class, LensCapturePage, problem_page);
  gtk_widget_class_bind_template_child (widget_class, LensCapturePage, problem_camera_list);

  gtk_widget_class_install_action (widget_class, "capture.now", NULL, capture_now_activated);
  gtk_widget_class_install_action (widget_class, "capture.close", NULL, close_activated);
  gtk_widget_class_install_action (widget_class, "capture.retry", NULL, retry_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "capture.now", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "capture.close", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
lens_capture_page_init (LensCapturePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_drawing_area_set_draw_func (self->outline_area, draw_outline_cb, self, NULL);
  g_signal_connect_swapped (self->live_switch, "notify::active", G_CALLBACK (live_switch_cb), self);
  self->cameras = g_ptr_array_new ();
  g_object_bind_property (self->camera_list, "model", self->problem_camera_list, "model", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->camera_list, "selected", self->problem_camera_list, "selected",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect_swapped (self->camera_list, "notify::selected", G_CALLBACK (camera_selected_cb), self);
}

GtkWidget *
lens_capture_page_new (LensReader *reader)
{
  LensCapturePage *self;

  g_return_val_if_fail (LENS_IS_READER (reader), NULL);

  self = g_object_new (LENS_TYPE_CAPTURE_PAGE, NULL);
  self->reader = g_object_ref (reader);
  return GTK_WIDGET (self);
}

void
lens_capture_page_start (LensCapturePage *self,
                         const char      *source)
{
  g_return_if_fail (LENS_IS_CAPTURE_PAGE (self));

  g_free (self->source);
  self->source = g_strdup (source);
  self->retries = 0;
  fill_camera_list (self);
  open_source (self);
}

void
lens_capture_page_stop (LensCapturePage *self)
{
  g_return_if_fail (LENS_IS_CAPTURE_PAGE (self));

  g_clear_pointer (&self->session, lens_capture_session_stop);
}

void
lens_capture_page_set_live_solution (LensCapturePage *self,
                                     gboolean         live)
{
  g_return_if_fail (LENS_IS_CAPTURE_PAGE (self));

  gtk_switch_set_active (self->live_switch, live);
}

GdkTexture *
lens_capture_page_get_frame (LensCapturePage *self)
{
  g_return_val_if_fail (LENS_IS_CAPTURE_PAGE (self), NULL);
  return self->frame;
}

gboolean
lens_capture_page_get_outline (LensCapturePage *self,
                               LensPoint        corners[4])
{
  g_return_val_if_fail (LENS_IS_CAPTURE_PAGE (self), FALSE);

  if (self->frame == NULL || !self->info.found)
    return FALSE;
  memcpy (corners, self->info.corners, sizeof self->info.corners);
  return TRUE;
}

guint
lens_capture_page_get_frame_index (LensCapturePage *self)
{
  g_return_val_if_fail (LENS_IS_CAPTURE_PAGE (self), 0);
  return self->info.index;
}

LensCaptureState
lens_capture_page_get_state (LensCapturePage *self)
{
  g_return_val_if_fail (LENS_IS_CAPTURE_PAGE (self), LENS_CAPTURE_SEARCHING);
  return self->info.state;
}

gboolean
lens_capture_page_get_solution (LensCapturePage *self,
                                LensGrid        *solution)
{
  g_return_val_if_fail (LENS_IS_CAPTURE_PAGE (self), FALSE);

  if (!self->solved)
    return FALSE;
  *solution = self->solution;
  return TRUE;
}

const char *
lens_capture_page_get_problem (LensCapturePage *self)
{
  g_return_val_if_fail (LENS_IS_CAPTURE_PAGE (self), NULL);
  return self->problem;
}
