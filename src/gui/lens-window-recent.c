/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The earlier games: each game the board gives up is kept
 * (lens-recent-games.h), and offered back in the main menu's Recent Games
 * and on the start page, with its photo's name and when it was played;
 * the game shown is not among them. */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-recent-game-row.h"
#include "lens-window-private.h"

static void
game_set_aside_cb (LensWindow   *self,
                   LensDocument *game)
{
  g_autoptr(GError) error = NULL;

  if (self->recent_games != NULL && !lens_recent_games_add (self->recent_games, game, &error))
    _lens_window_toast (self, error->message);
}

static void
update_menu (LensWindow *self)
{
  GListModel *games = G_LIST_MODEL (self->recent_model);
  guint n = g_list_model_get_n_items (games);
  g_autoptr(GMenu) submenu = g_menu_new ();

  g_menu_remove_all (self->recent_section);
  gtk_widget_set_visible (self->recent_box, n > 0);
  if (n == 0)
    return;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(LensRecentGame) game = g_list_model_get_item (games, i);
      g_autofree char *label = lens_recent_game_menu_label (game);
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target (item, "win.open-recent", "s", lens_recent_game_get_path (game));
      g_menu_append_item (submenu, item);
    }
  g_menu_append_submenu (self->recent_section, _("Recent _Games"), G_MENU_MODEL (submenu));
}

static gboolean
is_not_shown (gpointer item,
              gpointer data)
{
  LensWindow *self = data;

  return g_strcmp0 (lens_recent_game_get_key (item), self->shown_key) != 0;
}

void
_lens_window_recent_document_changed (LensWindow *self)
{
  g_autofree char *key = NULL;

  if (self->recent_filter == NULL)
    return;
  key = lens_recent_games_key_of (self->document);
  if (g_strcmp0 (key, self->shown_key) == 0)
    return;
  g_free (self->shown_key);
  self->shown_key = g_steal_pointer (&key);
  gtk_filter_changed (GTK_FILTER (self->recent_filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static LensRecentGame *
find_game (LensWindow *self,
           const char *path)
{
  GListModel *games = G_LIST_MODEL (self->recent_games);

  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(LensRecentGame) game = g_list_model_get_item (games, i);

      if (g_str_equal (lens_recent_game_get_path (game), path))
        return g_steal_pointer (&game);
    }
  return NULL;
}

/* Takes up the earlier game kept in the file of the parameter; the game
 * shown is set aside, and kept. */
static void
open_recent (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  g_autoptr(LensRecentGame) game = find_game (self, g_variant_get_string (parameter, NULL));
  g_autoptr(GError) error = NULL;
  gboolean was_solved = FALSE;

  if (game == NULL)
    {
      lens_recent_games_reload (self->recent_games);
      _lens_window_toast (self, _("This game is no longer kept"));
      return;
    }
  _lens_window_stop_jobs (self);
  lens_grid_view_set_selected (_lens_window_get_grid_view (self), -1);
  if (!lens_recent_games_restore (self->recent_games, game, self->document, &was_solved, &error))
    {
      _lens_window_toast (self, error->message);
      return;
    }
  _lens_window_show_restored (self, was_solved);
  gtk_widget_grab_focus (GTK_WIDGET (_lens_window_get_grid_view (self)));
}

void
_lens_window_class_init_recent (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, LensWindow, recent_section);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, recent_box);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, recent_list);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent);
}

void
_lens_window_init_recent (LensWindow *self)
{
  g_assert (self->recent_games != NULL);
  self->recent_filter = gtk_custom_filter_new (is_not_shown, self, NULL);
  self->recent_model = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->recent_games)),
                                                  GTK_FILTER (g_object_ref (self->recent_filter)));
  gtk_list_box_bind_model (self->recent_list, G_LIST_MODEL (self->recent_model), lens_recent_game_row_new,
                           NULL, NULL);
  g_signal_connect_object (self->recent_model, "items-changed", G_CALLBACK (update_menu), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "game-set-aside", G_CALLBACK (game_set_aside_cb), self,
                           G_CONNECT_SWAPPED);
  update_menu (self);
}

void
_lens_window_dispose_recent (LensWindow *self)
{
  if (self->recent_list != NULL)
    gtk_list_box_bind_model (self->recent_list, NULL, NULL, NULL, NULL);
  if (self->recent_model != NULL)
    g_signal_handlers_disconnect_by_data (self->recent_model, self);
  if (self->recent_filter != NULL)
    gtk_custom_filter_set_filter_func (self->recent_filter, NULL, NULL, NULL);
  g_clear_object (&self->recent_model);
  g_clear_object (&self->recent_filter);
  g_clear_object (&self->recent_games);
  g_clear_pointer (&self->shown_key, g_free);
}
