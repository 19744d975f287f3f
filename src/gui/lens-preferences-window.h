/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The preferences: the digit reader and how the game is played, each row
 * bound to its key of the application's settings. */

#include <adwaita.h>

G_BEGIN_DECLS

#define LENS_TYPE_PREFERENCES_WINDOW (lens_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (LensPreferencesWindow, lens_preferences_window, LENS, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

/* @settings (nullable: the schema is not installed, and the rows are
 * greyed); @parent (nullable) the window it is shown over. */
LensPreferencesWindow *lens_preferences_window_new (GtkWindow *parent,
                                                    GSettings *settings);

G_END_DECLS
