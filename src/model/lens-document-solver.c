/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-document-solver.h"
#include "lens-job.h"

/* The job's revision: the document's when the solve began. */
struct _LensDocumentSolver
{
  LensJob       parent_instance;

  gboolean      as_saved;
};

G_DEFINE_FINAL_TYPE (LensDocumentSolver, lens_document_solver, LENS_TYPE_JOB)

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

enum {
  FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
start (LensDocumentSolver *self,
       LensPipelineFlags   flags)
{
  LensJob *job = LENS_JOB (self);
  LensDocument *document = lens_job_get_document (job);
  gboolean was_busy = lens_job_is_running (job);
  GCancellable *cancellable = lens_job_start (job, lens_document_get_revision (document));

  lens_solve_async (lens_document_get_grid (document), lens_document_get_scan (document), flags,
                    cancellable, lens_job_task_cb, self);
  if (!was_busy)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
solve_done (LensJob      *job,
            gpointer      value,
            const GError *error)
{
  g_autoptr(LensResult) result = value;
  LensDocumentSolver *self = LENS_DOCUMENT_SOLVER (job);

  if (result != NULL && self->as_saved && result->outcome == LENS_OUTCOME_CORRECTIONS_BLOCK)
    {
      self->as_saved = FALSE;
      start (self, LENS_PIPELINE_OVERRULE_CORRECTIONS);
      return;
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
  if (result == NULL)
    g_signal_emit (self, signals[FAILED], 0, error->message);
  else
    lens_document_set_result (lens_job_get_document (job), result);
}

void
lens_document_solver_start (LensDocumentSolver *self,
                            LensPipelineFlags   flags,
                            gboolean            as_saved)
{
  g_return_if_fail (LENS_IS_DOCUMENT_SOLVER (self));

  self->as_saved = as_saved;
  start (self, flags);
}

void
lens_document_solver_stop (LensDocumentSolver *self)
{
  g_return_if_fail (LENS_IS_DOCUMENT_SOLVER (self));

  if (!lens_job_is_running (LENS_JOB (self)))
    return;
  lens_job_stop (LENS_JOB (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

gboolean
lens_document_solver_is_busy (LensDocumentSolver *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT_SOLVER (self), FALSE);

  return lens_job_is_running (LENS_JOB (self));
}

gboolean
lens_document_solver_is_stale (LensDocumentSolver *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT_SOLVER (self), FALSE);

  return lens_job_is_running (LENS_JOB (self)) && !lens_job_is_current (LENS_JOB (self));
}

static void
lens_document_solver_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  if (prop_id == PROP_BUSY)
    g_value_set_boolean (value, lens_job_is_running (LENS_JOB (object)));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
lens_document_solver_class_init (LensDocumentSolverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = lens_document_solver_get_property;
  LENS_JOB_CLASS (klass)->done = solve_done;
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
lens_document_solver_init (LensDocumentSolver *self)
{
}

LensDocumentSolver *
lens_document_solver_new (LensDocument *document)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (document), NULL);

  return g_object_new (LENS_TYPE_DOCUMENT_SOLVER, "document", document, NULL);
}
