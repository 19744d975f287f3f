/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "lens-recent-games.h"

G_BEGIN_DECLS

#define LENS_TYPE_RECENT_LIST (lens_recent_list_get_type ())

G_DECLARE_FINAL_TYPE (LensRecentList, lens_recent_list, LENS, RECENT_LIST, GtkWidget)

/* The earlier games offered on the start page, a row each whose click
 * takes the game up again (win.open-recent, with its file's path), and in
 * the main menu's Recent Games; the game shown is not among them. The
 * list hides while it has none. */

/* Offers @games (the application's) but the one @document shows, and
 * keeps @menu_section (of the main menu) holding Recent Games while there
 * are any. */
void  lens_recent_list_bind  (LensRecentList  *self,
                              LensRecentGames *games,
                              LensDocument    *document,
                              GMenu           *menu_section);

G_END_DECLS
