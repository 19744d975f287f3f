/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <new>
#include <stdexcept>

#include <opencv2/core.hpp>

#include "lens-failure.hpp"

namespace lens {

void
throw_error (GError *error)
{
  Failure failure { error->code, error->message, error->domain };

  g_error_free (error);
  throw failure;
}

void
throw_if_cancelled (GCancellable *cancellable)
{
  GError *error = NULL;

  if (g_cancellable_set_error_if_cancelled (cancellable, &error))
    throw_error (error);
}

void
set_error (GError        **error,
           const Failure  &failure)
{
  g_set_error_literal (error, failure.domain, failure.code, failure.message.c_str ());
}

static void
set_detailed (GError     **error,
              LensError    code,
              const char  *what,
              const char  *detail)
{
  if (what == nullptr)
    g_set_error (error, LENS_ERROR, code, _("Image processing failed: %s"), detail);
  else
    /* TRANSLATORS: what failed, then the library's own words for why */
    g_set_error (error, LENS_ERROR, code, _("%s: %s"), what, detail);
}

void
set_error_from_current_exception (GError     **error,
                                  LensError    code,
                                  const char  *what)
{
  try
    {
      throw;
    }
  catch (const Failure &failure)
    {
      set_error (error, failure);
    }
  catch (const cv::Exception &e)
    {
      set_detailed (error, code, what, e.err.c_str ());
    }
  catch (const std::bad_alloc &)
    {
      g_set_error_literal (error, LENS_ERROR, LENS_ERROR_TOO_LARGE,
                           _("Not enough memory to process the image"));
    }
  catch (const std::exception &e)
    {
      set_detailed (error, code, what, e.what ());
    }
  catch (...)
    {
      g_set_error_literal (error, LENS_ERROR, code, what != nullptr ? what : _("Image processing failed"));
    }
}

} /* namespace lens */
