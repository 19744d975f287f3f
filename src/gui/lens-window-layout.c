/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's two layouts. Wide, the photo and the grid side by side and
 * every command in the header bar. Narrow, down to 360 pixels, the photo
 * above the grid, the header keeping what fits (export and the menu, which
 * opens a photo too) and the other commands in a bar at the bottom. The buttons
 * move, so they keep their actions and the shortcuts work in both.
 * GTK 4.8 has no breakpoints: the window's width is looked at each time it
 * is allocated, and the layout switched from an idle, with a gap between
 * the two widths so that it cannot go back and forth. */
#include "config.h"

#include "lens-bottom-bar.h"
#include "lens-window-private.h"

/* Below it, the header's buttons leave the title no room. */
#define NARROW_BELOW 720
/* A window that became narrow turns wide again from there. */
#define WIDE_FROM    760
/* Narrow, the photo's share of the height above the grid's pane. */
#define NARROW_PHOTO_SHARE 0.4
/* Narrow, the room kept below the grid's pane's needs: the handle, and a
 * line more of the status, so that the handle does not move when it wraps. */
#define NARROW_SLACK 24

static GtkWidget *
child (LensWindow *self,
       const char *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (self), LENS_TYPE_WINDOW, name);

  g_assert (object != NULL);
  return GTK_WIDGET (object);
}

/* The header's buttons that go to the bottom bar, in their order at the
 * header's start and then at its end (from the outside in). */
static const char * const start_buttons[] = { "history_box", "pencil_button", "play_button" };
static const char * const end_buttons[] = { "solve_button", "hint_button" };

static void
move_buttons (LensWindow *self,
              gboolean    narrow)
{
  GtkWidget *start[G_N_ELEMENTS (start_buttons) + 1] = { NULL };
  GtkWidget *end[G_N_ELEMENTS (end_buttons) + 1] = { NULL };

  for (guint i = 0; i < G_N_ELEMENTS (start_buttons); i++)
    start[i] = child (self, start_buttons[i]);
  for (guint i = 0; i < G_N_ELEMENTS (end_buttons); i++)
    end[i] = child (self, end_buttons[i]);
  lens_bottom_bar_set_narrow (LENS_BOTTOM_BAR (child (self, "bottom_bar")), ADW_HEADER_BAR (child (self, "header_bar")),
                              start, end, narrow);
}

/* Narrow: the buttons are in the bottom bar. */
static gboolean
is_narrow (LensWindow *self)
{
  return lens_bottom_bar_get_narrow (LENS_BOTTOM_BAR (child (self, "bottom_bar")));
}

/* The panes' margins: wide, 12 pixels at the window's edges and 6 on
 * either side of the handle between them (the template's). Narrow, 8 at
 * the window's sides, and the close-up's row tighter, for the row (the
 * close-up, its other readings, the legend) to fit 360 pixels. */
static void
set_margins (LensWindow *self,
             gboolean    narrow)
{
  GtkWidget *photo = GTK_WIDGET (_lens_window_get_photo_view (self));
  GtkWidget *check = GTK_WIDGET (self->grid_pane);
  GtkWidget *row = gtk_widget_get_parent (GTK_WIDGET (lens_grid_pane_get_close_up (self->grid_pane)));

  gtk_widget_set_margin_start (photo, narrow ? 8 : 12);
  gtk_widget_set_margin_end (photo, narrow ? 8 : 6);
  gtk_widget_set_margin_bottom (photo, narrow ? 6 : 12);
  gtk_widget_set_margin_start (check, narrow ? 8 : 6);
  gtk_widget_set_margin_end (check, narrow ? 8 : 12);
  gtk_widget_set_margin_top (check, narrow ? 6 : 12);
  if (GTK_IS_BOX (row))
    gtk_box_set_spacing (GTK_BOX (row), narrow ? 6 : 12);
}

/* Narrow, where the photo's pane ends: at its share of the height, or
 * higher to leave the grid's pane the height it needs. */
static int
narrow_position (LensWindow *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self->stack));
  int height = gtk_widget_get_height (GTK_WIDGET (self->stack));
  int check_height;

  gtk_widget_measure (GTK_WIDGET (self->grid_pane), GTK_ORIENTATION_VERTICAL, width, &check_height, NULL, NULL, NULL);
  return MAX (0, MIN ((int) (height * NARROW_PHOTO_SHARE), height - check_height - NARROW_SLACK));
}

/* Wide, where the photo's pane ends: at its share of the width, the one it
 * had before the window turned narrow. */
static int
wide_position (LensWindow *self)
{
  double share = self->wide_share > 0 ? self->wide_share : 0.5;  /* never narrow yet: halves */

  return (int) (gtk_widget_get_width (GTK_WIDGET (self->paned)) * share + 0.5);
}

static void
set_narrow (LensWindow *self,
            gboolean    narrow)
{
  move_buttons (self, narrow);
  /* the main menu opens a photo too */
  gtk_widget_set_visible (child (self, "open_button"), !narrow);
  set_margins (self, narrow);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->paned),
                                  narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  /* narrow, the paned would push its handle up when the status takes a
   * line more than kept for it, and move the grid */
  gtk_paned_set_shrink_end_child (self->paned, narrow);
  /* wide, the paned scales the position set now by the change of its
   * length, which it measured across: the position is set again once it
   * has been laid out across (switch_layout_cb) */
  gtk_paned_set_position (self->paned, narrow ? narrow_position (self) : wide_position (self));
}

static gboolean
switch_layout_cb (gpointer data)
{
  LensWindow *self = data;
  int width = gtk_widget_get_width (GTK_WIDGET (self));

  self->layout_id = 0;
  if (!is_narrow (self) && width < NARROW_BELOW)
    set_narrow (self, TRUE);
  else if (is_narrow (self) && width >= WIDE_FROM)
    {
      set_narrow (self, FALSE);
      self->layout_size = -1;
      gtk_widget_queue_allocate (GTK_WIDGET (self));
      return G_SOURCE_REMOVE;
    }
  else if (is_narrow (self))
    gtk_paned_set_position (self->paned, narrow_position (self));
  else if (self->layout_size < 0)
    gtk_paned_set_position (self->paned, wide_position (self));
  self->layout_size = is_narrow (self) ? width : 0;
  return G_SOURCE_REMOVE;
}

static void
lens_window_layout_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  LensWindow *self = LENS_WINDOW (widget);
  GtkWidgetClass *parent = g_type_class_peek (ADW_TYPE_APPLICATION_WINDOW);

  parent->size_allocate (widget, width, height, baseline);
  /* wide and laid out, the photo's share, kept for when the window is wide
   * again after a narrow spell (at its narrowest, the grid's pane's minimum
   * width would bend it) */
  if (!is_narrow (self) && self->layout_size == 0 && width >= WIDE_FROM &&
      gtk_widget_get_width (GTK_WIDGET (self->paned)) > 0)
    self->wide_share = (double) gtk_paned_get_position (self->paned) / gtk_widget_get_width (GTK_WIDGET (self->paned));
  /* narrow, a new width asks for a new place for the panes' handle */
  if (self->layout_id == 0 &&
      ((!is_narrow (self) && width < NARROW_BELOW) || (is_narrow (self) && width >= WIDE_FROM) ||
       (is_narrow (self) && width != self->layout_size) || (!is_narrow (self) && self->layout_size < 0)))
    self->layout_id = g_idle_add (switch_layout_cb, self);
}

void
_lens_window_class_init_layout (GtkWidgetClass *widget_class)
{
  /* looked up with gtk_widget_get_template_child(), not kept */
  const char * const names[] = {
    "header_bar", "bottom_bar", "open_button", "history_box", "pencil_button", "play_button",
    "hint_button", "solve_button", "export_button",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    gtk_widget_class_bind_template_child_full (widget_class, names[i], FALSE, 0);
  widget_class->size_allocate = lens_window_layout_size_allocate;
}

void
_lens_window_dispose_layout (LensWindow *self)
{
  g_clear_handle_id (&self->layout_id, g_source_remove);
}
