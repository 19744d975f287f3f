/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "lens-recent-game.h"

G_BEGIN_DECLS

/* A row of the start page's list for @item (a LensRecentGame), which
 * activates "win.open-recent" with the game's path: a
 * GtkListBoxCreateWidgetFunc. */
GtkWidget *lens_recent_game_row_new    (gpointer        item,
                                        gpointer        data);
/* "IMG_1234.jpg — Today at 14:32", escaped for a menu. */
char      *lens_recent_game_menu_label (LensRecentGame *game);

G_END_DECLS
