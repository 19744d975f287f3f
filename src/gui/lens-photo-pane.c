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
  g_autoptr(LensPicture) picture = lens_photo_get_picture (photo, rotation, 0);

  if (picture == NULL)
    return NULL;
  *scale = picture->scale;
  return lens_texture_from_picture (picture);
}

/* Shows @photo (nullable: none, or not decoded yet) turned by @rotation;
 * nothing to do when it shows already. */
static void
show_photo (LensPhotoPane *self,
            LensPhoto     *photo,
            int            rotation)
{
  g_autoptr(GdkTexture) texture = NULL;
  double scale = 1;

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

static void
show_solution (LensPhotoPane    *self,
               const LensImage  *image,
               const LensScan   *scan,
               const LensResult *result)
{
  guint8 digits[LENS_GRID_CELLS] = { 0 };

  if (!lens_result_is_solved (result))
    {
      lens_photo_view_set_overlay (self->photo_view, NULL);
      return;
    }
  if (scan != NULL && image != NULL)
    lens_scan_overlay_digits (image, scan, &result->solution, digits);
  else
    for (guint i = 0; i < LENS_GRID_CELLS; i++)
      if (result->solution.flags[i] & LENS_CELL_SOLVED)
        digits[i] = result->solution.digits[i];
  lens_photo_view_set_overlay (self->photo_view, digits);
}

void
lens_photo_pane_show_document (LensPhotoPane *self,
                               LensDocument  *document)
{
  const LensScan *scan;
  const LensImage *image;
  LensPhoto *photo;

  g_return_if_fail (LENS_IS_PHOTO_PANE (self));
  g_return_if_fail (LENS_IS_DOCUMENT (document));

  scan = lens_document_get_scan (document);
  image = lens_document_get_image (document);
  photo = lens_document_get_photo (document);
  show_photo (self, photo, scan != NULL ? scan->rotation : photo ? lens_photo_get_exif_rotation (photo) : 0);
  lens_photo_view_set_corners (self->photo_view, scan != NULL && image != NULL ? scan->corners : NULL);
  show_solution (self, image, scan, lens_document_get_result (document));
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
