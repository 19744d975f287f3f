/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The hint walk, without a window: opens each photo (a file, or every
 * .jpg, .jpeg and .png of a folder) into a document as the app does, and
 * presses Hint up to PRESSES times (100 unless -n says otherwise) with the
 * model's own hinter, analyser and photo loader: a first press looks for
 * a step, a second makes it. Each photo ends
 *
 *   solved     the board is complete and right;
 *   stopped    the hinter said why it cannot go on (no single
 *              solution, no board in the photo...);
 *   unfinished still making steps when the presses ran out;
 *   loop       the same words twice in a row on a board unchanged, or a
 *              step made that changed nothing: a bug.
 *
 * One line a photo, then the counts and each reason's count. The exit
 * status is 1 when any photo loops (with --strict, also when one is
 * unfinished: the suite's walk of tests/data/photos-mixed). -v prints
 * each press.
 *
 *   build/tools/hint-walk FOLDER
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lens-analyser.h"
#include "lens-document.h"
#include "lens-hinter.h"
#include "lens-logic.h"
#include "lens-photo-loader.h"
#include "lens-reader.h"
#include "lens-tool-wait.h"
#include "lens-vision.h"

#define WAIT_MS 120000

typedef enum {
  END_SOLVED,
  END_STOPPED,
  END_UNFINISHED,
  END_LOOP,
  N_ENDS
} WalkEnd;

static const char *const end_names[N_ENDS] = { "solved", "stopped", "unfinished", "loop" };

typedef struct {
  LensDocument    *document;
  LensAnalyser    *analyser;
  LensHinter      *hinter;
  LensPhotoLoader *loader;
  gboolean         loaded;
  char            *load_error;
  gboolean         answered;     /* the hinter said something since the press */
  LensHintOutcome  outcome;
  char            *message;
} Walk;

static void
loader_finished_cb (LensPhotoLoader *loader,
                    int              kind,
                    const GError    *error,
                    Walk            *walk)
{
  walk->loaded = TRUE;
  if (error != NULL)
    walk->load_error = g_strdup (error->message);
}

static void
hint_finished_cb (LensHinter      *hinter,
                  LensHintOutcome  outcome,
                  const char      *message,
                  Walk            *walk)
{
  if (outcome == LENS_HINT_STALE)
    return;
  walk->answered = TRUE;
  walk->outcome = outcome;
  g_free (walk->message);
  walk->message = g_strdup (message);
}

/* As the window follows its document: the analysis starts again, a hint
 * for another board goes, one waiting for the analysis is sought. */
static void
document_changed_cb (LensDocument *document,
                     Walk         *walk)
{
  gboolean requested;

  lens_analyser_update (walk->analyser);
  lens_hinter_document_changed (walk->hinter, &requested);
  if (!requested)
    hint_finished_cb (walk->hinter, LENS_HINT_NO_SOLUTION, lens_hinter_get_message (walk->hinter), walk);
}

static gboolean
is_loaded (gpointer data)
{
  Walk *walk = data;

  return walk->loaded;
}

static gboolean
hint_answered (gpointer data)
{
  Walk *walk = data;

  return walk->answered ||
         (lens_document_get_analysis (walk->document) == NULL && lens_analyser_get_error (walk->analyser) != NULL);
}

/* The board as the player sees it: printed digits, theirs, their marks,
 * and how each entry stands. */
static char *
board_key (LensDocument *document)
{
  const LensGrid *grid = lens_document_get_grid (document);
  const guint8 *entries = lens_document_get_entries (document);
  const guint16 *marks = lens_document_get_marks (document);
  const LensEntryCheck *check = lens_document_get_check (document);
  GString *key = g_string_new (NULL);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    g_string_append_printf (key, "%u%u%03x%d", grid->digits[i], entries[i], marks[i],
                            check != NULL ? (int) check->status[i] : -1);
  return g_string_free (key, FALSE);
}

/* Why a photo stopped, for the counts: the message without the cell and
 * digits it names. */
static char *
reason_kind (const char *message)
{
  GString *kind = g_string_new (NULL);

  for (const char *c = message; *c; c++)
    if (g_ascii_isdigit (*c))
      {
        if (kind->len == 0 || kind->str[kind->len - 1] != '#')
          g_string_append_c (kind, '#');
      }
    else
      g_string_append_c (kind, *c);
  /* a cell's name was r#c#: one place-holder for it */
  for (char *at; (at = strstr (kind->str, "r#c#")) != NULL;)
    {
      gsize pos = (gsize) (at - kind->str);

      g_string_erase (kind, (gssize) pos, 4);
      g_string_insert (kind, (gssize) pos, "CELL");
    }
  return g_string_free (kind, FALSE);
}

/* One press of Hint, as win.hint does it. Returns the words the player
 * sees after it (transfer full). */
static char *
press_hint (Walk     *walk,
            gboolean *made,
            gboolean *ended)
{
  LensDocument *document = walk->document;

  *made = FALSE;
  *ended = FALSE;
  if (lens_document_get_state (document) == LENS_DOCUMENT_SOLVED)
    lens_document_undo (document);
  if (lens_hinter_step_is_current (walk->hinter))
    {
      g_autoptr(LensLogicStep) step = lens_hinter_take_step (walk->hinter);

      *made = TRUE;
      lens_document_apply_step (document, step);
      return g_strdup_printf ("made: %s", step->text);
    }
  if (lens_hinter_misread_is_current (walk->hinter))
    {
      guint cell;

      lens_hinter_get_misread (walk->hinter, &cell, NULL);
      *made = TRUE;
      lens_hinter_make_misread (walk->hinter);
      return g_strdup_printf ("made: r%uc%u the player's", cell / 9 + 1, cell % 9 + 1);
    }
  lens_hinter_clear (walk->hinter);
  walk->answered = FALSE;
  if (!lens_hinter_request (walk->hinter))
    {
      *ended = TRUE;
      return g_strdup (lens_hinter_get_message (walk->hinter));
    }
  if (!lens_tool_wait (hint_answered, walk, WAIT_MS))
    {
      *ended = TRUE;
      return g_strdup ("no answer from the hinter in time");
    }
  if (!walk->answered)
    {
      *ended = TRUE;
      return g_strdup_printf ("analysis failed: %s", lens_analyser_get_error (walk->analyser));
    }
  if (walk->outcome == LENS_HINT_MISREAD)
    return g_strdup (walk->message);
  if (walk->outcome == LENS_HINT_FOUND)
    {
      const LensLogicStep *step = lens_hinter_get_step (walk->hinter);

      lens_document_set_playing (document, TRUE);
      return g_strdup_printf ("%s: %s", lens_technique_get_label (step->technique), step->text);
    }
  *ended = TRUE;
  return g_strdup (walk->message != NULL ? walk->message : "no hint, and no reason given");
}

static WalkEnd
walk_photo (LensReader *reader,
            const char *path,
            guint       presses,
            gboolean    verbose,
            char      **reason,
            guint      *n_pressed)
{
  Walk walk = { 0 };
  g_autofree char *last_message = NULL;
  g_autofree char *last_board = NULL;
  WalkEnd end = END_UNFINISHED;

  walk.document = lens_document_new ();
  walk.analyser = lens_analyser_new (walk.document);
  walk.hinter = lens_hinter_new (walk.document);
  walk.loader = lens_photo_loader_new (walk.document, reader);
  g_signal_connect (walk.loader, "finished", G_CALLBACK (loader_finished_cb), &walk);
  g_signal_connect (walk.hinter, "finished", G_CALLBACK (hint_finished_cb), &walk);
  g_signal_connect (walk.document, "changed", G_CALLBACK (document_changed_cb), &walk);
  *n_pressed = 0;
  lens_photo_loader_open (walk.loader, path, NULL);
  if (!lens_tool_wait (is_loaded, &walk, WAIT_MS))
    *reason = g_strdup ("the photo was not read in time");
  else if (walk.load_error != NULL || lens_document_get_state (walk.document) == LENS_DOCUMENT_EMPTY)
    *reason = g_strdup_printf ("not read: %s", walk.load_error != NULL ? walk.load_error : "no board");
  if (*reason != NULL)
    end = END_STOPPED;

  for (guint press = 0; *reason == NULL && press < presses; press++)
    {
      g_autofree char *message = NULL;
      g_autofree char *before = board_key (walk.document);
      g_autofree char *after = NULL;
      gboolean made, ended;

      message = press_hint (&walk, &made, &ended);
      after = board_key (walk.document);
      *n_pressed = press + 1;
      if (verbose)
        printf ("  %u: %s\n", press + 1, message);
      if (made && g_strcmp0 (before, after) == 0)
        {
          end = END_LOOP;
          *reason = g_strdup_printf ("a step made that changed nothing: %s", message);
        }
      else if (last_message != NULL && g_strcmp0 (message, last_message) == 0 &&
               g_strcmp0 (after, last_board) == 0)
        {
          end = END_LOOP;
          *reason = g_strdup_printf ("said twice on the same board: %s", message);
        }
      else if (walk.answered && walk.outcome == LENS_HINT_COMPLETE && !made)
        end = END_SOLVED;
      else if (ended)
        {
          end = END_STOPPED;
          *reason = g_steal_pointer (&message);
        }
      if (end != END_UNFINISHED)
        break;
      if (lens_document_is_complete_and_right (walk.document))
        {
          end = END_SOLVED;
          break;
        }
      g_free (last_message);
      last_message = g_steal_pointer (&message);
      g_free (last_board);
      last_board = g_steal_pointer (&after);
    }

  lens_photo_loader_stop (walk.loader);
  lens_analyser_stop (walk.analyser);
  lens_hinter_clear (walk.hinter);
  g_signal_handlers_disconnect_by_data (walk.document, &walk);
  g_object_unref (walk.loader);
  g_object_unref (walk.hinter);
  g_object_unref (walk.analyser);
  g_object_unref (walk.document);
  g_free (walk.load_error);
  g_free (walk.message);
  return end;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_utf8_collate (*(char *const *) a, *(char *const *) b);
}

static GPtrArray *
list_photos (const char *path)
{
  GPtrArray *photos = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_ptr_array_add (photos, g_strdup (path));
      return photos;
    }
  dir = g_dir_open (path, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *lower = g_ascii_strdown (name, -1);

      if (g_str_has_suffix (lower, ".jpg") || g_str_has_suffix (lower, ".jpeg") || g_str_has_suffix (lower, ".png"))
        g_ptr_array_add (photos, g_build_filename (path, name, NULL));
    }
  g_ptr_array_sort (photos, compare_names);
  return photos;
}

int
main (int    argc,
      char **argv)
{
  int presses = 100;
  gboolean verbose = FALSE;
  gboolean strict = FALSE;
  g_auto(GStrv) paths = NULL;
  const GOptionEntry entries[] = {
    { "presses", 'n', 0, G_OPTION_ARG_INT, &presses, "Presses of Hint a photo at most (100)", "N" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "Print the words of each press", NULL },
    { "strict", 0, 0, G_OPTION_ARG_NONE, &strict, "Fail when a photo is unfinished too", NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, "PHOTO|FOLDER…" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(LensReader) reader = NULL;
  g_autoptr(GHashTable) reasons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint counts[N_ENDS] = { 0 };
  guint total = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || paths == NULL || presses <= 0)
    {
      fprintf (stderr, "usage: %s [-n PRESSES] [-v] PHOTO|FOLDER…\n%s\n", argv[0], error ? error->message : "");
      return 2;
    }
  lens_vision_init ();
  reader = lens_reader_new (LENS_ENGINE_DEFAULT);
  for (guint p = 0; paths[p] != NULL; p++)
    {
      g_autoptr(GPtrArray) photos = list_photos (paths[p]);

      for (guint i = 0; i < photos->len; i++)
        {
          g_autofree char *reason = NULL;
          g_autofree char *base = g_path_get_basename (photos->pdata[i]);
          guint n_pressed;
          WalkEnd end = walk_photo (reader, photos->pdata[i], (guint) presses, verbose, &reason, &n_pressed);

          counts[end]++;
          total++;
          printf ("%s\t%s\t%u\t%s\n", base, end_names[end], n_pressed, reason != NULL ? reason : "");
          fflush (stdout);
          if (end == END_STOPPED)
            {
              char *kind = reason_kind (reason);
              guint n = GPOINTER_TO_UINT (g_hash_table_lookup (reasons, kind));

              g_hash_table_replace (reasons, kind, GUINT_TO_POINTER (n + 1));
            }
        }
    }

  printf ("\n%u photos: %u solved, %u stopped with a reason, %u unfinished after %d presses, %u looped\n", total,
          counts[END_SOLVED], counts[END_STOPPED], counts[END_UNFINISHED], presses, counts[END_LOOP]);
  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, reasons);
    while (g_hash_table_iter_next (&iter, &key, &value))
      printf ("  %3u  %s\n", GPOINTER_TO_UINT (value), (const char *) key);
  }
  return counts[END_LOOP] > 0 || (strict && counts[END_UNFINISHED] > 0) ? 1 : 0;
}
