/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-analyser.h"
#include "lens-job.h"
#include "lens-pipeline.h"

/* Edits in a row make one analysis, not one each. */
#define ANALYSIS_DELAY_MS 200

/* The job's revision: the puzzle's. */
struct _LensAnalyser
{
  LensJob       parent_instance;

  guint         start_id;   /* the analysis about to start */
  char         *error;
};

G_DEFINE_FINAL_TYPE (LensAnalyser, lens_analyser, LENS_TYPE_JOB)

enum {
  PROP_0,
  PROP_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
analysis_done (LensJob      *job,
               gpointer      value,
               const GError *error)
{
  g_autoptr(LensAnalysis) analysis = value;
  LensAnalyser *self = LENS_ANALYSER (job);

  if (analysis == NULL)
    {
      g_free (self->error);
      self->error = g_strdup (error->message);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
      return;
    }
  g_clear_pointer (&self->error, g_free);
  lens_document_set_analysis (lens_job_get_document (job), analysis->result,
                              analysis->rated ? &analysis->rating : NULL, lens_job_get_revision (job));
}

static gboolean
analysis_wanted (LensAnalyser *self)
{
  LensDocument *document = lens_job_get_document (LENS_JOB (self));

  if (lens_document_get_state (document) == LENS_DOCUMENT_EMPTY || lens_document_get_analysis (document) != NULL)
    return FALSE;
  /* running for this puzzle already, or it failed for it */
  return lens_job_get_revision (LENS_JOB (self)) != lens_document_get_puzzle_revision (document);
}

static gboolean
start_cb (gpointer data)
{
  LensAnalyser *self = data;
  LensDocument *document = lens_job_get_document (LENS_JOB (self));
  GCancellable *cancellable;

  self->start_id = 0;
  if (!analysis_wanted (self))
    return G_SOURCE_REMOVE;
  cancellable = lens_job_start (LENS_JOB (self), lens_document_get_puzzle_revision (document));
  g_clear_pointer (&self->error, g_free);
  lens_analyse_async (lens_document_get_grid (document), lens_document_get_scan (document),
                      cancellable, lens_job_task_cb, self);
  return G_SOURCE_REMOVE;
}

void
lens_analyser_update (LensAnalyser *self)
{
  g_return_if_fail (LENS_IS_ANALYSER (self));

  if (!analysis_wanted (self) || self->start_id != 0)
    return;
  lens_job_stop (LENS_JOB (self));
  self->start_id = g_timeout_add (ANALYSIS_DELAY_MS, start_cb, self);
}

gboolean
lens_analyser_is_busy (LensAnalyser *self)
{
  g_return_val_if_fail (LENS_IS_ANALYSER (self), FALSE);

  return lens_job_is_running (LENS_JOB (self)) || self->start_id != 0;
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
  lens_job_stop (LENS_JOB (self));
}

static void
lens_analyser_dispose (GObject *object)
{
  lens_analyser_stop (LENS_ANALYSER (object));
  G_OBJECT_CLASS (lens_analyser_parent_class)->dispose (object);
}

static void
lens_analyser_finalize (GObject *object)
{
  g_free (LENS_ANALYSER (object)->error);
  G_OBJECT_CLASS (lens_analyser_parent_class)->finalize (object);
}

static void
lens_analyser_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  if (prop_id == PROP_ERROR)
    g_value_set_string (value, LENS_ANALYSER (object)->error);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
lens_analyser_class_init (LensAnalyserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = lens_analyser_dispose;
  object_class->finalize = lens_analyser_finalize;
  object_class->get_property = lens_analyser_get_property;
  LENS_JOB_CLASS (klass)->done = analysis_done;
  properties[PROP_ERROR] = g_param_spec_string ("error", NULL, NULL, NULL,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
lens_analyser_init (LensAnalyser *self)
{
}

LensAnalyser *
lens_analyser_new (LensDocument *document)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (document), NULL);

  return g_object_new (LENS_TYPE_ANALYSER, "document", document, NULL);
}
