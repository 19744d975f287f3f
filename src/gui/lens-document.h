/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "lens-grid.h"
#include "lens-result.h"
#include "lens-vision.h"

G_BEGIN_DECLS

typedef enum {
  LENS_DOCUMENT_EMPTY,   /* nothing read yet */
  LENS_DOCUMENT_CHECK,   /* the read grid, being checked and fixed */
  LENS_DOCUMENT_SOLVED,  /* a solution is shown */
} LensDocumentState;

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
