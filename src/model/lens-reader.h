/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The one recognizer of a front end: its engine is chosen by a setting
 * or an option, and may be chosen again (the app's preferences) for the
 * reads that start after; each engine's recognizer is loaded once, in
 * whichever thread asks first, and every read shares it. An engine that cannot be loaded is
 * an error that names it: there is no fallback to another engine. */

#include <gio/gio.h>

#include "lens-vision.h"

G_BEGIN_DECLS

#define LENS_TYPE_READER (lens_reader_get_type ())
G_DECLARE_FINAL_TYPE (LensReader, lens_reader, LENS, READER, GObject)

LensReader     *lens_reader_new             (LensEngine   engine);
LensEngine      lens_reader_get_engine      (LensReader  *self);
/* The engine of the reads that start from now on; a read under way keeps
 * the recognizer it has. Thread-safe. */
void            lens_reader_set_engine      (LensReader  *self,
                                             LensEngine   engine);
/* The recognizer, loaded on the first call; thread-safe. A failure to
 * load is kept and returned again (LENS_ERROR_ENGINE). */
LensRecognizer *lens_reader_get_recognizer  (LensReader  *self,
                                             GError     **error);
/* Loads the recognizer in a worker thread so that the first read is quick. */
void            lens_reader_warm_up         (LensReader  *self);

/* @name ("builtin", "tesseract") as an engine, or an error that lists them. */
gboolean        lens_engine_parse           (const char  *name,
                                             LensEngine  *engine,
                                             GError     **error);

G_END_DECLS
