/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "lens-grid.h"
#include "lens-vision.h"

G_BEGIN_DECLS

typedef enum {
  LENS_DOCUMENT_EMPTY,   /* nothing read yet */
  LENS_DOCUMENT_CHECK,   /* the read grid, being checked and fixed */
  LENS_DOCUMENT_SOLVED,  /* a solution is shown */
} LensDocumentState;

typedef enum {
  LENS_OUTCOME_SOLVED,       /* unique solution, the grid as read */
  LENS_OUTCOME_REPAIRED,     /* unique solution after repair changed cells */
  LENS_OUTCOME_MULTIPLE,     /* more than one solution */
  LENS_OUTCOME_NO_SOLUTION,  /* no solution and repair found none either */
  LENS_OUTCOME_GAVE_UP,      /* repair stopped at its search bound */
} LensOutcome;

typedef struct {
  LensOutcome  outcome;
  LensGrid     solution;                  /* for SOLVED and REPAIRED */
  char        *reasons[LENS_GRID_CELLS];  /* why repair changed a cell */
  gboolean     suspects[LENS_GRID_CELLS]; /* cells the user should check */
  gboolean     unsure;                    /* the solution is a guess to check */
  char        *message;                   /* what is wrong, for the user */
} LensResult;

LensResult *lens_result_new      (LensOutcome       outcome);
LensResult *lens_result_copy     (const LensResult *result);
void        lens_result_free     (LensResult       *result);
gboolean    lens_result_is_solved (const LensResult *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensResult, lens_result_free)

#define LENS_TYPE_DOCUMENT (lens_document_get_type ())

G_DECLARE_FINAL_TYPE (LensDocument, lens_document, LENS, DOCUMENT, GObject)

LensDocument      *lens_document_new            (void);
LensDocumentState  lens_document_get_state      (LensDocument     *self);
const char        *lens_document_get_photo_path (LensDocument     *self);
const LensGrid    *lens_document_get_grid       (LensDocument     *self);
const LensScan    *lens_document_get_scan       (LensDocument     *self);
const LensResult  *lens_document_get_result     (LensDocument     *self);
/* Counts the changes to the grid and scan (a result is not one): work
 * begun at an older revision is stale. */
guint              lens_document_get_revision   (LensDocument     *self);

void               lens_document_load           (LensDocument     *self,
                                                 const char       *photo_path,
                                                 const LensScan   *scan,
                                                 const LensGrid   *grid);
void               lens_document_reread         (LensDocument     *self,
                                                 const LensScan   *scan,
                                                 const LensGrid   *grid);
gboolean           lens_document_set_digit      (LensDocument     *self,
                                                 guint             cell,
                                                 guint8            digit);
void               lens_document_set_result     (LensDocument     *self,
                                                 const LensResult *result);

gboolean           lens_document_can_undo       (LensDocument     *self);
gboolean           lens_document_can_redo       (LensDocument     *self);
gboolean           lens_document_undo           (LensDocument     *self);
gboolean           lens_document_redo           (LensDocument     *self);

guint              lens_document_count_givens   (LensDocument     *self);
guint              lens_document_count_uncertain (LensDocument    *self);
guint              lens_document_count_conflicts (LensDocument    *self);
gboolean           lens_document_cell_conflicts (LensDocument     *self,
                                                 guint             cell);

JsonNode          *lens_document_to_json        (LensDocument     *self);
gboolean           lens_document_load_json      (LensDocument     *self,
                                                 JsonNode         *node,
                                                 gboolean         *was_solved,
                                                 GError          **error);

G_END_DECLS
