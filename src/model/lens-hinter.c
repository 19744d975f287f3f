/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lens-hinter.h"
#include "lens-job.h"

/* The job's revision: the document's when the hint was sought. */
struct _LensHinter
{
  LensJob        parent_instance;

  LensLogicStep *step;
  gboolean       wanted;    /* asked for before the puzzle was analysed */
  char          *message;   /* why the last search gave no step */
  int            misread;   /* the printed cell of LENS_HINT_MISREAD, or -1 */
  guint8         needed;    /* the solution's digit there */
};

G_DEFINE_FINAL_TYPE (LensHinter, lens_hinter, LENS_TYPE_JOB)

typedef struct {
  guint8         givens[LENS_GRID_CELLS];
  LensCandidates state;
  guint8         solution[LENS_GRID_CELLS];
} HintJob;

static void
hint_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  const HintJob *job = task_data;
  LensLogicStep *step = lens_logic_check (job->givens, &job->state, job->solution);
  GError *error = NULL;

  if (step == NULL)
    step = lens_logic_next_step (&job->state, job->solution, cancellable, &error);
  if (error != NULL)
    return g_task_return_error (task, error);
  g_task_return_pointer (task, step, (GDestroyNotify) lens_logic_step_free);
}

/* The player's mistake in @state, if any, or else the next logic step,
 * in a worker thread; @givens and @solution are 81 digits. The step is
 * NULL without an error when the grid is full and right. */
static void
hint_async (const guint8          givens[LENS_GRID_CELLS],
            const LensCandidates *state,
            const guint8          solution[LENS_GRID_CELLS],
            GCancellable         *cancellable,
            GAsyncReadyCallback   callback,
            gpointer              user_data)
{
  HintJob *job;

  g_return_if_fail (givens != NULL && state != NULL && solution != NULL);

  job = g_new0 (HintJob, 1);
  memcpy (job->givens, givens, sizeof job->givens);
  job->state = *state;
  memcpy (job->solution, solution, sizeof job->solution);
  lens_task_run_in_thread (hint_async, job, g_free, hint_thread, cancellable, callback, user_data);
}

enum {
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
set_message (LensHinter *self,
             char       *message)
{
  g_free (self->message);
  self->message = message;
}

static char *
no_solution_message (void)
{
  return g_strdup (_("A hint needs a printed puzzle with one solution: check its digits against the photo first"));
}

/* The first placement of @step on a cell of the board whose printed digit
 * is another, -1 if none: the hint was found on the puzzle as repaired,
 * and that digit was read where the puzzle's one solution cannot have it.
 * No step can be made there: the printed digit stays until the player
 * fixes it. */
static int
placed_on_printed (LensDocument        *document,
                   const LensLogicStep *step)
{
  const LensGrid *grid = lens_document_get_grid (document);

  for (guint i = 0; i < step->n_placements; i++)
    {
      guint cell = step->placements[i].cell;

      if (grid->digits[cell] != 0 && grid->digits[cell] != step->placements[i].digit)
        return (int) i;
    }
  return -1;
}

static char *
misread_message (LensDocument *document,
                 guint         cell,
                 guint8        needed)
{
  g_autofree char *name = lens_cell_name (cell);

  /* TRANSLATORS: a cell (r9c5), the digit read there, the digit the puzzle needs there */
  return g_strdup_printf (_("%s reads as a printed %u, but the solution has %u there: compare it with the "
                            "photo and correct it, or press Hint again to make it yours"),
                          name, lens_document_get_grid (document)->digits[cell], needed);
}

static void
hint_done (LensJob      *job,
           gpointer      value,
           const GError *error)
{
  g_autoptr(LensLogicStep) step = value;
  LensHinter *self = LENS_HINTER (job);
  LensDocument *document = lens_job_get_document (job);
  LensHintOutcome outcome = LENS_HINT_STALE;
  int printed;

  if (error != NULL)
    {
      outcome = LENS_HINT_FAILED;
      set_message (self, g_strdup (error->message));
    }
  else if (step == NULL)
    {
      outcome = LENS_HINT_COMPLETE;
      set_message (self, g_strdup (_("The puzzle is complete and every digit is right")));
    }
  else if (lens_job_is_current (job) && (printed = placed_on_printed (document, step)) >= 0)
    {
      outcome = LENS_HINT_MISREAD;
      self->misread = (int) step->placements[printed].cell;
      self->needed = step->placements[printed].digit;
      set_message (self, misread_message (document, self->misread, self->needed));
    }
  else if (lens_job_is_current (job))
    {
      outcome = LENS_HINT_FOUND;
      self->step = g_steal_pointer (&step);
    }
  g_signal_emit (self, signals[FINISHED], 0, outcome, self->message);
}

gboolean
lens_hinter_request (LensHinter *self)
{
  const LensResult *analysis;
  g_autofree LensCandidates *state = g_new (LensCandidates, 1);
  LensGrid puzzle;
  LensDocument *document;
  GCancellable *cancellable;

  g_return_val_if_fail (LENS_IS_HINTER (self), FALSE);

  document = lens_job_get_document (LENS_JOB (self));
  analysis = lens_document_get_analysis (document);
  self->wanted = analysis == NULL;
  self->misread = -1;
  set_message (self, NULL);
  if (analysis == NULL)
    return TRUE;
  if (!lens_result_is_solved (analysis))
    {
      set_message (self, no_solution_message ());
      return FALSE;
    }
  lens_document_get_checked_puzzle (document, &puzzle);
  lens_document_get_candidates (document, state);
  cancellable = lens_job_start (LENS_JOB (self), lens_document_get_revision (document));
  hint_async (puzzle.digits, state, analysis->solution.digits, cancellable, lens_job_task_cb, self);
  return TRUE;
}

gboolean
lens_hinter_is_busy (LensHinter *self)
{
  g_return_val_if_fail (LENS_IS_HINTER (self), FALSE);

  return lens_job_is_running (LENS_JOB (self)) || self->wanted;
}

const LensLogicStep *
lens_hinter_get_step (LensHinter *self)
{
  g_return_val_if_fail (LENS_IS_HINTER (self), NULL);

  return self->step;
}

gboolean
lens_hinter_step_is_current (LensHinter *self)
{
  g_return_val_if_fail (LENS_IS_HINTER (self), FALSE);

  return self->step != NULL && lens_job_is_current (LENS_JOB (self));
}

LensLogicStep *
lens_hinter_take_step (LensHinter *self)
{
  g_return_val_if_fail (LENS_IS_HINTER (self), NULL);

  return g_steal_pointer (&self->step);
}

/* The first cell the hint writes a digit in that holds one of the
 * player's already, -1 if none: a digit the reader doubts, which the hint
 * left out (lens_document_get_candidates). */
static int
doubted_cell_written (LensHinter          *self,
                      const LensLogicStep *hint)
{
  const guint8 *entries = lens_document_get_entries (lens_job_get_document (LENS_JOB (self)));

  for (guint i = 0; i < hint->n_placements; i++)
    if (entries[hint->placements[i].cell] != 0)
      return (int) hint->placements[i].cell;
  return -1;
}

char *
lens_hinter_describe (LensHinter *self)
{
  g_autofree char *name = NULL;
  g_autofree char *doubt = NULL;
  const LensLogicStep *hint;
  const char *then;
  int doubted;

  g_return_val_if_fail (LENS_IS_HINTER (self), NULL);

  if (lens_hinter_is_busy (self))
    return g_strdup (_("Looking for a hint…"));
  hint = lens_hinter_get_step (self);
  if (hint == NULL)
    return NULL;
  then = hint->technique == LENS_TECHNIQUE_MISTAKE ? _("Press Hint again to take them out.")
                                                  : _("Press Hint again to make this step.");
  doubted = doubted_cell_written (self, hint);
  if (doubted < 0)
    /* TRANSLATORS: a technique's name, what the step does and why, and what a second press does */
    return g_strdup_printf (_("%s: %s %s"), lens_technique_get_label (hint->technique), hint->text, then);
  name = lens_cell_name (doubted);
  /* TRANSLATORS: %s is a cell, as r4c5 */
  doubt = g_strdup_printf (_("The reader is not sure what you wrote in %s, so the hint leaves it out: "
                             "compare it with the photo."), name);
  /* TRANSLATORS: a technique's name, the step and why, the doubted digit it writes over, and what a second press does */
  return g_strdup_printf (_("%s: %s %s %s"), lens_technique_get_label (hint->technique), hint->text, doubt, then);
}

const char *
lens_hinter_get_message (LensHinter *self)
{
  g_return_val_if_fail (LENS_IS_HINTER (self), NULL);

  return self->message;
}

gboolean
lens_hinter_get_misread (LensHinter *self,
                         guint      *cell,
                         guint8     *digit)
{
  g_return_val_if_fail (LENS_IS_HINTER (self), FALSE);

  if (self->misread < 0)
    return FALSE;
  if (cell != NULL)
    *cell = (guint) self->misread;
  if (digit != NULL)
    *digit = self->needed;
  return TRUE;
}

gboolean
lens_hinter_misread_is_current (LensHinter *self)
{
  g_return_val_if_fail (LENS_IS_HINTER (self), FALSE);

  return self->misread >= 0 && !lens_job_is_running (LENS_JOB (self)) && lens_job_is_current (LENS_JOB (self));
}

gboolean
lens_hinter_make_misread (LensHinter *self)
{
  LensDocument *document;
  guint cell;

  g_return_val_if_fail (LENS_IS_HINTER (self), FALSE);

  if (!lens_hinter_misread_is_current (self))
    return FALSE;
  document = lens_job_get_document (LENS_JOB (self));
  cell = (guint) self->misread;
  lens_hinter_clear (self);
  return lens_document_set_kind (document, cell, LENS_READ_KIND_HANDWRITTEN);
}

void
lens_hinter_clear (LensHinter *self)
{
  g_return_if_fail (LENS_IS_HINTER (self));

  lens_job_stop (LENS_JOB (self));
  self->wanted = FALSE;
  self->misread = -1;
  set_message (self, NULL);
  g_clear_pointer (&self->step, lens_logic_step_free);
}

gboolean
lens_hinter_document_changed (LensHinter *self,
                              gboolean   *requested)
{
  gboolean cleared = FALSE;
  LensDocument *document;

  g_return_val_if_fail (LENS_IS_HINTER (self) && requested != NULL, FALSE);

  document = lens_job_get_document (LENS_JOB (self));
  *requested = TRUE;
  /* a hint waiting for the analysis of a puzzle now closed waits no more */
  if (lens_document_get_state (document) == LENS_DOCUMENT_EMPTY)
    {
      cleared = self->step != NULL;
      lens_hinter_clear (self);
      return cleared;
    }
  if ((self->step != NULL || self->misread >= 0 || lens_job_is_running (LENS_JOB (self))) &&
      !lens_job_is_current (LENS_JOB (self)))
    {
      lens_hinter_clear (self);
      cleared = TRUE;
    }
  if (self->wanted && lens_document_get_analysis (document) != NULL)
    *requested = lens_hinter_request (self);
  return cleared;
}

static void
lens_hinter_dispose (GObject *object)
{
  lens_hinter_clear (LENS_HINTER (object));
  G_OBJECT_CLASS (lens_hinter_parent_class)->dispose (object);
}

static void
lens_hinter_finalize (GObject *object)
{
  g_free (LENS_HINTER (object)->message);
  G_OBJECT_CLASS (lens_hinter_parent_class)->finalize (object);
}

static void
lens_hinter_class_init (LensHinterClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = lens_hinter_dispose;
  G_OBJECT_CLASS (klass)->finalize = lens_hinter_finalize;
  LENS_JOB_CLASS (klass)->done = hint_done;
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                    NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);
}

static void
lens_hinter_init (LensHinter *self)
{
  self->misread = -1;
}

LensHinter *
lens_hinter_new (LensDocument *document)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (document), NULL);

  return g_object_new (LENS_TYPE_HINTER, "document", document, NULL);
}
