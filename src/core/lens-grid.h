/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define LENS_GRID_CELLS 81

typedef enum {
  LENS_CELL_GIVEN      = 1 << 0,  /* printed in the puzzle */
  LENS_CELL_REPAIRED   = 1 << 1,  /* changed by repair */
  LENS_CELL_SOLVED     = 1 << 2,  /* filled in by the solver */
  LENS_CELL_UNCERTAIN  = 1 << 3,  /* the recognizer was unsure */
  LENS_CELL_CORRECTION = 1 << 4,  /* with GIVEN: the player's correction to the printed puzzle */
  LENS_CELL_ENTRY      = 1 << 5,  /* an entry: the player's own digit, beside the puzzle's */
  LENS_CELL_WRONG      = 1 << 6,  /* with ENTRY: a check found it wrong */
  LENS_CELL_HELPED     = 1 << 7,  /* with ENTRY: placed by a hint or revealed, not found by the player */
} LensCellFlags;

#define LENS_CELL_KNOWN_FLAGS (LENS_CELL_GIVEN | LENS_CELL_REPAIRED | LENS_CELL_SOLVED | LENS_CELL_UNCERTAIN | \
                               LENS_CELL_CORRECTION | LENS_CELL_ENTRY | LENS_CELL_WRONG | LENS_CELL_HELPED)

typedef struct {
  guint8 digits[LENS_GRID_CELLS];  /* 0 = empty, 1..9 */
  guint8 flags[LENS_GRID_CELLS];   /* LensCellFlags */
} LensGrid;

typedef struct {
  guint8 a, b;  /* cell indices, a < b, holding the same digit in one unit */
} LensConflict;

static inline guint lens_cell_row (guint cell) { return cell / 9; }
static inline guint lens_cell_col (guint cell) { return cell % 9; }
static inline guint lens_cell_box (guint cell) { return (cell / 27) * 3 + (cell % 9) / 3; }

void      lens_grid_clear            (LensGrid       *grid);
void      lens_grid_set_digits       (LensGrid       *grid,
                                      const guint8   *digits);
void      lens_grid_mark_givens      (LensGrid       *grid);
guint     lens_grid_count_filled     (const LensGrid *grid);
gboolean  lens_grid_equal_digits     (const LensGrid *a,
                                      const LensGrid *b);

gboolean  lens_grid_parse            (LensGrid       *grid,
                                      const char     *text,
                                      gssize          length,
                                      GError        **error);
gboolean  lens_grid_load_file        (LensGrid       *grid,
                                      const char     *path,
                                      GError        **error);
char     *lens_grid_to_line          (const LensGrid *grid);
char     *lens_grid_to_text          (const LensGrid *grid);
/* The same text for @digits, each cell whose @before (nullable) is not
 * NULL written between @before and @after (colours on a terminal). */
char     *lens_digits_to_text        (const guint8    digits[LENS_GRID_CELLS],
                                      const char     *const before[LENS_GRID_CELLS],
                                      const char     *after);

GArray   *lens_grid_find_conflicts   (const LensGrid *grid);
gboolean  lens_grid_cell_conflicts   (const LensGrid *grid,
                                      guint           cell);
gboolean  lens_grid_is_solution_of   (const LensGrid *solution,
                                      const LensGrid *puzzle);

G_END_DECLS
