/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "lens-entries.h"
#include "lens-grid.h"
#include "lens-logic.h"
#include "lens-photo.h"
#include "lens-result.h"
#include "lens-vision.h"

G_BEGIN_DECLS

/* Help the player asked for that changed the board: the banner says what
 * it did until the next change. */
typedef enum {
  LENS_HELP_NONE,
  LENS_HELP_STEP,      /* a hint's step made */
  LENS_HELP_MISTAKE,   /* a hint's step that took the player's wrong digits out */
  LENS_HELP_REVEAL,    /* a cell revealed */
} LensHelpKind;

typedef struct {
  LensHelpKind  kind;
  LensTechnique technique;  /* STEP: the step's */
  guint         cell;       /* the first cell it wrote in (or cleared, for MISTAKE) */
  guint8        digit;      /* what it wrote there; 0: a STEP that only took out candidates */
  guint         n_cells;    /* the cells it wrote in (or cleared) */
} LensHelp;

typedef enum {
  LENS_DOCUMENT_EMPTY,   /* nothing read yet */
  LENS_DOCUMENT_CHECK,   /* the read grid, being checked and fixed */
  LENS_DOCUMENT_SOLVED,  /* a solution is shown */
} LensDocumentState;

#define LENS_TYPE_DOCUMENT (lens_document_get_type ())

G_DECLARE_FINAL_TYPE (LensDocument, lens_document, LENS, DOCUMENT, GObject)

LensDocument      *lens_document_new            (void);
LensDocumentState  lens_document_get_state      (LensDocument     *self);
/* The photo read (nullable: a typed puzzle), and where it is kept. Its
 * pixels may be missing while a restored session's photo decodes. */
LensPhoto         *lens_document_get_photo      (LensDocument     *self);
const char        *lens_document_get_photo_path (LensDocument     *self);
/* The photo's pixels at full size, or NULL. */
const LensImage   *lens_document_get_image      (LensDocument     *self);
/* Gives the document its photo decoded (@photo, of the same file) in place
 * of the one without pixels it was restored with; FALSE, and nothing
 * changes, when the document holds another photo by now. */
gboolean           lens_document_set_decoded_photo (LensDocument  *self,
                                                 LensPhoto        *photo);
const LensGrid    *lens_document_get_grid       (LensDocument     *self);
const LensScan    *lens_document_get_scan       (LensDocument     *self);
const LensResult  *lens_document_get_result     (LensDocument     *self);
/* Counts the changes to the grid and scan (a result is not one): work
 * begun at an older revision is stale. */
guint              lens_document_get_revision   (LensDocument     *self);

/* Whether the handwriting of @scan beside the printed puzzle @grid is the
 * player's filling-in: two handwritten digits or more, or a single one read
 * for sure, digit and hand. A lone doubtful mark (a stain read as a
 * handwritten "4?") is a question to the player, not a filled puzzle. */
gboolean           lens_scan_is_filled_in       (const LensScan   *scan,
                                                 const LensGrid   *grid);

/* Loads the printed puzzle @grid; the digits of @scan's handwritten cells
 * become the player's entries, and the candidates read in its cells of
 * pencil candidates (LENS_READ_KIND_CANDIDATES) their pencil marks. When they are a filling-in
 * (lens_scan_is_filled_in), they are checked once the puzzle is solved
 * (lens_document_set_analysis) and the player plays on. */
void               lens_document_load_photo     (LensDocument     *self,
                                                 LensPhoto        *photo,
                                                 const LensScan   *scan,
                                                 const LensGrid   *grid);
/* lens_document_load_photo() of the photo at @photo_path (nullable), not
 * decoded. */
void               lens_document_load           (LensDocument     *self,
                                                 const char       *photo_path,
                                                 const LensScan   *scan,
                                                 const LensGrid   *grid);
void               lens_document_reread         (LensDocument     *self,
                                                 const LensScan   *scan,
                                                 const LensGrid   *grid);
/* Corrects a digit of the printed puzzle (0 clears the cell, entry and all). */
gboolean           lens_document_set_correction (LensDocument     *self,
                                                 guint             cell,
                                                 guint8            digit);

/* The player's own digits (entries), a layer beside the printed puzzle:
 * entries[i] is 0 where the player wrote nothing or the puzzle has a digit. */
const guint8      *lens_document_get_entries    (LensDocument     *self);
guint              lens_document_count_entries  (LensDocument     *self);
/* How many of the entries a hint placed or revealed: not the player's own,
 * they are not counted as theirs in the check or the status line. */
guint              lens_document_count_helped   (LensDocument     *self);
/* Sets the player's digit in @cell (0 clears it). FALSE when nothing
 * changed, or when @cell holds a printed digit. */
gboolean           lens_document_set_entry      (LensDocument     *self,
                                                 guint             cell,
                                                 guint8            digit);
/* What typing @digit in @cell does: while playing, sets the player's
 * digit, and FALSE on a printed one (it is locked); otherwise sets the
 * player's digit over one of theirs, and a printed digit elsewhere. */
gboolean           lens_document_type_digit     (LensDocument     *self,
                                                 guint             cell,
                                                 guint8            digit);
/* TRUE where typing is refused: a printed digit while playing. */
gboolean           lens_document_is_locked      (LensDocument     *self,
                                                 guint             cell);
/* Who wrote the digit in @cell: the printer (PRINTED), the player
 * (HANDWRITTEN, typed or read from the photo) or no one (EMPTY). */
LensReadKind       lens_document_get_kind       (LensDocument     *self,
                                                 guint             cell);
/* Moves the digit in @cell to the printed puzzle or to the player's
 * digits, as the user says it belongs. FALSE on an empty cell or when
 * it is there already. */
gboolean           lens_document_set_kind       (LensDocument     *self,
                                                 guint             cell,
                                                 LensReadKind      kind);
/* The board as the user sees it: the printed puzzle with the player's
 * digits flagged ENTRY (and WRONG where the check found them wrong), or
 * once solved the solution, with ENTRY on the player's digits that are
 * the solution's. */
void               lens_document_get_board      (LensDocument     *self,
                                                 LensGrid         *board);

/* Playing: the printed digits are locked and what the player types is
 * their own; otherwise typing fixes the printed puzzle. */
gboolean           lens_document_get_playing    (LensDocument     *self);
void               lens_document_set_playing    (LensDocument     *self,
                                                 gboolean          playing);

/* The time played (lens-document-time.c). The clock runs while the front
 * end says the game is being played; the document keeps what it ran, with
 * the game, in its saved session. A new game starts at 0. */
gint64             lens_document_get_play_time  (LensDocument     *self);   /* µs */
void               lens_document_set_play_time  (LensDocument     *self,
                                                 gint64            play_time);
void               lens_document_set_clock_running (LensDocument  *self,
                                                 gboolean          running);
gboolean           lens_document_get_clock_running (LensDocument  *self);
/* Whether the player began this game: turned Play on, or changed the
 * board while playing (a photo filled in is read playing, not begun). */
gboolean           lens_document_get_game_started (LensDocument   *self);
/* Whether the board is full, every digit of the player's checked and
 * right against a solved puzzle. */
gboolean           lens_document_is_complete_and_right (LensDocument *self);
/* Whether the game was finished: complete and right once, after which its
 * clock stays stopped, whatever undo does. The document emits "finished"
 * once, when it is. */
gboolean           lens_document_get_completed  (LensDocument     *self);
/* "4:07", "1:02:03": @play_time (µs) in whole seconds, for people. */
char              *lens_format_play_time        (gint64            play_time);

/* Counts the changes to the printed puzzle and its readings alone: the
 * player's digits do not change its solution. */
guint              lens_document_get_puzzle_revision (LensDocument *self);
/* The printed puzzle repaired and solved (lens_solve_async), for checking
 * the entries: NULL until one made at the current puzzle revision is set. */
const LensResult  *lens_document_get_analysis   (LensDocument     *self);
/* Keeps @analysis and the puzzle's @rating (nullable: not rated) if they
 * were made at @puzzle_revision (else drops them), and makes a wanted check. */
void               lens_document_set_analysis   (LensDocument     *self,
                                                 const LensResult *analysis,
                                                 const LensLogicRating *rating,
                                                 guint             puzzle_revision);
/* How hard the printed puzzle is, with its analysis; NULL until rated. */
const LensLogicRating *lens_document_get_rating (LensDocument     *self);
/* Checks the entries against the analysis: at once when there is one, or
 * else as soon as it is set. The check stays wanted: each new analysis
 * (the printed puzzle was fixed) checks them again. */
void               lens_document_check_entries  (LensDocument     *self);
gboolean           lens_document_get_check_wanted (LensDocument   *self);
/* Checks the entries when a check is due and there is an analysis to
 * check them against: once the board is full, or on each digit typed
 * when @as_you_type; not again while each is checked already. */
void               lens_document_check_when_due (LensDocument     *self,
                                                 gboolean          as_you_type);
/* The check shown, NULL when there is none yet. A player's digit changed
 * since is UNCHECKED. */
const LensEntryCheck *lens_document_get_check   (LensDocument     *self);
/* The first of the player's digits the reader doubts in the check shown;
 * -1 if none. */
int                lens_document_first_unsure_entry (LensDocument *self);
/* The digits of the printed puzzle the analysis checks against (the
 * repaired puzzle), or the grid when there is no analysis. */
void               lens_document_get_checked_puzzle (LensDocument  *self,
                                                 LensGrid         *puzzle);

/* The player's pencil marks: a 9-bit set (LENS_DIGIT_BIT) for each empty
 * cell, 0 where the player marked nothing. */
const guint16     *lens_document_get_marks      (LensDocument     *self);
/* Sets the marks of the empty @cell (0: none); FALSE elsewhere, or when
 * nothing changes. */
gboolean           lens_document_set_marks      (LensDocument     *self,
                                                 guint             cell,
                                                 guint16           marks);
/* Marks every empty cell that has no marks yet with the digits its row,
 * column and box leave it. A cell already marked (by the player, or in
 * the photo read) keeps its marks as they are: they are the player's
 * work, which may rule out more than the board does, and a pencil digit
 * read from a photo may be misread, so neither replacing nor narrowing
 * them is safe; the hints narrow them by the board themselves
 * (lens_document_get_candidates). FALSE when that changes nothing. */
gboolean           lens_document_fill_candidates (LensDocument    *self);
/* The board as the logic solver sees it: the checked puzzle and the
 * player's digits, each empty cell with the digits still possible there,
 * narrowed by the player's own marks where they made some. A digit read
 * from the photo that the reader doubts and the solution does not have
 * (UNSURE) is left out, as if the cell were empty: a hint never calls the
 * player wrong on a doubtful reading. */
void               lens_document_get_candidates (LensDocument     *self,
                                                 LensCandidates   *state);
/* Makes a hint's step on the board, as one undoable edit: its placements
 * become the player's digits (over a doubted one, which the board of
 * lens_document_get_candidates left out), its eliminations leave the
 * marks; a mistake's wrong digits (or marks) are taken out. */
gboolean           lens_document_apply_step     (LensDocument     *self,
                                                 const LensLogicStep *step);
/* Writes the solution's digit in @cell as the player's. FALSE on a
 * printed digit, or without a solution. */
gboolean           lens_document_reveal_cell    (LensDocument     *self,
                                                 guint             cell);
void               lens_document_set_result     (LensDocument     *self,
                                                 const LensResult *result);

/* Solving is a step of the history: undo takes a solution shown away
 * (the board is as it was before Solve), redo brings it back. So are
 * loading a photo or a puzzle over a game and closing the photo: once
 * the undo steps made since are undone, undo brings the game before back
 * whole (photo, puzzle, the player's digits and their own history), and
 * redo the one that replaced it. */
gboolean           lens_document_can_undo       (LensDocument     *self);
gboolean           lens_document_can_redo       (LensDocument     *self);
gboolean           lens_document_undo           (LensDocument     *self);
gboolean           lens_document_redo           (LensDocument     *self);
/* Whether a load or Close Photo put a game aside that can come back. */
gboolean           lens_document_has_previous   (LensDocument     *self);
/* Brings that game back at once, whatever was done since; the game shown
 * goes aside for redo. FALSE when there is none. */
gboolean           lens_document_restore_previous (LensDocument   *self);

/* The reader's other readings of @cell, when it doubted the one shown
 * there (an uncertain printed digit or empty cell, or a digit of the
 * player's read from the photo that the check could not be sure of): the
 * classes it gave some weight, best first (0: empty), without the one
 * shown; for an entry the check is unsure of, the solution's digit comes
 * first. Returns how many were put in @alternatives; 0 for a cell the
 * reader did not doubt. */
guint              lens_document_get_alternatives (LensDocument   *self,
                                                 guint             cell,
                                                 guint8            alternatives[LENS_N_CLASSES]);
/* Takes the reading @digit (0: empty) of @cell instead, as one undoable
 * edit of the printed digit or of the player's, as the cell holds. FALSE
 * when @digit is not one of lens_document_get_alternatives. */
gboolean           lens_document_pick_alternative (LensDocument   *self,
                                                 guint             cell,
                                                 guint8            digit);

/* The status line: how many digits, entries, doubts and conflicts, or
 * what the solution shown came to (lens-document-status.c). */
char              *lens_document_describe       (LensDocument     *self);

typedef enum {
  LENS_TONE_ACCENT,   /* news */
  LENS_TONE_SUCCESS,  /* all is right */
  LENS_TONE_WARNING,  /* something needs the player's eye */
} LensTone;

/* How the game stands, in a sentence or two for the player, NULL when
 * there is nothing to say: the puzzle finished, the help just given (a
 * hint's step made, a mistake taken out, a cell revealed), or, once the
 * player asked, the check of their entries. @analysis_error (nullable):
 * why the analysis failed. @tone: how it should look. */
char              *lens_document_describe_play  (LensDocument     *self,
                                                 const char       *analysis_error,
                                                 LensTone         *tone);
guint              lens_document_count_givens   (LensDocument     *self);
guint              lens_document_count_uncertain (LensDocument    *self);
/* The help the last change to the board was (lens_document_apply_step,
 * lens_document_reveal_cell); kind LENS_HELP_NONE after any other change. */
const LensHelp    *lens_document_get_last_help  (LensDocument     *self);

/* Whether the reading of @cell was uncertain (LENS_CELL_UNCERTAIN) and
 * still is: not once the player pencilled marks into the empty cell (or
 * the photo holds theirs) or typed a digit there, nor once the puzzle is
 * complete and right. */
gboolean           lens_document_cell_is_uncertain (LensDocument  *self,
                                                    guint          cell);
/* Whether @cell shows as doubtful (a "?"): a player's digit the reader
 * doubts, or a cell read uncertain that no clash or repair frames instead
 * (a frame says more); nothing once solved, but a cell to check. */
gboolean           lens_document_cell_is_doubtful (LensDocument   *self,
                                                   guint           cell);
/* The cells lens_document_cell_is_doubtful, what "uncertain" counts. */
guint              lens_document_count_doubtful (LensDocument     *self);
guint              lens_document_count_conflicts (LensDocument    *self);
gboolean           lens_document_cell_conflicts (LensDocument     *self,
                                                 guint             cell);

/* Close Photo, a load over a game, and undo or redo across one take a
 * game off the board whole: the document emits "game-set-aside" with it
 * (a document of its own, to read only), so that a front end can keep
 * it among the earlier games (lens-recent-games.h).
 *
 * Closing the photo: moves all the document holds (photo, puzzle and its
 * readings, the player's digits and marks, the solution and the history)
 * to a new document, which it returns and keeps for undo
 * (lens_document_restore_previous), and leaves this one empty. */
LensDocument      *lens_document_close          (LensDocument     *self);

JsonNode          *lens_document_to_json        (LensDocument     *self);
gboolean           lens_document_load_json      (LensDocument     *self,
                                                 JsonNode         *node,
                                                 gboolean         *was_solved,
                                                 GError          **error);

G_END_DECLS
