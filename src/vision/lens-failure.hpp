/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The one exception the vision code throws, and the boundary where every
 * exception becomes a GError. Every C entry point written in C++ ends in
 *
 *   catch (...) { lens::set_error_from_current_exception (error); return …; }
 *
 * and lets nothing else out. C++ only. */

#include <gio/gio.h>
#include <memory>
#include <string>

#include "lens-error.h"

namespace lens {

/* A failure a user can meet, with its message already translated. */
struct Failure {
  int code;                     /* in @domain */
  std::string message;
  GQuark domain = LENS_ERROR;   /* G_IO_ERROR for a cancellation */
};

/* Throws @error (taking it) as a Failure. */
[[noreturn]] void throw_error (GError *error);

/* Throws G_IO_ERROR_CANCELLED once @cancellable (may be NULL) is cancelled. */
void throw_if_cancelled (GCancellable *cancellable);

void set_error (GError **error, const Failure &failure);

/* Sets @error from the exception being handled: a Failure as it is; any
 * other (OpenCV's, the standard library's, an engine's) as @code, with the
 * translated @what (or "Image processing failed") before its detail. */
void set_error_from_current_exception (GError     **error,
                                       LensError    code = LENS_ERROR_INTERNAL,
                                       const char  *what = nullptr);

/* Runs @body and returns TRUE, or sets @error from whatever it throws, as
 * set_error_from_current_exception() does, and returns FALSE. */
template <typename Body>
gboolean
guard (GError     **error,
       LensError    code,
       const char  *what,
       Body       &&body)
{
  try
    {
      body ();
      return TRUE;
    }
  catch (...)
    {
      set_error_from_current_exception (error, code, what);
      return FALSE;
    }
}

/* Runs @body and lets go of whatever it throws: for a resource released
 * on the way out, whose failure nobody could act on. */
template <typename Body>
void
ignore_failure (Body &&body)
{
  try
    {
      body ();
    }
  catch (...)
    {
    }
}

/* A new T, filled in by @fill, or NULL with @error set as guard() sets it. */
template <typename T, typename Fill>
T *
make_guarded (GError     **error,
              LensError    code,
              const char  *what,
              Fill       &&fill)
{
  T *made = nullptr;

  guard (error, code, what, [&] {
    auto self = std::make_unique<T> ();

    fill (*self);
    made = self.release ();
  });
  return made;
}

/* guard(), for a failure told as "Image processing failed". */
template <typename Body>
gboolean
guard (GError **error,
       Body   &&body)
{
  return guard (error, LENS_ERROR_INTERNAL, nullptr, body);
}

} /* namespace lens */
