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
#define NO_FILTER (-1)

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

/* The types of one save dialog. */
typedef struct {
  const LensExportType *types;
  guint                 n_types;
} Dialog;

static const Dialog board = { board_types, G_N_ELEMENTS (board_types) };
static const Dialog photo = { photo_types, G_N_ELEMENTS (photo_types) };

/* What decides the name and type, the test of each choice. */
typedef enum {
  TYPED_EXTENSION,
  FILTER,
} Decides;

/* A name typed in a dialog with a filter chosen, and the name and type
 * chosen for it. */
typedef struct {
  Decides       decides;
  const Dialog *dialog;
  const char   *typed;
  int           filter;
  const char   *name;
  int           type;
} Choice;

static const Choice choices[] = {
  { TYPED_EXTENSION, &board, "solved.pdf", PNG, "solved.pdf", PDF },
  { TYPED_EXTENSION, &board, "solved.PDF", SVG, "solved.PDF", PDF },
  { TYPED_EXTENSION, &board, "solved.svg", PDF, "solved.svg", SVG },
  { TYPED_EXTENSION, &board, "solved.png", NO_FILTER, "solved.png", PNG },
  { TYPED_EXTENSION, &photo, "overlay.jpg", PNG, "overlay.jpg", JPEG },
  { TYPED_EXTENSION, &photo, "overlay.JPEG", PNG, "overlay.JPEG", JPEG },
  { TYPED_EXTENSION, &photo, "overlay.png", JPEG, "overlay.png", PNG },
  { FILTER, &board, "solved", PNG, "solved.png", PNG },
  { FILTER, &board, "solved", PDF, "solved.pdf", PDF },
  { FILTER, &board, "solved", NO_FILTER, "solved.png", PNG },
  /* a dot that starts no known extension is part of the name */
  { FILTER, &board, "sudoku 26.11.2026", SVG, "sudoku 26.11.2026.svg", SVG },
  { FILTER, &board, "board.v2", PDF, "board.v2.pdf", PDF },
  { FILTER, &photo, "photo", JPEG, "photo.jpg", JPEG },
  /* a bare extension is a name, not an extension */
  { FILTER, &board, ".pdf", PNG, ".pdf.png", PNG },
};

/* Every choice that what @data says decides. */
static void
test_choices (gconstpointer data)
{
  Decides decides = GPOINTER_TO_INT (data);

  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    {
      const Choice *c = &choices[i];

      if (c->decides == decides)
        assert_choice (c->dialog->types, c->dialog->n_types, c->typed, c->filter, c->name, c->type);
    }
}

static void
assert_refused (const Dialog *dialog,
                const char   *typed,
                const char   *message)
{
  g_autoptr(GError) error = NULL;
  char *name = NULL;

  g_assert_cmpint (lens_export_name_choose (typed, dialog->types, dialog->n_types, 0, &name, &error), ==, -1);
  g_assert_error (error, LENS_ERROR, LENS_ERROR_IO);
  g_assert_cmpstr (error->message, ==, message);
  g_assert_null (name);
}

static void
test_other_kind_refused (void)
{
  assert_refused (&photo, "overlay.svg",
                  "“overlay.svg” was not saved: this cannot be saved as .svg, only as .png or .jpg");
  assert_refused (&board, "board.JPG",
                  "“board.JPG” was not saved: this cannot be saved as .jpg, only as .png, .svg or .pdf");
  assert_refused (&board, "board.webp",
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
  g_test_add_data_func ("/export-name/typed-extension-decides", GINT_TO_POINTER (TYPED_EXTENSION),
                        test_choices);
  g_test_add_data_func ("/export-name/filter-decides-without-extension", GINT_TO_POINTER (FILTER),
                        test_choices);
  g_test_add_func ("/export-name/other-kind-refused", test_other_kind_refused);
  g_test_add_func ("/export-name/suggest-from-photo", test_suggest_from_photo);
  return g_test_run ();
}
