/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Helpers for the tests that read photos with the vision library. Include
 * after lens-test-util.h. */

#include "lens-error.h"
#include "lens-grid.h"
#include "lens-vision.h"

/* Loads the label tests/data/@dir/@stem.dat of a photo into @truth. */
static G_GNUC_UNUSED void
lens_test_load_truth (const char *dir,
                      const char *stem,
                      LensGrid   *truth)
{
  g_autofree char *name = g_strconcat (stem, ".dat", NULL);
  g_autofree char *path = lens_test_data_path (dir, name);
  g_autoptr(GError) error = NULL;

  g_assert_true (lens_grid_load_file (truth, path, &error));
  g_assert_no_error (error);
}

/* Decodes @bytes and scans them with @recognizer into @scan. */
static G_GNUC_UNUSED void
lens_test_scan_bytes (LensRecognizer *recognizer,
                      GBytes         *bytes,
                      LensScan       *scan)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LensImage) image = lens_image_load_bytes (bytes, &error);

  g_assert_no_error (error);
  g_assert_true (lens_scan_image (image, recognizer, NULL, scan, &error));
  g_assert_no_error (error);
}

/* Asserts that decoding @bytes fails with @code: that error, to check
 * further. */
static G_GNUC_UNUSED GError *
lens_test_load_error (GBytes    *bytes,
                      LensError  code)
{
  GError *error = NULL;
  g_autoptr(LensImage) image = lens_image_load_bytes (bytes, &error);

  g_assert_null (image);
  g_assert_error (error, LENS_ERROR, (int) code);
  return error;
}

/* g_test_init(), then the recognizer of @engine that the tests share. */
static G_GNUC_UNUSED LensRecognizer *
lens_test_vision_init (int        *argc,
                       char     ***argv,
                       LensEngine  engine)
{
  g_autoptr(GError) error = NULL;
  LensRecognizer *recognizer;

  g_test_init (argc, argv, NULL);
  recognizer = lens_recognizer_new (engine, &error);
  g_assert_no_error (error);
  return recognizer;
}

/* Runs the tests added, then frees @recognizer. */
static G_GNUC_UNUSED int
lens_test_vision_run (LensRecognizer *recognizer)
{
  int status = g_test_run ();

  lens_recognizer_free (recognizer);
  return status;
}
