/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How LensGridView draws the board: each cell's background for its role,
 * the lines, the digits, the player's pencil marks, and the marks of a
 * check that do not rely on colour alone. */
#include "config.h"

#include <adwaita.h>

#include "lens-grid-view-private.h"
#include "lens-render.h"
#include "lens-widget-util.h"

#define BOARD_MARGIN 2.0

typedef struct {
  GdkRGBA        fg, line, accent, error, warning, base;
  LensCellScheme scheme;
} Palette;

static void
get_palette (GtkWidget *widget,
             Palette   *p)
{
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &p->fg);
  p->line = p->fg;
  p->scheme = dark ? LENS_CELL_SCHEME_DARK : LENS_CELL_SCHEME_LIGHT;
  lens_widget_lookup_color (widget, "accent_bg_color", "#3584e4", &p->accent);
  lens_widget_lookup_color (widget, "error_bg_color", "#e01b24", &p->error);
  lens_widget_lookup_color (widget, "warning_bg_color", "#cd9309", &p->warning);
  lens_widget_lookup_color (widget, "view_bg_color", dark ? "#1e1e1e" : "#ffffff", &p->base);
}

void
_lens_grid_view_get_board (LensGridView    *self,
                           graphene_rect_t *board)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));
  double side = MAX (0, MIN (w, h) - 2 * BOARD_MARGIN);

  graphene_rect_init (board, (w - side) / 2, (h - side) / 2, side, side);
}

void
_lens_grid_view_get_cell_rect (const graphene_rect_t *board,
                               guint                  cell,
                               graphene_rect_t       *rect)
{
  double size = board->size.width / 9;

  graphene_rect_init (rect, board->origin.x + lens_cell_col (cell) * size,
                      board->origin.y + lens_cell_row (cell) * size, size, size);
}

static GdkRGBA
with_alpha (GdkRGBA color,
            float   alpha)
{
  color.alpha *= alpha;
  return color;
}

/* The tint of the selection's highlight: a subtle one over its row,
 * column and box, a stronger one over the cells of its digit. */
static gboolean
highlight_color (LensGridView  *self,
                 const Palette *p,
                 guint          cell,
                 GdkRGBA       *color)
{
  switch (lens_grid_view_get_cell_highlight (self, cell))
    {
    case LENS_CELL_HIGHLIGHT_DIGIT:
      *color = with_alpha (p->accent, 0.22f);
      return TRUE;
    case LENS_CELL_HIGHLIGHT_UNIT:
      *color = with_alpha (p->fg, 0.07f);
      return TRUE;
    case LENS_CELL_HIGHLIGHT_NONE:
    default:
      return FALSE;
    }
}

/* What the app adds to a cell's role: the selection, a conflict, a cell
 * to check, an uncertain reading (a player's digit's too), a hint, and
 * else the selection's highlight, under the pointer's. */
static void
draw_cell_background (LensGridView          *self,
                      GtkSnapshot           *snapshot,
                      const Palette         *p,
                      guint                  cell,
                      const graphene_rect_t *rect)
{
  GdkRGBA color;
  gboolean solved = lens_result_is_solved (lens_document_get_result (self->document));

  if ((int) cell == self->selected)
    color = with_alpha (p->accent, gtk_widget_has_focus (GTK_WIDGET (self)) ? 0.45f : 0.3f);
  else if (!solved && lens_document_cell_conflicts (self->document, cell))
    color = with_alpha (p->error, 0.3f);
  else if (_lens_grid_view_is_suspect (self, cell) || (!solved && _lens_grid_view_is_uncertain (self, cell)) ||
           _lens_grid_view_entry_status (self, cell) == LENS_ENTRY_UNSURE)
    color = with_alpha (p->warning, 0.3f);
  else if (self->hint_cells[cell])
    color = with_alpha (p->accent, 0.3f);
  else if (self->hint_units[cell])
    color = with_alpha (p->accent, 0.12f);
  else
    {
      if (highlight_color (self, p, cell, &color))
        gtk_snapshot_append_color (snapshot, &color, rect);
      if ((int) cell != self->hovered)
        return;
      color = with_alpha (p->fg, 0.06f);
    }
  gtk_snapshot_append_color (snapshot, &color, rect);
}

static void
draw_lines (GtkSnapshot           *snapshot,
            const Palette         *p,
            const graphene_rect_t *board)
{
  double size = board->size.width / 9;
  GdkRGBA thin = with_alpha (p->line, 0.35f);

  for (guint i = 0; i <= 9; i++)
    {
      gboolean heavy = i % 3 == 0;
      double w = heavy ? MAX (2.0, size / 18) : 1.0;
      double pos = i * size - w / 2;
      const GdkRGBA *color = heavy ? &p->line : &thin;

      gtk_snapshot_append_color (snapshot, color,
                                 &GRAPHENE_RECT_INIT (board->origin.x + pos, board->origin.y - w / 2,
                                                      w, board->size.height + w));
      gtk_snapshot_append_color (snapshot, color,
                                 &GRAPHENE_RECT_INIT (board->origin.x - w / 2, board->origin.y + pos,
                                                      board->size.width + w, w));
    }
}

static void
draw_text (LensGridView          *self,
           GtkSnapshot           *snapshot,
           const char            *text,
           const GdkRGBA         *color,
           const graphene_rect_t *rect)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  g_autoptr(PangoFontDescription) font = pango_font_description_new ();
  PangoRectangle ink;

  pango_font_description_set_family (font, "Sans");
  pango_font_description_set_absolute_size (font, rect->size.width * 0.6 * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_get_pixel_extents (layout, &ink, NULL);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot,
                          &GRAPHENE_POINT_INIT (rect->origin.x + (rect->size.width - ink.width) / 2 - ink.x,
                                                rect->origin.y + (rect->size.height - ink.height) / 2 - ink.y));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

static void
append_frame (GtkSnapshot           *snapshot,
              const graphene_rect_t *rect,
              float                  radius,
              float                  width,
              const GdkRGBA         *color)
{
  const GdkRGBA colors[4] = { *color, *color, *color, *color };
  const float widths[4] = { width, width, width, width };
  GskRoundedRect frame;

  gsk_rounded_rect_init_from_rect (&frame, rect, radius);
  gtk_snapshot_append_border (snapshot, &frame, widths, colors);
}

/* Marks that do not rely on colour alone: a "?" in the corner of an
 * uncertain cell (or of a player's digit the reader doubts), a frame
 * around a conflicting one (error colour) or one to check (warning
 * colour). A wrong digit of the player's is its own role. */
static void
draw_check_marks (LensGridView          *self,
                  GtkSnapshot           *snapshot,
                  const Palette         *p,
                  guint                  cell,
                  const graphene_rect_t *rect)
{
  double size = rect->size.width;
  double w = MAX (2.0, size / 16);
  graphene_rect_t mark;
  gboolean solved = lens_result_is_solved (lens_document_get_result (self->document));
  gboolean conflict = !solved && lens_document_cell_conflicts (self->document, cell);

  if (solved && !_lens_grid_view_is_suspect (self, cell))
    return;
  if (conflict || _lens_grid_view_is_suspect (self, cell))
    {
      graphene_rect_inset_r (rect, w, w, &mark);
      append_frame (snapshot, &mark, 0, w, conflict ? &p->error : &p->warning);
    }
  /* the model's rule, the one the status counts */
  if (lens_document_cell_is_doubtful (self->document, cell))
    {
      graphene_rect_init (&mark, rect->origin.x + size * 0.62, rect->origin.y + size * 0.02,
                          size * 0.36, size * 0.36);
      draw_text (self, snapshot, "?", &p->fg, &mark);
    }
}

/* The player's pencil marks: small digits, each in its place of a 3 by
 * 3 keypad. */
static void
draw_marks (LensGridView          *self,
            GtkSnapshot           *snapshot,
            const Palette         *p,
            guint16                marks,
            const graphene_rect_t *rect)
{
  double third = rect->size.width / 3;
  GdkRGBA color = with_alpha (p->fg, 0.75f);

  for (guint8 d = 1; d <= 9; d++)
    {
      char text[2] = { (char) ('0' + d), '\0' };
      graphene_rect_t place;

      if (!(marks & LENS_DIGIT_BIT (d)))
        continue;
      /* the whole third of the cell: the font a fifth of the cell */
      graphene_rect_init (&place, rect->origin.x + ((d - 1) % 3) * third,
                          rect->origin.y + ((d - 1) / 3) * third, third, third);
      draw_text (self, snapshot, text, &color, &place);
    }
}

static void
draw_roles (LensGridView          *self,
            GtkSnapshot           *snapshot,
            const Palette         *p,
            const graphene_rect_t *board)
{
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, board);
  graphene_rect_t rect;

  for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
    {
      LensCellRole role;
      guint8 digit = lens_grid_view_get_cell (self, cell, &role);

      _lens_grid_view_get_cell_rect (board, cell, &rect);
      lens_render_draw_cell (cr, role, digit, rect.origin.x, rect.origin.y, rect.size.width, p->scheme);
    }
  cairo_destroy (cr);
}

void
_lens_grid_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  LensGridView *self = LENS_GRID_VIEW (widget);
  graphene_rect_t board, rect;
  Palette p;

  _lens_grid_view_get_board (self, &board);
  if (board.size.width < 9)
    return;
  get_palette (widget, &p);
  gtk_snapshot_append_color (snapshot, &p.base, &board);
  if (self->document != NULL)
    {
      for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
        {
          _lens_grid_view_get_cell_rect (&board, cell, &rect);
          draw_cell_background (self, snapshot, &p, cell, &rect);
        }
      draw_roles (self, snapshot, &p, &board);
      for (guint cell = 0; cell < LENS_GRID_CELLS; cell++)
        {
          guint16 marks = lens_document_get_marks (self->document)[cell];

          _lens_grid_view_get_cell_rect (&board, cell, &rect);
          draw_check_marks (self, snapshot, &p, cell, &rect);
          if (marks != 0 && lens_grid_view_get_cell (self, cell, NULL) == 0)
            draw_marks (self, snapshot, &p, marks, &rect);
          /* a hint's cells are framed, not only tinted */
          if (self->hint_cells[cell])
            append_frame (snapshot, &rect, rect.size.width * 0.12, MAX (2.0, rect.size.width / 14), &p.accent);
        }
    }
  draw_lines (snapshot, &p, &board);
}
