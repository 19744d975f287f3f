/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-recent-game.h"

struct _LensRecentGame
{
  GObject    parent_instance;
  char      *path;
  char      *key;
  char      *photo_path;
  gboolean   pasted;
  gboolean   damaged;
  GDateTime *played;
};

G_DEFINE_FINAL_TYPE (LensRecentGame, lens_recent_game, G_TYPE_OBJECT)

static void
lens_recent_game_finalize (GObject *object)
{
  LensRecentGame *self = LENS_RECENT_GAME (object);

  g_free (self->path);
  g_free (self->key);
  g_free (self->photo_path);
  g_date_time_unref (self->played);
  G_OBJECT_CLASS (lens_recent_game_parent_class)->finalize (object);
}

static void
lens_recent_game_class_init (LensRecentGameClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lens_recent_game_finalize;
}

static void
lens_recent_game_init (LensRecentGame *self)
{
}

LensRecentGame *
lens_recent_game_new (const char *path,
                      const char *key,
                      const char *photo_path,
                      gboolean    pasted,
                      gboolean    damaged,
                      GDateTime  *played)
{
  LensRecentGame *self;

  g_return_val_if_fail (path != NULL && key != NULL && played != NULL, NULL);

  self = g_object_new (LENS_TYPE_RECENT_GAME, NULL);
  self->path = g_strdup (path);
  self->key = g_strdup (key);
  self->photo_path = g_strdup (photo_path);
  self->pasted = pasted;
  self->damaged = damaged;
  self->played = g_date_time_ref (played);
  return self;
}

const char *
lens_recent_game_get_path (LensRecentGame *self)
{
  g_return_val_if_fail (LENS_IS_RECENT_GAME (self), NULL);

  return self->path;
}

const char *
lens_recent_game_get_key (LensRecentGame *self)
{
  g_return_val_if_fail (LENS_IS_RECENT_GAME (self), NULL);

  return self->key;
}

const char *
lens_recent_game_get_photo_path (LensRecentGame *self)
{
  g_return_val_if_fail (LENS_IS_RECENT_GAME (self), NULL);

  return self->photo_path;
}

char *
lens_recent_game_dup_name (LensRecentGame *self)
{
  g_return_val_if_fail (LENS_IS_RECENT_GAME (self), NULL);

  if (self->photo_path == NULL || self->pasted)
    return NULL;
  return g_filename_display_basename (self->photo_path);
}

gboolean
lens_recent_game_is_pasted (LensRecentGame *self)
{
  g_return_val_if_fail (LENS_IS_RECENT_GAME (self), FALSE);

  return self->pasted;
}

gboolean
lens_recent_game_is_damaged (LensRecentGame *self)
{
  g_return_val_if_fail (LENS_IS_RECENT_GAME (self), FALSE);

  return self->damaged;
}

gboolean
lens_recent_game_is_photo_missing (LensRecentGame *self)
{
  g_return_val_if_fail (LENS_IS_RECENT_GAME (self), FALSE);

  return self->photo_path != NULL && !g_file_test (self->photo_path, G_FILE_TEST_IS_REGULAR);
}

GDateTime *
lens_recent_game_get_played (LensRecentGame *self)
{
  g_return_val_if_fail (LENS_IS_RECENT_GAME (self), NULL);

  return self->played;
}
