/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Helpers for every test, headless or on a display: GLib only. */

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

/* Puzzles that tests of several programs take: the first of
 * data/puzzles/six-classic.txt, one of magictour-top1465 (whose logic takes
 * a contradiction net), and the first of serg-multi-solution-sample.txt. */
#define LENS_TEST_PUZZLE_CLASSIC \
  "4......5.....521.....9....21.78....5...7...6.....2...3...6...8.6...8..1..8.273..."
#define LENS_TEST_PUZZLE_TOP \
  "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
/* An easy one, read in full by the hint and play tests, and its solution. */
#define LENS_TEST_PUZZLE_EASY \
  "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#define LENS_TEST_PUZZLE_EASY_SOLUTION \
  "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
#define LENS_TEST_PUZZLE_NOT_UNIQUE \
  "8.........95.......76.........426798...571243...893165......916....3.487....1.532"

/* Deletes @path and, when it is a directory, all it holds; symbolic links
 * are deleted, never followed. For the directories of g_dir_make_tmp(). */
static G_GNUC_UNUSED void
lens_test_remove_tree (const char *path)
{
  if (path == NULL)
    return;
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          lens_test_remove_tree (child);
        }
    }
  g_remove (path);
}

/* A directory made by g_dir_make_tmp() that is deleted, with all it
 * holds, on every way out of its scope:
 *   g_autoptr(LensTestDir) dir = g_dir_make_tmp ("lens-what-XXXXXX", NULL); */
typedef char LensTestDir;

static G_GNUC_UNUSED void
lens_test_dir_free (LensTestDir *dir)
{
  lens_test_remove_tree (dir);
  g_free (dir);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensTestDir, lens_test_dir_free)

/* The path of @name in tests/data/@dir. */
static G_GNUC_UNUSED char *
lens_test_data_path (const char *dir,
                     const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);
}

/* The lines of tests/data/@dir/@name, as they are (a last empty one too). */
static G_GNUC_UNUSED GStrv
lens_test_read_lines (const char *dir,
                      const char *name)
{
  g_autofree char *path = lens_test_data_path (dir, name);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return g_strsplit (text, "\n", -1);
}

/* The stems of the labelled photos (imageN.jpg with imageN.dat) of
 * tests/data/@dir, in no particular order. */
static G_GNUC_UNUSED GPtrArray *
lens_test_list_photos (const char *dir)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", dir, NULL);
  g_autoptr(GDir) handle = g_dir_open (path, 0, NULL);
  GPtrArray *stems = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (handle);
  while ((name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *stem = NULL;
      g_autofree char *dat = NULL;

      if (!g_str_has_suffix (name, ".jpg"))
        continue;
      stem = g_strndup (name, strlen (name) - 4);
      dat = g_strconcat (path, G_DIR_SEPARATOR_S, stem, ".dat", NULL);
      if (g_file_test (dat, G_FILE_TEST_EXISTS))
        g_ptr_array_add (stems, g_steal_pointer (&stem));
    }
  return stems;
}

/* Writes @length bytes of @contents (-1: up to its NUL) to a file @name in
 * a new temporary directory and returns the file's path, for
 * lens_test_remove_temp() to delete with its directory. */
static G_GNUC_UNUSED char *
lens_test_write_temp (const char *name,
                      const char *contents,
                      gssize      length)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("lens-test-XXXXXX", &error);
  char *path;

  g_assert_no_error (error);
  path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, contents, length, &error));
  g_assert_no_error (error);
  return path;
}

static G_GNUC_UNUSED void
lens_test_remove_temp (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  lens_test_remove_tree (dir);
}

/* Renders page 1 of @pdf at 72 dpi, one pixel a point, to a PNG beside it
 * and returns the PNG's path. pdftoppm (poppler-utils) is required, as
 * build-aux/install-deps.sh installs it: a test must not pass unchecked. */
static G_GNUC_UNUSED char *
lens_test_render_pdf (const char *pdf)
{
  g_autofree char *pdftoppm = g_find_program_in_path ("pdftoppm");
  g_autofree char *stem = g_strconcat (pdf, "-page", NULL);
  const char *argv[] = { pdftoppm, "-png", "-r", "72", "-f", "1", "-l", "1", "-singlefile", pdf, stem, NULL };
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (pdftoppm == NULL)
    g_error ("pdftoppm is needed to check a PDF: install poppler-utils (build-aux/install-deps.sh)");
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);
  return g_strconcat (stem, ".png", NULL);
}

/* Asserts that @text holds each of the phrases from @first to the NULL
 * that ends them, and says which one it lacks. */
static G_GNUC_UNUSED G_GNUC_NULL_TERMINATED void
lens_test_assert_contains (const char *text,
                           const char *first,
                           ...)
{
  va_list ap;

  va_start (ap, first);
  for (const char *phrase = first; phrase != NULL; phrase = va_arg (ap, const char *))
    {
      if (strstr (text, phrase) == NULL)
        g_test_message ("not found: “%s”", phrase);
      g_assert_nonnull (strstr (text, phrase));
    }
  va_end (ap);
}

/* The monotonic time @timeout_ms from now, for the deadline of a wait: scaled
 * by LENS_TEST_TIMEOUT_SCALE, which tests/meson.build sets to the factor its
 * own timeouts take (larger in a sanitizer build, whose programs run several
 * times slower). A deadline only matters when what is waited for never comes,
 * so a longer one slows no passing test. */
static G_GNUC_UNUSED gint64
lens_test_deadline (guint timeout_ms)
{
  const char *scale = g_getenv ("LENS_TEST_TIMEOUT_SCALE");
  gint64 factor = scale != NULL ? g_ascii_strtoll (scale, NULL, 10) : 1;

  return g_get_monotonic_time () + MAX (factor, 1) * (gint64) timeout_ms * 1000;
}
