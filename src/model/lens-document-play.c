/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The player's layer of the document: their digits (entries) beside the
 * printed puzzle, who wrote each digit, their pencil marks, and how the
 * entries stand against the solution of the printed puzzle. */
#include "config.h"

#include <string.h>

#include "lens-document-private.h"

/* An entry read from the photo keeps the reader's doubt, read with the
 * puzzle's rules or not; one the player typed or picked has none. */
gboolean
_lens_document_entry_was_read (LensDocument *self,
                               guint         cell)
{
  const LensCellRead *read = &self->scan.cells[cell];

  if (!self->has_scan || read->kind != LENS_READ_KIND_HANDWRITTEN || self->entries[cell] == 0)
    return FALSE;
  return self->origin[cell] == LENS_ENTRY_FROM_RULES ||
         (self->origin[cell] == LENS_ENTRY_FROM_PICTURE && read->digit == self->entries[cell]);
}

/* The entries checked with those read from the photo read again from
 * their pictures with the puzzle's rules (lens_entries_check, as
 * `sudoku-lens-cli check` reads them): a doubtful 8 that the solution
 * says is a 3 is checked as the 3 it likely is, in check->reading. */
static void
check_with_rules (LensDocument   *self,
                  LensEntryCheck *check,
                  double          epsilon)
{
  g_autofree LensRepairScores *scores = g_new0 (LensRepairScores, 1);
  gboolean solved = lens_result_is_solved (self->analysis);
  guint8 pictured[LENS_GRID_CELLS];
  LensGrid puzzle;

  lens_document_get_checked_puzzle (self, &puzzle);
  memcpy (pictured, self->entries, sizeof pictured);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (_lens_document_entry_was_read (self, i))
      {
        memcpy (scores->p[i], self->scan.cells[i].scores, sizeof scores->p[i]);
        pictured[i] = self->scan.cells[i].digit;
      }
  lens_entries_check_with_prior (&puzzle, solved ? &self->analysis->solution : NULL, pictured, scores,
                                 epsilon, check);
}

static void count_check (LensEntryCheck *check);
static void place_entry (LensDocument *self,
                         guint         cell,
                         guint8        digit);

/* How the entries stand now, whether or not the player asked. The rules'
 * reading is shown (show_readings) once the puzzle is solved; an entry
 * still shown otherwise (the player took the reading back) is checked as
 * it is, by its picture alone. */
static void
check_now (LensDocument   *self,
           LensEntryCheck *check)
{
  g_autofree LensEntryCheck *pictured = NULL;

  check_with_rules (self, check, LENS_ENTRY_EPSILON);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      if (check->status[i] == LENS_ENTRY_NONE || check->reading[i] == self->entries[i])
        continue;
      if (pictured == NULL)
        {
          pictured = g_new (LensEntryCheck, 1);
          check_with_rules (self, pictured, LENS_ENTRY_NO_PRIOR);
        }
      check->status[i] = pictured->status[i];
      check->reading[i] = pictured->reading[i];
    }
  if (pictured != NULL)
    count_check (check);
}

/* Shows each entry read from the photo as the check reads it with the
 * puzzle's rules, as one undoable edit, when a solution comes: a digit
 * the player typed stays, and one they took back stays taken back until
 * the next solution (the printed puzzle fixed). */
static void
show_readings (LensDocument *self)
{
  g_autofree LensEntryCheck *check = g_new (LensEntryCheck, 1);
  gboolean recorded = FALSE;

  if (self->state != LENS_DOCUMENT_CHECK || !lens_result_is_solved (self->analysis))
    return;
  check_with_rules (self, check, LENS_ENTRY_EPSILON);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      guint8 reading = check->reading[i];

      if (check->status[i] == LENS_ENTRY_NONE || !_lens_document_entry_was_read (self, i) ||
          reading == 0 || reading == self->entries[i])
        continue;
      if (!recorded)
        _lens_document_record_undo (self);
      recorded = TRUE;
      place_entry (self, i, reading);
      self->origin[i] = reading != self->scan.cells[i].digit ? LENS_ENTRY_FROM_RULES : LENS_ENTRY_FROM_PICTURE;
    }
  if (recorded)
    _lens_document_changed (self);
}

static void
compute_check (LensDocument *self)
{
  gboolean helped = FALSE;

  check_now (self, &self->check);
  /* a digit a hint placed or revealed is not the player's to count */
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (self->helped[i] && self->check.status[i] != LENS_ENTRY_NONE)
      {
        self->check.status[i] = LENS_ENTRY_NONE;
        helped = TRUE;
      }
  if (helped)
    count_check (&self->check);
  self->has_check = TRUE;
  _lens_document_note_check (self);
}

static void
count_check (LensEntryCheck *check)
{
  check->n_entries = check->n_right = check->n_wrong = check->n_unsure = check->n_unchecked = 0;
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      check->n_entries += check->status[i] != LENS_ENTRY_NONE;
      check->n_right += check->status[i] == LENS_ENTRY_RIGHT;
      check->n_wrong += check->status[i] == LENS_ENTRY_WRONG;
      check->n_unsure += check->status[i] == LENS_ENTRY_UNSURE;
      check->n_unchecked += check->status[i] == LENS_ENTRY_UNCHECKED;
    }
}

/* A changed entry is no longer what was checked. */
void
_lens_document_uncheck_cell (LensDocument *self,
              guint         cell)
{
  if (!self->has_check)
    return;
  self->check.status[cell] = self->entries[cell] ? LENS_ENTRY_UNCHECKED : LENS_ENTRY_NONE;
  count_check (&self->check);
}

const guint8 *
lens_document_get_entries (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), NULL);

  return self->entries;
}

guint
lens_document_count_entries (LensDocument *self)
{
  guint n = 0;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), 0);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    n += self->entries[i] != 0;
  return n;
}

guint
lens_document_count_helped (LensDocument *self)
{
  guint n = 0;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), 0);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    n += self->entries[i] != 0 && self->helped[i];
  return n;
}

/* A digit placed takes the cell's marks, and its peers' marks of it. */
static void
place_entry (LensDocument *self,
             guint         cell,
             guint8        digit)
{
  self->entries[cell] = digit;
  self->helped[cell] = FALSE;
  self->origin[cell] = LENS_ENTRY_FROM_PLAYER;
  _lens_document_uncheck_cell (self, cell);
  if (digit == 0)
    return;
  self->marks[cell] = 0;
  for (guint i = 0; i < 20; i++)
    self->marks[lens_cell_peers (cell)[i]] &= ~LENS_DIGIT_BIT (digit);
}

gboolean
lens_document_set_entry (LensDocument *self,
                         guint         cell,
                         guint8        digit)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, FALSE);
  g_return_val_if_fail (digit <= 9, FALSE);

  if (self->state == LENS_DOCUMENT_EMPTY || self->grid.digits[cell] != 0)
    return FALSE;
  if (self->entries[cell] == digit)
    {
      /* typed over a stray mark's doubtful reading, its digit keeps it */
      if (digit == 0 || !_lens_document_entry_is_doubted (self, cell))
        return FALSE;
      _lens_document_note_edit (self);
  _lens_document_record_undo (self);
      _lens_document_vouch_for_entry (self, cell);
      _lens_document_changed (self);
      return TRUE;
    }
  _lens_document_note_edit (self);
  _lens_document_record_undo (self);
  place_entry (self, cell, digit);
  _lens_document_changed (self);
  return TRUE;
}

gboolean
lens_document_is_locked (LensDocument *self,
                         guint         cell)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, FALSE);

  return self->playing && self->grid.digits[cell] != 0;
}

gboolean
lens_document_type_digit (LensDocument *self,
                          guint         cell,
                          guint8        digit)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, FALSE);
  g_return_val_if_fail (digit <= 9, FALSE);

  if (lens_document_is_locked (self, cell))
    return FALSE;
  if (self->playing || self->entries[cell] != 0)
    return lens_document_set_entry (self, cell, digit);
  return lens_document_set_correction (self, cell, digit);
}

LensReadKind
lens_document_get_kind (LensDocument *self,
                        guint         cell)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), LENS_READ_KIND_EMPTY);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, LENS_READ_KIND_EMPTY);

  if (self->grid.digits[cell] != 0)
    return LENS_READ_KIND_PRINTED;
  return self->entries[cell] != 0 ? LENS_READ_KIND_HANDWRITTEN : LENS_READ_KIND_EMPTY;
}

/* The reading stays (a digit read is as likely whoever wrote it); only
 * its kind is now the user's word, which is certain. */
static void
set_read_kind (LensDocument *self,
               guint         cell,
               guint8        digit,
               LensReadKind  kind)
{
  LensCellRead *read = &self->scan.cells[cell];

  if (read->digit != digit)
    {
      memset (read->scores, 0, sizeof read->scores);
      read->digit = digit;
      read->confidence = 0;
    }
  read->kind = kind;
  read->kind_confidence = 1;
  read->candidates = 0;  /* no longer a cell of pencil marks */
}

gboolean
lens_document_set_kind (LensDocument *self,
                        guint         cell,
                        LensReadKind  kind)
{
  LensReadKind now;
  guint8 digit;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, FALSE);
  g_return_val_if_fail (kind == LENS_READ_KIND_PRINTED || kind == LENS_READ_KIND_HANDWRITTEN, FALSE);

  now = lens_document_get_kind (self, cell);
  if (now == LENS_READ_KIND_EMPTY || now == kind)
    return FALSE;
  digit = MAX (self->grid.digits[cell], self->entries[cell]);
  _lens_document_record_undo (self);
  self->grid.digits[cell] = kind == LENS_READ_KIND_PRINTED ? digit : 0;
  self->grid.flags[cell] = kind == LENS_READ_KIND_PRINTED ? LENS_CELL_GIVEN : 0;
  self->entries[cell] = kind == LENS_READ_KIND_HANDWRITTEN ? digit : 0;
  self->helped[cell] = FALSE;
  self->origin[cell] = LENS_ENTRY_FROM_PICTURE;
  set_read_kind (self, cell, digit, kind);
  _lens_document_uncheck_cell (self, cell);
  _lens_document_puzzle_changed (self);
  _lens_document_changed (self);
  return TRUE;
}

void
lens_document_get_board (LensDocument *self,
                         LensGrid     *board)
{
  g_return_if_fail (LENS_IS_DOCUMENT (self));
  g_return_if_fail (board != NULL);

  if (lens_result_is_solved (self->result))
    {
      *board = self->result->solution;
      /* The player's digits the solution agrees with stay theirs, also
       * where the repair took one for a printed digit the photo lacked. */
      for (guint i = 0; i < LENS_GRID_CELLS; i++)
        if (self->entries[i] != 0 && self->entries[i] == board->digits[i] &&
            ((board->flags[i] & LENS_CELL_SOLVED) || self->grid.digits[i] == 0))
          board->flags[i] = LENS_CELL_ENTRY | (self->helped[i] ? LENS_CELL_HELPED : 0);
      return;
    }
  *board = self->grid;
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (self->entries[i] != 0)
      {
        gboolean wrong = self->has_check && self->check.status[i] == LENS_ENTRY_WRONG;

        board->digits[i] = self->entries[i];
        board->flags[i] = LENS_CELL_ENTRY | (wrong ? LENS_CELL_WRONG : 0) | (self->helped[i] ? LENS_CELL_HELPED : 0);
      }
}

const LensLogicRating *
lens_document_get_rating (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), NULL);

  return self->analysis != NULL && self->rated ? &self->rating : NULL;
}

const LensResult *
lens_document_get_analysis (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), NULL);

  return self->analysis;
}

void
lens_document_set_analysis (LensDocument     *self,
                            const LensResult *analysis,
                            const LensLogicRating *rating,
                            guint             puzzle_revision)
{
  g_return_if_fail (LENS_IS_DOCUMENT (self));
  g_return_if_fail (analysis != NULL);

  if (puzzle_revision != self->puzzle_revision || self->state == LENS_DOCUMENT_EMPTY)
    return;
  g_clear_pointer (&self->analysis, lens_result_free);
  self->analysis = lens_result_copy (analysis);
  self->rated = rating != NULL;
  if (rating != NULL)
    self->rating = *rating;
  show_readings (self);
  if (self->check_wanted)
    compute_check (self);
  _lens_document_emit_changed (self);
}

void
lens_document_check_entries (LensDocument *self)
{
  LensEntryCheck before;
  gboolean was_wanted, had_check;

  g_return_if_fail (LENS_IS_DOCUMENT (self));

  if (self->state == LENS_DOCUMENT_EMPTY)
    return;
  was_wanted = self->check_wanted;
  had_check = self->has_check;
  before = self->check;
  self->check_wanted = TRUE;
  if (self->analysis != NULL)
    compute_check (self);
  /* Asked again with nothing new (entries the puzzle cannot tell right or
   * wrong stay unchecked): no change to tell, or a listener that asks on
   * every change would ask for ever. */
  if (was_wanted && had_check == self->has_check &&
      memcmp (before.status, self->check.status, sizeof before.status) == 0 &&
      memcmp (before.reading, self->check.reading, sizeof before.reading) == 0)
    return;
  _lens_document_emit_changed (self);
}

void
lens_document_check_when_due (LensDocument *self,
                              gboolean      as_you_type)
{
  guint entries;

  g_return_if_fail (LENS_IS_DOCUMENT (self));

  entries = lens_document_count_entries (self);
  if (entries == 0 || self->analysis == NULL ||
      !(as_you_type || lens_document_count_givens (self) + entries == LENS_GRID_CELLS))
    return;
  if (!self->check_wanted || !self->has_check || self->check.n_unchecked > 0)
    lens_document_check_entries (self);
}

gboolean
lens_document_get_check_wanted (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  return self->check_wanted;
}

const LensEntryCheck *
lens_document_get_check (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), NULL);

  return self->has_check ? &self->check : NULL;
}

int
lens_document_first_unsure_entry (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), -1);

  for (guint i = 0; self->has_check && i < LENS_GRID_CELLS; i++)
    if (self->check.status[i] == LENS_ENTRY_UNSURE)
      return (int) i;
  return -1;
}

void
lens_document_get_checked_puzzle (LensDocument *self,
                                  LensGrid     *puzzle)
{
  g_return_if_fail (LENS_IS_DOCUMENT (self));
  g_return_if_fail (puzzle != NULL);

  if (!lens_result_is_solved (self->analysis))
    {
      *puzzle = self->grid;
      return;
    }
  /* A digit of the player's that the repair took for a printed one (to
   * leave one solution) stays the player's, as the grid shows it: checked
   * and counted with the others. */
  lens_grid_clear (puzzle);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if ((self->analysis->solution.flags[i] & LENS_CELL_GIVEN) && self->entries[i] == 0)
      {
        puzzle->digits[i] = self->analysis->solution.digits[i];
        puzzle->flags[i] = LENS_CELL_GIVEN;
      }
}

const guint16 *
lens_document_get_marks (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), NULL);

  return self->marks;
}

static gboolean
cell_is_empty (LensDocument *self,
               guint         cell)
{
  return self->grid.digits[cell] == 0 && self->entries[cell] == 0;
}

gboolean
lens_document_set_marks (LensDocument *self,
                         guint         cell,
                         guint16       marks)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, FALSE);
  g_return_val_if_fail ((marks & ~LENS_ALL_DIGITS) == 0, FALSE);

  if (self->state == LENS_DOCUMENT_EMPTY || !cell_is_empty (self, cell) || self->marks[cell] == marks)
    return FALSE;
  _lens_document_note_edit (self);
  _lens_document_record_undo (self);
  self->marks[cell] = marks;
  _lens_document_changed (self);
  return TRUE;
}

/* The digits each empty cell of the board as shown may still take. */
static void
board_candidates (LensDocument   *self,
                  LensCandidates *state)
{
  guint8 digits[LENS_GRID_CELLS];

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    digits[i] = self->grid.digits[i] ? self->grid.digits[i] : self->entries[i];
  lens_candidates_init (state, digits);
}

gboolean
lens_document_fill_candidates (LensDocument *self)
{
  g_autofree LensCandidates *state = g_new (LensCandidates, 1);
  gboolean fills = FALSE;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  if (self->state == LENS_DOCUMENT_EMPTY)
    return FALSE;
  board_candidates (self, state);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    fills |= self->marks[i] == 0 && state->marks[i] != 0;
  if (!fills)
    return FALSE;
  _lens_document_note_edit (self);
  _lens_document_record_undo (self);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (self->marks[i] == 0)
      self->marks[i] = state->marks[i];
  _lens_document_changed (self);
  return TRUE;
}

void
lens_document_get_candidates (LensDocument   *self,
                              LensCandidates *state)
{
  g_autofree LensEntryCheck *check = g_new (LensEntryCheck, 1);
  LensGrid puzzle;
  guint8 digits[LENS_GRID_CELLS];

  g_return_if_fail (LENS_IS_DOCUMENT (self));
  g_return_if_fail (state != NULL);

  lens_document_get_checked_puzzle (self, &puzzle);
  check_now (self, check);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    digits[i] = puzzle.digits[i] ? puzzle.digits[i]
                : check->status[i] == LENS_ENTRY_UNSURE ? 0 : self->entries[i];
  lens_candidates_init (state, digits);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (state->digits[i] == 0 && self->marks[i] != 0)
      state->marks[i] &= self->marks[i];
}

static void
apply_mistake (LensDocument        *self,
               const LensLogicStep *step)
{
  for (guint i = 0; i < step->n_cells; i++)
    {
      guint cell = step->cells[i];

      if (self->entries[cell] != 0)
        place_entry (self, cell, 0);
      else
        self->marks[cell] = 0;
    }
}

/* An elimination in a cell the player left unmarked marks it with what
 * is left: the step's work shows. */
static void
apply_placements_and_eliminations (LensDocument         *self,
                                   const LensLogicStep  *step,
                                   const LensCandidates *before)
{
  for (guint i = 0; i < step->n_eliminations; i++)
    {
      guint cell = step->eliminations[i].cell;

      if (!cell_is_empty (self, cell))
        continue;
      if (self->marks[cell] == 0)
        self->marks[cell] = before->marks[cell];
      self->marks[cell] &= ~LENS_DIGIT_BIT (step->eliminations[i].digit);
    }
  /* a digit of the player's that the reader doubts was left out of the
   * board the step was found on: the step writes over it */
  for (guint i = 0; i < step->n_placements; i++)
    if (self->grid.digits[step->placements[i].cell] == 0 && before->digits[step->placements[i].cell] == 0)
      {
        place_entry (self, step->placements[i].cell, step->placements[i].digit);
        self->helped[step->placements[i].cell] = TRUE;
      }
}

gboolean
lens_document_apply_step (LensDocument        *self,
                          const LensLogicStep *step)
{
  g_autofree LensCandidates *before = g_new (LensCandidates, 1);

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (step != NULL, FALSE);

  if (self->state == LENS_DOCUMENT_EMPTY ||
      (step->n_placements == 0 && step->n_eliminations == 0 &&
       (step->technique != LENS_TECHNIQUE_MISTAKE || step->n_cells == 0)))
    return FALSE;
  lens_document_get_candidates (self, before);
  _lens_document_note_edit (self);
  _lens_document_record_undo (self);
  memset (&self->help, 0, sizeof self->help);
  self->help.technique = step->technique;
  if (step->technique == LENS_TECHNIQUE_MISTAKE)
    {
      self->help.kind = LENS_HELP_MISTAKE;
      self->help.n_cells = step->n_cells;
      self->help.cell = step->n_cells > 0 ? step->cells[0] : 0;
      apply_mistake (self, step);
    }
  else
    {
      self->help.kind = LENS_HELP_STEP;
      self->help.n_cells = step->n_placements;
      if (step->n_placements > 0)
        {
          self->help.cell = step->placements[0].cell;
          self->help.digit = step->placements[0].digit;
        }
      apply_placements_and_eliminations (self, step, before);
    }
  /* the revision the change below makes */
  self->help_revision = self->revision + 1;
  _lens_document_changed (self);
  return TRUE;
}

const LensHelp *
lens_document_get_last_help (LensDocument *self)
{
  static const LensHelp none = { LENS_HELP_NONE };

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), NULL);

  return self->help_revision == self->revision && self->help.kind != LENS_HELP_NONE ? &self->help : &none;
}

gboolean
lens_document_reveal_cell (LensDocument *self,
                           guint         cell)
{
  guint8 digit;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, FALSE);

  if (!lens_result_is_solved (self->analysis) || self->grid.digits[cell] != 0)
    return FALSE;
  digit = self->analysis->solution.digits[cell];
  if (self->entries[cell] == digit || self->state == LENS_DOCUMENT_EMPTY)
    return FALSE;
  _lens_document_note_edit (self);
  _lens_document_record_undo (self);
  place_entry (self, cell, digit);
  self->helped[cell] = TRUE;
  self->help = (LensHelp) { .kind = LENS_HELP_REVEAL, .cell = cell, .digit = digit, .n_cells = 1 };
  self->help_revision = self->revision + 1;
  _lens_document_changed (self);
  return TRUE;
}
