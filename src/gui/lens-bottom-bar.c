/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-bottom-bar.h"
#include "lens-widget-util.h"

struct _LensBottomBar
{
  GtkWidget     parent_instance;

  GtkActionBar *action_bar;
};

G_DEFINE_FINAL_TYPE (LensBottomBar, lens_bottom_bar, GTK_TYPE_WIDGET)

static void
move_button (LensBottomBar *self,
             AdwHeaderBar  *header,
             GtkWidget     *widget,
             gboolean       at_start,
             gboolean       narrow)
{
  g_autoptr(GtkWidget) button = g_object_ref (widget);

  if (narrow)
    {
      adw_header_bar_remove (header, button);
      (at_start ? gtk_action_bar_pack_start : gtk_action_bar_pack_end) (self->action_bar, button);
    }
  else
    {
      gtk_action_bar_remove (self->action_bar, button);
      (at_start ? adw_header_bar_pack_start : adw_header_bar_pack_end) (header, button);
    }
}

void
lens_bottom_bar_set_narrow (LensBottomBar     *self,
                            AdwHeaderBar      *header,
                            GtkWidget * const *start,
                            GtkWidget * const *end,
                            gboolean           narrow)
{
  g_return_if_fail (LENS_IS_BOTTOM_BAR (self));
  g_return_if_fail (ADW_IS_HEADER_BAR (header));

  for (guint i = 0; start[i] != NULL; i++)
    move_button (self, header, start[i], TRUE, narrow);
  for (guint i = 0; end[i] != NULL; i++)
    move_button (self, header, end[i], FALSE, narrow);
  gtk_action_bar_set_revealed (self->action_bar, narrow);
}

gboolean
lens_bottom_bar_get_narrow (LensBottomBar *self)
{
  g_return_val_if_fail (LENS_IS_BOTTOM_BAR (self), FALSE);

  return gtk_action_bar_get_revealed (self->action_bar);
}

static void
lens_bottom_bar_class_init (LensBottomBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  lens_widget_class_set_template (widget_class, "/io/github/sudokulens/SudokuLens/lens-bottom-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, LensBottomBar, action_bar);
}

static void
lens_bottom_bar_init (LensBottomBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
