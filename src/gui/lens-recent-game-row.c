/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How an earlier game is shown: its photo's name (or what it was) and
 * when it was last played, as a row of the start page's list and as a
 * label of the main menu's Recent Games. */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-recent-game-row.h"

static char *
describe_game (LensRecentGame *game)
{
  g_autofree char *name = lens_recent_game_dup_name (game);

  if (lens_recent_game_is_damaged (game))
    return g_strdup (_("Unreadable game"));
  if (name != NULL)
    return g_steal_pointer (&name);
  if (lens_recent_game_is_pasted (game))
    return g_strdup (_("Pasted photo"));
  return g_strdup (_("Typed puzzle"));
}

/* "Today at 14:32", "Yesterday at 09:05", or the date. */
static char *
describe_played (GDateTime *played)
{
  g_autoptr(GDateTime) local = g_date_time_to_local (played);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autoptr(GDateTime) yesterday = g_date_time_add_days (now, -1);
  g_autofree char *time = g_date_time_format (local, "%R");
  int y, m, d;

  g_date_time_get_ymd (local, &y, &m, &d);
  if (y == g_date_time_get_year (now) && m == g_date_time_get_month (now) && d == g_date_time_get_day_of_month (now))
    /* TRANSLATORS: when a game was last played; %s is the time */
    return g_strdup_printf (_("Today at %s"), time);
  if (y == g_date_time_get_year (yesterday) && m == g_date_time_get_month (yesterday) &&
      d == g_date_time_get_day_of_month (yesterday))
    /* TRANSLATORS: when a game was last played; %s is the time */
    return g_strdup_printf (_("Yesterday at %s"), time);
  return g_date_time_format (local, "%x");
}

static char *
describe_when (LensRecentGame *game)
{
  g_autofree char *played = describe_played (lens_recent_game_get_played (game));

  if (lens_recent_game_is_photo_missing (game))
    /* TRANSLATORS: when a game was last played, and that its photo's file is gone */
    return g_strdup_printf (_("%s, the photo is no longer there"), played);
  return g_steal_pointer (&played);
}

GtkWidget *
lens_recent_game_row_new (gpointer item,
                          gpointer data)
{
  LensRecentGame *game = item;
  g_autofree char *title = describe_game (game);
  g_autofree char *subtitle = describe_when (game);
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.open-recent");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", lens_recent_game_get_path (game));
  return row;
}

char *
lens_recent_game_menu_label (LensRecentGame *game)
{
  g_autofree char *title = describe_game (game);
  g_autofree char *when = describe_played (lens_recent_game_get_played (game));
  /* TRANSLATORS: an earlier game in the menu: the photo's name, then when it was played */
  g_autofree char *label = g_strdup_printf (_("%s — %s"), title, when);
  /* a menu label shows its underscores only doubled */
  g_auto(GStrv) parts = g_strsplit (label, "_", -1);

  return g_strjoinv ("__", parts);
}
