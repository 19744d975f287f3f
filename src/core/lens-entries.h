/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The player's own digits (entries) beside the printed puzzle, and how
 * they stand against its solution. Pure GLib, thread-safe. */

#include "lens-grid.h"
#include "lens-repair.h"

G_BEGIN_DECLS

typedef enum {
  LENS_ENTRY_NONE,       /* no entry in this cell */
  LENS_ENTRY_UNCHECKED,  /* no solution to check it against, and no clash */
  LENS_ENTRY_RIGHT,      /* the solution's digit */
  LENS_ENTRY_WRONG,      /* not the solution's digit, or it clashes */
  LENS_ENTRY_UNSURE,     /* would be wrong, but the reader doubts what is written */
} LensEntryStatus;

typedef struct {
  guint8 status[LENS_GRID_CELLS];  /* LensEntryStatus */
  guint8 reading[LENS_GRID_CELLS]; /* the entry as read with the puzzle's rules, 0 where none */
  guint  n_entries;
  guint  n_right;
  guint  n_wrong;
  guint  n_unsure;
  guint  n_unchecked;
} LensEntryCheck;

/* Checks @entries (0 = none; an entry over one of @puzzle's digits is
 * ignored) against @solution, or, with @solution NULL, against each other
 * and @puzzle's digits only. @scores (nullable: typed entries) are the
 * reader's probabilities for each cell: an entry that would be called
 * wrong but whose reading is in doubt (its digit under 0.99, or the right
 * digit at 0.005 or more) is UNSURE instead: a player is never called
 * wrong on a doubtful reading. */
void        lens_entries_check           (const LensGrid         *puzzle,
                                          const LensGrid         *solution,
                                          const guint8            entries[LENS_GRID_CELLS],
                                          const LensRepairScores *scores,
                                          LensEntryCheck         *check);

/* A player writes the solution's digit far more often than another: the
 * prior of lens_entries_check(), the probability that an entry is not the
 * solution's digit. Chosen on photos kept out of training (the tune ones
 * of both papers, and their entries swapped): the smallest of 0.01, 0.03,
 * 0.1, 0.3 and 0.5 that leaves no more swapped entries called right than
 * the pictures alone do (docs/handwritten.md). */
#define LENS_ENTRY_EPSILON 0.5
/* An epsilon that makes every digit as likely: the reader's scores alone. */
#define LENS_ENTRY_NO_PRIOR (8.0 / 9.0)

/* lens_entries_check() with the prior @epsilon. With a solution and a
 * read (not typed) entry, the reading of each cell is the reader's
 * probabilities of the digits 1..9 times the prior (1 - @epsilon for the
 * solution's digit, @epsilon / 8 for each other), in check->reading: the
 * solution's digit is RIGHT; another is WRONG only while the reading
 * keeps the solution's digit under 0.1 and the picture alone gives its
 * digit 0.99 or more, else UNSURE. A reading the picture alone gives is
 * kept at @epsilon LENS_ENTRY_NO_PRIOR or more. */
void        lens_entries_check_with_prior (const LensGrid         *puzzle,
                                           const LensGrid         *solution,
                                           const guint8            entries[LENS_GRID_CELLS],
                                           const LensRepairScores *scores,
                                           double                  epsilon,
                                           LensEntryCheck         *check);

/* The check in a few sentences for the player: "All 51 of your entries
 * are right.", "2 of your 51 entries are wrong." and so on. @solved says
 * whether @check had a solution to go by (else it found only clashes). */
char       *lens_entry_check_describe    (const LensEntryCheck   *check,
                                          gboolean                solved);

/* The entries as a line of 81 characters, '.' where none (newly allocated). */
char       *lens_entries_to_line         (const guint8            entries[LENS_GRID_CELLS]);
/* Parses 81 digits, '.' or '0' for none (whitespace ignored). */
gboolean    lens_entries_parse           (guint8                  entries[LENS_GRID_CELLS],
                                          const char             *text,
                                          GError                **error);

const char *lens_entry_status_to_string  (LensEntryStatus         status);

G_END_DECLS
