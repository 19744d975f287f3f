/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lens-error.h"
#include "lens-job.h"
#include "lens-photo-loader.h"
#include "lens-pipeline.h"

#define GUESS_INSET 0.12

/* The job's revision: the document's when the load began. */
struct _LensPhotoLoader
{
  LensJob       parent_instance;

  LensReader   *reader;
  LensLoadKind  kind;
  LensPhoto    *boardless;
  int           room[2][2];  /* PREVIEW_ROOM or SHOWN_ROOM: width, height */
};

enum {
  PREVIEW_ROOM,
  SHOWN_ROOM,
};

G_DEFINE_FINAL_TYPE (LensPhotoLoader, lens_photo_loader, LENS_TYPE_JOB)

#define DOCUMENT(self) lens_job_get_document (LENS_JOB (self))

enum {
  PROP_0,
  PROP_KIND,
  N_PROPS
};

enum {
  PREVIEW,
  FINISHED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The way back to the loader from a worker, which must never hold the
 * loader itself: the last reference dropped there would dispose of it off
 * the main thread. */
typedef struct {
  GWeakRef loader;
} Link;

static void
link_clear (gpointer data)
{
  g_weak_ref_clear (&((Link *) data)->loader);
}

static Link *
link_new (LensPhotoLoader *loader)
{
  Link *link = g_atomic_rc_box_new0 (Link);

  g_weak_ref_init (&link->loader, loader);
  return link;
}

static void
link_unref (Link *link)
{
  g_atomic_rc_box_release_full (link, link_clear);
}

/* What a worker is given: an immutable copy of the input. */
typedef struct {
  LensLoadKind  kind;
  LensReader   *reader;
  char         *path;      /* OPEN: nullable with bytes */
  GBytes       *bytes;
  LensPhoto    *photo;     /* CORNERS, TURN, DECODE: the document's */
  LensPoint     corners[4];
  int           rotation;  /* TURN, CORNERS: the turn to read at; DECODE: to show at */
  int           room[2][2];
  Link         *link;      /* for the preview */
} Load;

/* What a worker read. */
typedef struct {
  LensPhoto *photo;
  gboolean   has_scan;
  LensScan   scan;
  LensGrid   grid;
  GError    *no_board;  /* the photo decoded but held no board */
} Loaded;

static void
load_free (Load *load)
{
  g_clear_object (&load->reader);
  g_free (load->path);
  g_clear_pointer (&load->bytes, g_bytes_unref);
  g_clear_pointer (&load->photo, lens_photo_unref);
  if (load->link != NULL)
    link_unref (load->link);
  g_free (load);
}

static void
loaded_free (Loaded *loaded)
{
  g_clear_pointer (&loaded->photo, lens_photo_unref);
  g_clear_error (&loaded->no_board);
  g_free (loaded);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Loaded, loaded_free)

typedef struct {
  GCancellable *cancellable;
  LensPicture  *picture;
  Link         *link;
} Preview;

static void
preview_free (gpointer data)
{
  Preview *preview = data;

  g_clear_object (&preview->cancellable);
  g_clear_pointer (&preview->picture, lens_picture_unref);
  link_unref (preview->link);
  g_free (preview);
}

static gboolean
deliver_preview (gpointer data)
{
  Preview *preview = data;
  g_autoptr(LensPhotoLoader) self = g_weak_ref_get (&preview->link->loader);

  if (self != NULL && !g_cancellable_is_cancelled (preview->cancellable))
    g_signal_emit (self, signals[PREVIEW], 0, preview->picture);
  return G_SOURCE_REMOVE;
}

static void
post_preview (GTask     *task,
              Load      *load,
              LensPhoto *photo)
{
  int rotation = lens_photo_get_exif_rotation (photo);
  int size = lens_photo_fit_picture (photo, rotation, load->room[PREVIEW_ROOM][0], load->room[PREVIEW_ROOM][1]);
  /* kept in the photo: the one shown after, where it fits that room too */
  LensPicture *picture = lens_photo_get_picture (photo, rotation, size);
  Preview *preview;

  if (picture == NULL)
    return;
  preview = g_new0 (Preview, 1);
  preview->cancellable = g_object_ref (g_task_get_cancellable (task));
  preview->picture = picture;
  preview->link = g_atomic_rc_box_acquire (load->link);
  g_main_context_invoke_full (g_task_get_context (task), G_PRIORITY_DEFAULT, deliver_preview, preview, preview_free);
}

static LensPhoto *
decode (const Load *load,
        GError    **error)
{
  const char *path = load->path != NULL ? load->path : load->photo ? lens_photo_get_path (load->photo) : NULL;
  LensImage *image;

  if (load->bytes != NULL)
    image = lens_image_load_bytes (load->bytes, error);
  else
    image = lens_image_load (path, error);
  if (image == NULL && load->bytes == NULL && error != NULL)
    {
      g_autofree char *name = g_filename_display_basename (path);

      g_prefix_error (error, _("Could not open “%s”: "), name);
    }
  return image != NULL ? lens_photo_new (path, image) : NULL;
}

/* Reads the board in the photo; a photo without one is no failure. */
static gboolean
read_board (const Load   *load,
            Loaded       *loaded,
            GCancellable *cancellable,
            GError      **error)
{
  const LensImage *image = lens_photo_get_image (loaded->photo);
  LensScanOptions options = LENS_SCAN_OPTIONS_INIT;
  GError *local_error = NULL;
  LensRecognizer *recognizer = lens_reader_get_recognizer (load->reader, error);

  if (recognizer == NULL)
    return FALSE;
  /* the board turned as the player asked, or read at the corners placed */
  if (load->kind == LENS_LOAD_TURN)
    options.rotation = load->rotation;
  else if (load->kind == LENS_LOAD_CORNERS)
    {
      options.corners = load->corners;
      options.rotation = load->rotation;
    }
  options.keep_corners = TRUE;
  options.cancellable = cancellable;
  if (lens_pipeline_read_image (recognizer, image, &options, &loaded->scan, &loaded->grid, &local_error))
    {
      loaded->has_scan = TRUE;
      return TRUE;
    }
  if (!g_error_matches (local_error, LENS_ERROR, LENS_ERROR_NO_BOARD))
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  loaded->no_board = local_error;
  return TRUE;
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Load *load = task_data;
  g_autoptr(Loaded) loaded = g_new0 (Loaded, 1);
  g_autoptr(LensPicture) picture = NULL;
  GError *error = NULL;
  int rotation;

  /* Loads superseded while they waited for a thread need not decode at all. */
  if (g_task_return_error_if_cancelled (task))
    return;
  if (load->kind == LENS_LOAD_OPEN || load->kind == LENS_LOAD_DECODE)
    loaded->photo = decode (load, &error);
  else
    loaded->photo = lens_photo_ref (load->photo);
  if (loaded->photo != NULL && load->kind == LENS_LOAD_OPEN)
    post_preview (task, load, loaded->photo);
  if (loaded->photo == NULL ||
      (load->kind != LENS_LOAD_DECODE && !read_board (load, loaded, cancellable, &error)))
    {
      g_task_return_error (task, error);
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  /* the picture shown, made here rather than in the main thread */
  rotation = loaded->has_scan ? loaded->scan.rotation :
             load->kind == LENS_LOAD_DECODE ? load->rotation : lens_photo_get_exif_rotation (loaded->photo);
  picture = lens_photo_get_picture (loaded->photo, rotation,
                                    lens_photo_fit_picture (loaded->photo, rotation, load->room[SHOWN_ROOM][0],
                                                            load->room[SHOWN_ROOM][1]));
  if (picture == NULL)
    g_task_return_new_error (task, LENS_ERROR, LENS_ERROR_DECODE, _("The photo could not be shown"));
  else
    g_task_return_pointer (task, g_steal_pointer (&loaded), (GDestroyNotify) loaded_free);
}

static void
set_kind (LensPhotoLoader *self,
          LensLoadKind     kind)
{
  if (self->kind == kind)
    return;
  self->kind = kind;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
}

/* The document takes what was read, unless it changed since. */
static void
take_loaded (LensPhotoLoader *self,
             LensLoadKind     kind,
             Loaded          *loaded)
{
  switch (kind)
    {
    case LENS_LOAD_OPEN:
      g_clear_pointer (&self->boardless, lens_photo_unref);
      if (loaded->no_board != NULL)
        self->boardless = lens_photo_ref (loaded->photo);
      else
        lens_document_load_photo (DOCUMENT (self), loaded->photo, &loaded->scan, &loaded->grid);
      break;
    case LENS_LOAD_CORNERS:
    case LENS_LOAD_TURN:
      if (loaded->no_board == NULL && lens_job_is_current (LENS_JOB (self)) &&
          lens_document_get_photo (DOCUMENT (self)) == loaded->photo)
        lens_document_reread (DOCUMENT (self), &loaded->scan, &loaded->grid);
      break;
    case LENS_LOAD_DECODE:
      lens_document_set_decoded_photo (DOCUMENT (self), loaded->photo);
      break;
    case LENS_LOAD_NONE:
    default:
      g_assert_not_reached ();
    }
}

static void
load_done (LensJob      *job,
           gpointer      value,
           const GError *error)
{
  g_autoptr(Loaded) loaded = value;
  LensPhotoLoader *self = LENS_PHOTO_LOADER (job);
  LensLoadKind kind = self->kind;

  set_kind (self, LENS_LOAD_NONE);
  if (loaded != NULL)
    {
      take_loaded (self, kind, loaded);
      error = loaded->no_board;
    }
  g_signal_emit (self, signals[FINISHED], 0, kind, error);
}

static void
start (LensPhotoLoader *self,
       Load            *load)
{
  GCancellable *cancellable = lens_job_start (LENS_JOB (self), lens_document_get_revision (DOCUMENT (self)));

  load->reader = g_object_ref (self->reader);
  memcpy (load->room, self->room, sizeof load->room);
  load->link = link_new (self);
  set_kind (self, load->kind);
  lens_task_run_in_thread (lens_photo_loader_open, load, (GDestroyNotify) load_free, load_thread,
                           cancellable, lens_job_task_cb, self);
}

void
lens_photo_loader_open (LensPhotoLoader *self,
                        const char      *path,
                        GBytes          *bytes)
{
  Load *load;

  g_return_if_fail (LENS_IS_PHOTO_LOADER (self));
  g_return_if_fail (path != NULL || bytes != NULL);

  load = g_new0 (Load, 1);
  load->kind = LENS_LOAD_OPEN;
  load->path = g_strdup (path);
  load->bytes = bytes != NULL ? g_bytes_ref (bytes) : NULL;
  start (self, load);
}

void
lens_photo_loader_open_scanned (LensPhotoLoader *self,
                                const char      *path,
                                const LensScan  *scan)
{
  LensGrid grid;

  g_return_if_fail (LENS_IS_PHOTO_LOADER (self));
  g_return_if_fail (path != NULL && scan != NULL);

  lens_scan_to_grid (scan, scan->threshold, &grid);
  lens_document_load (DOCUMENT (self), path, scan, &grid);
  lens_photo_loader_decode (self);
}

/* A load of the document's photo as it is now. */
static Load *
new_reload (LensPhotoLoader *self,
            LensLoadKind     kind)
{
  LensPhoto *photo = lens_document_get_photo (DOCUMENT (self));
  Load *load;

  if (photo == NULL || (kind != LENS_LOAD_DECODE) != (lens_photo_get_image (photo) != NULL))
    return NULL;
  load = g_new0 (Load, 1);
  load->kind = kind;
  load->photo = lens_photo_ref (photo);
  return load;
}

gboolean
lens_photo_loader_read_corners (LensPhotoLoader *self,
                                const LensPoint  corners[4])
{
  const LensScan *scan;
  Load *load;

  g_return_val_if_fail (LENS_IS_PHOTO_LOADER (self), FALSE);
  g_return_val_if_fail (corners != NULL, FALSE);

  load = new_reload (self, LENS_LOAD_CORNERS);
  if (load == NULL)
    return FALSE;
  memcpy (load->corners, corners, sizeof load->corners);
  /* the board is read at the turn it is shown at, which the player placed
   * the corners on: judged again from digits that a small photo hardly
   * shows, it could turn a quarter under the corner dragged, and the
   * other corners with it */
  scan = lens_document_get_scan (DOCUMENT (self));
  load->rotation = scan != NULL ? scan->rotation : lens_photo_get_exif_rotation (load->photo);
  start (self, load);
  return TRUE;
}

gboolean
lens_photo_loader_turn (LensPhotoLoader *self)
{
  const LensScan *scan;
  Load *load;

  g_return_val_if_fail (LENS_IS_PHOTO_LOADER (self), FALSE);

  scan = lens_document_get_scan (DOCUMENT (self));
  load = scan != NULL ? new_reload (self, LENS_LOAD_TURN) : NULL;
  if (load == NULL)
    return FALSE;
  load->rotation = (scan->rotation + 90) % 360;
  start (self, load);
  return TRUE;
}

gboolean
lens_photo_loader_decode (LensPhotoLoader *self)
{
  const LensScan *scan;
  Load *load;

  g_return_val_if_fail (LENS_IS_PHOTO_LOADER (self), FALSE);

  load = new_reload (self, LENS_LOAD_DECODE);
  if (load == NULL || lens_photo_get_path (load->photo) == NULL)
    {
      g_clear_pointer (&load, load_free);
      return FALSE;
    }
  scan = lens_document_get_scan (DOCUMENT (self));
  load->rotation = scan != NULL ? scan->rotation : 0;
  start (self, load);
  return TRUE;
}

void
lens_photo_loader_set_room (LensPhotoLoader *self,
                            int              preview_width,
                            int              preview_height,
                            int              width,
                            int              height)
{
  g_return_if_fail (LENS_IS_PHOTO_LOADER (self));

  self->room[PREVIEW_ROOM][0] = MAX (preview_width, 0);
  self->room[PREVIEW_ROOM][1] = MAX (preview_height, 0);
  self->room[SHOWN_ROOM][0] = MAX (width, 0);
  self->room[SHOWN_ROOM][1] = MAX (height, 0);
}

void
lens_photo_loader_stop (LensPhotoLoader *self)
{
  g_return_if_fail (LENS_IS_PHOTO_LOADER (self));

  lens_job_stop (LENS_JOB (self));
  set_kind (self, LENS_LOAD_NONE);
}

LensLoadKind
lens_photo_loader_get_kind (LensPhotoLoader *self)
{
  g_return_val_if_fail (LENS_IS_PHOTO_LOADER (self), LENS_LOAD_NONE);

  return self->kind;
}

gboolean
lens_photo_loader_is_stale (LensPhotoLoader *self)
{
  g_return_val_if_fail (LENS_IS_PHOTO_LOADER (self), FALSE);

  return (self->kind == LENS_LOAD_CORNERS || self->kind == LENS_LOAD_TURN) &&
         !lens_job_is_current (LENS_JOB (self));
}

LensPhoto *
lens_photo_loader_take_boardless (LensPhotoLoader *self)
{
  g_return_val_if_fail (LENS_IS_PHOTO_LOADER (self), NULL);

  return g_steal_pointer (&self->boardless);
}

void
lens_photo_guess_board (const LensPhoto *photo,
                        LensScan        *scan)
{
  const LensImage *image;
  LensPoint stored[4];
  double w, h;
  int turns;

  g_return_if_fail (photo != NULL && lens_photo_get_image (photo) != NULL && scan != NULL);

  image = lens_photo_get_image (photo);
  w = lens_image_get_width (image);
  h = lens_image_get_height (image);
  memset (scan, 0, sizeof *scan);
  scan->rotation = lens_image_get_exif_rotation (image);
  stored[0] = (LensPoint) { w * GUESS_INSET, h * GUESS_INSET };
  stored[1] = (LensPoint) { w * (1 - GUESS_INSET), h * GUESS_INSET };
  stored[2] = (LensPoint) { w * (1 - GUESS_INSET), h * (1 - GUESS_INSET) };
  stored[3] = (LensPoint) { w * GUESS_INSET, h * (1 - GUESS_INSET) };
  /* in the order of the upright board, as a scan's are: the photo shows
   * at its turn, and a corners read keeps their order */
  turns = scan->rotation / 90;
  for (int i = 0; i < 4; i++)
    scan->corners[i] = stored[(i - turns + 4) % 4];
}

static void
lens_photo_loader_dispose (GObject *object)
{
  LensPhotoLoader *self = LENS_PHOTO_LOADER (object);

  g_clear_object (&self->reader);
  g_clear_pointer (&self->boardless, lens_photo_unref);
  G_OBJECT_CLASS (lens_photo_loader_parent_class)->dispose (object);
}

static void
lens_photo_loader_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  if (prop_id == PROP_KIND)
    g_value_set_int (value, LENS_PHOTO_LOADER (object)->kind);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
lens_photo_loader_class_init (LensPhotoLoaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = lens_photo_loader_dispose;
  object_class->get_property = lens_photo_loader_get_property;
  LENS_JOB_CLASS (klass)->done = load_done;
  properties[PROP_KIND] = g_param_spec_int ("kind", NULL, NULL, LENS_LOAD_NONE, LENS_LOAD_DECODE, LENS_LOAD_NONE,
                                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* (LensPicture *picture): the photo being opened, decoded, small */
  signals[PREVIEW] = g_signal_new ("preview", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* (LensLoadKind kind, const GError *error): a load ended, the document
   * has what it read; @error (nullable) says why it has not */
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_POINTER);
}

static void
lens_photo_loader_init (LensPhotoLoader *self)
{
}

LensPhotoLoader *
lens_photo_loader_new (LensDocument *document,
                       LensReader   *reader)
{
  LensPhotoLoader *self;

  g_return_val_if_fail (LENS_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (LENS_IS_READER (reader), NULL);

  self = g_object_new (LENS_TYPE_PHOTO_LOADER, "document", document, NULL);
  self->reader = g_object_ref (reader);
  return self;
}
