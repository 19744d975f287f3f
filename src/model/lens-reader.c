/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-error.h"
#include "lens-reader.h"

#define N_ENGINES (LENS_ENGINE_TESSERACT + 1)

/* A recognizer, or why it could not be loaded, for each engine: one read
 * may still use the engine chosen before, so none is freed until the end. */
struct _LensReader
{
  GObject         parent_instance;
  GMutex          lock;
  LensEngine      engine;
  LensRecognizer *recognizers[N_ENGINES];
  GError         *load_errors[N_ENGINES];
};

G_DEFINE_FINAL_TYPE (LensReader, lens_reader, G_TYPE_OBJECT)

static void
lens_reader_finalize (GObject *object)
{
  LensReader *self = LENS_READER (object);

  for (guint i = 0; i < N_ENGINES; i++)
    {
      g_clear_pointer (&self->recognizers[i], lens_recognizer_free);
      g_clear_error (&self->load_errors[i]);
    }
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (lens_reader_parent_class)->finalize (object);
}

static void
lens_reader_class_init (LensReaderClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lens_reader_finalize;
}

static void
lens_reader_init (LensReader *self)
{
  g_mutex_init (&self->lock);
}

LensReader *
lens_reader_new (LensEngine engine)
{
  LensReader *self = g_object_new (LENS_TYPE_READER, NULL);

  self->engine = engine;
  return self;
}

LensEngine
lens_reader_get_engine (LensReader *self)
{
  LensEngine engine;

  g_return_val_if_fail (LENS_IS_READER (self), LENS_ENGINE_DEFAULT);

  g_mutex_lock (&self->lock);
  engine = self->engine;
  g_mutex_unlock (&self->lock);
  return engine;
}

void
lens_reader_set_engine (LensReader *self,
                        LensEngine  engine)
{
  g_return_if_fail (LENS_IS_READER (self));
  g_return_if_fail ((guint) engine < N_ENGINES);

  g_mutex_lock (&self->lock);
  self->engine = engine;
  g_mutex_unlock (&self->lock);
}

static void
load (LensReader *self,
      LensEngine  engine)
{
  g_autoptr(GError) error = NULL;

  self->recognizers[engine] = lens_recognizer_new (engine, &error);
  if (self->recognizers[engine] != NULL)
    return;
  /* TRANSLATORS: %s is the engine's name, then why it could not be loaded */
  self->load_errors[engine] = g_error_new (LENS_ERROR, LENS_ERROR_ENGINE,
                                           _("The “%s” digit reader is not available: %s"),
                                           lens_engine_to_string (engine), error->message);
}

LensRecognizer *
lens_reader_get_recognizer (LensReader  *self,
                            GError     **error)
{
  LensRecognizer *recognizer;

  g_return_val_if_fail (LENS_IS_READER (self), NULL);

  g_mutex_lock (&self->lock);
  if (self->recognizers[self->engine] == NULL && self->load_errors[self->engine] == NULL)
    load (self, self->engine);
  recognizer = self->recognizers[self->engine];
  if (recognizer == NULL)
    g_propagate_error (error, g_error_copy (self->load_errors[self->engine]));
  g_mutex_unlock (&self->lock);
  return recognizer;
}

static void
warm_up_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;

  if (lens_reader_get_recognizer (LENS_READER (source), &error) == NULL)
    g_debug ("Recognizer not ready: %s", error->message);
  g_task_return_boolean (task, TRUE);
}

void
lens_reader_warm_up (LensReader *self)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (LENS_IS_READER (self));

  task = g_task_new (self, NULL, NULL, NULL);
  g_task_set_source_tag (task, lens_reader_warm_up);
  g_task_run_in_thread (task, warm_up_thread);
}

gboolean
lens_engine_parse (const char  *name,
                   LensEngine  *engine,
                   GError     **error)
{
  if (name != NULL && lens_engine_from_string (name, engine))
    return TRUE;
  g_set_error (error, LENS_ERROR, LENS_ERROR_ENGINE, _("Unknown recognizer “%s”; use builtin or tesseract"),
               name != NULL ? name : "");
  return FALSE;
}
