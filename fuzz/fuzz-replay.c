/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A main() for a fuzz target without libFuzzer: feeds it every file named
 * on the command line (directories: every file inside, sorted), so the
 * seed corpus and the committed crashes run in the ordinary test suite,
 * with any compiler and under the sanitizers. */
#include <stdint.h>
#include <stdio.h>

#include <glib.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
replay_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  if (!g_file_get_contents (path, &contents, &length, &error))
    g_error ("%s", error->message);
  printf ("# %s\n", path);
  fflush (stdout);
  LLVMFuzzerTestOneInput ((const uint8_t *) contents, length);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

static guint
replay_dir (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (path, 0, &error);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    g_error ("%s", error->message);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_build_filename (path, name, NULL));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    replay_file (names->pdata[i]);
  return names->len;
}

int
main (int    argc,
      char **argv)
{
  guint n = 0;

  for (int i = 1; i < argc; i++)
    {
      if (g_file_test (argv[i], G_FILE_TEST_IS_DIR))
        n += replay_dir (argv[i]);
      else if (g_file_test (argv[i], G_FILE_TEST_EXISTS))
        {
          replay_file (argv[i]);
          n++;
        }
    }
  if (n == 0)
    g_error ("No inputs to replay");
  printf ("# replayed %u inputs\n", n);
  return 0;
}
