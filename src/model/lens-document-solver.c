/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-document-solver.h"
#include "lens-job.h"

struct _LensDocumentSolver
{
  GObject       parent_instance;

  LensDocument *document;
  LensJob       job;       /* its revision: the document's when it began */
  gboolean      as_saved;
};

G_DEFINE_FINAL_TYPE (LensDocumentSolver, lens_document_solver, G_TYPE_OBJECT)

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
  gboolean was_busy = self->job.running;
  GCancellable *cancellable = lens_job_start (&self->job, lens_document_get_revision (self->document));

  lens_solve_async (lens_document_get_grid (self->document), lens_document_get_scan (self->document), flags,
                    cancellable, lens_job_task_cb, &self->job);
  if (!was_busy)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
solve_done (gpointer      owner,
            gpointer      value,
            const GError *error)
{
  g_autoptr(LensResult) result = value;
  LensDocumentSolver *self = owner;

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
    lens_document_set_result (self->document, result);
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

  if (!self->job.running)
    return;
  lens_job_stop (&self->job);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

gboolean
lens_document_solver_is_busy (LensDocumentSolver *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT_SOLVER (self), FALSE);

  return self->job.running;
}

gboolean
lens_document_solver_is_stale (LensDocumentSolver *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT_SOLVER (self), FALSE);

  return self->job.running && self->job.revision != lens_document_get_revision (self->document);
}

static void
lens_document_solver_dispose (GObject *object)
{
  LensDocumentSolver *self = LENS_DOCUMENT_SOLVER (object);

  lens_job_stop (&self->job);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (lens_document_solver_parent_class)->dispose (object);
}

static void
lens_document_solver_finalize (GObject *object)
{
  lens_job_clear (&LENS_DOCUMENT_SOLVER (object)->job);
  G_OBJECT_CLASS (lens_document_solver_parent_class)->finalize (object);
}

static void
lens_document_solver_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  LensDocumentSolver *self = LENS_DOCUMENT_SOLVER (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, self->job.running);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lens_document_solver_class_init (LensDocumentSolverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = lens_document_solver_dispose;
  object_class->finalize = lens_document_solver_finalize;
  object_class->get_property = lens_document_solver_get_property;
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
lens_document_solver_init (LensDocumentSolver *self)
{
  lens_job_init (&self->job, self, solve_done);
}

LensDocumentSolver *
lens_document_solver_new (LensDocument *document)
{
  LensDocumentSolver *self;

  g_return_val_if_fail (LENS_IS_DOCUMENT (document), NULL);

  self = g_object_new (LENS_TYPE_DOCUMENT_SOLVER, NULL);
  self->document = g_object_ref (document);
  return self;
}
