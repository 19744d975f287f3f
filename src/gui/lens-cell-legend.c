/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "lens-cell-legend.h"
#include "lens-render.h"
#include "lens-widget-util.h"

#define SAMPLE_SIZE 20

struct _LensCellLegend
{
  GtkWidget  parent_instance;

  GtkWidget *items[LENS_N_CELL_ROLES];
  GtkWidget *samples[LENS_N_CELL_ROLES];
  GtkWidget *clash_item;
  GtkWidget *clash_sample;
};

G_DEFINE_FINAL_TYPE (LensCellLegend, lens_cell_legend, GTK_TYPE_WIDGET)

static void
draw_sample (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  LensCellRole role = GPOINTER_TO_UINT (data);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  lens_render_draw_cell (cr, role, 5, 0, 0, MIN (width, height),
                         dark ? LENS_CELL_SCHEME_DARK : LENS_CELL_SCHEME_LIGHT);
}

/* The grid's frame around the cell a clash likely comes from. */
static void
draw_clash_sample (GtkDrawingArea *area,
                   cairo_t        *cr,
                   int             width,
                   int             height,
                   gpointer        data)
{
  double side = MIN (width, height), w = MAX (2.0, side / 16);
  GdkRGBA error;

  lens_widget_lookup_color (GTK_WIDGET (area), "error_bg_color", "#e01b24", &error);
  cairo_set_source_rgba (cr, error.red, error.green, error.blue, 0.3 * error.alpha);
  cairo_rectangle (cr, 0, 0, side, side);
  cairo_fill (cr);
  cairo_set_source_rgba (cr, error.red, error.green, error.blue, error.alpha);
  cairo_set_line_width (cr, w);
  cairo_rectangle (cr, w * 1.5, w * 1.5, side - 3 * w, side - 3 * w);
  cairo_stroke (cr);
}

static void
redraw_samples (LensCellLegend *self)
{
  for (guint role = 0; role < LENS_N_CELL_ROLES; role++)
    if (self->samples[role] != NULL)
      gtk_widget_queue_draw (self->samples[role]);
  if (self->clash_sample != NULL)
    gtk_widget_queue_draw (self->clash_sample);
}

void
lens_cell_legend_set_clash (LensCellLegend *self,
                            gboolean        shown)
{
  g_return_if_fail (LENS_IS_CELL_LEGEND (self));

  gtk_widget_set_visible (self->clash_item, shown);
}

void
lens_cell_legend_set_grid (LensCellLegend *self,
                           const LensGrid *grid)
{
  LensCellRole roles[LENS_N_CELL_ROLES];
  gboolean shown[LENS_N_CELL_ROLES] = { FALSE };
  guint n;

  g_return_if_fail (LENS_IS_CELL_LEGEND (self));

  n = grid ? lens_render_board_roles (grid, roles) : 0;
  for (guint i = 0; i < n; i++)
    shown[roles[i]] = TRUE;
  for (guint role = 0; role < LENS_N_CELL_ROLES; role++)
    if (self->items[role] != NULL)
      gtk_widget_set_visible (self->items[role], shown[role]);
}

gboolean
lens_cell_legend_shows (LensCellLegend *self,
                        LensCellRole    role)
{
  g_return_val_if_fail (LENS_IS_CELL_LEGEND (self), FALSE);
  g_return_val_if_fail (role < LENS_N_CELL_ROLES, FALSE);

  return self->items[role] != NULL && gtk_widget_get_visible (self->items[role]) &&
         gtk_widget_get_visible (GTK_WIDGET (self));
}

static GtkWidget *
new_sample_item (const char             *text,
                 GtkDrawingAreaDrawFunc  draw,
                 gpointer                data,
                 GtkWidget             **sample_out)
{
  GtkWidget *item = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *sample = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (sample), SAMPLE_SIZE);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (sample), SAMPLE_SIZE);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (sample), draw, data, NULL);
  gtk_widget_set_valign (sample, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (sample, "lens-legend-sample");
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (item), sample);
  gtk_box_append (GTK_BOX (item), label);
  gtk_widget_set_visible (item, FALSE);
  *sample_out = sample;
  return item;
}

static GtkWidget *
new_item (LensCellLegend *self,
          LensCellRole    role)
{
  return new_sample_item (_(lens_cell_style_get (role)->label), draw_sample,
                          GUINT_TO_POINTER (role), &self->samples[role]);
}

static void
lens_cell_legend_dispose (GObject *object)
{
  LensCellLegend *self = LENS_CELL_LEGEND (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  memset (self->items, 0, sizeof self->items);
  memset (self->samples, 0, sizeof self->samples);
  self->clash_item = self->clash_sample = NULL;

  G_OBJECT_CLASS (lens_cell_legend_parent_class)->dispose (object);
}

/* The items flow in lines, as words do: each as wide as it needs, a new
 * line where the next does not fit, so that the legend is no wider than
 * its widest item and a narrow window wraps it rather than being held
 * wide by it. */
#define COLUMN_SPACING 12
#define ROW_SPACING    4

/* Lays the visible items out in @width (-1: one line); fills @boxes
 * (nullable) and returns the height. */
static int
flow (LensCellLegend *self,
      int             width,
      GtkAllocation  *boxes)
{
  int x = 0, y = 0, line_height = 0, i = 0, first_in_line = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      int w, h;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
      if (width >= 0)
        w = MIN (w, width);
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
      if (x > 0 && width >= 0 && x + w > width)
        {
          /* centred in its line's height */
          for (int k = first_in_line; boxes != NULL && k < i; k++)
            boxes[k].y += (line_height - boxes[k].height) / 2;
          x = 0;
          y += line_height + ROW_SPACING;
          line_height = 0;
          first_in_line = i;
        }
      if (boxes != NULL)
        boxes[i] = (GtkAllocation) { x, y, w, h };
      x += w + COLUMN_SPACING;
      line_height = MAX (line_height, h);
    }
  for (int k = first_in_line; boxes != NULL && k < i; k++)
    boxes[k].y += (line_height - boxes[k].height) / 2;
  return y + line_height;
}

static void
lens_cell_legend_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  LensCellLegend *self = LENS_CELL_LEGEND (widget);

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      *minimum = *natural = flow (self, for_size, NULL);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      int min, nat;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      *minimum = MAX (*minimum, min);
      *natural += (*natural > 0 ? COLUMN_SPACING : 0) + nat;
    }
}

static GtkSizeRequestMode
lens_cell_legend_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
lens_cell_legend_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  LensCellLegend *self = LENS_CELL_LEGEND (widget);
  GtkAllocation boxes[LENS_N_CELL_ROLES + 1];
  int i = 0;

  flow (self, width, boxes);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child), i++)
    if (gtk_widget_should_layout (child))
      gtk_widget_size_allocate (child, &boxes[i], -1);
}

static void
lens_cell_legend_class_init (LensCellLegendClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = lens_cell_legend_dispose;
  widget_class->measure = lens_cell_legend_measure;
  widget_class->get_request_mode = lens_cell_legend_get_request_mode;
  widget_class->size_allocate = lens_cell_legend_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "lenscelllegend");
}

static void
lens_cell_legend_init (LensCellLegend *self)
{
  for (guint role = LENS_CELL_ROLE_EMPTY + 1; role < LENS_N_CELL_ROLES; role++)
    {
      self->items[role] = new_item (self, role);
      gtk_widget_set_parent (self->items[role], GTK_WIDGET (self));
    }
  /* TRANSLATORS: the legend of a red frame: this digit clashes with an
   * equal one in its row, column or box and is the likelier wrong */
  self->clash_item = new_sample_item (_("Likely cause of a clash"), draw_clash_sample, NULL,
                                      &self->clash_sample);
  gtk_widget_set_parent (self->clash_item, GTK_WIDGET (self));
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (redraw_samples), self, G_CONNECT_SWAPPED);
}

GtkWidget *
lens_cell_legend_new (void)
{
  return g_object_new (LENS_TYPE_CELL_LEGEND, NULL);
}
