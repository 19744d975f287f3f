/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "lens-document.h"

G_BEGIN_DECLS

#define LENS_TYPE_GAME_TIMER (lens_game_timer_get_type ())

G_DECLARE_FINAL_TYPE (LensGameTimer, lens_game_timer, LENS, GAME_TIMER, GtkWidget)

/* The time the game of @document has been played ("4:07"). It runs the
 * document's clock while the game is played (Play on, begun, not
 * finished, no solution shown) and stops it otherwise; it shows once the
 * game has begun. */
GtkWidget    *lens_game_timer_new          (void);
void          lens_game_timer_set_document (LensGameTimer *self,
                                            LensDocument  *document);
/* The time shown, "" while it shows none. */
const char   *lens_game_timer_get_text     (LensGameTimer *self);

G_END_DECLS
