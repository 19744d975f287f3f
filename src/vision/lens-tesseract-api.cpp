/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <dlfcn.h>
#include <glib/gi18n-lib.h>

/* The table is filled from the real names: no renaming here. */
#define LENS_TESSERACT_API_TABLE
#include "lens-error.h"
#include "lens-tesseract-api.h"

#define TESSERACT_SONAME "libtesseract.so.5"

static LensTesseractApi api;
static char *load_failure;  /* why the library could not be opened */

/* Opened globally, so that the OpenMP runtime it brings is found by name. */
static void
load (void)
{
  void *library = dlopen (TESSERACT_SONAME, RTLD_NOW | RTLD_GLOBAL);

  if (library == NULL)
    {
      load_failure = g_strdup (dlerror ());
      return;
    }
#define LENS_TESSERACT_SYMBOL(name)                                   \
  api.name = (decltype (&::name)) dlsym (library, #name);             \
  if (api.name == NULL)                                               \
    {                                                                 \
      load_failure = g_strdup_printf ("%s: no %s", TESSERACT_SONAME, #name); \
      return;                                                         \
    }
#include "lens-tesseract-symbols.h"
#undef LENS_TESSERACT_SYMBOL
}

const LensTesseractApi *
lens_tesseract_api_load (GError **error)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      load ();
      g_once_init_leave (&done, 1);
    }
  if (load_failure != NULL)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_ENGINE,
                   _("Tesseract is not installed (%s): install the libtesseract5 and "
                     "tesseract-ocr-eng packages, or use the builtin engine"), load_failure);
      return NULL;
    }
  return &api;
}

const LensTesseractApi *
lens_tesseract_api (void)
{
  return &api;
}
