/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-analyser.h"
#include "lens-job.h"
#include "lens-pipeline.h"

/* Edits in a row make one analysis, not one each. */
#define ANALYSIS_DELAY_MS 200

struct _LensAnalyser
{
  GObject       parent_instance;

  LensDocument *document;
  LensJob       job;        /* its revision: the puzzle's */
  guint         start_id;   /* the analysis about to start */
  char         *error;
};

G_DEFINE_FINAL_TYPE (LensAnalyser, lens_analyser, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
analysis_done (gpointer      owner,
               gpointer      value,
               const GError *error)
{
  g_autoptr(LensAnalysis) analysis = value;
  LensAnalyser *self = owner;

  if (analysis == NULL)
    {
      g_free (self->error);
      self->error = g_strdup (error->message);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
      return;
    }
  g_clear_pointer (&self->error, g_free);
  lens_document_set_analysis (self->document, analysis->result, analysis->rated ? &analysis->rating : NULL,
                              self->job.revision);
}

static gboolean
analysis_wanted (LensAnalyser *self)
{
  if (lens_document_get_state (self->document) == LENS_DOCUMENT_EMPTY ||
      lens_document_get_analysis (self->document) != NULL)
    return FALSE;
  /* running for this puzzle already, or it failed for it */
  return self->job.revision != lens_document_get_puzzle_revision (self->document);
}

static gboolean
start_cb (gpointer data)
{
  LensAnalyser *self = data;
  GCancellable *cancellable;

  self->start_id = 0;
  if (!analysis_wanted (self))
    return G_SOURCE_REMOVE;
  cancellable = lens_job_start (&self->job, lens_document_get_puzzle_revision (self->document));
  g_clear_pointer (&self->error, g_free);
  lens_analyse_async (lens_document_get_grid (self->document), lens_document_get_scan (self->document),
                      cancellable, lens_job_task_cb, &self->job);
  return G_SOURCE_REMOVE;
}

void
lens_analyser_update (LensAnalyser *self)
{
  g_return_if_fail (LENS_IS_ANALYSER (self));

  if (!analysis_wanted (self) || self->start_id != 0)
    return;
  lens_job_stop (&self->job);
  self->start_id = g_timeout_add (ANALYSIS_DELAY_MS, start_cb, self);
}

gboolean
lens_analyser_is_busy (LensAnalyser *self)
{
  g_return_val_if_fail (LENS_IS_ANALYSER (self), FALSE);

  return self->job.running || self->start_id != 0;
}

const char *
lens_analyser_get_error (LensAnalyser *self)
{
  g_return_val_if_fail (LENS_IS_ANALYSER (self), NULL);

  return self->error;
}

void
lens_analyser_stop (LensAnalyser *self)
{
  g_return_if_fail (LENS_IS_ANALYSER (self));

  g_clear_handle_id (&self->start_id, g_source_remove);
  lens_job_stop (&self->job);
}

static void
lens_analyser_dispose (GObject *object)
{
  LensAnalyser *self = LENS_ANALYSER (object);

  lens_analyser_stop (self);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (lens_analyser_parent_class)->dispose (object);
}

static void
lens_analyser_finalize (GObject *object)
{
  LensAnalyser *self = LENS_ANALYSER (object);

  lens_job_clear (&self->job);
  g_free (self->error);
  G_OBJECT_CLASS (lens_analyser_parent_class)->finalize (object);
}

static void
lens_analyser_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  LensAnalyser *self = LENS_ANALYSER (object);

  switch (prop_id)
    {
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lens_analyser_class_init (LensAnalyserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = lens_analyser_dispose;
  object_class->finalize = lens_analyser_finalize;
  object_class->get_property = lens_analyser_get_property;
  properties[PROP_ERROR] = g_param_spec_string ("error", NULL, NULL, NULL,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
lens_analyser_init (LensAnalyser *self)
{
  lens_job_init (&self->job, self, analysis_done);
}

LensAnalyser *
lens_analyser_new (LensDocument *document)
{
  LensAnalyser *self;

  g_return_val_if_fail (LENS_IS_DOCUMENT (document), NULL);

  self = g_object_new (LENS_TYPE_ANALYSER, NULL);
  self->document = g_object_ref (document);
  return self;
}
