/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* One earlier game in the list of lens-recent-games.h: the file it is
 * kept in, the photo it was read from and when it was last played. */

#include <gio/gio.h>

G_BEGIN_DECLS

#define LENS_TYPE_RECENT_GAME (lens_recent_game_get_type ())
G_DECLARE_FINAL_TYPE (LensRecentGame, lens_recent_game, LENS, RECENT_GAME, GObject)

LensRecentGame *lens_recent_game_new            (const char     *path,
                                                 const char     *key,
                                                 const char     *photo_path,
                                                 gboolean        pasted,
                                                 gboolean        damaged,
                                                 GDateTime      *played);
/* The file the game is kept in. */
const char     *lens_recent_game_get_path       (LensRecentGame *self);
/* What tells this game from another: its photo's path where it was first
 * opened, or its printed puzzle when it has no photo. */
const char     *lens_recent_game_get_key        (LensRecentGame *self);
/* The photo's path; NULL for a puzzle typed in. */
const char     *lens_recent_game_get_photo_path (LensRecentGame *self);
/* The photo's file name to show; NULL for a pasted picture or no photo. */
char           *lens_recent_game_dup_name       (LensRecentGame *self);
gboolean        lens_recent_game_is_pasted      (LensRecentGame *self);
/* TRUE when its file could not be read: choosing it says why. */
gboolean        lens_recent_game_is_damaged     (LensRecentGame *self);
/* TRUE when the game has a photo and its file is gone. */
gboolean        lens_recent_game_is_photo_missing (LensRecentGame *self);
GDateTime      *lens_recent_game_get_played     (LensRecentGame *self);

G_END_DECLS
