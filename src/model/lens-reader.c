/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-error.h"
#include "lens-reader.h"

struct _LensReader
{
  GObject         parent_instance;
  LensEngine      engine;
  GMutex          lock;
  LensRecognizer *recognizer;
  GError         *load_error;
};

G_DEFINE_FINAL_TYPE (LensReader, lens_reader, G_TYPE_OBJECT)

static void
lens_reader_finalize (GObject *object)
{
  LensReader *self = LENS_READER (object);

  g_clear_pointer (&self->recognizer, lens_recognizer_free);
  g_clear_error (&self->load_error);
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
  g_return_val_if_fail (LENS_IS_READER (self), LENS_ENGINE_DEFAULT);

  return self->engine;
}

static void
load (LensReader *self)
{
  g_autoptr(GError) error = NULL;

  self->recognizer = lens_recognizer_new (self->engine, &error);
  if (self->recognizer != NULL)
    return;
  /* TRANSLATORS: %s is the engine's name, then why it could not be loaded */
  self->load_error = g_error_new (LENS_ERROR, LENS_ERROR_ENGINE, _("The “%s” digit reader is not available: %s"),
                                  lens_engine_to_string (self->engine), error->message);
}

LensRecognizer *
lens_reader_get_recognizer (LensReader  *self,
                            GError     **error)
{
  LensRecognizer *recognizer;

  g_return_val_if_fail (LENS_IS_READER (self), NULL);

  g_mutex_lock (&self->lock);
  if (self->recognizer == NULL && self->load_error == NULL)
    load (self);
  recognizer = self->recognizer;
  if (recognizer == NULL)
    g_propagate_error (error, g_error_copy (self->load_error));
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
