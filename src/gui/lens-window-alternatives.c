/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Beside the close-up of a cell the reader doubted, its other readings as
 * buttons, best first: a click, or Alt and the digit, takes one. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lens-window-private.h"

#define MAX_SHOWN 3

static char *
describe_alternative (guint8 digit)
{
  if (digit == 0)
    return g_strdup (_("Could also be empty"));
  return g_strdup_printf (_("Could also be %u"), digit);
}

static void
set_button (GtkWidget *button,
            guint8     digit)
{
  g_autofree char *label = describe_alternative (digit);
  /* TRANSLATORS: an alternative reading of a cell, and its shortcut */
  g_autofree char *tooltip = g_strdup_printf (_("%s (Alt+%u)"), label, digit);
  g_autofree char *text = g_strdup_printf ("%u", digit);

  if (digit == 0)
    gtk_button_set_icon_name (GTK_BUTTON (button), "edit-clear-symbolic");
  else
    gtk_button_set_label (GTK_BUTTON (button), text);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "i", (gint32) digit);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* The readings offered for @cell, at most MAX_SHOWN. */
static guint
get_offered (LensWindow *self,
             int         cell,
             guint8      alternatives[LENS_N_CLASSES])
{
  if (cell < 0 || lens_document_get_state (self->document) != LENS_DOCUMENT_CHECK)
    return 0;
  return MIN (lens_document_get_alternatives (self->document, cell, alternatives), MAX_SHOWN);
}

void
_lens_window_update_alternatives (LensWindow *self,
                                  int         cell)
{
  int selected = lens_grid_view_get_selected (self->grid_view);
  guint8 alternatives[LENS_N_CLASSES];
  guint n = cell == selected ? get_offered (self, cell, alternatives) : 0;
  guint i = 0;

  self->alternatives_cell = n > 0 ? cell : -1;
  _lens_widget_set_shown (self->alternatives_label, n > 0);
  for (GtkWidget *button = gtk_widget_get_first_child (self->alternative_buttons); button != NULL;
       button = gtk_widget_get_next_sibling (button), i++)
    {
      if (i < n)
        set_button (button, alternatives[i]);
      _lens_widget_set_shown (button, i < n);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pick-alternative",
                                 get_offered (self, selected, alternatives) > 0);
  gtk_widget_set_visible (self->alternatives_box, gtk_widget_get_visible (GTK_WIDGET (self->cell_picture)));
}

/* Takes a reading of the selected cell, as typing it would. */
static void
pick_alternative_activated (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  int cell = lens_grid_view_get_selected (self->grid_view);
  gint32 digit = g_variant_get_int32 (parameter);
  guint8 alternatives[LENS_N_CLASSES];

  guint n = get_offered (self, cell, alternatives);

  /* only what the buttons offer, not the reader's fourth guess */
  if (digit < 0 || digit > 9 || memchr (alternatives, digit, n) == NULL)
    return;
  lens_document_pick_alternative (self->document, (guint) cell, (guint8) digit);
  gtk_widget_grab_focus (GTK_WIDGET (self->grid_view));
}

void
_lens_window_class_init_alternatives (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, LensWindow, alternatives_box);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, alternatives_label);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, alternative_buttons);
  gtk_widget_class_install_action (widget_class, "win.pick-alternative", "i", pick_alternative_activated);
}

void
_lens_window_init_alternatives (LensWindow *self)
{
  for (guint i = 0; i < MAX_SHOWN; i++)
    {
      GtkWidget *button = gtk_button_new_with_label ("0");

      /* the grid keeps the focus: typing goes on there */
      gtk_widget_set_focus_on_click (button, FALSE);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.pick-alternative");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "i", 0);
      gtk_widget_add_css_class (button, "lens-alternative");
      gtk_box_append (GTK_BOX (self->alternative_buttons), button);
    }
  self->alternatives_cell = -1;
}
