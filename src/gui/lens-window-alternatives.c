/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Beside the close-up of a cell the reader doubted, its other readings
 * (LensCloseUp's buttons), best first: a click, or Alt and the digit,
 * takes one. */
#include "config.h"

#include <string.h>

#include "lens-window-private.h"

/* The readings offered for @cell, at most LENS_CLOSE_UP_MAX_ALTERNATIVES. */
static guint
get_offered (LensWindow *self,
             int         cell,
             guint8      alternatives[LENS_N_CLASSES])
{
  if (cell < 0 || lens_document_get_state (self->document) != LENS_DOCUMENT_CHECK)
    return 0;
  return MIN (lens_document_get_alternatives (self->document, cell, alternatives), LENS_CLOSE_UP_MAX_ALTERNATIVES);
}

void
_lens_window_update_alternatives (LensWindow *self,
                                  int         cell)
{
  int selected = lens_grid_view_get_selected (_lens_window_get_grid_view (self));
  guint8 alternatives[LENS_N_CLASSES];
  guint n = cell == selected ? get_offered (self, cell, alternatives) : 0;

  lens_close_up_set_alternatives (lens_grid_pane_get_close_up (self->grid_pane), alternatives, n);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pick-alternative",
                                 get_offered (self, selected, alternatives) > 0);
}

/* Takes a reading of the selected cell, as typing it would. */
static void
pick_alternative_activated (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  int cell = lens_grid_view_get_selected (_lens_window_get_grid_view (self));
  gint32 digit = g_variant_get_int32 (parameter);
  guint8 alternatives[LENS_N_CLASSES];

  guint n = get_offered (self, cell, alternatives);

  /* only what the buttons offer, not the reader's fourth guess */
  if (digit < 0 || digit > 9 || memchr (alternatives, digit, n) == NULL)
    return;
  lens_document_pick_alternative (self->document, (guint) cell, (guint8) digit);
  gtk_widget_grab_focus (GTK_WIDGET (_lens_window_get_grid_view (self)));
}

void
_lens_window_class_init_alternatives (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.pick-alternative", "i", pick_alternative_activated);
}
