/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "lens-autosave.h"
#include "lens-error.h"
#include "lens-recent-games.h"

/* A game's file: the game as the autosave writes it, and what the list
 * shows of it without reading it all. */
#define FORMAT_VERSION 1
#define GAME_PREFIX "game-"
#define GAME_SUFFIX ".json"
#define PICTURE_PREFIX "picture-"

struct _LensRecentGames
{
  GObject    parent_instance;
  char      *dir;
  GPtrArray *games;  /* of LensRecentGame, the last played first */
};

static void list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (LensRecentGames, lens_recent_games, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_init))

static GType
get_item_type (GListModel *model)
{
  return LENS_TYPE_RECENT_GAME;
}

static guint
get_n_items (GListModel *model)
{
  return LENS_RECENT_GAMES (model)->games->len;
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  LensRecentGames *self = LENS_RECENT_GAMES (model);

  return position < self->games->len ? g_object_ref (g_ptr_array_index (self->games, position)) : NULL;
}

static void
list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
lens_recent_games_finalize (GObject *object)
{
  LensRecentGames *self = LENS_RECENT_GAMES (object);

  g_free (self->dir);
  g_ptr_array_unref (self->games);
  G_OBJECT_CLASS (lens_recent_games_parent_class)->finalize (object);
}

static void
lens_recent_games_class_init (LensRecentGamesClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lens_recent_games_finalize;
}

static void
lens_recent_games_init (LensRecentGames *self)
{
  self->games = g_ptr_array_new_with_free_func (g_object_unref);
}

LensRecentGames *
lens_recent_games_new (const char *dir)
{
  LensRecentGames *self = g_object_new (LENS_TYPE_RECENT_GAMES, NULL);

  if (dir != NULL)
    self->dir = g_strdup (dir);
  else
    {
      g_autofree char *data = lens_autosave_get_dir ();

      self->dir = g_build_filename (data, "recent", NULL);
    }
  lens_recent_games_reload (self);
  return self;
}

const char *
lens_recent_games_get_dir (LensRecentGames *self)
{
  g_return_val_if_fail (LENS_IS_RECENT_GAMES (self), NULL);

  return self->dir;
}

/* A pasted picture, kept beside the autosave only while it is shown. */
static gboolean
is_pasted (const char *photo_path)
{
  g_autofree char *data = lens_autosave_get_dir ();
  g_autofree char *dir = photo_path ? g_path_get_dirname (photo_path) : NULL;
  g_autofree char *name = photo_path ? g_path_get_basename (photo_path) : NULL;

  return dir != NULL && g_str_equal (dir, data) && g_str_has_prefix (name, "pasted-");
}

static gboolean
is_own_picture (LensRecentGames *self,
                const char      *photo_path)
{
  g_autofree char *dir = photo_path ? g_path_get_dirname (photo_path) : NULL;
  g_autofree char *name = photo_path ? g_path_get_basename (photo_path) : NULL;

  return dir != NULL && g_str_equal (dir, self->dir) && g_str_has_prefix (name, PICTURE_PREFIX);
}

char *
lens_recent_games_key_of (LensDocument *document)
{
  const char *photo_path;
  g_autofree char *line = NULL;

  g_return_val_if_fail (LENS_IS_DOCUMENT (document), NULL);

  if (lens_document_get_state (document) == LENS_DOCUMENT_EMPTY)
    return NULL;
  photo_path = lens_document_get_photo_path (document);
  if (photo_path != NULL)
    return g_strdup (photo_path);
  line = lens_grid_to_line (lens_document_get_grid (document));
  return g_strconcat ("puzzle:", line, NULL);
}

static const char *
string_member (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
         ? json_node_get_string (node) : NULL;
}

/* What the list shows of the file @path; a file that cannot be read is
 * listed all the same, as of when it was written, so that choosing it
 * says what is wrong. */
static LensRecentGame *
read_entry (const char *path)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GDateTime) played = NULL;
  JsonObject *object = NULL, *game = NULL;
  const char *key = NULL, *photo = NULL;
  gboolean pasted = FALSE;
  GStatBuf buf;

  if (json_parser_load_from_file (parser, path, NULL) && JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    object = json_node_get_object (json_parser_get_root (parser));
  if (object != NULL && json_object_has_member (object, "game") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "game")))
    game = json_object_get_object_member (object, "game");
  if (game != NULL)
    {
      const char *iso = string_member (object, "played");

      played = iso ? g_date_time_new_from_iso8601 (iso, NULL) : NULL;
      key = string_member (object, "key");
      pasted = json_object_get_boolean_member_with_default (object, "pasted", FALSE);
      photo = string_member (game, "photo");
    }
  if (played == NULL)
    played = g_stat (path, &buf) == 0 ? g_date_time_new_from_unix_utc (buf.st_mtime) : g_date_time_new_now_utc ();
  return lens_recent_game_new (path, key ? key : path, photo, pasted, game == NULL, played);
}

static int
compare_played (gconstpointer a,
                gconstpointer b)
{
  LensRecentGame *x = *(LensRecentGame **) a, *y = *(LensRecentGame **) b;

  return g_date_time_compare (lens_recent_game_get_played (y), lens_recent_game_get_played (x));
}

/* A write cut short leaves its temporary (the game's name and six
 * characters) beside the games, which stay whole: drop it. */
static gboolean
is_unfinished (const char *name)
{
  const char *suffix = strstr (name, GAME_SUFFIX ".");

  return suffix != NULL && strlen (suffix) == strlen (GAME_SUFFIX ".XXXXXX");
}

static GPtrArray *
list_dir (LensRecentGames *self)
{
  GPtrArray *games = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GDir) listing = g_dir_open (self->dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (self->dir, name, NULL);

      if (!g_str_has_prefix (name, GAME_PREFIX))
        continue;
      if (g_str_has_suffix (name, GAME_SUFFIX))
        g_ptr_array_add (games, read_entry (path));
      else if (is_unfinished (name))
        g_unlink (path);
    }
  g_ptr_array_sort (games, compare_played);
  return games;
}

static gboolean
is_referenced (GPtrArray  *games,
               const char *photo_path)
{
  for (guint i = 0; i < games->len; i++)
    if (g_strcmp0 (lens_recent_game_get_photo_path (g_ptr_array_index (games, i)), photo_path) == 0)
      return TRUE;
  return FALSE;
}

/* Deletes @game's file, and its picture when no game of @remaining shows it. */
static gboolean
delete_game (LensRecentGames  *self,
             LensRecentGame   *game,
             GPtrArray        *remaining,
             GError          **error)
{
  const char *photo = lens_recent_game_get_photo_path (game);

  if (g_unlink (lens_recent_game_get_path (game)) != 0 && errno != ENOENT)
    {
      int saved = errno;
      g_autofree char *name = g_filename_display_name (lens_recent_game_get_path (game));

      g_set_error (error, LENS_ERROR, LENS_ERROR_IO, _("Cannot delete “%s”: %s"), name, g_strerror (saved));
      return FALSE;
    }
  if (is_own_picture (self, photo) && !is_referenced (remaining, photo))
    g_unlink (photo);
  return TRUE;
}

/* Keeps the newest game of each key, and LENS_RECENT_GAMES_MAX of them. */
static void
prune (LensRecentGames *self,
       GPtrArray       *games)
{
  g_autoptr(GHashTable) keys = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) dropped = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < games->len;)
    {
      LensRecentGame *game = g_ptr_array_index (games, i);

      if (g_hash_table_size (keys) < LENS_RECENT_GAMES_MAX &&
          g_hash_table_add (keys, (gpointer) lens_recent_game_get_key (game)))
        i++;
      else
        g_ptr_array_add (dropped, g_ptr_array_steal_index (games, i));
    }
  for (guint i = 0; i < dropped->len; i++)
    if (!delete_game (self, g_ptr_array_index (dropped, i), games, NULL))
      g_ptr_array_add (games, g_object_ref (g_ptr_array_index (dropped, i)));
}

LensRecentGame *
lens_recent_games_find (LensRecentGames *self,
                        const char      *path)
{
  g_return_val_if_fail (LENS_IS_RECENT_GAMES (self) && path != NULL, NULL);

  for (guint i = 0; i < self->games->len; i++)
    {
      LensRecentGame *game = g_ptr_array_index (self->games, i);

      if (g_str_equal (lens_recent_game_get_path (game), path))
        return g_object_ref (game);
    }
  return NULL;
}

void
lens_recent_games_reload (LensRecentGames *self)
{
  GPtrArray *games;
  guint removed;

  g_return_if_fail (LENS_IS_RECENT_GAMES (self));

  games = list_dir (self);
  prune (self, games);
  removed = self->games->len;
  g_ptr_array_unref (self->games);
  self->games = games;
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, games->len);
}

/* "game-20240131-142502-1a2b3c" and such: a name not taken in the folder. */
static char *
new_name (LensRecentGames *self,
          const char      *prefix,
          const char      *suffix)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  for (;;)
    {
      g_autofree char *name = g_strdup_printf ("%s%s-%06x%s", prefix, stamp, g_random_int () & 0xffffff, suffix);
      char *path = g_build_filename (self->dir, name, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return path;
      g_free (path);
    }
}

/* A pasted picture is deleted once another photo shows: the game keeps a
 * copy of its own, which its file names. */
static gboolean
keep_picture (LensRecentGames  *self,
              JsonObject       *game,
              const char       *photo_path,
              GError          **error)
{
  g_autofree char *copy = new_name (self, PICTURE_PREFIX, ".png");
  g_autoptr(GFile) from = g_file_new_for_path (photo_path);
  g_autoptr(GFile) to = g_file_new_for_path (copy);

  if (!g_file_copy (from, to, G_FILE_COPY_NONE, NULL, NULL, NULL, error))
    return FALSE;
  json_object_set_string_member (game, "photo", copy);
  return TRUE;
}

static JsonNode *
wrap_game (const char *key,
           gboolean    pasted,
           JsonNode   *game)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *played = g_date_time_format_iso8601 (now);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, FORMAT_VERSION);
  json_builder_set_member_name (b, "key");
  json_builder_add_string_value (b, key);
  json_builder_set_member_name (b, "played");
  json_builder_add_string_value (b, played);
  json_builder_set_member_name (b, "pasted");
  json_builder_add_boolean_value (b, pasted);
  json_builder_set_member_name (b, "game");
  json_builder_add_value (b, json_node_ref (game));
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static gboolean
make_dir (LensRecentGames  *self,
          GError          **error)
{
  if (g_mkdir_with_parents (self->dir, 0700) == 0)
    return TRUE;
  {
    int saved = errno;
    g_autofree char *name = g_filename_display_name (self->dir);

    g_set_error (error, LENS_ERROR, LENS_ERROR_IO, _("Cannot create “%s”: %s"), name, g_strerror (saved));
    return FALSE;
  }
}

gboolean
lens_recent_games_add (LensRecentGames  *self,
                       LensDocument     *game,
                       GError          **error)
{
  g_autofree char *key = NULL, *path = NULL, *text = NULL;
  g_autoptr(JsonNode) node = NULL, file = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *photo_path;
  gboolean pasted;

  g_return_val_if_fail (LENS_IS_RECENT_GAMES (self), FALSE);
  g_return_val_if_fail (LENS_IS_DOCUMENT (game), FALSE);

  key = lens_recent_games_key_of (game);
  if (key == NULL)
    return TRUE;
  if (!make_dir (self, error))
    return FALSE;
  node = lens_document_to_json (game);
  photo_path = lens_document_get_photo_path (game);
  pasted = lens_autosave_is_kept_picture (photo_path);
  if (is_pasted (photo_path) && !keep_picture (self, json_node_get_object (node), photo_path, &local_error))
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_IO, _("The pasted photo could not be kept: %s"),
                   local_error->message);
      return FALSE;
    }
  file = wrap_game (key, pasted, node);
  text = json_to_string (file, FALSE);
  path = new_name (self, GAME_PREFIX, GAME_SUFFIX);
  if (!g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, &local_error))
    {
      g_set_error_literal (error, LENS_ERROR, LENS_ERROR_IO, local_error->message);
      return FALSE;
    }
  lens_recent_games_reload (self);
  return TRUE;
}

/* The game in @path, read and tried on a document of its own. */
static JsonNode *
read_game (const char  *path,
           GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(LensDocument) scratch = lens_document_new ();
  JsonNode *root, *game = NULL;

  if (!json_parser_load_from_file (parser, path, error))
    return NULL;
  root = json_parser_get_root (parser);
  if (root != NULL && JSON_NODE_HOLDS_OBJECT (root) &&
      json_object_get_int_member_with_default (json_node_get_object (root), "version", 0) == FORMAT_VERSION)
    game = json_object_get_member (json_node_get_object (root), "game");
  if (game == NULL)
    {
      g_set_error_literal (error, LENS_ERROR, LENS_ERROR_PARSE, _("not a saved game"));
      return NULL;
    }
  if (!lens_document_load_json (scratch, game, NULL, error))
    return NULL;
  return json_node_ref (game);
}

static gboolean
report_damaged (LensRecentGames  *self,
                const char       *path,
                GError           *cause,
                GError          **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *aside = g_strdup_printf ("%s.damaged-%s", path, stamp);

  if (g_rename (path, aside) == 0)
    g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
                 _("This game could not be restored (%s). It was kept as “%s”."), cause->message, aside);
  else
    g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE, _("This game could not be restored (%s)."), cause->message);
  lens_recent_games_reload (self);
  return FALSE;
}

gboolean
lens_recent_games_restore (LensRecentGames  *self,
                           LensRecentGame   *game,
                           LensDocument     *document,
                           gboolean         *was_solved,
                           GError          **error)
{
  g_autoptr(LensRecentGame) held = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (LENS_IS_RECENT_GAMES (self), FALSE);
  g_return_val_if_fail (LENS_IS_RECENT_GAME (game), FALSE);
  g_return_val_if_fail (LENS_IS_DOCUMENT (document), FALSE);

  held = g_object_ref (game);
  node = read_game (lens_recent_game_get_path (game), &local_error);
  if (node == NULL)
    return report_damaged (self, lens_recent_game_get_path (game), local_error, error);
  if (lens_document_get_state (document) != LENS_DOCUMENT_EMPTY)
    g_object_unref (lens_document_close (document));
  if (!lens_document_load_json (document, node, was_solved, error))
    return FALSE;
  /* its picture stays: the game shown now is its photo's */
  if (g_unlink (lens_recent_game_get_path (game)) != 0 && errno != ENOENT)
    g_debug ("Cannot delete %s: %s", lens_recent_game_get_path (game), g_strerror (errno));
  lens_recent_games_reload (self);
  return TRUE;
}

gboolean
lens_recent_games_remove (LensRecentGames  *self,
                          LensRecentGame   *game,
                          GError          **error)
{
  g_autoptr(GPtrArray) remaining = g_ptr_array_new ();
  gboolean removed;

  g_return_val_if_fail (LENS_IS_RECENT_GAMES (self), FALSE);
  g_return_val_if_fail (LENS_IS_RECENT_GAME (game), FALSE);

  for (guint i = 0; i < self->games->len; i++)
    if (g_ptr_array_index (self->games, i) != game)
      g_ptr_array_add (remaining, g_ptr_array_index (self->games, i));
  removed = delete_game (self, game, remaining, error);
  lens_recent_games_reload (self);
  return removed;
}
