/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "lens-reader.h"
#include "lens-recent-games.h"

G_BEGIN_DECLS

#define LENS_TYPE_APPLICATION (lens_application_get_type ())

G_DECLARE_FINAL_TYPE (LensApplication, lens_application, LENS, APPLICATION, AdwApplication)

LensApplication *lens_application_new (void);
/* The one recognizer every window and the capture page read with, of the
 * engine the "engine" setting names (a change applies to the next read). */
LensReader      *lens_application_get_reader (LensApplication *self);
/* The earlier games, which every window adds to and offers. */
LensRecentGames *lens_application_get_recent_games (LensApplication *self);
/* The app's settings; NULL where its schema is not installed. */
GSettings       *lens_application_get_settings (LensApplication *self);

G_END_DECLS
