/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's two layouts. Wide, the photo and the grid side by side and
 * every command in the header bar. Narrow, down to 360 pixels, the grid
 * and the photo are two views, each of the window's full size, switched by
 * a bar at the bottom; the header keeps what fits (Open and the menu,
 * which takes Export in) and the other commands go to a bar above the
 * switcher. The panes and the buttons move, so they keep their state and
 * actions, and the shortcuts work in both. Wide, nothing may need more
 * than NARROW_BELOW pixels, or the window could not shrink to turn
 * narrow: the grid's pane wraps what it says, its legend included.
 * GTK 4.8 has no breakpoints: the window's width is looked at each time it
 * is allocated, and the layout switched from an idle, with a gap between
 * the two widths so that it cannot go back and forth. */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-bottom-bar.h"
#include "lens-window-private.h"

/* Below it, the header's buttons leave the title no room. */
#define NARROW_BELOW 720
/* A window that became narrow turns wide again from there. */
#define WIDE_FROM    760

/* Moves the header's buttons that go to the bottom bar, in their order at
 * the header's start and then at its end (from the outside in). */
static void
move_buttons (LensWindow *self,
              gboolean    narrow)
{
  GtkWidget *start[] = { self->history_box, self->pencil_button, self->play_button, NULL };
  GtkWidget *end[] = { self->solve_button, self->hint_button, NULL };

  lens_bottom_bar_set_narrow (self->bottom_bar, self->header_bar, start, end, narrow);
}

/* Narrow: the buttons are in the bottom bar. */
static gboolean
is_narrow (LensWindow *self)
{
  return lens_bottom_bar_get_narrow (self->bottom_bar);
}

/* The panes' margins: wide, 12 pixels at the window's edges and 6 on
 * either side of the handle between them (the template's). Narrow, 8
 * around each view. */
static void
set_margins (LensWindow *self,
             gboolean    narrow)
{
  GtkWidget *photo = GTK_WIDGET (_lens_window_get_photo_view (self));
  GtkWidget *check = GTK_WIDGET (self->grid_pane);

  gtk_widget_set_margin_start (photo, narrow ? 8 : 12);
  gtk_widget_set_margin_end (photo, narrow ? 8 : 6);
  gtk_widget_set_margin_top (photo, narrow ? 8 : 12);
  gtk_widget_set_margin_bottom (photo, narrow ? 8 : 12);
  gtk_widget_set_margin_start (check, narrow ? 8 : 6);
  gtk_widget_set_margin_end (check, narrow ? 8 : 12);
  gtk_widget_set_margin_top (check, narrow ? 8 : 12);
  gtk_widget_set_margin_bottom (check, narrow ? 8 : 12);
  lens_grid_pane_set_narrow (self->grid_pane, narrow);
}

/* Moves the panes into the paned, side by side, or each into its view. */
static void
move_panes (LensWindow *self,
            gboolean    narrow)
{
  g_autoptr(GtkWidget) photo = g_object_ref (GTK_WIDGET (self->photo_pane));
  g_autoptr(GtkWidget) check = g_object_ref (GTK_WIDGET (self->grid_pane));
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  gboolean playing = focus != NULL && gtk_widget_is_ancestor (focus, check);

  if (narrow)
    {
      gtk_paned_set_start_child (self->paned, NULL);
      gtk_paned_set_end_child (self->paned, NULL);
      adw_bin_set_child (self->photo_bin, photo);
      adw_bin_set_child (self->grid_bin, check);
    }
  else
    {
      adw_bin_set_child (self->photo_bin, NULL);
      adw_bin_set_child (self->grid_bin, NULL);
      gtk_paned_set_start_child (self->paned, photo);
      gtk_paned_set_end_child (self->paned, check);
    }
  gtk_stack_set_visible_child_name (self->board_stack, narrow ? "narrow" : "wide");
  /* the grid was being played on: it still is */
  if (playing)
    gtk_widget_grab_focus (GTK_WIDGET (lens_grid_pane_get_grid_view (self->grid_pane)));
}

/* The switcher between the views shows while they do. */
static void
update_switcher (LensWindow *self)
{
  gboolean board = g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "board") == 0;

  adw_view_switcher_bar_set_reveal (self->view_switcher, is_narrow (self) && board);
}

static void
page_changed_cb (LensWindow *self)
{
  update_switcher (self);
}

void
_lens_window_show_photo_view (LensWindow *self)
{
  if (is_narrow (self))
    adw_view_stack_set_visible_child_name (self->views, "photo");
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
  /* Open stays in the header, narrow too (an icon there, its tooltip
   * naming it); Export goes into the main menu to leave the title its
   * room beside the window's buttons */
  if (narrow)
    gtk_button_set_icon_name (GTK_BUTTON (self->open_button), "document-open-symbolic");
  else
    gtk_button_set_label (GTK_BUTTON (self->open_button), _("_Open"));
  gtk_widget_set_visible (self->export_button, !narrow);
  g_menu_remove_all (self->export_section);
  if (narrow)
    g_menu_append_submenu (self->export_section, _("Export"), self->export_menu);
  set_margins (self, narrow);
  move_panes (self, narrow);
  update_switcher (self);
  /* wide, the paned scales the position set now by the change of its
   * length, which it measured before the narrow spell: the position is set
   * again once it has been laid out across (switch_layout_cb) */
  if (!narrow)
    gtk_paned_set_position (self->paned, wide_position (self));
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
  else if (!is_narrow (self) && self->layout_size < 0)
    gtk_paned_set_position (self->paned, wide_position (self));
  self->layout_size = 0;
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
  if (self->layout_id == 0 &&
      ((!is_narrow (self) && width < NARROW_BELOW) || (is_narrow (self) && width >= WIDE_FROM) ||
       (!is_narrow (self) && self->layout_size < 0)))
    self->layout_id = g_idle_add (switch_layout_cb, self);
}

void
_lens_window_class_init_layout (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, LensWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, bottom_bar);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, open_button);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, history_box);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, pencil_button);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, play_button);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, solve_button);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, export_button);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, export_section);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, export_menu);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, board_stack);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, views);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, photo_bin);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, grid_bin);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, view_switcher);
  widget_class->size_allocate = lens_window_layout_size_allocate;
  gtk_widget_class_bind_template_callback (widget_class, page_changed_cb);
}

void
_lens_window_dispose_layout (LensWindow *self)
{
  g_clear_handle_id (&self->layout_id, g_source_remove);
}
