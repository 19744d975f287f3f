/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "lens-grid-view-private.h"
#include "lens-widget-util.h"

G_DEFINE_FINAL_TYPE (LensGridView, lens_grid_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_SELECTED,
  PROP_HOVERED,
  PROP_PENCIL,
  PROP_HIGHLIGHT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  DIGIT_REFUSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

guint8
lens_grid_view_get_cell (LensGridView *self,
                         guint         cell,
                         LensCellRole *role)
{
  LensGrid board;

  g_return_val_if_fail (LENS_IS_GRID_VIEW (self), 0);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, 0);

  if (self->document == NULL)
    {
      if (role)
        *role = LENS_CELL_ROLE_EMPTY;
      return 0;
    }
  lens_document_get_board (self->document, &board);
  if (role)
    *role = lens_grid_cell_role (&board, cell);
  return board.digits[cell];
}

/* How the last check found the player's digit in @cell (NONE before one). */
LensEntryStatus
_lens_grid_view_entry_status (LensGridView *self,
              guint         cell)
{
  const LensEntryCheck *check = lens_document_get_check (self->document);
  LensCellRole role;

  lens_grid_view_get_cell (self, cell, &role);
  if (check == NULL || (role != LENS_CELL_ROLE_ENTRY && role != LENS_CELL_ROLE_WRONG && role != LENS_CELL_ROLE_HELPED))
    return LENS_ENTRY_NONE;
  return check->status[cell];
}

gboolean
_lens_grid_view_is_uncertain (LensGridView *self,
              guint         cell)
{
  /* the model's rule: not a cell the player has marked or typed in */
  return lens_document_cell_is_uncertain (self->document, cell);
}

gboolean
_lens_grid_view_is_suspect (LensGridView *self,
            guint         cell)
{
  const LensResult *result = lens_document_get_result (self->document);

  return result != NULL && result->suspects[cell];
}

static char *
name_reading (guint8 digit)
{
  return digit ? g_strdup_printf ("%u", digit) : g_strdup (_("empty"));
}

/* "8, 5 or empty": the reader's other readings of @cell, the first three. */
static char *
list_alternatives (LensGridView *self,
                   guint         cell)
{
  guint8 alternatives[LENS_N_CLASSES];
  guint n = lens_document_get_alternatives (self->document, cell, alternatives);
  g_autofree char *a = n > 0 ? name_reading (alternatives[0]) : NULL;
  g_autofree char *b = n > 1 ? name_reading (alternatives[1]) : NULL;
  g_autofree char *c = n > 2 ? name_reading (alternatives[2]) : NULL;

  if (n == 0 || n == 1)
    return g_steal_pointer (&a);
  if (n == 2)
    /* TRANSLATORS: two readings of a cell, e.g. "8 or empty" */
    return g_strdup_printf (C_("alternatives", "%s or %s"), a, b);
  /* TRANSLATORS: three readings of a cell, e.g. "8, 5 or empty" */
  return g_strdup_printf (C_("alternatives", "%s, %s or %s"), a, b, c);
}

static int
cell_at (LensGridView *self,
         double        x,
         double        y)
{
  graphene_rect_t board;
  int row, col;

  _lens_grid_view_get_board (self, &board);
  if (board.size.width <= 0 || !graphene_rect_contains_point (&board, &GRAPHENE_POINT_INIT (x, y)))
    return -1;
  col = CLAMP ((int) ((x - board.origin.x) * 9 / board.size.width), 0, 8);
  row = CLAMP ((int) ((y - board.origin.y) * 9 / board.size.height), 0, 8);
  return row * 9 + col;
}

/* Square: as high as it is wide, so that what follows it sits just below. */
static GtkSizeRequestMode
lens_grid_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
lens_grid_view_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  *minimum = 9 * 24;
  *natural = for_size > 0 ? MAX (*minimum, for_size) : 9 * 48;
}

static void
append_marks (GString *text,
              guint16  marks)
{
  g_string_append (text, _(", pencil marks"));
  for (guint8 d = 1; d <= 9; d++)
    if (marks & LENS_DIGIT_BIT (d))
      g_string_append_printf (text, " %u", d);
}

char *
lens_grid_view_describe_cell (LensGridView *self,
                              guint         cell)
{
  LensCellRole role;
  guint8 digit;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *others = NULL;

  g_return_val_if_fail (LENS_IS_GRID_VIEW (self), NULL);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, NULL);

  digit = lens_grid_view_get_cell (self, cell, &role);
  g_string_printf (text, _("Row %u, column %u: "), lens_cell_row (cell) + 1, lens_cell_col (cell) + 1);
  if (digit == 0)
    g_string_append (text, _("empty"));
  else
    g_string_append_printf (text, "%u", digit);
  if (role == LENS_CELL_ROLE_CORRECTION)
    g_string_append (text, _(", typed by you"));
  else if (role == LENS_CELL_ROLE_REPAIRED)
    g_string_append (text, _(", changed by repair"));
  else if (role == LENS_CELL_ROLE_SOLVED)
    g_string_append (text, _(", solved"));
  else if (role == LENS_CELL_ROLE_ENTRY || role == LENS_CELL_ROLE_WRONG)
    g_string_append (text, _(", your digit"));
  else if (role == LENS_CELL_ROLE_HELPED)
    g_string_append (text, _(", given by a hint"));
  if (self->document && _lens_grid_view_entry_status (self, cell) == LENS_ENTRY_WRONG)
    g_string_append (text, _(", wrong"));
  else if (self->document && _lens_grid_view_entry_status (self, cell) == LENS_ENTRY_RIGHT)
    g_string_append (text, _(", right"));
  else if (self->document && (_lens_grid_view_entry_status (self, cell) == LENS_ENTRY_UNSURE ||
                               (role == LENS_CELL_ROLE_ENTRY && lens_document_cell_is_doubtful (self->document, cell))))
    g_string_append (text, _(", hard to read: compare it with the photo"));
  if (self->document && digit == 0 && lens_document_get_marks (self->document)[cell] != 0)
    append_marks (text, lens_document_get_marks (self->document)[cell]);
  else if (self->document && digit == 0 && lens_document_get_scan (self->document) != NULL &&
           lens_document_get_scan (self->document)->cells[cell].kind == LENS_READ_KIND_CANDIDATES)
    g_string_append (text, _(", pencil marks in the photo"));
  if (self->hint_cells[cell])
    g_string_append (text, _(", part of the hint"));
  if (self->document && lens_document_cell_conflicts (self->document, cell))
    g_string_append (text, _(", conflicts with another cell"));
  else if (self->document && _lens_grid_view_is_suspect (self, cell))
    g_string_append (text, _(", to check against the photo"));
  else if (self->document && _lens_grid_view_is_uncertain (self, cell))
    g_string_append (text, _(", uncertain"));
  others = self->document ? list_alternatives (self, cell) : NULL;
  if (others != NULL)
    g_string_append_printf (text, _(", could also be %s"), others);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
update_accessible (LensGridView *self)
{
  g_autofree char *description = NULL;

  if (self->selected >= 0 && self->document != NULL)
    description = lens_grid_view_describe_cell (self, self->selected);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description ? description : _("No cell selected"),
                                  -1);
}

void
lens_grid_view_set_selected (LensGridView *self,
                             int           cell)
{
  g_return_if_fail (LENS_IS_GRID_VIEW (self));
  g_return_if_fail (cell >= -1 && cell < LENS_GRID_CELLS);

  if (self->selected == cell)
    return;
  self->selected = cell;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

static void
set_hovered (LensGridView *self,
             int           cell)
{
  if (self->hovered == cell)
    return;
  self->hovered = cell;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVERED]);
}

static gboolean
move_selection (LensGridView *self,
                int           drow,
                int           dcol)
{
  int cell = MAX (self->selected, 0);
  int row = CLAMP (cell / 9 + drow, 0, 8);
  int col = CLAMP (cell % 9 + dcol, 0, 8);

  lens_grid_view_set_selected (self, row * 9 + col);
  return TRUE;
}

static gboolean
step_selection (LensGridView *self,
                int           step)
{
  int next = self->selected + step;

  if (self->selected < 0)
    next = step > 0 ? 0 : LENS_GRID_CELLS - 1;
  if (next < 0 || next >= LENS_GRID_CELLS)
    return FALSE;
  lens_grid_view_set_selected (self, next);
  return TRUE;
}

static int
digit_for_key (guint keyval)
{
  if (keyval >= GDK_KEY_0 && keyval <= GDK_KEY_9)
    return (int) (keyval - GDK_KEY_0);
  if (keyval >= GDK_KEY_KP_0 && keyval <= GDK_KEY_KP_9)
    return (int) (keyval - GDK_KEY_KP_0);
  if (keyval == GDK_KEY_Delete || keyval == GDK_KEY_KP_Delete || keyval == GDK_KEY_BackSpace ||
      keyval == GDK_KEY_space)
    return 0;
  return -1;
}

static gboolean
refuse_locked (LensGridView *self)
{
  if (!lens_document_is_locked (self->document, self->selected))
    return FALSE;
  gtk_widget_error_bell (GTK_WIDGET (self));
  g_signal_emit (self, signals[DIGIT_REFUSED], 0, self->selected);
  return TRUE;
}

/* Adds or takes out a pencil mark in the selected cell. */
static gboolean
type_mark (LensGridView *self,
           guint8        digit)
{
  guint16 marks;

  if (self->selected < 0 || self->document == NULL || refuse_locked (self))
    return self->selected >= 0;
  marks = lens_document_get_marks (self->document)[self->selected];
  if (lens_grid_view_get_cell (self, self->selected, NULL) != 0 ||
      lens_document_get_kind (self->document, self->selected) != LENS_READ_KIND_EMPTY)
    gtk_widget_error_bell (GTK_WIDGET (self));
  else
    lens_document_set_marks (self->document, self->selected, marks ^ LENS_DIGIT_BIT (digit));
  return TRUE;
}

static gboolean
key_pressed_cb (LensGridView          *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  int digit;

  if ((state & GDK_CONTROL_MASK) && !(state & GDK_ALT_MASK) && (digit = digit_for_key (keyval)) > 0)
    return type_mark (self, (guint8) digit);
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Up: case GDK_KEY_KP_Up: return move_selection (self, -1, 0);
    case GDK_KEY_Down: case GDK_KEY_KP_Down: return move_selection (self, 1, 0);
    case GDK_KEY_Left: case GDK_KEY_KP_Left: return move_selection (self, 0, -1);
    case GDK_KEY_Right: case GDK_KEY_KP_Right: return move_selection (self, 0, 1);
    case GDK_KEY_Tab: case GDK_KEY_KP_Tab: return step_selection (self, 1);
    case GDK_KEY_ISO_Left_Tab: return step_selection (self, -1);
    default: break;
    }
  if (keyval == GDK_KEY_Menu || (keyval == GDK_KEY_F10 && (state & GDK_SHIFT_MASK)))
    return lens_grid_view_popup_cell_menu (self);
  digit = digit_for_key (keyval);
  if (digit < 0 || self->selected < 0 || self->document == NULL)
    return FALSE;
  if (self->pencil && digit > 0)
    return type_mark (self, (guint8) digit);
  if (refuse_locked (self))
    return TRUE;
  /* clearing an empty cell clears its marks */
  if (digit == 0 && lens_grid_view_get_cell (self, self->selected, NULL) == 0)
    lens_document_set_marks (self->document, self->selected, 0);
  else
    lens_document_type_digit (self->document, self->selected, (guint8) digit);
  return TRUE;
}

void
lens_grid_view_set_pencil (LensGridView *self,
                           gboolean      pencil)
{
  g_return_if_fail (LENS_IS_GRID_VIEW (self));

  pencil = !!pencil;
  if (self->pencil == pencil)
    return;
  self->pencil = pencil;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENCIL]);
}

gboolean
lens_grid_view_get_pencil (LensGridView *self)
{
  g_return_val_if_fail (LENS_IS_GRID_VIEW (self), FALSE);

  return self->pencil;
}

void
lens_grid_view_set_highlight (LensGridView *self,
                              gboolean      highlight)
{
  g_return_if_fail (LENS_IS_GRID_VIEW (self));

  highlight = !!highlight;
  if (self->highlight == highlight)
    return;
  self->highlight = highlight;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIGHLIGHT]);
}

gboolean
lens_grid_view_get_highlight (LensGridView *self)
{
  g_return_val_if_fail (LENS_IS_GRID_VIEW (self), FALSE);

  return self->highlight;
}

LensCellHighlight
lens_grid_view_get_cell_highlight (LensGridView *self,
                                   guint         cell)
{
  guint8 digit;
  guint selected;

  g_return_val_if_fail (LENS_IS_GRID_VIEW (self), LENS_CELL_HIGHLIGHT_NONE);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, LENS_CELL_HIGHLIGHT_NONE);

  if (!self->highlight || self->document == NULL || self->selected < 0 || (int) cell == self->selected ||
      lens_document_get_state (self->document) == LENS_DOCUMENT_EMPTY)
    return LENS_CELL_HIGHLIGHT_NONE;
  selected = (guint) self->selected;
  digit = lens_grid_view_get_cell (self, selected, NULL);
  if (digit != 0 && lens_grid_view_get_cell (self, cell, NULL) == digit)
    return LENS_CELL_HIGHLIGHT_DIGIT;
  if (lens_cell_row (cell) == lens_cell_row (selected) || lens_cell_col (cell) == lens_cell_col (selected) ||
      lens_cell_box (cell) == lens_cell_box (selected))
    return LENS_CELL_HIGHLIGHT_UNIT;
  return LENS_CELL_HIGHLIGHT_NONE;
}

void
lens_grid_view_set_hint (LensGridView        *self,
                         const LensLogicStep *step)
{
  g_return_if_fail (LENS_IS_GRID_VIEW (self));

  memset (self->hint_cells, 0, sizeof self->hint_cells);
  memset (self->hint_units, 0, sizeof self->hint_units);
  for (guint i = 0; step != NULL && i < step->n_units; i++)
    for (guint k = 0; k < 9; k++)
      self->hint_units[lens_unit_cell (step->units[i], k)] = TRUE;
  for (guint i = 0; step != NULL && i < step->n_cells; i++)
    self->hint_cells[step->cells[i]] = TRUE;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
lens_grid_view_is_hinted (LensGridView *self,
                          guint         cell)
{
  g_return_val_if_fail (LENS_IS_GRID_VIEW (self), FALSE);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, FALSE);

  return self->hint_cells[cell];
}

void
lens_grid_view_set_cell_menu (LensGridView *self,
                              GMenuModel   *menu)
{
  g_return_if_fail (LENS_IS_GRID_VIEW (self));
  g_return_if_fail (menu == NULL || G_IS_MENU_MODEL (menu));

  g_clear_pointer (&self->cell_menu, gtk_widget_unparent);
  if (menu == NULL)
    return;
  self->cell_menu = gtk_popover_menu_new_from_model (menu);
  gtk_widget_set_parent (self->cell_menu, GTK_WIDGET (self));
}

gboolean
lens_grid_view_popup_cell_menu (LensGridView *self)
{
  graphene_rect_t board, rect;

  g_return_val_if_fail (LENS_IS_GRID_VIEW (self), FALSE);

  if (self->cell_menu == NULL || self->selected < 0 || self->document == NULL ||
      lens_document_get_state (self->document) == LENS_DOCUMENT_EMPTY)
    return FALSE;
  _lens_grid_view_get_board (self, &board);
  _lens_grid_view_get_cell_rect (&board, self->selected, &rect);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->cell_menu),
                               &(GdkRectangle) { rect.origin.x, rect.origin.y, rect.size.width, rect.size.height });
  gtk_popover_popup (GTK_POPOVER (self->cell_menu));
  return TRUE;
}

static void
pressed_cb (LensGridView    *self,
            int              n_press,
            double           x,
            double           y,
            GtkGestureClick *gesture)
{
  int cell = cell_at (self, x, y);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (cell >= 0)
    lens_grid_view_set_selected (self, cell);
  if (cell >= 0 && gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture)) == GDK_BUTTON_SECONDARY)
    lens_grid_view_popup_cell_menu (self);
}

static void
motion_cb (LensGridView             *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *controller)
{
  set_hovered (self, cell_at (self, x, y));
}

static void
leave_cb (LensGridView             *self,
          GtkEventControllerMotion *controller)
{
  set_hovered (self, -1);
}

static char *
doubt_tooltip (LensGridView *self,
               guint         cell,
               const char   *doubt)
{
  g_autofree char *others = list_alternatives (self, cell);

  if (others == NULL)
    return g_strdup (doubt);
  /* TRANSLATORS: what the reader doubted, then its other readings */
  return g_strdup_printf (_("%s. It could also be %s."), doubt, others);
}

static char *
cell_tooltip (LensGridView *self,
              guint         cell)
{
  const LensResult *result = lens_document_get_result (self->document);

  if (lens_result_is_solved (result) && result->reasons[cell] != NULL && _lens_grid_view_is_suspect (self, cell))
    return g_strdup_printf ("%s\n%s", result->reasons[cell], _("Check this cell against the photo"));
  if (lens_result_is_solved (result) && result->reasons[cell] != NULL)
    return g_strdup (result->reasons[cell]);
  if (lens_document_cell_conflicts (self->document, cell))
    return g_strdup (_("This digit appears twice in a row, column or box"));
  if (_lens_grid_view_entry_status (self, cell) == LENS_ENTRY_WRONG)
    return g_strdup (_("This digit of yours is wrong"));
  if (_lens_grid_view_entry_status (self, cell) == LENS_ENTRY_UNSURE)
    return doubt_tooltip (self, cell, _("The reader is not sure what you wrote here: compare it with the photo"));
  if (_lens_grid_view_is_suspect (self, cell))
    return g_strdup (_("Check this cell against the photo"));
  if (_lens_grid_view_is_uncertain (self, cell) && lens_document_get_grid (self->document)->digits[cell] == 0)
    return doubt_tooltip (self, cell, _("The reader was unsure whether this cell is empty"));
  if (_lens_grid_view_is_uncertain (self, cell))
    return doubt_tooltip (self, cell, _("The reader was unsure of this digit"));
  return NULL;
}

char *
lens_grid_view_get_cell_tooltip (LensGridView *self,
                                 guint         cell)
{
  g_return_val_if_fail (LENS_IS_GRID_VIEW (self), NULL);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, NULL);

  return self->document != NULL ? cell_tooltip (self, cell) : NULL;
}

static gboolean
query_tooltip_cb (LensGridView *self,
                  int           x,
                  int           y,
                  gboolean      keyboard,
                  GtkTooltip   *tooltip)
{
  int cell = keyboard ? self->selected : cell_at (self, x, y);
  g_autofree char *text = NULL;
  graphene_rect_t board, rect;

  if (cell < 0 || self->document == NULL || (text = cell_tooltip (self, cell)) == NULL)
    return FALSE;
  _lens_grid_view_get_board (self, &board);
  _lens_grid_view_get_cell_rect (&board, cell, &rect);
  gtk_tooltip_set_text (tooltip, text);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { rect.origin.x, rect.origin.y,
                                                       rect.size.width, rect.size.height });
  return TRUE;
}

static void
document_changed_cb (LensGridView *self)
{
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
lens_grid_view_set_document (LensGridView *self,
                             LensDocument *document)
{
  g_return_if_fail (LENS_IS_GRID_VIEW (self));
  g_return_if_fail (!document || LENS_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document)
    g_signal_handlers_disconnect_by_func (self->document, document_changed_cb, self);
  g_set_object (&self->document, document);
  if (document)
    g_signal_connect_object (document, "changed", G_CALLBACK (document_changed_cb), self,
                             G_CONNECT_SWAPPED);
  document_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

int
lens_grid_view_get_selected (LensGridView *self)
{
  g_return_val_if_fail (LENS_IS_GRID_VIEW (self), -1);

  return self->selected;
}

int
lens_grid_view_get_hovered (LensGridView *self)
{
  g_return_val_if_fail (LENS_IS_GRID_VIEW (self), -1);

  return self->hovered;
}

static void
lens_grid_view_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  LensGridView *self = LENS_GRID_VIEW (widget);

  if (self->cell_menu != NULL)
    gtk_popover_present (GTK_POPOVER (self->cell_menu));
}

static void
lens_grid_view_dispose (GObject *object)
{
  LensGridView *self = LENS_GRID_VIEW (object);

  g_clear_pointer (&self->cell_menu, gtk_widget_unparent);
  lens_grid_view_set_document (self, NULL);

  G_OBJECT_CLASS (lens_grid_view_parent_class)->dispose (object);
}

static void
lens_grid_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  LensGridView *self = LENS_GRID_VIEW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT: g_value_set_object (value, self->document); break;
    case PROP_SELECTED: g_value_set_int (value, self->selected); break;
    case PROP_HOVERED: g_value_set_int (value, self->hovered); break;
    case PROP_PENCIL: g_value_set_boolean (value, self->pencil); break;
    case PROP_HIGHLIGHT: g_value_set_boolean (value, self->highlight); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lens_grid_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  LensGridView *self = LENS_GRID_VIEW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT: lens_grid_view_set_document (self, g_value_get_object (value)); break;
    case PROP_SELECTED: lens_grid_view_set_selected (self, g_value_get_int (value)); break;
    case PROP_PENCIL: lens_grid_view_set_pencil (self, g_value_get_boolean (value)); break;
    case PROP_HIGHLIGHT: lens_grid_view_set_highlight (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lens_grid_view_class_init (LensGridViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lens_grid_view_dispose;
  object_class->get_property = lens_grid_view_get_property;
  object_class->set_property = lens_grid_view_set_property;
  widget_class->snapshot = _lens_grid_view_snapshot;
  lens_widget_class_redraw_on_css_change (widget_class);
  widget_class->get_request_mode = lens_grid_view_get_request_mode;
  widget_class->measure = lens_grid_view_measure;
  widget_class->size_allocate = lens_grid_view_size_allocate;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, LENS_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED] =
    g_param_spec_int ("selected", NULL, NULL, -1, LENS_GRID_CELLS - 1, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HOVERED] =
    g_param_spec_int ("hovered", NULL, NULL, -1, LENS_GRID_CELLS - 1, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Digits typed are pencil marks (Ctrl+digit the other way round). */
  properties[PROP_PENCIL] =
    g_param_spec_boolean ("pencil", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The selection's row, column, box and digit are tinted. */
  properties[PROP_HIGHLIGHT] =
    g_param_spec_boolean ("highlight", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A digit typed over a printed one while playing: it is locked. */
  signals[DIGIT_REFUSED] =
    g_signal_new ("digit-refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_css_name (widget_class, "lensgridview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
add_controllers (LensGridView *self)
{
  GtkEventController *key = gtk_event_controller_key_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect_swapped (key, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (pressed_cb), self);
  g_signal_connect_swapped (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
}

static void
lens_grid_view_init (LensGridView *self)
{
  self->selected = -1;
  self->hovered = -1;
  self->highlight = TRUE;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
  g_signal_connect (self, "notify::has-focus", G_CALLBACK (gtk_widget_queue_draw), NULL);
  add_controllers (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Sudoku grid"), -1);
}

GtkWidget *
lens_grid_view_new (void)
{
  return g_object_new (LENS_TYPE_GRID_VIEW, NULL);
}
