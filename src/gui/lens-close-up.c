/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "lens-candidates.h"
#include "lens-close-up.h"
#include "lens-texture.h"
#include "lens-widget-util.h"

struct _LensCloseUp
{
  GtkWidget   parent_instance;

  GtkPicture *picture;
  GtkWidget  *alternatives;
  GtkWidget  *alternatives_label;
  GtkWidget  *buttons;
  char       *note;       /* said in the label's place while nothing is offered */
  guint       n_offered;
};

G_DEFINE_FINAL_TYPE (LensCloseUp, lens_close_up, GTK_TYPE_WIDGET)

/* The side of a cell's picture cut from the photo, in pixels. */
#define CELL_PICTURE_SIZE 96

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

/* "Could also be" over the readings offered, or else the note, in the
 * same place: nothing moves when either comes. */
static void
update_label (LensCloseUp *self)
{
  gtk_label_set_text (GTK_LABEL (self->alternatives_label),
                      self->n_offered > 0 || self->note == NULL ? _("Could also be") : self->note);
  lens_widget_set_shown (self->alternatives_label, self->n_offered > 0 || self->note != NULL);
}

/* A cell of the photo that holds the player's small candidate digits. */
static char *
describe_pencil_marks (guint16 candidates)
{
  g_autoptr(GString) digits = g_string_new (NULL);

  for (guint8 d = 1; d <= 9; d++)
    if (candidates & LENS_DIGIT_BIT (d))
      g_string_append_printf (digits, digits->len > 0 ? " %u" : "%u", d);
  if (digits->len == 0)
    return g_strdup (_("Pencil marks in the photo"));
  /* TRANSLATORS: the candidate digits read in a cell, e.g. "1 2 7" */
  return g_strdup_printf (_("Pencil marks in the photo: %s"), digits->str);
}

gboolean
lens_close_up_show_cell (LensCloseUp     *self,
                         const LensImage *image,
                         const LensScan  *scan,
                         int              cell)
{
  gboolean has_photo = image != NULL && scan != NULL;
  g_autoptr(LensImage) cut = has_photo && cell >= 0 ? lens_scan_extract_cell (image, scan, cell, CELL_PICTURE_SIZE) : NULL;
  g_autoptr(GdkTexture) texture = cut != NULL ? lens_texture_from_image (cut, 0) : NULL;
  g_autofree char *tooltip = NULL;

  g_return_val_if_fail (LENS_IS_CLOSE_UP (self), FALSE);

  gtk_picture_set_paintable (self->picture, GDK_PAINTABLE (texture));
  gtk_widget_set_visible (GTK_WIDGET (self->picture), has_photo);
  gtk_widget_set_visible (self->alternatives, has_photo);
  g_clear_pointer (&self->note, g_free);
  /* which cell it is, for the player and their screen reader */
  if (cut != NULL && scan->cells[cell].kind == LENS_READ_KIND_CANDIDATES)
    {
      self->note = describe_pencil_marks (scan->cells[cell].candidates);
      tooltip = g_strdup_printf (_("Row %u, column %u in the photo: pencil marks"),
                                 lens_cell_row (cell) + 1, lens_cell_col (cell) + 1);
    }
  else if (cut != NULL)
    tooltip = g_strdup_printf (_("Row %u, column %u in the photo"), lens_cell_row (cell) + 1, lens_cell_col (cell) + 1);
  update_label (self);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->picture), tooltip != NULL ? tooltip : _("The selected cell in the photo"));
  return cut != NULL;
}

void
lens_close_up_set_size (LensCloseUp *self,
                        int          size)
{
  AdwClamp *clamp = ADW_CLAMP (gtk_widget_get_parent (GTK_WIDGET (self->picture)));

  g_return_if_fail (LENS_IS_CLOSE_UP (self));
  g_return_if_fail (size > 0);

  adw_clamp_set_maximum_size (clamp, size);
  adw_clamp_set_tightening_threshold (clamp, size);
  gtk_widget_set_size_request (GTK_WIDGET (clamp), size, size);
}

void
lens_close_up_set_alternatives (LensCloseUp  *self,
                                const guint8 *digits,
                                guint         n)
{
  guint i = 0;

  g_return_if_fail (LENS_IS_CLOSE_UP (self));
  g_return_if_fail (n <= LENS_CLOSE_UP_MAX_ALTERNATIVES && (n == 0 || digits != NULL));

  self->n_offered = n;
  update_label (self);
  for (GtkWidget *button = gtk_widget_get_first_child (self->buttons); button != NULL;
       button = gtk_widget_get_next_sibling (button), i++)
    {
      if (i < n)
        set_button (button, digits[i]);
      lens_widget_set_shown (button, i < n);
    }
}


GtkPicture *
lens_close_up_get_picture (LensCloseUp *self)
{
  g_return_val_if_fail (LENS_IS_CLOSE_UP (self), NULL);

  return self->picture;
}

GtkWidget *
lens_close_up_get_alternatives (LensCloseUp *self)
{
  g_return_val_if_fail (LENS_IS_CLOSE_UP (self), NULL);

  return self->alternatives;
}

GtkWidget *
lens_close_up_get_alternatives_label (LensCloseUp *self)
{
  g_return_val_if_fail (LENS_IS_CLOSE_UP (self), NULL);

  return self->alternatives_label;
}

GtkWidget *
lens_close_up_get_button (LensCloseUp *self,
                          guint        i)
{
  GtkWidget *button;

  g_return_val_if_fail (LENS_IS_CLOSE_UP (self), NULL);

  button = gtk_widget_get_first_child (self->buttons);
  for (; button != NULL && i > 0; i--)
    button = gtk_widget_get_next_sibling (button);
  return button;
}

static void
add_buttons (LensCloseUp *self)
{
  for (guint i = 0; i < LENS_CLOSE_UP_MAX_ALTERNATIVES; i++)
    {
      GtkWidget *button = gtk_button_new_with_label ("0");

      /* the grid keeps the focus: typing goes on there */
      gtk_widget_set_focus_on_click (button, FALSE);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.pick-alternative");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "i", 0);
      gtk_widget_add_css_class (button, "lens-alternative");
      gtk_box_append (GTK_BOX (self->buttons), button);
    }
}

static void
lens_close_up_finalize (GObject *object)
{
  g_free (LENS_CLOSE_UP (object)->note);

  G_OBJECT_CLASS (lens_close_up_parent_class)->finalize (object);
}

static void
lens_close_up_class_init (LensCloseUpClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = lens_close_up_finalize;
  lens_widget_class_set_template (widget_class, "/io/github/sudokulens/SudokuLens/lens-close-up.ui");
  gtk_widget_class_bind_template_child (widget_class, LensCloseUp, picture);
  gtk_widget_class_bind_template_child (widget_class, LensCloseUp, alternatives);
  gtk_widget_class_bind_template_child (widget_class, LensCloseUp, alternatives_label);
  gtk_widget_class_bind_template_child (widget_class, LensCloseUp, buttons);
}

static void
lens_close_up_init (LensCloseUp *self)
{
  g_type_ensure (ADW_TYPE_CLAMP);
  gtk_widget_init_template (GTK_WIDGET (self));
  add_buttons (self);
}
