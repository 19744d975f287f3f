/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The earlier games: a game taken off the board (another photo opened
 * over it, Close Photo) is kept in a file of its own beside the autosave,
 * in the folder "recent", so that the player can take it up again. At
 * most LENS_RECENT_GAMES_MAX are kept, one a photo (or a typed puzzle),
 * the last played first; older ones are deleted. A list model of
 * LensRecentGame, GTK-free. */

#include "lens-document.h"
#include "lens-recent-game.h"

G_BEGIN_DECLS

#define LENS_RECENT_GAMES_MAX 8

#define LENS_TYPE_RECENT_GAMES (lens_recent_games_get_type ())
G_DECLARE_FINAL_TYPE (LensRecentGames, lens_recent_games, LENS, RECENT_GAMES, GObject)

/* The games kept in @dir (NULL: "recent" in lens_autosave_get_dir()). */
LensRecentGames *lens_recent_games_new      (const char       *dir);
const char      *lens_recent_games_get_dir  (LensRecentGames  *self);
/* Reads the folder again; the list changes to what it holds. */
void             lens_recent_games_reload   (LensRecentGames  *self);
/* The game kept in the file @path (transfer full), NULL if none is. */
LensRecentGame  *lens_recent_games_find     (LensRecentGames  *self,
                                             const char       *path);
/* What tells the game of @document from another (lens_recent_game_get_key);
 * NULL for an empty document. */
char            *lens_recent_games_key_of   (LensDocument     *document);
/* Keeps @game (a document, unchanged) as the last played, in place of the
 * one kept of the same photo; a pasted picture is kept with it. Written
 * beside and renamed over, as the autosave is. */
gboolean         lens_recent_games_add      (LensRecentGames  *self,
                                             LensDocument     *game,
                                             GError          **error);
/* Loads @game into @document, whose game (if any) is closed first, so that
 * it is set aside (and kept) and undo brings it back; @game leaves the
 * list. A file that cannot be read is renamed aside, left off the list and
 * reported in @error, whose message names the new path, and @document is
 * left as it was. */
gboolean         lens_recent_games_restore  (LensRecentGames  *self,
                                             LensRecentGame   *game,
                                             LensDocument     *document,
                                             gboolean         *was_solved,
                                             GError          **error);
/* Deletes @game's file (and its pasted picture). */
gboolean         lens_recent_games_remove   (LensRecentGames  *self,
                                             LensRecentGame   *game,
                                             GError          **error);

G_END_DECLS
