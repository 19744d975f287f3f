/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-photo-pane.h"
#include "lens-texture.h"
#include "lens-widget-util.h"

struct _LensPhotoPane
{
  GtkWidget      parent_instance;

  LensPhotoView *photo_view;
  GtkWidget     *photo_busy;
  GtkSpinner    *photo_spinner;
  GtkLabel      *photo_busy_label;
  GtkWidget     *other_board_note;

  LensPhoto     *photo;     /* the one shown */
  int            rotation;
};

G_DEFINE_FINAL_TYPE (LensPhotoPane, lens_photo_pane, GTK_TYPE_WIDGET)

LensPhotoView *
lens_photo_pane_get_photo_view (LensPhotoPane *self)
{
  g_return_val_if_fail (LENS_IS_PHOTO_PANE (self), NULL);

  return self->photo_view;
}

static GdkTexture *
texture_new (LensPhoto *photo,
             int        rotation,
             double    *scale)
{
  g_autoptr(LensPicture) picture = lens_photo_get_picture (photo, rotation);

  if (picture == NULL)
    return NULL;
  *scale = picture->scale;
  return lens_texture_from_picture (picture);
}

void
lens_photo_pane_show_photo (LensPhotoPane *self,
                            LensPhoto     *photo,
                            int            rotation)
{
  g_autoptr(GdkTexture) texture = NULL;
  double scale = 1;

  g_return_if_fail (LENS_IS_PHOTO_PANE (self));

  if (photo != NULL && lens_photo_get_image (photo) == NULL)
    photo = NULL;
  if (photo == self->photo && (photo == NULL || rotation == self->rotation))
    return;
  if (photo != NULL)
    texture = texture_new (photo, rotation, &scale);
  g_clear_pointer (&self->photo, lens_photo_unref);
  self->photo = texture != NULL ? lens_photo_ref (photo) : NULL;
  self->rotation = rotation;
  lens_photo_view_set_photo (self->photo_view, texture, rotation, scale);
}

void
lens_photo_pane_set_busy (LensPhotoPane *self,
                          const char    *label)
{
  g_return_if_fail (LENS_IS_PHOTO_PANE (self));

  gtk_widget_set_visible (self->photo_busy, label != NULL);
  gtk_spinner_set_spinning (self->photo_spinner, label != NULL);
  gtk_label_set_label (self->photo_busy_label, label ? label : "");
}

gboolean
lens_photo_pane_is_busy (LensPhotoPane *self)
{
  g_return_val_if_fail (LENS_IS_PHOTO_PANE (self), FALSE);

  return gtk_widget_get_visible (self->photo_busy);
}

void
lens_photo_pane_show_other_board (LensPhotoPane *self,
                                  gboolean       shown)
{
  g_return_if_fail (LENS_IS_PHOTO_PANE (self));

  gtk_widget_set_visible (self->other_board_note, shown);
}

static void
other_board_close_cb (LensPhotoPane *self)
{
  lens_photo_pane_show_other_board (self, FALSE);
}

static void
lens_photo_pane_finalize (GObject *object)
{
  LensPhotoPane *self = LENS_PHOTO_PANE (object);

  g_clear_pointer (&self->photo, lens_photo_unref);

  G_OBJECT_CLASS (lens_photo_pane_parent_class)->finalize (object);
}

static void
lens_photo_pane_class_init (LensPhotoPaneClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = lens_photo_pane_finalize;
  g_type_ensure (LENS_TYPE_PHOTO_VIEW);
  lens_widget_class_set_template (widget_class, "/io/github/sudokulens/SudokuLens/lens-photo-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, LensPhotoPane, photo_view);
  gtk_widget_class_bind_template_child (widget_class, LensPhotoPane, photo_busy);
  gtk_widget_class_bind_template_child (widget_class, LensPhotoPane, photo_spinner);
  gtk_widget_class_bind_template_child (widget_class, LensPhotoPane, photo_busy_label);
  gtk_widget_class_bind_template_child (widget_class, LensPhotoPane, other_board_note);
  gtk_widget_class_bind_template_callback (widget_class, other_board_close_cb);
}

static void
lens_photo_pane_init (LensPhotoPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
