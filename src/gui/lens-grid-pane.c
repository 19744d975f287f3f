/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-cell-legend.h"
#include "lens-grid-pane.h"
#include "lens-widget-util.h"

struct _LensGridPane
{
  GtkBox        parent_instance;

  LensGridView *grid_view;
  GtkWidget    *message_box;
  GtkLabel     *message_label;
  GtkWidget    *overrule_button;
  GtkWidget    *next_button;
  GtkLabel     *status_label;
  GtkLabel     *level_label;
  LensCloseUp  *close_up;
  GtkLabel     *numerals_label;
  GtkWidget    *legend;
  GtkWidget    *legend_row;
  GMenuModel   *cell_menu;

  LensDocument *document;
};

G_DEFINE_FINAL_TYPE (LensGridPane, lens_grid_pane, GTK_TYPE_BOX)

/* The player's digits the solution has another digit in, named (the
 * first three), NULL if none: the solution shows in their place. */
static char *
describe_replaced_entries (const LensResult *result,
                           const guint8     *entries,
                           guint            *n_replaced)
{
  g_autoptr(GString) named = g_string_new (NULL);
  guint n = 0;

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      g_autofree char *cell = NULL;

      if (entries[i] == 0 || entries[i] == result->solution.digits[i])
        continue;
      if (n++ >= 3)
        continue;
      cell = lens_cell_name (i);
      if (named->len > 0)
        g_string_append (named, ", ");
      /* TRANSLATORS: the player's digit, a cell (r2c1), the solution's digit there */
      g_string_append_printf (named, _("your %u in %s is %u"), entries[i], cell, result->solution.digits[i]);
    }
  *n_replaced = n;
  return n > 0 ? g_string_free (g_steal_pointer (&named), FALSE) : NULL;
}

static gboolean
entries_replaced (const LensResult *result,
                  const guint8     *entries)
{
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (entries[i] != 0 && entries[i] != result->solution.digits[i])
      return TRUE;
  return FALSE;
}

/* What the message bar says of a solution that is no guess. */
static char *
describe_success (const LensResult *result,
                  const guint8     *entries)
{
  guint repaired = 0, n_replaced;
  g_autofree char *replaced = describe_replaced_entries (result, entries, &n_replaced);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    repaired += result->reasons[i] != NULL;
  if (replaced != NULL)
    /* TRANSLATORS: %s lists the player's digits the solution differs from, as "your 9 in r2c1 is 5" */
    return g_strdup_printf (ngettext ("Solved. The solution differs from %u of your digits: %s.",
                                      "Solved. The solution differs from %u of your digits: %s.", n_replaced),
                            n_replaced, replaced);
  if (repaired == 0)
    return g_strdup (_("Solved. The puzzle was read without a single repair."));
  return g_strdup_printf (ngettext ("Repair changed %u cell, shown in purple italics with a corner mark: check it against the photo.",
                                    "Repair changed %u cells, shown in purple italics with a corner mark: check them against the photo.",
                                    repaired), repaired);
}

/* The banner's colour: success only for a sure solution with nothing
 * changed; anything to check is a warning; no solution is an error. */
static const char *
message_style (const LensResult *result,
              gboolean          replaced)
{
  switch (result->outcome)
    {
    case LENS_OUTCOME_SOLVED: return result->unsure || replaced ? "warning" : "success";
    case LENS_OUTCOME_REPAIRED: return "warning";
    case LENS_OUTCOME_CORRECTIONS_BLOCK: return "warning";
    case LENS_OUTCOME_MULTIPLE:
    case LENS_OUTCOME_NO_SOLUTION:
    case LENS_OUTCOME_GAVE_UP:
    default: return "error";
    }
}

/* The cells the message asks the user to check: those it names, or else
 * the ones repair changed. */
static guint
get_cells_to_check (const LensResult *result,
                    gboolean          cells[LENS_GRID_CELLS])
{
  guint n = 0, named = 0;

  for (guint i = 0; result != NULL && i < LENS_GRID_CELLS; i++)
    named += result->suspects[i];
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      cells[i] = result != NULL && (named ? result->suspects[i] : result->reasons[i] != NULL);
      n += cells[i];
    }
  return n;
}

static void
set_message_style (LensGridPane *self,
                   const char *style)
{
  static const char * const styles[] = { "success", "warning", "error", "accent" };

  for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
    if (g_strcmp0 (style, styles[i]) == 0)
      gtk_widget_add_css_class (self->message_box, styles[i]);
    else
      gtk_widget_remove_css_class (self->message_box, styles[i]);
}

/* The banner: what the solve came to, or else how the player's digits
 * stand. */
void
lens_grid_pane_update_message (LensGridPane *self,
                               const char   *play_message,
                               const char   *play_style)
{
  const LensResult *result = lens_document_get_result (self->document);
  gboolean solved = lens_result_is_solved (result);
  g_autofree char *success = NULL;
  const char *text = result ? result->message : NULL;
  const char *style = NULL;
  gboolean cells[LENS_GRID_CELLS];
  guint n_cells = get_cells_to_check (result, cells);
  LensGrid board;

  if (solved && text == NULL)
    text = success = describe_success (result, lens_document_get_entries (self->document));
  if (result != NULL)
    style = message_style (result, solved && entries_replaced (result, lens_document_get_entries (self->document)));
  g_return_if_fail (LENS_IS_GRID_PANE (self));

  if (result == NULL && play_message != NULL)
    {
      text = play_message;
      style = play_style;
    }
  gtk_widget_set_visible (self->message_box, text != NULL);
  gtk_label_set_label (self->message_label, text ? text : "");
  set_message_style (self, style);
  gtk_widget_set_visible (self->overrule_button, result && result->outcome == LENS_OUTCOME_CORRECTIONS_BLOCK);
  gtk_button_set_label (GTK_BUTTON (self->overrule_button),
                        ngettext ("_Let Repair Change It", "_Let Repair Change Them", MAX (n_cells, 1)));
  gtk_widget_set_visible (self->next_button, n_cells > 0);
  lens_document_get_board (self->document, &board);
  lens_cell_legend_set_grid (LENS_CELL_LEGEND (self->legend), &board);
  lens_cell_legend_set_clash (LENS_CELL_LEGEND (self->legend),
                              !solved && lens_document_count_conflicts (self->document) > 0);
}

/* The sides of the close-up of the selected cell. Narrow, the grid's view
 * has the room for one that reads as well as the grid's digit. */
#define NARROW_CLOSE_UP 96
#define WIDE_CLOSE_UP   64

void
lens_grid_pane_set_narrow (LensGridPane *self,
                           gboolean      narrow)
{
  GtkWidget *row = gtk_widget_get_parent (GTK_WIDGET (self->close_up));
  GtkWidget *column = gtk_widget_get_parent (GTK_WIDGET (self->numerals_label));
  g_autoptr(GtkWidget) legend = g_object_ref (self->legend);

  g_return_if_fail (LENS_IS_GRID_PANE (self));

  gtk_box_set_spacing (GTK_BOX (self), narrow ? 8 : 12);
  gtk_box_set_spacing (GTK_BOX (row), narrow ? 6 : 12);
  lens_close_up_set_size (self->close_up, narrow ? NARROW_CLOSE_UP : WIDE_CLOSE_UP);
  gtk_box_remove (GTK_BOX (gtk_widget_get_parent (legend)), legend);
  gtk_box_append (GTK_BOX (narrow ? self->legend_row : column), legend);
  gtk_widget_set_visible (self->legend_row, narrow);
}

int
lens_grid_pane_update_close_up (LensGridPane *self)
{
  LensGridView *grid_view = self->grid_view;
  int cell, selected;

  g_return_val_if_fail (LENS_IS_GRID_PANE (self) && self->document != NULL, -1);

  cell = lens_grid_view_get_hovered (grid_view);
  selected = lens_grid_view_get_selected (grid_view);
  /* a hint shown: the cell it chose, wherever else the pointer rests */
  if (cell >= 0 && selected >= 0 && lens_grid_view_is_hinted (grid_view, selected) &&
      !lens_grid_view_is_hinted (grid_view, cell))
    cell = -1;
  if (cell < 0)
    cell = selected;
  /* none: the first of the player's digits the reader doubts */
  if (cell < 0)
    cell = lens_document_first_unsure_entry (self->document);
  if (!lens_close_up_show_cell (self->close_up, lens_document_get_image (self->document),
                                lens_document_get_scan (self->document), cell))
    return -1;
  return cell;
}

void
lens_grid_pane_select_next_check (LensGridPane *self)
{
  gboolean cells[LENS_GRID_CELLS];
  int from = lens_grid_view_get_selected (self->grid_view);

  if (get_cells_to_check (lens_document_get_result (self->document), cells) == 0)
    return;
  for (guint step = 1; step <= LENS_GRID_CELLS; step++)
    {
      guint cell = (guint) (from + (int) step + LENS_GRID_CELLS) % LENS_GRID_CELLS;

      if (cells[cell])
        {
          lens_grid_view_set_selected (self->grid_view, (int) cell);
          gtk_widget_grab_focus (GTK_WIDGET (self->grid_view));
          return;
        }
    }
}

/* Which numerals the board was read in, when it came from a photo. */
static void
update_numerals (LensGridPane *self)
{
  const LensScan *scan = lens_document_get_scan (self->document);

  gtk_widget_set_visible (GTK_WIDGET (self->numerals_label), scan != NULL);
  if (scan == NULL)
    return;
  gtk_label_set_label (self->numerals_label,
                       scan->numerals == LENS_NUMERALS_CHINESE
                         ? _("Printed in Chinese numerals (一 to 九)")
                         : _("Printed in Arabic numerals"));
}

/* The puzzle's difficulty, once rated. */
static void
update_level (LensGridPane *self)
{
  const LensLogicRating *rating = lens_document_get_rating (self->document);
  g_autofree char *tooltip = NULL;

  /* hidden, not gone: its room stays (reserve_level_room) */
  lens_widget_set_shown (GTK_WIDGET (self->level_label), rating != NULL);
  if (rating == NULL)
    return;
  gtk_label_set_label (self->level_label, lens_level_get_label (rating->level));
  /* TRANSLATORS: the level (Easy…Very Hard), its score, and the hardest technique it needs */
  tooltip = g_strdup_printf (_("Difficulty: %s (score %.1f); the hardest technique it needs: %s"),
                             lens_level_get_label (rating->level), rating->score,
                             lens_technique_get_label (rating->hardest));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->level_label), tooltip);
}

/* The room of the widest level, kept whether one shows or not: the status
 * beside it keeps its lines, and the grid above stays put when the rating
 * comes with the puzzle's analysis. */
static void
reserve_level_room (LensGridPane *self)
{
  int widest = 0;

  for (LensLevel level = 0; level < LENS_N_LEVELS; level++)
    {
      int natural;

      gtk_label_set_label (self->level_label, lens_level_get_label (level));
      gtk_widget_measure (GTK_WIDGET (self->level_label), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural,
                          NULL, NULL);
      widest = MAX (widest, natural);
    }
  gtk_label_set_label (self->level_label, "");
  gtk_widget_set_size_request (GTK_WIDGET (self->level_label), widest, -1);
}


static void
document_changed_cb (LensGridPane *self)
{
  update_level (self);
  update_numerals (self);
}

void
lens_grid_pane_set_document (LensGridPane *self,
                             LensDocument *document)
{
  g_return_if_fail (LENS_IS_GRID_PANE (self));
  g_return_if_fail (LENS_IS_DOCUMENT (document));

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  lens_grid_view_set_document (self->grid_view, document);
  g_signal_connect_object (document, "changed", G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
  document_changed_cb (self);
}

LensGridView *
lens_grid_pane_get_grid_view (LensGridPane *self)
{
  g_return_val_if_fail (LENS_IS_GRID_PANE (self), NULL);

  return self->grid_view;
}

LensCloseUp *
lens_grid_pane_get_close_up (LensGridPane *self)
{
  g_return_val_if_fail (LENS_IS_GRID_PANE (self), NULL);

  return self->close_up;
}

void
lens_grid_pane_set_status (LensGridPane *self,
                           const char   *status)
{
  g_return_if_fail (LENS_IS_GRID_PANE (self));

  gtk_label_set_label (self->status_label, status);
}

static void
lens_grid_pane_dispose (GObject *object)
{
  LensGridPane *self = LENS_GRID_PANE (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  lens_widget_dispose_template (GTK_WIDGET (self), LENS_TYPE_GRID_PANE);

  G_OBJECT_CLASS (lens_grid_pane_parent_class)->dispose (object);
}

static void
lens_grid_pane_class_init (LensGridPaneClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = lens_grid_pane_dispose;
  g_type_ensure (LENS_TYPE_CELL_LEGEND);
  g_type_ensure (LENS_TYPE_CLOSE_UP);
  g_type_ensure (LENS_TYPE_GRID_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/sudokulens/SudokuLens/lens-grid-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, LensGridPane, grid_view);
  gtk_widget_class_bind_template_child (widget_class, LensGridPane, message_box);
  gtk_widget_class_bind_template_child (widget_class, LensGridPane, message_label);
  gtk_widget_class_bind_template_child (widget_class, LensGridPane, overrule_button);
  gtk_widget_class_bind_template_child (widget_class, LensGridPane, next_button);
  gtk_widget_class_bind_template_child (widget_class, LensGridPane, status_label);
  gtk_widget_class_bind_template_child (widget_class, LensGridPane, level_label);
  gtk_widget_class_bind_template_child (widget_class, LensGridPane, close_up);
  gtk_widget_class_bind_template_child (widget_class, LensGridPane, numerals_label);
  gtk_widget_class_bind_template_child (widget_class, LensGridPane, legend);
  gtk_widget_class_bind_template_child (widget_class, LensGridPane, legend_row);
  gtk_widget_class_bind_template_child (widget_class, LensGridPane, cell_menu);
}

static void
lens_grid_pane_init (LensGridPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  lens_grid_view_set_cell_menu (self->grid_view, self->cell_menu);
  reserve_level_room (self);
}
