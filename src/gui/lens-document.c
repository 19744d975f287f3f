/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lens-document.h"
#include "lens-error.h"

#define MAX_UNDO 500

typedef struct {
  LensGrid grid;
  LensScan scan;
  gboolean has_scan;
} Snapshot;

struct _LensDocument
{
  GObject            parent_instance;

  LensDocumentState  state;
  char              *photo_path;
  LensGrid           grid;
  LensScan           scan;
  gboolean           has_scan;
  gboolean           conflicts[LENS_GRID_CELLS];
  LensResult        *result;
  guint              revision;
  GArray            *undo;
  GArray            *redo;
};

G_DEFINE_FINAL_TYPE (LensDocument, lens_document, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
update_conflicts (LensDocument *self)
{
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    self->conflicts[i] = lens_grid_cell_conflicts (&self->grid, i);
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

static void
notify_history (LensDocument *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

static void
grid_changed (LensDocument *self)
{
  self->revision++;
  g_clear_pointer (&self->result, lens_result_free);
  update_conflicts (self);
  set_state (self, LENS_DOCUMENT_CHECK);
  g_signal_emit (self, signals[CHANGED], 0);
}

static Snapshot
take_snapshot (LensDocument *self)
{
  Snapshot snap = { 0 };

  snap.grid = self->grid;
  snap.scan = self->scan;
  snap.has_scan = self->has_scan;
  return snap;
}

static void
restore_snapshot (LensDocument   *self,
                  const Snapshot *snap)
{
  self->grid = snap->grid;
  self->scan = snap->scan;
  self->has_scan = snap->has_scan;
}

static void
push_snapshot (GArray         *stack,
               const Snapshot *snap)
{
  if (stack->len >= MAX_UNDO)
    g_array_remove_index (stack, 0);
  g_array_append_vals (stack, snap, 1);
}

static void
record_undo (LensDocument *self)
{
  Snapshot snap = take_snapshot (self);

  push_snapshot (self->undo, &snap);
  g_array_set_size (self->redo, 0);
  notify_history (self);
}

static void
lens_document_finalize (GObject *object)
{
  LensDocument *self = (LensDocument *) object;

  g_clear_pointer (&self->photo_path, g_free);
  g_clear_pointer (&self->result, lens_result_free);
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

  properties[PROP_STATE] =
    g_param_spec_int ("state", NULL, NULL,
                      LENS_DOCUMENT_EMPTY, LENS_DOCUMENT_SOLVED, LENS_DOCUMENT_EMPTY,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
lens_document_init (LensDocument *self)
{
  self->undo = g_array_new (FALSE, FALSE, sizeof (Snapshot));
  self->redo = g_array_new (FALSE, FALSE, sizeof (Snapshot));
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

const char *
lens_document_get_photo_path (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), NULL);

  return self->photo_path;
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
  g_return_if_fail (LENS_IS_DOCUMENT (self));
  g_return_if_fail (grid != NULL);

  g_free (self->photo_path);
  self->photo_path = g_strdup (photo_path);
  self->has_scan = scan != NULL;
  if (scan != NULL)
    self->scan = *scan;
  self->grid = *grid;
  g_array_set_size (self->undo, 0);
  g_array_set_size (self->redo, 0);
  notify_history (self);
  grid_changed (self);
}

void
lens_document_reread (LensDocument   *self,
                      const LensScan *scan,
                      const LensGrid *grid)
{
  g_return_if_fail (LENS_IS_DOCUMENT (self));
  g_return_if_fail (scan != NULL && grid != NULL);

  record_undo (self);
  self->scan = *scan;
  self->has_scan = TRUE;
  self->grid = *grid;
  grid_changed (self);
}

gboolean
lens_document_set_digit (LensDocument *self,
                         guint         cell,
                         guint8        digit)
{
  guint8 flags;

  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, FALSE);
  g_return_val_if_fail (digit <= 9, FALSE);

  flags = digit ? LENS_CELL_GIVEN | LENS_CELL_TYPED : 0;
  /* The same digit again is no edit, unless it confirms an uncertain one. */
  if (self->state == LENS_DOCUMENT_EMPTY ||
      (self->grid.digits[cell] == digit &&
       (self->grid.flags[cell] & ~LENS_CELL_TYPED) == (flags & ~LENS_CELL_TYPED)))
    return FALSE;

  record_undo (self);
  self->grid.digits[cell] = digit;
  self->grid.flags[cell] = flags;
  /* A typed cell has no reading: repair trusts it. */
  memset (&self->scan.cells[cell].scores, 0, sizeof self->scan.cells[cell].scores);
  self->scan.cells[cell].digit = digit;
  self->scan.cells[cell].confidence = 0;
  grid_changed (self);
  return TRUE;
}

void
lens_document_set_result (LensDocument     *self,
                          const LensResult *result)
{
  g_return_if_fail (LENS_IS_DOCUMENT (self));
  g_return_if_fail (self->state != LENS_DOCUMENT_EMPTY);

  g_clear_pointer (&self->result, lens_result_free);
  if (result != NULL)
    self->result = lens_result_copy (result);
  set_state (self, lens_result_is_solved (result) ? LENS_DOCUMENT_SOLVED : LENS_DOCUMENT_CHECK);
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
lens_document_can_undo (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  return self->undo->len > 0;
}

gboolean
lens_document_can_redo (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  return self->redo->len > 0;
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
  g_array_set_size (from, from->len - 1);
  push_snapshot (to, &current);
  restore_snapshot (self, &previous);
  notify_history (self);
  grid_changed (self);
  return TRUE;
}

gboolean
lens_document_undo (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

  return move_snapshot (self, self->undo, self->redo);
}

gboolean
lens_document_redo (LensDocument *self)
{
  g_return_val_if_fail (LENS_IS_DOCUMENT (self), FALSE);

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
