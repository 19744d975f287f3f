/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Each game the board gives up is kept (lens-recent-games.h) and offered
 * back here, with its photo's name and when it was played
 * (lens-recent-game-row.c). */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-recent-game-row.h"
#include "lens-recent-list.h"
#include "lens-widget-util.h"

struct _LensRecentList
{
  GtkWidget           parent_instance;

  GtkListBox         *recent_rows;
  GtkCustomFilter    *filter;      /* all but the game shown */
  GtkFilterListModel *games;
  LensDocument       *document;
  char               *shown_key;   /* the game shown's */
  GMenu              *menu_section;
};

G_DEFINE_FINAL_TYPE (LensRecentList, lens_recent_list, GTK_TYPE_WIDGET)

static void
update_menu (LensRecentList *self)
{
  GListModel *games = G_LIST_MODEL (self->games);
  guint n = g_list_model_get_n_items (games);
  g_autoptr(GMenu) submenu = g_menu_new ();

  g_menu_remove_all (self->menu_section);
  gtk_widget_set_visible (GTK_WIDGET (self), n > 0);
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
  g_menu_append_submenu (self->menu_section, _("Recent _Games"), G_MENU_MODEL (submenu));
}

static gboolean
is_not_shown (gpointer item,
              gpointer data)
{
  LensRecentList *self = data;

  return g_strcmp0 (lens_recent_game_get_key (item), self->shown_key) != 0;
}

static void
document_changed_cb (LensRecentList *self)
{
  g_autofree char *key = lens_recent_games_key_of (self->document);

  if (g_strcmp0 (key, self->shown_key) == 0)
    return;
  g_free (self->shown_key);
  self->shown_key = g_steal_pointer (&key);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

void
lens_recent_list_bind (LensRecentList  *self,
                       LensRecentGames *games,
                       LensDocument    *document,
                       GMenu           *menu_section)
{
  g_return_if_fail (LENS_IS_RECENT_LIST (self) && self->games == NULL);
  g_return_if_fail (LENS_IS_RECENT_GAMES (games) && LENS_IS_DOCUMENT (document) && G_IS_MENU (menu_section));

  self->document = g_object_ref (document);
  self->menu_section = g_object_ref (menu_section);
  self->shown_key = lens_recent_games_key_of (document);
  self->filter = gtk_custom_filter_new (is_not_shown, self, NULL);
  self->games = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (games)),
                                           GTK_FILTER (g_object_ref (self->filter)));
  gtk_list_box_bind_model (self->recent_rows, G_LIST_MODEL (self->games), lens_recent_game_row_new, NULL, NULL);
  g_signal_connect_object (self->games, "items-changed", G_CALLBACK (update_menu), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "changed", G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
  update_menu (self);
}

static void
lens_recent_list_dispose (GObject *object)
{
  LensRecentList *self = LENS_RECENT_LIST (object);

  if (self->recent_rows != NULL)
    gtk_list_box_bind_model (self->recent_rows, NULL, NULL, NULL, NULL);
  if (self->filter != NULL)
    gtk_custom_filter_set_filter_func (self->filter, NULL, NULL, NULL);
  g_clear_object (&self->games);
  g_clear_object (&self->filter);
  g_clear_object (&self->document);
  g_clear_object (&self->menu_section);
  g_clear_pointer (&self->shown_key, g_free);
  lens_widget_dispose_template (GTK_WIDGET (self), LENS_TYPE_RECENT_LIST);

  G_OBJECT_CLASS (lens_recent_list_parent_class)->dispose (object);
}

static void
lens_recent_list_class_init (LensRecentListClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = lens_recent_list_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/sudokulens/SudokuLens/lens-recent-list.ui");
  gtk_widget_class_bind_template_child (widget_class, LensRecentList, recent_rows);
}

static void
lens_recent_list_init (LensRecentList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
