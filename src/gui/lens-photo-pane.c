/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-photo-pane.h"
#include "lens-reading-page.h"
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
  int            side;      /* its picture's long side */
  GCancellable  *resizing;  /* a picture of the photo at another size */
  int            resizing_to;
};

G_DEFINE_FINAL_TYPE (LensPhotoPane, lens_photo_pane, GTK_TYPE_WIDGET)

LensPhotoView *
lens_photo_pane_get_photo_view (LensPhotoPane *self)
{
  g_return_val_if_fail (LENS_IS_PHOTO_PANE (self), NULL);

  return self->photo_view;
}

void
lens_photo_pane_set_loader_room (LensPhotoPane   *self,
                                 LensPhotoLoader *loader,
                                 GtkWidget       *reading_area)
{
  int factor = gtk_widget_get_scale_factor (reading_area);
  int width = gtk_widget_get_width (reading_area);
  int height = gtk_widget_get_height (reading_area);
  int shown_width, shown_height;

  g_return_if_fail (LENS_IS_PHOTO_PANE (self) && LENS_IS_PHOTO_LOADER (loader));

  if (width <= 0 || height <= 0)
    gtk_window_get_default_size (GTK_WINDOW (gtk_widget_get_root (reading_area)), &width, &height);
  width = MAX (width - 2 * LENS_READING_PAGE_MARGIN, 0) * factor;
  height = MAX (height - 2 * LENS_READING_PAGE_MARGIN, 0) * factor;
  lens_photo_view_get_room (self->photo_view, &shown_width, &shown_height);
  if (shown_width <= 0)
    {
      shown_width = width;
      shown_height = height;
    }
  lens_photo_loader_set_room (loader, width, height, shown_width, shown_height);
}

/* The long side of @photo's picture at the size the view shows it, or 0
 * while the view has no size. */
static int
size_shown (LensPhotoPane *self,
            LensPhoto     *photo,
            int            rotation)
{
  int width, height;

  lens_photo_view_get_room (self->photo_view, &width, &height);
  return width > 0 ? lens_photo_fit_picture (photo, rotation, width, height) : 0;
}

static GdkTexture *
texture_new (LensPicture *picture,
             int         *side,
             double      *scale)
{
  *side = MAX (picture->width, picture->height);
  *scale = picture->scale;
  return lens_texture_from_picture (picture);
}

static void
stop_resizing (LensPhotoPane *self)
{
  g_cancellable_cancel (self->resizing);
  g_clear_object (&self->resizing);
  self->resizing_to = 0;
}

/* Shows @photo (nullable: none, or not decoded yet) turned by @rotation;
 * nothing to do when it shows already. */
static void
show_photo (LensPhotoPane *self,
            LensPhoto     *photo,
            int            rotation)
{
  g_autoptr(LensPicture) picture = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  double scale = 1;
  int side = 0;

  if (photo != NULL && lens_photo_get_image (photo) == NULL)
    photo = NULL;
  if (photo == self->photo && (photo == NULL || rotation == self->rotation))
    return;
  stop_resizing (self);
  /* the loader made it at this size, where the view has one */
  if (photo != NULL)
    picture = lens_photo_get_picture (photo, rotation, size_shown (self, photo, rotation));
  if (picture != NULL)
    texture = texture_new (picture, &side, &scale);
  g_clear_pointer (&self->photo, lens_photo_unref);
  self->photo = texture != NULL ? lens_photo_ref (photo) : NULL;
  self->rotation = rotation;
  self->side = side;
  lens_photo_view_set_photo (self->photo_view, texture, rotation, scale);
}

static void
resized_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr(LensPhotoPane) self = data;
  g_autoptr(LensPicture) picture = lens_photo_get_picture_finish (result, NULL);
  g_autoptr(GdkTexture) texture = NULL;
  double scale;
  int side;

  /* cancelled: another photo, or another size, was asked for since */
  if (picture == NULL || g_task_get_cancellable (G_TASK (result)) != self->resizing ||
      self->photo == NULL || picture->rotation != self->rotation)
    return;
  g_clear_object (&self->resizing);
  self->resizing_to = 0;
  texture = texture_new (picture, &side, &scale);
  self->side = side;
  lens_photo_view_resize_photo (self->photo_view, texture, scale);
}

/* The view grew past its photo's picture, or shrank far below it: the
 * picture at the new size, made in a worker. */
static void
room_changed_cb (LensPhotoPane *self)
{
  int size;

  if (self->photo == NULL)
    return;
  size = size_shown (self, self->photo, self->rotation);
  if (size == 0 || size == self->resizing_to ||
      (size <= self->side + 1 && self->side <= 2 * size))
    return;
  stop_resizing (self);
  self->resizing = g_cancellable_new ();
  self->resizing_to = size;
  lens_photo_get_picture_async (self->photo, self->rotation, size, self->resizing, resized_cb, g_object_ref (self));
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
lens_photo_pane_show_load (LensPhotoPane *self,
                           LensLoadKind   kind)
{
  const char *label = NULL;

  g_return_if_fail (LENS_IS_PHOTO_PANE (self));

  switch (kind)
    {
    case LENS_LOAD_CORNERS:
      label = _("Reading the cells again…");
      break;
    case LENS_LOAD_TURN:
      label = _("Reading the board turned…");
      break;
    case LENS_LOAD_DECODE:
      label = _("Opening the photo…");
      break;
    case LENS_LOAD_OPEN:  /* the reading page shows instead */
    case LENS_LOAD_NONE:
    default:
      break;
    }
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

/* A picture still being made is dropped: its callback finds it cancelled. */
static void
lens_photo_pane_dispose (GObject *object)
{
  stop_resizing (LENS_PHOTO_PANE (object));
  G_OBJECT_CLASS (lens_photo_pane_parent_class)->dispose (object);
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

  G_OBJECT_CLASS (klass)->dispose = lens_photo_pane_dispose;
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
  g_signal_connect_object (self->photo_view, "room-changed", G_CALLBACK (room_changed_cb), self, G_CONNECT_SWAPPED);
}
