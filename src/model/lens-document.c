/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lens-conflicts.h"
#include "lens-document-private.h"
#include "lens-error.h"

#define READABLE (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)

#define MAX_UNDO 500

/* A step of the history: the grid, its scan, and what solving it gave,
 * so that undoing an edit made after a solve brings the solution back. */
typedef struct {
  LensGrid       grid;
  LensScan       scan;
  gboolean       has_scan;
  guint8         entries[LENS_GRID_CELLS];
  guint16        marks[LENS_GRID_CELLS];
  gboolean       helped[LENS_GRID_CELLS];
  guint8         origin[LENS_GRID_CELLS];
  LensEntryCheck check;
  gboolean       has_check;
  LensResult    *result;
} Snapshot;

G_DEFINE_FINAL_TYPE (LensDocument, lens_document, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_PLAYING,
  N_PROPS
};

enum {
  CHANGED,
  SOLUTION_PUT_ASIDE,
  FINISHED,
  GAME_SET_ASIDE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* How sure a digit on the paper is: the reader's confidence, 1 for one
 * typed; a printed digit counts 2 more than a player's, so that a clash
 * between them is the player's to fix unless several of theirs agree. */
static float
certainty_of (LensDocument *self,
              guint         cell)
{
  const LensCellRead *read = self->has_scan ? &self->scan.cells[cell] : NULL;
  guint8 digit = self->entries[cell] ? self->entries[cell] : self->grid.digits[cell];
  gboolean typed = self->entries[cell] == 0 && (self->grid.flags[cell] & LENS_CELL_CORRECTION);
  float sure = read != NULL && read->digit == digit && !typed ? MAX (read->confidence, 0.01f) : 1.0f;

  return self->entries[cell] ? sure : 2.0f + sure;
}

/* Of the digits that clash, those the clash likely comes from
 * (lens_conflicts_blame): a right digit beside a misread one stays clear. */
static void
update_conflicts (LensDocument *self)
{
  LensGrid paper = self->grid;
  float certainty[LENS_GRID_CELLS];

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      if (self->entries[i] != 0)
        paper.digits[i] = self->entries[i];
      certainty[i] = certainty_of (self, i);
    }
  lens_conflicts_blame (&paper, certainty, self->conflicts);
}

static guint
entries_from_scan (const LensScan *scan,
                   const LensGrid *grid,
                   guint8          entries[LENS_GRID_CELLS])
{
  guint n = 0;

  memset (entries, 0, LENS_GRID_CELLS);
  for (guint i = 0; scan != NULL && i < LENS_GRID_CELLS; i++)
    if (scan->cells[i].kind == LENS_READ_KIND_HANDWRITTEN && grid->digits[i] == 0)
      {
        entries[i] = scan->cells[i].digit;
        n += entries[i] != 0;
      }
  return n;
}

/* The candidates pencilled into the photo's cells of candidates (that
 * the printed puzzle @grid leaves empty) become the player's marks. */
static void
marks_from_scan (const LensScan *scan,
                 const LensGrid *grid,
                 guint16         marks[LENS_GRID_CELLS])
{
  memset (marks, 0, LENS_GRID_CELLS * sizeof *marks);
  for (guint i = 0; scan != NULL && i < LENS_GRID_CELLS; i++)
    if (scan->cells[i].kind == LENS_READ_KIND_CANDIDATES && grid->digits[i] == 0)
      marks[i] = scan->cells[i].candidates & LENS_ALL_DIGITS;
}

/* A lone handwritten reading counts as the player's when its digit and its
 * hand are at least this likely: the bar the check holds an entry's
 * reading to (SURE_READING in core/lens-entries.c). */
#define LONE_MARK_SURE 0.99f

gboolean
lens_scan_is_filled_in (const LensScan *scan,
                        const LensGrid *grid)
{
  guint8 entries[LENS_GRID_CELLS];
  guint n;

  g_return_val_if_fail (grid != NULL, FALSE);

  n = entries_from_scan (scan, grid, entries);
  if (n != 1)
    return n > 1;
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (entries[i] != 0)
      return scan->cells[i].confidence >= LONE_MARK_SURE && scan->cells[i].kind_confidence >= LONE_MARK_SURE;
  return FALSE;
}

/* An entry read from the photo that is a question: outside a check, a
 * reading less sure than a lone mark must be to count as the player's (a
 * stray mark on a printed puzzle); a check says what it finds itself. */
gboolean
_lens_document_entry_is_doubted (LensDocument *self,
                                 guint         cell)
{
  const LensCellRead *read = &self->scan.cells[cell];

  return self->has_scan && !self->check_wanted && !self->has_check && self->entries[cell] != 0 &&
         read->kind == LENS_READ_KIND_HANDWRITTEN && read->digit == self->entries[cell] &&
         (read->confidence < LONE_MARK_SURE || read->kind_confidence < LONE_MARK_SURE);
}

/* The player keeps a doubted entry: the photo reads as they say. */
void
_lens_document_vouch_for_entry (LensDocument *self,
                                guint         cell)
{
  LensCellRead *read = &self->scan.cells[cell];

  memset (read->scores, 0, sizeof read->scores);
  read->scores[read->digit] = 1;
  read->confidence = 1;
  read->kind_confidence = 1;
}

static void
notify_history (LensDocument *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

static void
set_state (LensDocument      *self,
           LensDocumentState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

/* The printed puzzle or its readings changed: its solution may have. */
void
_lens_document_puzzle_changed (LensDocument *self)
{
  self->puzzle_revision++;
  g_clear_pointer (&self->analysis, lens_result_free);
}

/* A solution shown that an edit replaces is put aside, not lost: the
 * undo step the edit recorded keeps it, and the signal says so. */
void
_lens_document_changed (LensDocument *self)
{
  gboolean had_solution = lens_result_is_solved (self->result);

  self->revision++;
  g_clear_pointer (&self->result, lens_result_free);
  update_conflicts (self);
  set_state (self, LENS_DOCUMENT_CHECK);
  g_signal_emit (self, signals[CHANGED], 0);
  if (had_solution)
    g_signal_emit (self, signals[SOLUTION_PUT_ASIDE], 0);
}

static void
snapshot_clear (gpointer data)
{
  Snapshot *snap = data;

  g_clear_pointer (&snap->result, lens_result_free);
}

static Snapshot
take_snapshot (LensDocument *self)
{
  Snapshot snap = { 0 };

  snap.grid = self->grid;
  snap.scan = self->scan;
  snap.has_scan = self->has_scan;
  memcpy (snap.entries, self->entries, sizeof snap.entries);
  memcpy (snap.marks, self->marks, sizeof snap.marks);
  memcpy (snap.helped, self->helped, sizeof snap.helped);
  memcpy (snap.origin, self->origin, sizeof snap.origin);
  snap.check = self->check;
  snap.has_check = self->has_check;
  snap.result = self->result ? lens_result_copy (self->result) : NULL;
  return snap;
}

/* Takes over @snap's result. */
static void
restore_snapshot (LensDocument *self,
                  Snapshot     *snap)
{
  gboolean same_puzzle = memcmp (&self->grid, &snap->grid, sizeof self->grid) == 0 &&
                         self->has_scan == snap->has_scan &&
                         memcmp (&self->scan, &snap->scan, sizeof self->scan) == 0;

  self->grid = snap->grid;
  self->scan = snap->scan;
  self->has_scan = snap->has_scan;
  memcpy (self->entries, snap->entries, sizeof self->entries);
  memcpy (self->marks, snap->marks, sizeof self->marks);
  memcpy (self->helped, snap->helped, sizeof self->helped);
  memcpy (self->origin, snap->origin, sizeof self->origin);
  self->check = snap->check;
  self->has_check = snap->has_check;
  if (!same_puzzle)
    _lens_document_puzzle_changed (self);
  g_clear_pointer (&self->result, lens_result_free);
  self->result = g_steal_pointer (&snap->result);
}

static void
push_snapshot (GArray         *stack,
               const Snapshot *snap)
{
  if (stack->len >= MAX_UNDO)
    g_array_remove_index (stack, 0);
  g_array_append_vals (stack, snap, 1);
}

void
_lens_document_record_undo (LensDocument *self)
{
  Snapshot snap = take_snapshot (self);

  push_snapshot (self->undo, &snap);
  g_array_set_size (self->redo, 0);
  g_clear_object (&self->next);
  notify_history (self);
}

static void
lens_document_finalize (GObject *object)
{
  LensDocument *self = (LensDocument *) object;

  g_clear_pointer (&self->photo, lens_photo_unref);
  g_clear_object (&self->previous);
  g_clear_object (&self->next);
  g_clear_pointer (&self->result, lens_result_free);
  g_clear_pointer (&self->analysis, lens_result_free);
  g_clear_pointer (&self->undo, g_array_unref);
  g_clear_pointer (&self->redo, g_array_unref);

  G_OBJECT_CLASS (lens_document_parent_class)->finalize (object);
}

static void
lens_document_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  LensDocument *self = LENS_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, lens_document_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, lens_document_can_redo (self));
      break;
    case PROP_PLAYING:
      g_value_set_boolean (value, self->playing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lens_document_class_init (LensDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = lens_document_finalize;
  object_class->get_property = lens_document_get_property;

  properties[PROP_STATE] = g_param_spec_int ("state", NULL, NULL, LENS_DOCUMENT_EMPTY, LENS_DOCUMENT_SOLVED,
                                             LENS_DOCUMENT_EMPTY, READABLE);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, READABLE);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, READABLE);
  properties[PROP_PLAYING] = g_param_spec_boolean ("playing", NULL, NULL, FALSE, READABLE);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* An edit replaced a solution shown; undo brings it back. */
  signals[SOLUTION_PUT_ASIDE] =
    g_signal_new ("solution-put-aside", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The game was just finished: complete and right for the first time. */
  signals[FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A game left the board (a load over it, Close Photo, or undo and redo
   * across one): the argument holds it as it was shown. */
  signals[GAME_SET_ASIDE] =
    g_signal_new ("game-set-aside", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, LENS_TYPE_DOCUMENT);
}

static void
lens_document_init (LensDocument *self)
{
  self->undo = g_array_new (FALSE, FALSE, sizeof (Snapshot));
  self->redo = g_array_new (FALSE, FALSE, sizeof (Snapshot));
  g_array_set_clear_func (self->undo, snapshot_clear);
  g_array_set_clear_func (self->redo, snapshot_clear);
}

LensDocument *
lens_document_new (void)
{
  return g_object_new (LENS_TYPE_DOCUMENT, NULL);
}

LensDocumentState
lens_document_get_state (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), LENS_DOCUMENT_EMPTY);

  return self->state;
}

LensPhoto *
lens_document_get_photo (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), NULL);

  return self->photo;
}

const char *
lens_document_get_photo_path (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), NULL);

  return self->photo != NULL ? lens_photo_get_path (self->photo) : NULL;
}

const LensImage *
lens_document_get_image (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), NULL);

  return self->photo != NULL ? lens_photo_get_image (self->photo) : NULL;
}

gboolean
lens_document_set_decoded_photo (LensDocument *self,
                                 LensPhoto    *photo)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (photo != NULL, FALSE);

  if (self->photo == NULL || lens_photo_get_image (self->photo) != NULL ||
      g_strcmp0 (lens_photo_get_path (self->photo), lens_photo_get_path (photo)) != 0)
    return FALSE;
  lens_photo_unref (self->photo);
  self->photo = lens_photo_ref (photo);
  _lens_document_emit_changed (self);
  return TRUE;
}

const LensGrid *
lens_document_get_grid (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), NULL);

  return &self->grid;
}

const LensScan *
lens_document_get_scan (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), NULL);

  return self->has_scan ? &self->scan : NULL;
}

const LensResult *
lens_document_get_result (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), NULL);

  return self->result;
}

guint
lens_document_get_revision (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), 0);

  return self->revision;
}

void
lens_document_load (LensDocument   *self,
                    const char     *photo_path,
                    const LensScan *scan,
                    const LensGrid *grid)
{
  g_autoptr(LensPhoto) photo = photo_path != NULL ? lens_photo_new (photo_path, NULL) : NULL;

  lens_document_load_photo (self, photo, scan, grid);
}

static void swap_contents (LensDocument *a,
                           LensDocument *b);

/* Keeps @aside (transfer full), a game taken out of the document, for
 * undo to bring back. */
static void
keep_previous (LensDocument *self,
               LensDocument *aside)
{
  g_clear_object (&self->next);
  g_set_object (&self->previous, aside);
  g_object_unref (aside);
  self->previous_undo_len = self->undo->len;
  g_signal_emit (self, signals[GAME_SET_ASIDE], 0, self->previous);
}

void
lens_document_load_photo (LensDocument   *self,
                          LensPhoto      *photo,
                          const LensScan *scan,
                          const LensGrid *grid)
{
  g_autofree LensPlayerLayer *player = g_new0 (LensPlayerLayer, 1);

  g_return_if_fail (LENS_IS_DOCUMENT (self));
  g_return_if_fail (grid != NULL);

  /* the game shown goes aside, whole, for undo; none after Close Photo */
  if (self->state != LENS_DOCUMENT_EMPTY)
    {
      LensDocument *aside = lens_document_new ();

      swap_contents (self, aside);
      keep_previous (self, aside);
    }
  else
    g_clear_object (&self->next);
  entries_from_scan (scan, grid, player->entries);
  marks_from_scan (scan, grid, player->marks);
  player->check_wanted = player->playing = lens_scan_is_filled_in (scan, grid);
  _lens_document_load_with (self, photo, scan, grid, player);
}

void
_lens_document_load_with (LensDocument          *self,
                          LensPhoto             *photo,
                          const LensScan        *scan,
                          const LensGrid        *grid,
                          const LensPlayerLayer *player)
{
  const guint8 *entries = player->entries;

  if (photo != NULL)
    lens_photo_ref (photo);
  g_clear_pointer (&self->photo, lens_photo_unref);
  self->photo = photo;
  self->has_scan = scan != NULL;
  if (scan != NULL)
    self->scan = *scan;
  self->grid = *grid;
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      self->entries[i] = grid->digits[i] == 0 && entries[i] <= 9 ? entries[i] : 0;
      self->marks[i] = grid->digits[i] == 0 && self->entries[i] == 0 ? player->marks[i] & LENS_ALL_DIGITS : 0;
      self->helped[i] = player->helped[i] && self->entries[i] != 0;
    }
  memset (self->origin, LENS_ENTRY_FROM_PICTURE, sizeof self->origin);
  self->has_check = FALSE;
  self->check_wanted = player->check_wanted;
  self->play_time = MAX (player->play_time, 0);
  self->clock_since = 0;
  self->game_started = player->game_started;
  self->completed = player->completed;
  self->finishing = FALSE;
  if (self->playing != !!player->playing)
    {
      self->playing = !!player->playing;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
    }
  g_array_set_size (self->undo, 0);
  g_array_set_size (self->redo, 0);
  notify_history (self);
  g_clear_pointer (&self->result, lens_result_free);
  _lens_document_puzzle_changed (self);
  _lens_document_changed (self);
}

/* A new reading brings the photo's entries and pencil marks with it: what
 * the player typed over the old one goes (undo brings it back). */
void
lens_document_reread (LensDocument   *self,
                      const LensScan *scan,
                      const LensGrid *grid)
{
  guint16 marks[LENS_GRID_CELLS];

  g_return_if_fail (LENS_IS_DOCUMENT (self));
  g_return_if_fail (scan != NULL && grid != NULL);

  _lens_document_record_undo (self);
  self->scan = *scan;
  self->has_scan = TRUE;
  self->grid = *grid;
  entries_from_scan (scan, grid, self->entries);
  marks_from_scan (scan, grid, marks);
  memset (self->helped, 0, sizeof self->helped);
  memset (self->origin, LENS_ENTRY_FROM_PICTURE, sizeof self->origin);
  self->check_wanted |= lens_scan_is_filled_in (scan, grid);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (grid->digits[i] != 0 || self->entries[i] != 0)
      self->marks[i] = 0;
    else if (scan->cells[i].kind == LENS_READ_KIND_CANDIDATES)
      self->marks[i] = marks[i];
  self->has_check = FALSE;
  _lens_document_puzzle_changed (self);
  _lens_document_changed (self);
}

gboolean
lens_document_set_correction (LensDocument *self,
                              guint         cell,
                              guint8        digit)
{
  guint8 flags;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, FALSE);
  g_return_val_if_fail (digit <= 9, FALSE);

  flags = digit ? LENS_CELL_GIVEN | LENS_CELL_CORRECTION : 0;
  /* The same digit again is no edit, unless it confirms an uncertain one. */
  if (self->state == LENS_DOCUMENT_EMPTY ||
      (self->grid.digits[cell] == digit &&
       (self->grid.flags[cell] & ~LENS_CELL_CORRECTION) == (flags & ~LENS_CELL_CORRECTION) &&
       self->entries[cell] == 0))
    return FALSE;

  _lens_document_record_undo (self);
  self->grid.digits[cell] = digit;
  self->grid.flags[cell] = flags;
  self->entries[cell] = 0;
  self->helped[cell] = FALSE;
  self->origin[cell] = LENS_ENTRY_FROM_PICTURE;
  if (digit != 0)
    self->marks[cell] = 0;
  _lens_document_uncheck_cell (self, cell);
  /* A typed cell has no reading: repair trusts it. */
  memset (&self->scan.cells[cell].scores, 0, sizeof self->scan.cells[cell].scores);
  self->scan.cells[cell].digit = digit;
  self->scan.cells[cell].confidence = 0;
  self->scan.cells[cell].kind = digit ? LENS_READ_KIND_PRINTED : LENS_READ_KIND_EMPTY;
  self->scan.cells[cell].kind_confidence = 0;
  self->scan.cells[cell].candidates = 0;  /* no longer a cell of pencil marks */
  _lens_document_puzzle_changed (self);
  _lens_document_changed (self);
  return TRUE;
}

gboolean
lens_document_get_playing (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  return self->playing;
}

void
lens_document_set_playing (LensDocument *self,
                           gboolean      playing)
{
  g_return_if_fail (LENS_IS_DOCUMENT (self));

  playing = !!playing;
  if (self->playing == playing)
    return;
  self->playing = playing;
  if (playing && self->state != LENS_DOCUMENT_EMPTY)
    self->game_started = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
  g_signal_emit (self, signals[CHANGED], 0);
}

guint
lens_document_get_puzzle_revision (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), 0);

  return self->puzzle_revision;
}

void
lens_document_set_result (LensDocument     *self,
                          const LensResult *result)
{
  g_return_if_fail (LENS_IS_DOCUMENT (self));
  g_return_if_fail (self->state != LENS_DOCUMENT_EMPTY);

  /* A solution is a step of its own: undo goes back to the grid before it. */
  if (lens_result_is_solved (result))
    _lens_document_record_undo (self);
  g_clear_pointer (&self->result, lens_result_free);
  if (result != NULL)
    self->result = lens_result_copy (result);
  set_state (self, lens_result_is_solved (result) ? LENS_DOCUMENT_SOLVED : LENS_DOCUMENT_CHECK);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Everything two documents hold, but their revisions: those only go up,
 * so that work begun on what was there before is seen as stale. */
static void
swap_contents (LensDocument *a,
               LensDocument *b)
{
  const gsize start = G_STRUCT_OFFSET (LensDocument, state);
  const gsize size = sizeof (LensDocument) - start;
  g_autofree char *held = g_malloc (size);
  guint revisions[2][2] = { { a->revision, a->puzzle_revision }, { b->revision, b->puzzle_revision } };

  /* a game's clock stops as it goes aside, or comes back */
  _lens_document_stop_clock (a);
  _lens_document_stop_clock (b);
  memcpy (held, (char *) a + start, size);
  memcpy ((char *) a + start, (char *) b + start, size);
  memcpy ((char *) b + start, held, size);
  a->revision = revisions[0][0] + 1;
  a->puzzle_revision = revisions[0][1] + 1;
  b->revision = revisions[1][0] + 1;
  b->puzzle_revision = revisions[1][1] + 1;
}

static void
announce_contents (LensDocument *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
  notify_history (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

LensDocument *
lens_document_close (LensDocument *self)
{
  LensDocument *closed;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), NULL);

  closed = lens_document_new ();
  swap_contents (self, closed);
  keep_previous (self, g_object_ref (closed));
  announce_contents (self);
  return closed;
}


gboolean
lens_document_can_undo (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  return self->undo->len > 0 || self->previous != NULL;
}

gboolean
lens_document_can_redo (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  return self->redo->len > 0 || self->next != NULL;
}

gboolean
lens_document_has_previous (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  return self->previous != NULL;
}

/* Swaps the game held in *@from in, and the one shown into *@to. */
static void
swap_game (LensDocument  *self,
           LensDocument **from,
           LensDocument **to)
{
  LensDocument *held = g_steal_pointer (from);

  swap_contents (self, held);
  g_clear_object (to);
  *to = held;
  announce_contents (self);
  g_signal_emit (self, signals[GAME_SET_ASIDE], 0, held);
}

gboolean
lens_document_restore_previous (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  if (self->previous == NULL)
    return FALSE;
  swap_game (self, &self->previous, &self->next);
  self->next_redo_len = self->redo->len;
  return TRUE;
}

static gboolean
move_snapshot (LensDocument *self,
               GArray       *from,
               GArray       *to)
{
  Snapshot current, previous;

  if (from->len == 0)
    return FALSE;
  current = take_snapshot (self);
  previous = g_array_index (from, Snapshot, from->len - 1);
  g_array_index (from, Snapshot, from->len - 1).result = NULL;
  g_array_set_size (from, from->len - 1);
  push_snapshot (to, &current);
  restore_snapshot (self, &previous);
  notify_history (self);
  self->revision++;
  update_conflicts (self);
  set_state (self, lens_result_is_solved (self->result) ? LENS_DOCUMENT_SOLVED : LENS_DOCUMENT_CHECK);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

gboolean
lens_document_undo (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  if (self->previous != NULL && self->undo->len <= self->previous_undo_len)
    return lens_document_restore_previous (self);
  return move_snapshot (self, self->undo, self->redo);
}

gboolean
lens_document_redo (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  if (self->next != NULL && self->redo->len <= self->next_redo_len)
    {
      swap_game (self, &self->next, &self->previous);
      self->previous_undo_len = self->undo->len;
      return TRUE;
    }
  return move_snapshot (self, self->redo, self->undo);
}

static guint
count_flag (const LensGrid *grid,
            LensCellFlags   flag)
{
  guint n = 0;

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    n += (grid->flags[i] & flag) != 0;
  return n;
}

guint
lens_document_count_givens (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), 0);

  return lens_grid_count_filled (&self->grid);
}

guint
lens_document_count_uncertain (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), 0);

  return count_flag (&self->grid, LENS_CELL_UNCERTAIN);
}

gboolean
lens_document_cell_is_uncertain (LensDocument *self,
                                 guint         cell)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, FALSE);

  if (!(self->grid.flags[cell] & LENS_CELL_UNCERTAIN))
    return FALSE;
  /* an empty cell the player pencilled in (in the photo or here) or
   * typed a digit into is no longer in doubt of being empty */
  if (self->grid.digits[cell] == 0 &&
      (self->marks[cell] != 0 || (self->entries[cell] != 0 && !_lens_document_entry_was_read (self, cell))))
    return FALSE;
  return !lens_document_is_complete_and_right (self);
}

gboolean
lens_document_cell_is_doubtful (LensDocument *self,
                                guint         cell)
{
  gboolean solved, suspect;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, FALSE);

  solved = lens_result_is_solved (self->result);
  suspect = self->result != NULL && self->result->suspects[cell];
  if (solved && !suspect)
    return FALSE;
  if (self->has_check && self->entries[cell] != 0 && self->check.status[cell] == LENS_ENTRY_UNSURE)
    return TRUE;
  if (_lens_document_entry_is_doubted (self, cell))
    return TRUE;
  return lens_document_cell_is_uncertain (self, cell) && !suspect && (solved || !self->conflicts[cell]);
}

guint
lens_document_count_doubtful (LensDocument *self)
{
  guint n = 0;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), 0);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    n += lens_document_cell_is_doubtful (self, i);
  return n;
}

guint
lens_document_count_conflicts (LensDocument *self)
{
  guint n = 0;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), 0);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    n += self->conflicts[i];
  return n;
}

gboolean
lens_document_cell_conflicts (LensDocument *self,
                              guint         cell)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, FALSE);

  return self->conflicts[cell];
}

void
_lens_document_emit_changed (LensDocument *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
  _lens_document_emit_finished (self);
}

void
_lens_document_emit_finished (LensDocument *self)
{
  if (!self->finishing)
    return;
  self->finishing = FALSE;
  g_signal_emit (self, signals[FINISHED], 0);
}
