/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-job.h"

typedef struct
{
  LensDocument *document;
  GCancellable *cancellable;
  gboolean      running;
  guint         revision;  /* the document's, when the last task began */
} LensJobPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (LensJob, lens_job, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DOCUMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

LensDocument *
lens_job_get_document (LensJob *self)
{
  g_return_val_if_fail (LENS_IS_JOB (self), NULL);

  return ((LensJobPrivate *) lens_job_get_instance_private (self))->document;
}

GCancellable *
lens_job_start (LensJob *self,
                guint    revision)
{
  LensJobPrivate *priv = lens_job_get_instance_private (self);

  g_cancellable_cancel (priv->cancellable);
  g_clear_object (&priv->cancellable);
  priv->cancellable = g_cancellable_new ();
  priv->running = TRUE;
  priv->revision = revision;
  return priv->cancellable;
}

void
lens_job_task_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  g_autoptr(GError) error = NULL;
  gpointer value = lens_task_finish (result, &error);
  LensJob *self = data;

  /* the job may be gone: it cancels its task as it goes */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  ((LensJobPrivate *) lens_job_get_instance_private (self))->running = FALSE;
  LENS_JOB_GET_CLASS (self)->done (self, value, error);
}

void
lens_job_stop (LensJob *self)
{
  LensJobPrivate *priv = lens_job_get_instance_private (self);

  g_cancellable_cancel (priv->cancellable);
  priv->running = FALSE;
}

gboolean
lens_job_is_running (LensJob *self)
{
  return ((LensJobPrivate *) lens_job_get_instance_private (self))->running;
}

guint
lens_job_get_revision (LensJob *self)
{
  return ((LensJobPrivate *) lens_job_get_instance_private (self))->revision;
}

gboolean
lens_job_is_current (LensJob *self)
{
  LensJobPrivate *priv = lens_job_get_instance_private (self);

  return priv->revision == lens_document_get_revision (priv->document);
}

static void
lens_job_dispose (GObject *object)
{
  LensJobPrivate *priv = lens_job_get_instance_private (LENS_JOB (object));

  lens_job_stop (LENS_JOB (object));
  g_clear_object (&priv->document);
  G_OBJECT_CLASS (lens_job_parent_class)->dispose (object);
}

static void
lens_job_finalize (GObject *object)
{
  LensJobPrivate *priv = lens_job_get_instance_private (LENS_JOB (object));

  g_clear_object (&priv->cancellable);
  G_OBJECT_CLASS (lens_job_parent_class)->finalize (object);
}

static void
lens_job_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  LensJobPrivate *priv = lens_job_get_instance_private (LENS_JOB (object));

  if (prop_id == PROP_DOCUMENT)
    priv->document = g_value_dup_object (value);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
lens_job_class_init (LensJobClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = lens_job_dispose;
  object_class->finalize = lens_job_finalize;
  object_class->set_property = lens_job_set_property;
  properties[PROP_DOCUMENT] = g_param_spec_object ("document", NULL, NULL, LENS_TYPE_DOCUMENT,
                                                   G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
lens_job_init (LensJob *self)
{
  LensJobPrivate *priv = lens_job_get_instance_private (self);

  priv->cancellable = g_cancellable_new ();
}

/* Not G_PRIORITY_LOW: the priority also applies to the callback, and below
 * the redraw priority a spinning spinner starves it on slow renderers. */
#define TASK_PRIORITY G_PRIORITY_DEFAULT

void
lens_task_run_in_thread (gpointer             source_tag,
                         gpointer             task_data,
                         GDestroyNotify       task_data_free,
                         GTaskThreadFunc      thread,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  g_task_set_priority (task, TASK_PRIORITY);
  g_task_set_task_data (task, task_data, task_data_free);
  g_task_run_in_thread (task, thread);
}

gpointer
lens_task_finish (GAsyncResult  *result,
                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
