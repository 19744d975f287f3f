/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>

#include "lens-error.h"
#include "lens-export-name.h"

/* The name an export writes: the typed extension or the filter decides,
 * never both, and a name the export cannot write is refused, not renamed. */

static const LensExportType board_types[] = {
  { "PNG Image", ".png" },
  { "SVG Image", ".svg" },
  { "PDF Document", ".pdf" },
};

static const LensExportType photo_types[] = {
  { "PNG Image", ".png" },
  { "JPEG Image", ".jpg .jpeg" },
};

#define PNG 0
#define SVG 1
#define PDF 2
#define JPEG 1

static void
assert_choice (const LensExportType *types,
               guint                 n_types,
               const char           *typed,
               int                   filter,
               const char           *want_name,
               int                   want_type)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  int type = lens_export_name_choose (typed, types, n_types, filter, &name, &error);

  g_assert_no_error (error);
  g_assert_cmpint (type, ==, want_type);
  g_assert_cmpstr (name, ==, want_name);
}

#define board(typed, filter, name, type) \
  assert_choice (board_types, G_N_ELEMENTS (board_types), typed, filter, name, type)
#define photo(typed, filter, name, type) \
  assert_choice (photo_types, G_N_ELEMENTS (photo_types), typed, filter, name, type)

static void
test_typed_extension_decides (void)
{
  board ("solved.pdf", PNG, "solved.pdf", PDF);
  board ("solved.PDF", SVG, "solved.PDF", PDF);
  board ("solved.svg", PDF, "solved.svg", SVG);
  board ("solved.png", -1, "solved.png", PNG);
  photo ("overlay.jpg", PNG, "overlay.jpg", JPEG);
  photo ("overlay.JPEG", PNG, "overlay.JPEG", JPEG);
  photo ("overlay.png", JPEG, "overlay.png", PNG);
}

static void
test_filter_decides_without_extension (void)
{
  board ("solved", PNG, "solved.png", PNG);
  board ("solved", PDF, "solved.pdf", PDF);
  board ("solved", -1, "solved.png", PNG);
  /* a dot that starts no known extension is part of the name */
  board ("sudoku 26.11.2026", SVG, "sudoku 26.11.2026.svg", SVG);
  board ("board.v2", PDF, "board.v2.pdf", PDF);
  photo ("photo", JPEG, "photo.jpg", JPEG);
  /* a bare extension is a name, not an extension */
  board (".pdf", PNG, ".pdf.png", PNG);
}

static void
assert_refused (const LensExportType *types,
                guint                 n_types,
                const char           *typed,
                const char           *message)
{
  g_autoptr(GError) error = NULL;
  char *name = NULL;

  g_assert_cmpint (lens_export_name_choose (typed, types, n_types, 0, &name, &error), ==, -1);
  g_assert_error (error, LENS_ERROR, LENS_ERROR_IO);
  g_assert_cmpstr (error->message, ==, message);
  g_assert_null (name);
}

static void
test_other_kind_refused (void)
{
  assert_refused (photo_types, G_N_ELEMENTS (photo_types), "overlay.svg",
                  "“overlay.svg” was not saved: this cannot be saved as .svg, only as .png or .jpg");
  assert_refused (board_types, G_N_ELEMENTS (board_types), "board.JPG",
                  "“board.JPG” was not saved: this cannot be saved as .jpg, only as .png, .svg or .pdf");
  assert_refused (board_types, G_N_ELEMENTS (board_types), "board.webp",
                  "“board.webp” was not saved: this cannot be saved as .webp, only as .png, .svg or .pdf");
}

/* The name offered is the photo's with what the file holds, its
 * extension left to the type: none without a photo's name. */
static void
test_suggest_from_photo (void)
{
  const struct { const char *photo; const char *want; } cases[] = {
    { "IMG_1234.jpg", "IMG_1234-solved" },
    { "IMG_1234.JPG", "IMG_1234-solved" },
    { "board.scan.png", "board.scan-solved" },
    { "no extension", "no extension-solved" },
    { ".hidden", ".hidden-solved" },
    { "", NULL },
    { NULL, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = lens_export_name_suggest (cases[i].photo, "solved");

      g_assert_cmpstr (name, ==, cases[i].want);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export-name/typed-extension-decides", test_typed_extension_decides);
  g_test_add_func ("/export-name/filter-decides-without-extension", test_filter_decides_without_extension);
  g_test_add_func ("/export-name/other-kind-refused", test_other_kind_refused);
  g_test_add_func ("/export-name/suggest-from-photo", test_suggest_from_photo);
  return g_test_run ();
}
