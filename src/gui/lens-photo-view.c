/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "lens-cell-style.h"
#include "lens-homography.h"
#include "lens-photo-view.h"
#include "lens-widget-util.h"

#define HANDLE_RADIUS 7.0
/* The room kept around the photo for a handle on its edge, with its focus
 * ring (HANDLE_RADIUS + 4, 2 wide): the pane clips what is drawn outside. */
#define HANDLE_ROOM (HANDLE_RADIUS + 5)
#define GRAB_RADIUS 24.0
#define CLICK_SLOP 4.0

struct _LensPhotoView
{
  GtkWidget   parent_instance;

  GdkTexture *texture;
  int         rotation;
  double      scale;          /* texture pixels per image pixel */
  LensPoint   corners[4];     /* upright frame */
  gboolean    has_corners;
  int         selected;
  guint8      overlay[81];
  gboolean    has_overlay;
  int         dragging;       /* corner index, or -1 */
  int         active;         /* corner the arrow keys move */
  LensPoint   before_keys[4]; /* corners before the arrow keys moved them */
  gboolean    keys_moved;
  LensPoint   drag_origin;    /* of the dragged corner, upright frame */
  int         room[2];        /* as "room-changed" last said */
};

G_DEFINE_FINAL_TYPE (LensPhotoView, lens_photo_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SELECTED,
  N_PROPS
};

enum {
  CORNERS_CHANGED,
  ROOM_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
stored_size (LensPhotoView *self,
             double        *w,
             double        *h)
{
  double tw = gdk_texture_get_width (self->texture);
  double th = gdk_texture_get_height (self->texture);
  gboolean turned = self->rotation == 90 || self->rotation == 270;

  *w = (turned ? th : tw) / self->scale;
  *h = (turned ? tw : th) / self->scale;
}

static LensPoint
to_upright (LensPhotoView *self,
            LensPoint      p)
{
  double w, h;

  stored_size (self, &w, &h);
  switch (self->rotation)
    {
    case 90: p = (LensPoint) { h - p.y, p.x }; break;
    case 180: p = (LensPoint) { w - p.x, h - p.y }; break;
    case 270: p = (LensPoint) { p.y, w - p.x }; break;
    default: break;
    }
  return (LensPoint) { p.x * self->scale, p.y * self->scale };
}

static LensPoint
to_stored (LensPhotoView *self,
           LensPoint      p)
{
  double w, h;

  stored_size (self, &w, &h);
  p = (LensPoint) { p.x / self->scale, p.y / self->scale };
  switch (self->rotation)
    {
    case 90: return (LensPoint) { p.y, h - p.x };
    case 180: return (LensPoint) { w - p.x, h - p.y };
    case 270: return (LensPoint) { w - p.y, p.x };
    default: return p;
    }
}

/* Scale and offset that fit the upright photo into the widget. */
static gboolean
get_fit (LensPhotoView *self,
         double        *scale,
         double        *ox,
         double        *oy)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));
  double tw, th;

  if (self->texture == NULL || w <= 2 * HANDLE_ROOM + 1 || h <= 2 * HANDLE_ROOM + 1)
    return FALSE;
  tw = gdk_texture_get_width (self->texture);
  th = gdk_texture_get_height (self->texture);
  *scale = MIN ((w - 2 * HANDLE_ROOM) / tw, (h - 2 * HANDLE_ROOM) / th);
  *ox = (w - tw * *scale) / 2;
  *oy = (h - th * *scale) / 2;
  return TRUE;
}

static LensPoint
upright_to_widget (LensPhotoView *self,
                   LensPoint      p)
{
  double scale = 1, ox = 0, oy = 0;

  get_fit (self, &scale, &ox, &oy);
  return (LensPoint) { ox + p.x * scale, oy + p.y * scale };
}

static LensPoint
widget_to_upright (LensPhotoView *self,
                   double         x,
                   double         y)
{
  double scale = 1, ox = 0, oy = 0;

  get_fit (self, &scale, &ox, &oy);
  return (LensPoint) { (x - ox) / scale, (y - oy) / scale };
}

gboolean
lens_photo_view_image_to_widget (LensPhotoView   *self,
                                 const LensPoint *point,
                                 double          *x,
                                 double          *y)
{
  LensPoint p;

  g_return_val_if_fail (LENS_IS_PHOTO_VIEW (self), FALSE);

  if (self->texture == NULL)
    return FALSE;
  p = upright_to_widget (self, to_upright (self, *point));
  *x = p.x;
  *y = p.y;
  return TRUE;
}

static gboolean
get_board_map (LensPhotoView  *self,
               LensHomography *h)
{
  return self->has_corners && lens_homography_from_quad (h, self->corners);
}

int
lens_photo_view_cell_at (LensPhotoView *self,
                         double         x,
                         double         y)
{
  LensHomography h, inv;
  LensPoint uv;

  g_return_val_if_fail (LENS_IS_PHOTO_VIEW (self), -1);

  if (self->texture == NULL || !get_board_map (self, &h) || !lens_homography_invert (&h, &inv))
    return -1;
  uv = widget_to_upright (self, x, y);
  uv = lens_homography_apply (&inv, uv.x, uv.y);
  if (uv.x < 0 || uv.x >= 1 || uv.y < 0 || uv.y >= 1)
    return -1;
  return (int) (uv.y * 9) * 9 + (int) (uv.x * 9);
}

static void
trace_quad (LensPhotoView        *self,
            cairo_t              *cr,
            const LensHomography *h,
            double                u0,
            double                v0,
            double                u1,
            double                v1)
{
  const double u[4] = { u0, u1, u1, u0 }, v[4] = { v0, v0, v1, v1 };

  for (guint i = 0; i < 4; i++)
    {
      LensPoint p = upright_to_widget (self, lens_homography_apply (h, u[i], v[i]));
      if (i == 0)
        cairo_move_to (cr, p.x, p.y);
      else
        cairo_line_to (cr, p.x, p.y);
    }
  cairo_close_path (cr);
}

static void
draw_selection (LensPhotoView        *self,
                cairo_t              *cr,
                const LensHomography *h,
                const GdkRGBA        *accent)
{
  double u = (self->selected % 9) / 9.0, v = (self->selected / 9) / 9.0;

  trace_quad (self, cr, h, u, v, u + 1 / 9.0, v + 1 / 9.0);
  cairo_set_source_rgba (cr, accent->red, accent->green, accent->blue, 0.35);
  cairo_fill_preserve (cr);
  gdk_cairo_set_source_rgba (cr, accent);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);
}

static void
draw_handles (LensPhotoView *self,
              cairo_t       *cr,
              const GdkRGBA *accent)
{
  for (guint i = 0; i < 4; i++)
    {
      LensPoint p = upright_to_widget (self, self->corners[i]);

      cairo_new_sub_path (cr);
      cairo_arc (cr, p.x, p.y, HANDLE_RADIUS, 0, 2 * G_PI);
    }
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  gdk_cairo_set_source_rgba (cr, accent);
  cairo_set_line_width (cr, 3);
  cairo_stroke (cr);
  if (gtk_widget_has_focus (GTK_WIDGET (self)))
    {
      LensPoint p = upright_to_widget (self, self->corners[self->active]);

      cairo_arc (cr, p.x, p.y, HANDLE_RADIUS * 0.6, 0, 2 * G_PI);
      gdk_cairo_set_source_rgba (cr, accent);
      cairo_fill (cr);
      cairo_arc (cr, p.x, p.y, HANDLE_RADIUS + 4, 0, 2 * G_PI);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
    }
}

static void
draw_digit (LensPhotoView        *self,
            cairo_t              *cr,
            const LensHomography *h,
            guint                 cell)
{
  double u = (cell % 9 + 0.5) / 9.0, v = (cell / 9 + 0.5) / 9.0;
  LensPoint top = upright_to_widget (self, lens_homography_apply (h, u, v - 0.5 / 9));
  LensPoint bottom = upright_to_widget (self, lens_homography_apply (h, u, v + 0.5 / 9));
  LensPoint center = upright_to_widget (self, lens_homography_apply (h, u, v));
  char text[2] = { (char) ('0' + self->overlay[cell]), 0 };
  cairo_text_extents_t extents;

  cairo_set_font_size (cr, hypot (bottom.x - top.x, bottom.y - top.y) * 0.6);
  cairo_text_extents (cr, text, &extents);
  cairo_move_to (cr, center.x - extents.x_bearing - extents.width / 2,
                 center.y - extents.y_bearing - extents.height / 2);
  cairo_show_text (cr, text);
}

static void
draw_overlay (LensPhotoView        *self,
              cairo_t              *cr,
              const LensHomography *h)
{
  const LensCellStyle *style = lens_cell_style_get (LENS_CELL_ROLE_SOLVED);
  double r, g, b;

  /* The solved style on the photo's paper, which is light. */
  lens_cell_ink_rgb (style->ink[LENS_CELL_SCHEME_LIGHT], &r, &g, &b);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL,
                          style->bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_source_rgb (cr, r, g, b);
  for (guint cell = 0; cell < 81; cell++)
    if (self->overlay[cell] != 0)
      draw_digit (self, cr, h, cell);
}

static void
draw_outline (LensPhotoView *self,
              GtkSnapshot   *snapshot)
{
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (GTK_WIDGET (self)),
                                               gtk_widget_get_height (GTK_WIDGET (self)));
  cairo_t *cr;
  GdkRGBA accent;
  LensHomography h;

  lens_widget_lookup_color (GTK_WIDGET (self), "accent_bg_color", "#3584e4", &accent);
  if (!get_board_map (self, &h))
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  trace_quad (self, cr, &h, 0, 0, 1, 1);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.5);
  cairo_set_line_width (cr, 5);
  cairo_stroke_preserve (cr);
  gdk_cairo_set_source_rgba (cr, &accent);
  cairo_set_line_width (cr, 3);
  cairo_stroke (cr);
  if (self->has_overlay)
    draw_overlay (self, cr, &h);
  if (self->selected >= 0)
    draw_selection (self, cr, &h, &accent);
  draw_handles (self, cr, &accent);
  cairo_destroy (cr);
}

static void
lens_photo_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  LensPhotoView *self = LENS_PHOTO_VIEW (widget);
  double scale, ox, oy;

  if (!get_fit (self, &scale, &ox, &oy))
    return;
  gtk_snapshot_append_texture (snapshot, self->texture,
                               &GRAPHENE_RECT_INIT (ox, oy,
                                                    gdk_texture_get_width (self->texture) * scale,
                                                    gdk_texture_get_height (self->texture) * scale));
  if (self->has_corners)
    draw_outline (self, snapshot);
}

static void
lens_photo_view_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  *minimum = 120;
  *natural = 480;
}

static int
corner_near (LensPhotoView *self,
             double         x,
             double         y)
{
  int best = -1;
  double best_d = GRAB_RADIUS;

  for (int i = 0; self->has_corners && i < 4; i++)
    {
      LensPoint p = upright_to_widget (self, self->corners[i]);
      double d = hypot (p.x - x, p.y - y);

      if (d < best_d)
        {
          best = i;
          best_d = d;
        }
    }
  return best;
}

static void describe_keys (LensPhotoView *self);

static void
drag_begin_cb (LensPhotoView  *self,
               double          x,
               double          y,
               GtkGestureDrag *gesture)
{
  /* a click on the photo gives it the keys, for the corners */
  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->dragging = corner_near (self, x, y);
  if (self->dragging >= 0)
    {
      self->active = self->dragging;
      describe_keys (self);
      self->drag_origin = self->corners[self->dragging];
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    }
}

static LensPoint
clamp_to_photo (LensPhotoView *self,
                LensPoint      p)
{
  p.x = CLAMP (p.x, 0, gdk_texture_get_width (self->texture));
  p.y = CLAMP (p.y, 0, gdk_texture_get_height (self->texture));
  return p;
}

static void
drag_update_cb (LensPhotoView  *self,
                double          dx,
                double          dy,
                GtkGestureDrag *gesture)
{
  double scale = 1, ox, oy;
  LensPoint p;

  if (self->dragging < 0 || !get_fit (self, &scale, &ox, &oy))
    return;
  p = (LensPoint) { self->drag_origin.x + dx / scale, self->drag_origin.y + dy / scale };
  self->corners[self->dragging] = clamp_to_photo (self, p);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (LensPhotoView  *self,
             double          dx,
             double          dy,
             GtkGestureDrag *gesture)
{
  double x, y;
  int cell;

  if (self->dragging >= 0)
    {
      self->dragging = -1;
      if (hypot (dx, dy) > 0)
        g_signal_emit (self, signals[CORNERS_CHANGED], 0);
      return;
    }
  if (hypot (dx, dy) > CLICK_SLOP || !gtk_gesture_drag_get_start_point (gesture, &x, &y))
    return;
  cell = lens_photo_view_cell_at (self, x, y);
  if (cell >= 0)
    lens_photo_view_set_selected (self, cell);
}

static void
describe_keys (LensPhotoView *self)
{
  static const char * const names[] = {
    N_("Top left corner"), N_("Top right corner"), N_("Bottom right corner"), N_("Bottom left corner"),
  };
  g_autofree char *text = g_strdup_printf (_("%s: the arrow keys move it, 1 to 4 choose another corner, "
                                             "Enter reads the cells again, Escape puts it back"),
                                           _(names[self->active]));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

static void
nudge_corner (LensPhotoView   *self,
              double           dx,
              double           dy,
              GdkModifierType  state)
{
  double step = MAX (gdk_texture_get_width (self->texture), gdk_texture_get_height (self->texture)) *
                ((state & GDK_SHIFT_MASK) ? 0.01 : 0.002);
  LensPoint *p = &self->corners[self->active];

  if (!self->keys_moved)
    memcpy (self->before_keys, self->corners, sizeof self->corners);
  self->keys_moved = TRUE;
  *p = clamp_to_photo (self, (LensPoint) { p->x + dx * MAX (step, 1), p->y + dy * MAX (step, 1) });
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
finish_keys (LensPhotoView *self,
             gboolean       apply)
{
  if (!self->keys_moved)
    return FALSE;
  self->keys_moved = FALSE;
  if (!apply)
    memcpy (self->corners, self->before_keys, sizeof self->corners);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (apply)
    g_signal_emit (self, signals[CORNERS_CHANGED], 0);
  return TRUE;
}

static gboolean
key_pressed_cb (LensPhotoView   *self,
                guint            keyval,
                guint            keycode,
                GdkModifierType  state)
{
  if (!self->has_corners || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_1: case GDK_KEY_2: case GDK_KEY_3: case GDK_KEY_4:
      self->active = (int) (keyval - GDK_KEY_1);
      describe_keys (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_Left: nudge_corner (self, -1, 0, state); return TRUE;
    case GDK_KEY_Right: nudge_corner (self, 1, 0, state); return TRUE;
    case GDK_KEY_Up: nudge_corner (self, 0, -1, state); return TRUE;
    case GDK_KEY_Down: nudge_corner (self, 0, 1, state); return TRUE;
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: return finish_keys (self, TRUE);
    case GDK_KEY_Escape: return finish_keys (self, FALSE);
    default: return FALSE;
    }
}

static void
motion_cb (LensPhotoView            *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *controller)
{
  const char *cursor = corner_near (self, x, y) >= 0 ? "move" :
                       lens_photo_view_cell_at (self, x, y) >= 0 ? "pointer" : NULL;

  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), cursor);
}

void
lens_photo_view_set_photo (LensPhotoView *self,
                           GdkTexture    *texture,
                           int            rotation,
                           double         scale)
{
  g_return_if_fail (LENS_IS_PHOTO_VIEW (self));
  g_return_if_fail (!texture || GDK_IS_TEXTURE (texture));
  g_return_if_fail (scale > 0);

  g_set_object (&self->texture, texture);
  self->rotation = rotation;
  self->scale = scale;
  self->has_corners = FALSE;
  self->dragging = -1;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
lens_photo_view_resize_photo (LensPhotoView *self,
                              GdkTexture    *texture,
                              double         scale)
{
  double by;

  g_return_if_fail (LENS_IS_PHOTO_VIEW (self));
  g_return_if_fail (GDK_IS_TEXTURE (texture));
  g_return_if_fail (scale > 0);

  if (self->texture == NULL)
    return lens_photo_view_set_photo (self, texture, self->rotation, scale);
  by = scale / self->scale;
  for (guint i = 0; i < 4; i++)
    {
      self->corners[i] = (LensPoint) { self->corners[i].x * by, self->corners[i].y * by };
      self->before_keys[i] = (LensPoint) { self->before_keys[i].x * by, self->before_keys[i].y * by };
    }
  self->drag_origin = (LensPoint) { self->drag_origin.x * by, self->drag_origin.y * by };
  g_set_object (&self->texture, texture);
  self->scale = scale;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
lens_photo_view_get_room (LensPhotoView *self,
                          int           *width,
                          int           *height)
{
  int factor, w, h;

  g_return_if_fail (LENS_IS_PHOTO_VIEW (self));

  factor = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  w = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * HANDLE_ROOM;
  h = gtk_widget_get_height (GTK_WIDGET (self)) - 2 * HANDLE_ROOM;
  *width = w > 0 && h > 0 ? w * factor : 0;
  *height = w > 0 && h > 0 ? h * factor : 0;
}

static void
check_room (LensPhotoView *self)
{
  int room[2];

  lens_photo_view_get_room (self, &room[0], &room[1]);
  if (room[0] == self->room[0] && room[1] == self->room[1])
    return;
  self->room[0] = room[0];
  self->room[1] = room[1];
  g_signal_emit (self, signals[ROOM_CHANGED], 0);
}

static void
lens_photo_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  check_room (LENS_PHOTO_VIEW (widget));
}

GdkTexture *
lens_photo_view_get_texture (LensPhotoView *self)
{
  g_return_val_if_fail (LENS_IS_PHOTO_VIEW (self), NULL);

  return self->texture;
}

int
lens_photo_view_get_rotation (LensPhotoView *self)
{
  g_return_val_if_fail (LENS_IS_PHOTO_VIEW (self), 0);

  return self->rotation;
}

void
lens_photo_view_set_corners (LensPhotoView   *self,
                             const LensPoint *corners)
{
  g_return_if_fail (LENS_IS_PHOTO_VIEW (self));

  self->has_corners = corners != NULL && self->texture != NULL;
  self->keys_moved = FALSE;
  if (self->has_corners)
    describe_keys (self);
  for (guint i = 0; self->has_corners && i < 4; i++)
    self->corners[i] = to_upright (self, corners[i]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
lens_photo_view_get_corners (LensPhotoView *self,
                             LensPoint      corners[4])
{
  g_return_val_if_fail (LENS_IS_PHOTO_VIEW (self), FALSE);

  for (guint i = 0; self->has_corners && i < 4; i++)
    corners[i] = to_stored (self, self->corners[i]);
  return self->has_corners;
}

void
lens_photo_view_set_overlay (LensPhotoView *self,
                             const guint8  *digits)
{
  g_return_if_fail (LENS_IS_PHOTO_VIEW (self));

  self->has_overlay = digits != NULL;
  if (digits != NULL)
    memcpy (self->overlay, digits, sizeof self->overlay);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
lens_photo_view_get_selected (LensPhotoView *self)
{
  g_return_val_if_fail (LENS_IS_PHOTO_VIEW (self), -1);

  return self->selected;
}

void
lens_photo_view_set_selected (LensPhotoView *self,
                              int            cell)
{
  g_return_if_fail (LENS_IS_PHOTO_VIEW (self));
  g_return_if_fail (cell >= -1 && cell < 81);

  if (self->selected == cell)
    return;
  self->selected = cell;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

static void
lens_photo_view_dispose (GObject *object)
{
  LensPhotoView *self = LENS_PHOTO_VIEW (object);

  g_clear_object (&self->texture);

  G_OBJECT_CLASS (lens_photo_view_parent_class)->dispose (object);
}

static void
lens_photo_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  LensPhotoView *self = LENS_PHOTO_VIEW (object);

  switch (prop_id)
    {
    case PROP_SELECTED: g_value_set_int (value, self->selected); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lens_photo_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  LensPhotoView *self = LENS_PHOTO_VIEW (object);

  switch (prop_id)
    {
    case PROP_SELECTED: lens_photo_view_set_selected (self, g_value_get_int (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lens_photo_view_class_init (LensPhotoViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lens_photo_view_dispose;
  object_class->get_property = lens_photo_view_get_property;
  object_class->set_property = lens_photo_view_set_property;
  widget_class->snapshot = lens_photo_view_snapshot;
  lens_widget_class_redraw_on_css_change (widget_class);
  widget_class->measure = lens_photo_view_measure;
  widget_class->size_allocate = lens_photo_view_size_allocate;

  properties[PROP_SELECTED] =
    g_param_spec_int ("selected", NULL, NULL, -1, 80, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CORNERS_CHANGED] =
    g_signal_new ("corners-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* the room the photo is fitted into changed (lens_photo_view_get_room()) */
  signals[ROOM_CHANGED] =
    g_signal_new ("room-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "lensphotoview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
lens_photo_view_init (LensPhotoView *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *key = gtk_event_controller_key_new ();

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  self->selected = -1;
  self->dragging = -1;
  self->scale = 1;
  g_signal_connect_swapped (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect_swapped (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect_swapped (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect_swapped (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (key, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  g_signal_connect_swapped (self, "notify::has-focus", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (self, "notify::scale-factor", G_CALLBACK (check_room), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Photo with the detected board outline"), -1);
}

GtkWidget *
lens_photo_view_new (void)
{
  return g_object_new (LENS_TYPE_PHOTO_VIEW, NULL);
}
