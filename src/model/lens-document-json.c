/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lens-document-private.h"
#include "lens-error.h"

/* A saved puzzle's flags: its entries are saved apart. */
#define PUZZLE_FLAGS (LENS_CELL_KNOWN_FLAGS & ~(LENS_CELL_ENTRY | LENS_CELL_WRONG | LENS_CELL_HELPED))

/* Members added later (the player's entries, the cells' kinds, the
 * entries a hint or a reveal gave, the time played) are optional: sessions saved before
 * them load as they were, and a version before them ignores them. */
#define SAVE_FORMAT_VERSION 1

static const char kind_chars[] = { [LENS_READ_KIND_EMPTY] = '.', [LENS_READ_KIND_PRINTED] = 'p',
                                   [LENS_READ_KIND_HANDWRITTEN] = 'h',
                                   [LENS_READ_KIND_CANDIDATES] = 'c' };

static char *
kinds_to_string (const LensScan *scan)
{
  char *kinds = g_malloc (LENS_GRID_CELLS + 1);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    kinds[i] = kind_chars[scan->cells[i].kind];
  kinds[LENS_GRID_CELLS] = '\0';
  return kinds;
}

static JsonNode *
scan_to_json (const LensScan *scan)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *kinds = kinds_to_string (scan);
  char read_digits[LENS_GRID_CELLS + 1];

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    read_digits[i] = scan->cells[i].digit ? '0' + scan->cells[i].digit : '.';
  read_digits[LENS_GRID_CELLS] = '\0';
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "rotation");
  json_builder_add_int_value (b, scan->rotation);
  json_builder_set_member_name (b, "numerals");
  json_builder_add_string_value (b, scan->numerals == LENS_NUMERALS_CHINESE ? "chinese" : "arabic");
  json_builder_set_member_name (b, "engine");
  json_builder_add_string_value (b, lens_engine_to_string (scan->engine));
  json_builder_set_member_name (b, "threshold");
  json_builder_add_double_value (b, scan->threshold);
  json_builder_set_member_name (b, "corners");
  json_builder_begin_array (b);
  for (guint i = 0; i < 4; i++)
    {
      json_builder_add_double_value (b, scan->corners[i].x);
      json_builder_add_double_value (b, scan->corners[i].y);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "scores");
  json_builder_begin_array (b);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    for (guint k = 0; k < LENS_N_CLASSES; k++)
      json_builder_add_double_value (b, scan->cells[i].scores[k]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "read_digits");
  json_builder_add_string_value (b, read_digits);
  json_builder_set_member_name (b, "kinds");
  json_builder_add_string_value (b, kinds);
  json_builder_set_member_name (b, "kind_confidence");
  json_builder_begin_array (b);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    json_builder_add_double_value (b, scan->cells[i].kind_confidence);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "candidates");
  json_builder_begin_array (b);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    json_builder_add_int_value (b, scan->cells[i].candidates);
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* One character a cell: 'h' where a hint or a reveal gave the entry. */
static char *
helped_to_string (LensDocument *self)
{
  char *helped = g_malloc (LENS_GRID_CELLS + 1);
  LensGrid board;

  lens_document_get_board (self, &board);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    helped[i] = (board.flags[i] & (LENS_CELL_ENTRY | LENS_CELL_HELPED)) == (LENS_CELL_ENTRY | LENS_CELL_HELPED) ? 'h' : '.';
  helped[LENS_GRID_CELLS] = '\0';
  return helped;
}

/* Where each entry comes from (LensEntryOrigin): '.' the photo's picture,
 * 'r' the photo read with the puzzle's rules, 'p' the player. */
static const char origin_chars[] = { [LENS_ENTRY_FROM_PICTURE] = '.', [LENS_ENTRY_FROM_RULES] = 'r',
                                     [LENS_ENTRY_FROM_PLAYER] = 'p' };

static char *
origins_to_string (LensDocument *self)
{
  char *origins = g_malloc (LENS_GRID_CELLS + 1);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    origins[i] = self->entries[i] != 0 ? origin_chars[self->origin[i]] : '.';
  origins[LENS_GRID_CELLS] = '\0';
  return origins;
}

/* Sessions saved before the origins were kept have none: their entries
 * are the photo's where they are its digits, as they were. */
static gboolean
parse_origins (LensDocument *self,
               const char   *origins)
{
  guint8 parsed[LENS_GRID_CELLS];

  if (origins == NULL)
    return TRUE;
  if (strlen (origins) != LENS_GRID_CELLS)
    return FALSE;
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      const char *found = memchr (origin_chars, origins[i], sizeof origin_chars);

      if (found == NULL)
        return FALSE;
      parsed[i] = self->entries[i] != 0 ? (guint8) (found - origin_chars) : LENS_ENTRY_FROM_PICTURE;
    }
  memcpy (self->origin, parsed, sizeof parsed);
  return TRUE;
}

JsonNode *
lens_document_to_json (LensDocument *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *digits = NULL;
  g_autofree char *entries = NULL;
  g_autofree char *helped = NULL;
  g_autofree char *origins = NULL;
  const LensGrid *grid;
  const LensScan *scan;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), NULL);

  grid = lens_document_get_grid (self);
  scan = lens_document_get_scan (self);
  digits = lens_grid_to_line (grid);
  entries = lens_entries_to_line (lens_document_get_entries (self));
  helped = helped_to_string (self);
  origins = origins_to_string (self);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, SAVE_FORMAT_VERSION);
  json_builder_set_member_name (b, "photo");
  if (lens_document_get_photo_path (self) != NULL)
    json_builder_add_string_value (b, lens_document_get_photo_path (self));
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "digits");
  json_builder_add_string_value (b, digits);
  json_builder_set_member_name (b, "flags");
  json_builder_begin_array (b);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    json_builder_add_int_value (b, grid->flags[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "solved");
  json_builder_add_boolean_value (b, lens_document_get_state (self) == LENS_DOCUMENT_SOLVED);
  json_builder_set_member_name (b, "entries");
  json_builder_add_string_value (b, entries);
  json_builder_set_member_name (b, "helped");
  json_builder_add_string_value (b, helped);
  json_builder_set_member_name (b, "entry_origins");
  json_builder_add_string_value (b, origins);
  json_builder_set_member_name (b, "marks");
  json_builder_begin_array (b);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    json_builder_add_int_value (b, lens_document_get_marks (self)[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "check_entries");
  json_builder_add_boolean_value (b, lens_document_get_check_wanted (self));
  json_builder_set_member_name (b, "playing");
  json_builder_add_boolean_value (b, lens_document_get_playing (self));
  json_builder_set_member_name (b, "play_time_ms");
  json_builder_add_int_value (b, lens_document_get_play_time (self) / 1000);
  json_builder_set_member_name (b, "game_started");
  json_builder_add_boolean_value (b, lens_document_get_game_started (self));
  json_builder_set_member_name (b, "completed");
  json_builder_add_boolean_value (b, lens_document_get_completed (self));
  if (scan != NULL)
    {
      json_builder_set_member_name (b, "scan");
      json_builder_add_value (b, scan_to_json (scan));
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static gboolean
fail (GError    **error,
      const char *what)
{
  g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
               _("The saved puzzle is damaged (%s)"), what);
  return FALSE;
}

/* The json-glib getters with a default complain (g_critical) about a member
 * that is an array or an object, which a damaged file may hold. */
static gboolean
members_are_values (JsonObject         *object,
                    const char * const *names)
{
  for (guint i = 0; names[i] != NULL; i++)
    {
      JsonNode *node = json_object_get_member (object, names[i]);

      if (node != NULL && !JSON_NODE_HOLDS_VALUE (node) && !JSON_NODE_HOLDS_NULL (node))
        return FALSE;
    }
  return TRUE;
}

static JsonArray *
get_array (JsonObject *object,
           const char *name,
           guint       length)
{
  JsonNode *node = json_object_get_member (object, name);
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return NULL;
  array = json_node_get_array (node);
  return json_array_get_length (array) == length ? array : NULL;
}

static gboolean
get_number (JsonArray *array,
            guint      index,
            double    *value)
{
  JsonNode *node = json_array_get_element (array, index);

  if (!JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  if (json_node_get_value_type (node) != G_TYPE_DOUBLE &&
      json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *value = json_node_get_double (node);
  return TRUE;
}

/* The digit each cell was read as. A typed cell has no scores to take it
 * from; sessions saved before this member take each digit from the scores. */
static gboolean
parse_read_digits (JsonObject *object,
                   LensScan   *scan,
                   GError    **error)
{
  static const char * const values[] = { "read_digits", NULL };
  const char *digits;

  if (!json_object_has_member (object, "read_digits"))
    return TRUE;
  if (!members_are_values (object, values))
    return fail (error, _("bad digits read"));
  digits = json_object_get_string_member_with_default (object, "read_digits", "");
  if (digits == NULL || strlen (digits) != LENS_GRID_CELLS)
    return fail (error, _("bad digits read"));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      LensCellRead *read = &scan->cells[i];

      if (digits[i] != '.' && (digits[i] < '1' || digits[i] > '9'))
        return fail (error, _("bad digits read"));
      read->digit = digits[i] == '.' ? 0 : (guint8) (digits[i] - '0');
      read->confidence = read->scores[read->digit];
      read->kind = read->digit ? LENS_READ_KIND_PRINTED : LENS_READ_KIND_EMPTY;
    }
  return TRUE;
}

/* Saved before kinds were read, a scan's digits are all printed. */
static gboolean
parse_kinds (JsonObject *object,
             LensScan   *scan,
             GError    **error)
{
  static const char * const values[] = { "kinds", NULL };
  const char *kinds;
  JsonArray *confidence;

  if (!json_object_has_member (object, "kinds"))
    return TRUE;
  confidence = get_array (object, "kind_confidence", LENS_GRID_CELLS);
  if (!members_are_values (object, values) || confidence == NULL)
    return fail (error, _("bad kinds"));
  kinds = json_object_get_string_member_with_default (object, "kinds", "");
  if (kinds == NULL || strlen (kinds) != LENS_GRID_CELLS)
    return fail (error, _("bad kinds"));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      LensCellRead *read = &scan->cells[i];
      const char *kind = memchr (kind_chars, kinds[i], G_N_ELEMENTS (kind_chars));
      double v;

      if (kind == NULL || !get_number (confidence, i, &v) || v < 0 || v > 1)
        return fail (error, _("bad kinds"));
      /* EMPTY or CANDIDATES exactly when no digit was read */
      read->kind = (LensReadKind) (kind - kind_chars);
      if (read->digit == 0 && read->kind != LENS_READ_KIND_CANDIDATES)
        read->kind = LENS_READ_KIND_EMPTY;
      else if (read->digit != 0 && (read->kind == LENS_READ_KIND_EMPTY
                                    || read->kind == LENS_READ_KIND_CANDIDATES))
        read->kind = LENS_READ_KIND_PRINTED;
      read->kind_confidence = (float) v;
    }
  return TRUE;
}

/* The optional member @name of @object: 81 sets of digits (9-bit sets).
 * TRUE without touching @sets when it is missing. */
static gboolean
parse_digit_sets (JsonObject *object,
                  const char *name,
                  const char *message,
                  guint16     sets[LENS_GRID_CELLS],
                  GError    **error)
{
  JsonArray *array;
  guint16 read[LENS_GRID_CELLS];

  if (!json_object_has_member (object, name))
    return TRUE;
  array = get_array (object, name, LENS_GRID_CELLS);
  if (array == NULL)
    return fail (error, message);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      double v;

      if (!get_number (array, i, &v) || v < 0 || v > LENS_ALL_DIGITS || v != (guint16) v)
        return fail (error, message);
      read[i] = (guint16) v;
    }
  memcpy (sets, read, sizeof read);
  return TRUE;
}

/* The candidate digits read in cells of pencil candidates; saved before
 * they were read, a scan has none. */
static gboolean
parse_candidates (JsonObject *object,
                  LensScan   *scan,
                  GError    **error)
{
  guint16 candidates[LENS_GRID_CELLS] = { 0 };

  if (!parse_digit_sets (object, "candidates", _("bad candidates"), candidates, error))
    return FALSE;
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    scan->cells[i].candidates = scan->cells[i].kind == LENS_READ_KIND_CANDIDATES ? candidates[i] : 0;
  return TRUE;
}

/* Sessions saved before scans kept their engine were read by the builtin
 * one, at its threshold. */
static gboolean
parse_engine (JsonObject *object,
              LensScan   *scan)
{
  static const char * const values[] = { "engine", "threshold", NULL };
  const char *engine;
  double threshold;

  if (!members_are_values (object, values))
    return FALSE;
  engine = json_object_get_string_member_with_default (object, "engine", NULL);
  scan->engine = LENS_ENGINE_BUILTIN;
  if (engine != NULL && !lens_engine_from_string (engine, &scan->engine))
    return FALSE;
  threshold = json_object_get_double_member_with_default (object, "threshold",
                                                         lens_engine_get_uncertain_threshold (scan->engine));
  if (!(threshold >= 0 && threshold <= 1))
    return FALSE;
  scan->threshold = (float) threshold;
  return TRUE;
}

static gboolean
parse_scan (JsonObject *object,
            LensScan   *scan,
            GError    **error)
{
  JsonArray *corners = get_array (object, "corners", 8);
  JsonArray *scores = get_array (object, "scores", LENS_GRID_CELLS * LENS_N_CLASSES);
  static const char * const values[] = { "rotation", NULL };
  static const char * const kinds[] = { "numerals", NULL };
  const char *numerals;
  gint64 rotation;

  if (corners == NULL || scores == NULL)
    return fail (error, _("outline or scores missing"));
  if (!members_are_values (object, values))
    return fail (error, _("bad rotation"));
  rotation = json_object_get_int_member_with_default (object, "rotation", -1);
  if (rotation != 0 && rotation != 90 && rotation != 180 && rotation != 270)
    return fail (error, _("bad rotation"));
  scan->rotation = (int) rotation;
  /* Sessions saved before Chinese numerals were read have none. */
  if (!members_are_values (object, kinds))
    return fail (error, _("bad numerals"));
  numerals = json_object_get_string_member_with_default (object, "numerals", "arabic");
  if (g_strcmp0 (numerals, "chinese") == 0)
    scan->numerals = LENS_NUMERALS_CHINESE;
  else if (g_strcmp0 (numerals, "arabic") == 0)
    scan->numerals = LENS_NUMERALS_ARABIC;
  else
    return fail (error, _("bad numerals"));
  if (!parse_engine (object, scan))
    return fail (error, _("bad recognizer"));
  for (guint i = 0; i < 4; i++)
    if (!get_number (corners, 2 * i, &scan->corners[i].x) ||
        !get_number (corners, 2 * i + 1, &scan->corners[i].y))
      return fail (error, _("bad outline"));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      LensCellRead *read = &scan->cells[i];

      for (guint k = 0; k < LENS_N_CLASSES; k++)
        {
          double v;

          if (!get_number (scores, i * LENS_N_CLASSES + k, &v) || v < 0 || v > 1)
            return fail (error, _("bad scores"));
          read->scores[k] = (float) v;
          if (read->scores[k] > read->scores[read->digit])
            read->digit = (guint8) k;
        }
      read->confidence = read->scores[read->digit];
      read->kind = read->digit ? LENS_READ_KIND_PRINTED : LENS_READ_KIND_EMPTY;
      read->kind_confidence = 1;
    }
  return parse_read_digits (object, scan, error) && parse_kinds (object, scan, error) &&
         parse_candidates (object, scan, error);
}

/* Saved before helped entries were kept, a session has none. */
static gboolean
parse_helped (JsonObject *object,
              gboolean    helped[LENS_GRID_CELLS],
              GError    **error)
{
  const char *line;

  if (!json_object_has_member (object, "helped"))
    return TRUE;
  line = json_object_get_string_member_with_default (object, "helped", NULL);
  if (line == NULL || strlen (line) != LENS_GRID_CELLS)
    return fail (error, _("bad helped entries"));
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      if (line[i] != 'h' && line[i] != '.')
        return fail (error, _("bad helped entries"));
      helped[i] = line[i] == 'h';
    }
  return TRUE;
}

static gboolean
parse_grid (JsonObject *object,
            LensGrid   *grid,
            GError    **error)
{
  const char *digits = json_object_get_string_member_with_default (object, "digits", NULL);
  JsonArray *flags = get_array (object, "flags", LENS_GRID_CELLS);

  if (digits == NULL || flags == NULL)
    return fail (error, _("digits missing"));
  if (!lens_grid_parse (grid, digits, -1, error))
    return FALSE;
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      double v;

      if (!get_number (flags, i, &v) || v < 0 || v > 255 || ((guint) v & ~PUZZLE_FLAGS) != 0)
        return fail (error, _("bad cell flags"));
      grid->flags[i] = (guint8) v;
    }
  return TRUE;
}

gboolean
lens_document_load_json (LensDocument *self,
                         JsonNode     *node,
                         gboolean     *was_solved,
                         GError      **error)
{
  static const char * const top_values[] = { "version", "photo", "digits", "solved", "entries",
                                             "entry_origins", "check_entries", "playing", "helped",
                                             "play_time_ms", "game_started", "completed", NULL };
  g_autofree LensPlayerLayer *player = g_new0 (LensPlayerLayer, 1);
  g_autoptr(LensPhoto) photo = NULL;
  const char *entries_line, *path;
  JsonObject *object;
  JsonNode *scan_node;
  LensGrid grid;
  LensScan scan = { 0 };

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return fail (error, _("not a saved puzzle"));
  object = json_node_get_object (node);
  if (!members_are_values (object, top_values))
    return fail (error, _("not a saved puzzle"));
  if (json_object_get_int_member_with_default (object, "version", 0) != SAVE_FORMAT_VERSION)
    return fail (error, _("unknown version"));
  if (!parse_grid (object, &grid, error))
    return FALSE;
  entries_line = json_object_get_string_member_with_default (object, "entries", NULL);
  if (entries_line != NULL && !lens_entries_parse (player->entries, entries_line, NULL))
    return fail (error, _("bad entries"));
  /* saved before pencil marks were kept, a session has none */
  if (!parse_digit_sets (object, "marks", _("bad pencil marks"), player->marks, error) ||
      !parse_helped (object, player->helped, error))
    return FALSE;
  scan_node = json_object_get_member (object, "scan");
  if (scan_node != NULL &&
      (!JSON_NODE_HOLDS_OBJECT (scan_node) || !parse_scan (json_node_get_object (scan_node), &scan, error)))
    return error && *error ? FALSE : fail (error, _("bad scan"));

  player->check_wanted = json_object_get_boolean_member_with_default (object, "check_entries", FALSE);
  player->playing = json_object_get_boolean_member_with_default (object, "playing", FALSE);
  /* saved before the time was kept, a session was not timed */
  player->play_time = json_object_get_int_member_with_default (object, "play_time_ms", 0);
  if (player->play_time < 0 || player->play_time > G_MAXINT64 / 1000)
    return fail (error, _("bad time played"));
  player->play_time *= 1000;
  player->game_started = json_object_get_boolean_member_with_default (object, "game_started", FALSE);
  player->completed = json_object_get_boolean_member_with_default (object, "completed", FALSE);
  path = json_object_get_string_member_with_default (object, "photo", NULL);
  photo = path != NULL ? lens_photo_new (path, NULL) : NULL;
  _lens_document_load_with (self, photo, scan_node ? &scan : NULL, &grid, player);
  if (!parse_origins (self, json_object_get_string_member_with_default (object, "entry_origins", NULL)))
    return fail (error, _("bad entries"));
  if (was_solved)
    *was_solved = json_object_get_boolean_member_with_default (object, "solved", FALSE);
  return TRUE;
}
