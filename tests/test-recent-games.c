/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <string.h>

#include "lens-autosave.h"
#include "lens-document.h"
#include "lens-error.h"
#include "lens-recent-games.h"
#include "lens-test-util.h"

/* The earlier games as the app keeps them: every game the board gives up
 * is written to a file of its own, at most LENS_RECENT_GAMES_MAX, the last
 * played first; one taken up again leaves the list with nothing lost, and
 * a file that cannot be read is kept aside and said so. */

static const char *puzzle =
  "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

typedef struct {
  char            *data;    /* the app's data folder */
  LensRecentGames *recent;
  LensDocument    *doc;     /* the board, whose games set aside are kept */
} Fixture;

static void
game_set_aside_cb (LensDocument *doc,
                   LensDocument *game,
                   Fixture      *f)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (lens_recent_games_add (f->recent, game, &error));
  g_assert_no_error (error);
}

static void
set_up (Fixture       *f,
        gconstpointer  data)
{
  f->data = g_dir_make_tmp ("lens-recent-XXXXXX", NULL);
  g_setenv ("SUDOKU_LENS_DATA_DIR", f->data, TRUE);
  f->recent = lens_recent_games_new (NULL);
  f->doc = lens_document_new ();
  g_signal_connect (f->doc, "game-set-aside", G_CALLBACK (game_set_aside_cb), f);
}

static void
tear_down (Fixture       *f,
           gconstpointer  data)
{
  g_assert_finalize_object (f->doc);
  g_assert_finalize_object (f->recent);
  lens_test_remove_tree (f->data);
  g_free (f->data);
}

/* Opens the puzzle as the photo @photo (nullable: typed in). */
static void
open_game (Fixture    *f,
           const char *photo)
{
  LensGrid grid;

  g_assert_true (lens_grid_parse (&grid, puzzle, -1, NULL));
  lens_document_load (f->doc, photo, NULL, &grid);
}

static LensRecentGame *
game_at (Fixture *f,
         guint    i)
{
  LensRecentGame *game = g_list_model_get_item (G_LIST_MODEL (f->recent), i);

  g_assert_nonnull (game);
  g_object_unref (game);  /* the list holds it */
  return game;
}

static guint
n_games (Fixture *f)
{
  return g_list_model_get_n_items (G_LIST_MODEL (f->recent));
}

static guint
count_files (const char *dir,
             const char *prefix)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    n += g_str_has_prefix (name, prefix);
  return n;
}

/* A photo opened over a game, and Close Photo, keep the game given up,
 * the last first; the one shown is not among them until it goes. */
static void
test_replaced_and_closed (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *name = NULL;

  open_game (f, "/photos/IMG_1234.jpg");
  g_assert_true (lens_document_set_entry (f->doc, 2, 4));
  g_assert_cmpuint (n_games (f), ==, 0);
  open_game (f, "/photos/IMG_5678.jpg");
  g_assert_cmpuint (n_games (f), ==, 1);
  name = lens_recent_game_dup_name (game_at (f, 0));
  g_assert_cmpstr (name, ==, "IMG_1234.jpg");
  g_assert_cmpstr (lens_recent_game_get_photo_path (game_at (f, 0)), ==, "/photos/IMG_1234.jpg");
  g_assert_true (lens_recent_game_is_photo_missing (game_at (f, 0)));
  g_assert_false (lens_recent_game_is_damaged (game_at (f, 0)));

  g_object_unref (lens_document_close (f->doc));
  g_assert_cmpuint (n_games (f), ==, 2);
  g_assert_cmpstr (lens_recent_game_get_photo_path (game_at (f, 0)), ==, "/photos/IMG_5678.jpg");
  g_assert_cmpint (g_date_time_compare (lens_recent_game_get_played (game_at (f, 0)),
                                        lens_recent_game_get_played (game_at (f, 1))), >=, 0);
  /* a new list of the same folder reads the same games */
  {
    g_autoptr(LensRecentGames) again = lens_recent_games_new (lens_recent_games_get_dir (f->recent));

    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (again)), ==, 2);
  }
}

/* Taking a game up again: its digits come back, the game shown is kept in
 * its place, and the file of the one taken up is gone. */
static void
test_restore (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(LensRecentGame) game = NULL;
  g_autoptr(GError) error = NULL;
  gboolean was_solved = TRUE;

  open_game (f, "/photos/a.jpg");
  g_assert_true (lens_document_set_entry (f->doc, 2, 4));
  open_game (f, "/photos/b.jpg");
  g_assert_cmpuint (n_games (f), ==, 1);
  /* found by its file, as the menu and the start page name it */
  game = lens_recent_games_find (f->recent, lens_recent_game_get_path (game_at (f, 0)));
  g_assert_true (game == game_at (f, 0));
  g_assert_null (lens_recent_games_find (f->recent, "/no/such/game.json"));

  g_assert_true (lens_recent_games_restore (f->recent, game, f->doc, &was_solved, &error));
  g_assert_no_error (error);
  g_assert_false (was_solved);
  g_assert_cmpstr (lens_document_get_photo_path (f->doc), ==, "/photos/a.jpg");
  g_assert_cmpuint (lens_document_get_entries (f->doc)[2], ==, 4);
  /* b, given up for it, is the one kept now */
  g_assert_cmpuint (n_games (f), ==, 1);
  g_assert_cmpstr (lens_recent_game_get_photo_path (game_at (f, 0)), ==, "/photos/b.jpg");
  g_assert_cmpuint (count_files (lens_recent_games_get_dir (f->recent), "game-"), ==, 1);
  /* and undo brings it back, as after any load over a game */
  g_assert_true (lens_document_undo (f->doc));
  g_assert_cmpstr (lens_document_get_photo_path (f->doc), ==, "/photos/b.jpg");
}

/* One game a photo: the same photo given up again replaces its game, and
 * past the limit the oldest files are deleted. */
static void
test_limit (Fixture       *f,
            gconstpointer  data)
{
  for (guint i = 0; i < LENS_RECENT_GAMES_MAX + 3; i++)
    {
      g_autofree char *photo = g_strdup_printf ("/photos/%u.jpg", i);

      open_game (f, photo);
      open_game (f, "/photos/same.jpg");
    }
  g_object_unref (lens_document_close (f->doc));
  g_assert_cmpuint (n_games (f), ==, LENS_RECENT_GAMES_MAX);
  g_assert_cmpuint (count_files (lens_recent_games_get_dir (f->recent), "game-"), ==, LENS_RECENT_GAMES_MAX);
  g_assert_cmpstr (lens_recent_game_get_photo_path (game_at (f, 0)), ==, "/photos/same.jpg");
  g_assert_cmpstr (lens_recent_game_get_photo_path (game_at (f, 1)), ==, "/photos/10.jpg");
  g_assert_cmpstr (lens_recent_game_get_photo_path (game_at (f, LENS_RECENT_GAMES_MAX - 1)), ==, "/photos/4.jpg");
}

/* A file that cannot be read is listed, and taking it up says why, keeps
 * it aside under a name the message gives, and leaves the board as it is. */
static void
test_damaged (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *bad = g_build_filename (lens_recent_games_get_dir (f->recent), "game-bad.json", NULL);
  g_autoptr(GError) error = NULL;

  open_game (f, "/photos/shown.jpg");
  g_assert_cmpint (g_mkdir_with_parents (lens_recent_games_get_dir (f->recent), 0700), ==, 0);
  g_assert_true (g_file_set_contents (bad, "{\"version\": 1, \"game\": {\"digits\": 12", -1, NULL));
  lens_recent_games_reload (f->recent);
  g_assert_cmpuint (n_games (f), ==, 1);
  g_assert_true (lens_recent_game_is_damaged (game_at (f, 0)));

  g_assert_false (lens_recent_games_restore (f->recent, game_at (f, 0), f->doc, NULL, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "This game could not be restored ("));
  g_assert_nonnull (strstr (error->message, "It was kept as “"));
  g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_files (lens_recent_games_get_dir (f->recent), "game-bad.json.damaged-"), ==, 1);
  g_assert_cmpuint (n_games (f), ==, 0);
  g_assert_cmpstr (lens_document_get_photo_path (f->doc), ==, "/photos/shown.jpg");
}

/* A pasted picture is deleted once another photo shows: the game keeps a
 * copy, which it is restored with. */
static void
test_pasted (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GBytes) png = g_bytes_new_static ("\x89PNG not really", 15);
  g_autofree char *pasted = lens_autosave_keep_pasted (png, NULL);
  g_autoptr(GError) error = NULL;
  const char *kept;

  g_assert_nonnull (pasted);
  open_game (f, pasted);
  open_game (f, "/photos/next.jpg");
  lens_autosave_forget_pasted (NULL);
  g_assert_false (g_file_test (pasted, G_FILE_TEST_EXISTS));
  g_assert_true (lens_recent_game_is_pasted (game_at (f, 0)));
  g_assert_null (lens_recent_game_dup_name (game_at (f, 0)));
  kept = lens_recent_game_get_photo_path (game_at (f, 0));
  g_assert_true (g_str_has_prefix (kept, lens_recent_games_get_dir (f->recent)));
  g_assert_false (lens_recent_game_is_photo_missing (game_at (f, 0)));

  g_assert_true (lens_recent_games_restore (f->recent, game_at (f, 0), f->doc, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (lens_document_get_photo_path (f->doc), G_FILE_TEST_IS_REGULAR));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/recent-games/replaced-and-closed", Fixture, NULL, set_up, test_replaced_and_closed, tear_down);
  g_test_add ("/recent-games/restore", Fixture, NULL, set_up, test_restore, tear_down);
  g_test_add ("/recent-games/limit", Fixture, NULL, set_up, test_limit, tear_down);
  g_test_add ("/recent-games/damaged", Fixture, NULL, set_up, test_damaged, tear_down);
  g_test_add ("/recent-games/pasted", Fixture, NULL, set_up, test_pasted, tear_down);
  return g_test_run ();
}
