/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Tesseract's C API, opened with dlopen() the first time its engine is
 * chosen, so that a process reading with the builtin model never loads
 * Tesseract and its ~40 libraries. After this header, the Tess* names call
 * through the table: include it instead of <tesseract/capi.h>. C++ only. */

#include <glib.h>
#include <tesseract/capi.h>

struct LensTesseractApi {
#define LENS_TESSERACT_SYMBOL(name) decltype (&::name) name;
#include "lens-tesseract-symbols.h"
#undef LENS_TESSERACT_SYMBOL
};

/* Loads the library once per process; NULL and a translated error
 * (LENS_ERROR_ENGINE) if it is not installed. */
const LensTesseractApi *lens_tesseract_api_load (GError **error);

/* The table lens_tesseract_api_load() filled. */
const LensTesseractApi *lens_tesseract_api (void);

#ifndef LENS_TESSERACT_API_TABLE
#define TessBaseAPIClear (lens_tesseract_api ()->TessBaseAPIClear)
#define TessBaseAPICreate (lens_tesseract_api ()->TessBaseAPICreate)
#define TessBaseAPIDelete (lens_tesseract_api ()->TessBaseAPIDelete)
#define TessBaseAPIEnd (lens_tesseract_api ()->TessBaseAPIEnd)
#define TessBaseAPIGetIterator (lens_tesseract_api ()->TessBaseAPIGetIterator)
#define TessBaseAPIInit3 (lens_tesseract_api ()->TessBaseAPIInit3)
#define TessBaseAPIRecognize (lens_tesseract_api ()->TessBaseAPIRecognize)
#define TessBaseAPISetImage (lens_tesseract_api ()->TessBaseAPISetImage)
#define TessBaseAPISetPageSegMode (lens_tesseract_api ()->TessBaseAPISetPageSegMode)
#define TessBaseAPISetVariable (lens_tesseract_api ()->TessBaseAPISetVariable)
#define TessDeleteText (lens_tesseract_api ()->TessDeleteText)
#define TessResultIteratorConfidence (lens_tesseract_api ()->TessResultIteratorConfidence)
#define TessResultIteratorDelete (lens_tesseract_api ()->TessResultIteratorDelete)
#define TessResultIteratorGetUTF8Text (lens_tesseract_api ()->TessResultIteratorGetUTF8Text)
#define TessResultIteratorNext (lens_tesseract_api ()->TessResultIteratorNext)
#endif
