/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* LensDocument's internals, shared by its files: lens-document.c (the
 * printed puzzle, undo) and lens-document-play.c (the player's digits,
 * marks and their check). */

#include "lens-document.h"

G_BEGIN_DECLS

/* Where a player's digit comes from. */
typedef enum {
  LENS_ENTRY_FROM_PICTURE,  /* the photo's reading, where it is the cell's digit read */
  LENS_ENTRY_FROM_RULES,    /* the photo's reading with the puzzle's rules: not the
                             * picture's top digit, but the solution's */
  LENS_ENTRY_FROM_PLAYER,   /* typed, picked among the readings, or placed by help */
} LensEntryOrigin;

struct _LensDocument
{
  GObject            parent_instance;

  /* Outside what closing moves: the game a load or Close Photo put
   * aside, which undo brings back once the undo steps are down to
   * @previous_undo_len, and the game that took back, which redo brings
   * back again once the redo steps are down to @next_redo_len. */
  LensDocument      *previous;
  guint              previous_undo_len;
  LensDocument      *next;
  guint              next_redo_len;

  /* From here on, what the document holds: closing moves it as a block
   * (lens_document_close). */
  LensDocumentState  state;
  LensPhoto         *photo;     /* nullable: a typed puzzle */
  LensGrid           grid;
  LensScan           scan;
  gboolean           has_scan;
  guint8             entries[LENS_GRID_CELLS];
  guint16            marks[LENS_GRID_CELLS];   /* the player's pencil marks; 0: none */
  gboolean           helped[LENS_GRID_CELLS];  /* the entry was placed by a hint or revealed */
  guint8             origin[LENS_GRID_CELLS];  /* LensEntryOrigin */
  gboolean           conflicts[LENS_GRID_CELLS];
  LensResult        *result;
  guint              revision;
  guint              puzzle_revision;
  LensResult        *analysis;
  LensLogicRating    rating;
  gboolean           rated;
  LensEntryCheck     check;
  gboolean           has_check;
  gboolean           check_wanted;
  gboolean           playing;
  /* The time played (lens-document-time.c): what the clock ran before
   * @clock_since, the monotonic time it runs from (0: stopped); whether
   * the player began the game, and whether they finished it. */
  gint64             play_time;
  gint64             clock_since;
  gboolean           game_started;
  gboolean           completed;
  gboolean           finishing;       /* "finished" follows the next "changed" */
  LensHelp           help;            /* the last edit's help, while revision is help_revision */
  guint              help_revision;
  GArray            *undo;
  GArray            *redo;
};

/* Saves the state for undo, before a change. */
void  _lens_document_record_undo    (LensDocument *self);
/* After a change to the board: a new revision; a solution shown is put
 * aside (the undo step recorded before the change keeps it). */
void  _lens_document_changed        (LensDocument *self);
/* After a change to the printed puzzle or its readings: its analysis goes. */
void  _lens_document_puzzle_changed (LensDocument *self);
/* Emits "changed" for what is no edit (an analysis, a check). */
void  _lens_document_emit_changed   (LensDocument *self);
/* lens-document-play.c */
/* The entry in @cell, read from the photo, is a question (a stray mark). */
gboolean _lens_document_entry_is_doubted (LensDocument *self,
                                          guint         cell);
/* The player keeps the doubted entry in @cell as read. */
void  _lens_document_vouch_for_entry (LensDocument *self,
                                      guint         cell);
void  _lens_document_uncheck_cell   (LensDocument *self,
                                     guint         cell);
/* Whether the entry in @cell is read from the photo (not typed). */
gboolean _lens_document_entry_was_read (LensDocument *self,
                                        guint         cell);

/* The player's layer of a document as a saved session holds it (all 0:
 * none): @helped[i] when the entry in cell i was placed by a hint or
 * revealed; @check_wanted as lens_document_check_entries, and @playing
 * as lens_document_set_playing. */
typedef struct {
  guint8   entries[LENS_GRID_CELLS];
  guint16  marks[LENS_GRID_CELLS];
  gboolean helped[LENS_GRID_CELLS];
  gboolean check_wanted;
  gboolean playing;
  gint64   play_time;     /* µs, as lens_document_get_play_time */
  gboolean game_started;
  gboolean completed;
} LensPlayerLayer;

/* lens-document-time.c */
/* The player began the game if they change the board while playing. */
void  _lens_document_note_edit      (LensDocument *self);
/* After a check: a game complete and right for the first time is
 * finished, its clock stopped; "finished" is emitted after "changed". */
void  _lens_document_note_check     (LensDocument *self);
/* Stops the clock, keeping the time it ran. */
void  _lens_document_stop_clock     (LensDocument *self);
/* Emits "finished" (from _lens_document_emit_changed). */
void  _lens_document_emit_finished  (LensDocument *self);

/* lens_document_load() with the player's layer given. */
void  _lens_document_load_with      (LensDocument          *self,
                                     LensPhoto             *photo,
                                     const LensScan        *scan,
                                     const LensGrid        *grid,
                                     const LensPlayerLayer *player);

G_END_DECLS
