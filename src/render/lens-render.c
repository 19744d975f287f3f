/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <unistd.h>

#include "lens-error.h"
#include "lens-render.h"

#define FONT_FAMILY "DejaVu Sans"
#define DIGIT_SCALE 0.62
#define MARGIN ((double) LENS_RENDER_EXPORT_MARGIN)
#define LEGEND_HEIGHT 36.0

static void
set_ink (cairo_t        *cr,
         guint32         ink,
         double          alpha)
{
  double r, g, b;

  lens_cell_ink_rgb (ink, &r, &g, &b);
  cairo_set_source_rgba (cr, r, g, b, alpha);
}

static void
show_centered (cairo_t    *cr,
               const char *text,
               double      cx,
               double      cy)
{
  cairo_text_extents_t ext;

  cairo_text_extents (cr, text, &ext);
  cairo_move_to (cr, cx - ext.width / 2 - ext.x_bearing, cy - ext.height / 2 - ext.y_bearing);
  cairo_show_text (cr, text);
}

static void
draw_mark (cairo_t      *cr,
           LensCellMark  mark,
           double        x,
           double        y,
           double        cell)
{
  double inset = cell * 0.22;

  switch (mark)
    {
    case LENS_CELL_MARK_UNDERLINE:
      cairo_rectangle (cr, x + inset, y + cell * 0.84, cell - 2 * inset, MAX (1.5, cell * 0.05));
      cairo_fill (cr);
      break;
    case LENS_CELL_MARK_CORNER:
      cairo_move_to (cr, x + cell, y);
      cairo_line_to (cr, x + cell * 0.72, y);
      cairo_line_to (cr, x + cell, y + cell * 0.28);
      cairo_close_path (cr);
      cairo_fill (cr);
      break;
    case LENS_CELL_MARK_STRIKE:
      cairo_set_line_width (cr, MAX (1.5, cell * 0.07));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_move_to (cr, x + cell * 0.2, y + cell * 0.8);
      cairo_line_to (cr, x + cell * 0.8, y + cell * 0.2);
      cairo_stroke (cr);
      break;
    case LENS_CELL_MARK_NONE:
    default:
      break;
    }
}

/* A digit a role marks as removed: a small cross. */
static void
draw_removed (cairo_t *cr,
              double   cx,
              double   cy,
              double   cell)
{
  double d = cell * 0.12;

  cairo_set_line_width (cr, cell * 0.05);
  cairo_move_to (cr, cx - d, cy - d);
  cairo_line_to (cr, cx + d, cy + d);
  cairo_move_to (cr, cx + d, cy - d);
  cairo_line_to (cr, cx - d, cy + d);
  cairo_stroke (cr);
}

void
lens_render_draw_cell (cairo_t        *cr,
                       LensCellRole    role,
                       guint8          digit,
                       double          x,
                       double          y,
                       double          size,
                       LensCellScheme  scheme)
{
  const LensCellStyle *style = lens_cell_style_get (role);
  guint32 ink = style->ink[scheme];
  char text[2] = { (char) ('0' + digit), '\0' };

  g_return_if_fail (cr != NULL);
  g_return_if_fail (scheme < LENS_N_CELL_SCHEMES);

  if (role == LENS_CELL_ROLE_EMPTY)
    return;
  cairo_save (cr);
  if (style->tint > 0)
    {
      set_ink (cr, ink, style->tint);
      cairo_rectangle (cr, x, y, size, size);
      cairo_fill (cr);
    }
  set_ink (cr, ink, 1);
  if (style->mark != LENS_CELL_MARK_STRIKE)
    draw_mark (cr, style->mark, x, y, size);
  if (digit == 0)
    draw_removed (cr, x + size / 2, y + size / 2, size);
  else
    {
      cairo_select_font_face (cr, FONT_FAMILY,
                              style->italic ? CAIRO_FONT_SLANT_OBLIQUE : CAIRO_FONT_SLANT_NORMAL,
                              style->bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
      cairo_set_font_size (cr, size * DIGIT_SCALE);
      show_centered (cr, text, x + size / 2, y + size / 2);
    }
  /* over the digit */
  if (style->mark == LENS_CELL_MARK_STRIKE)
    draw_mark (cr, style->mark, x, y, size);
  cairo_restore (cr);
}

static void
draw_lines (cairo_t *cr,
            double   x,
            double   y,
            double   size)
{
  double cell = size / 9;

  set_ink (cr, lens_cell_style_get (LENS_CELL_ROLE_PRINTED)->ink[LENS_CELL_SCHEME_LIGHT], 1);
  for (guint i = 0; i <= 9; i++)
    {
      gboolean thick = i % 3 == 0;
      double offset = i * cell;

      cairo_set_line_width (cr, thick ? size / 110 : size / 360);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
      cairo_move_to (cr, x + offset, y);
      cairo_line_to (cr, x + offset, y + size);
      cairo_move_to (cr, x, y + offset);
      cairo_line_to (cr, x + size, y + offset);
      cairo_stroke (cr);
    }
}

void
lens_render_draw_board (cairo_t        *cr,
                        const LensGrid *board,
                        double          x,
                        double          y,
                        double          size)
{
  double cell = size / 9;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (board != NULL);
  g_return_if_fail (size > 0);

  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, x, y, size, size);
  cairo_fill (cr);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    lens_render_draw_cell (cr, lens_grid_cell_role (board, i), board->digits[i],
                           x + lens_cell_col (i) * cell, y + lens_cell_row (i) * cell, cell,
                           LENS_CELL_SCHEME_LIGHT);
  draw_lines (cr, x, y, size);
  cairo_restore (cr);
}

static void
draw_legend_item (cairo_t      *cr,
                  LensCellRole  role,
                  double        x,
                  double        y,
                  double        height)
{
  cairo_text_extents_t ext;
  const char *label = _(lens_cell_style_get (role)->label);

  lens_render_draw_cell (cr, role, 5, x, y, height, LENS_CELL_SCHEME_LIGHT);
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_rectangle (cr, x, y, height, height);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  cairo_select_font_face (cr, FONT_FAMILY, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  set_ink (cr, lens_cell_style_get (LENS_CELL_ROLE_PRINTED)->ink[LENS_CELL_SCHEME_LIGHT], 1);
  cairo_set_font_size (cr, height * 0.5);
  cairo_text_extents (cr, label, &ext);
  cairo_move_to (cr, x + height * 1.3, y + height / 2 - ext.height / 2 - ext.y_bearing);
  cairo_show_text (cr, label);
}

guint
lens_render_board_roles (const LensGrid *board,
                         LensCellRole    roles[LENS_N_CELL_ROLES])
{
  gboolean present[LENS_N_CELL_ROLES] = { FALSE };
  guint n = 0;

  g_return_val_if_fail (board != NULL, 0);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    present[lens_grid_cell_role (board, i)] = TRUE;
  for (guint role = LENS_CELL_ROLE_EMPTY + 1; role < LENS_N_CELL_ROLES; role++)
    if (present[role])
      roles[n++] = role;
  return n;
}

void
lens_render_draw_legend (cairo_t        *cr,
                         const LensGrid *board,
                         double          x,
                         double          y,
                         double          width,
                         double          height)
{
  LensCellRole roles[LENS_N_CELL_ROLES];
  guint n;
  double step;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (board != NULL);

  n = lens_render_board_roles (board, roles);
  /* As many slots as there are roles, so that a key keeps its size. */
  step = width / (LENS_N_CELL_ROLES - 1);
  cairo_save (cr);
  for (guint i = 0; i < n; i++)
    draw_legend_item (cr, roles[i], x + i * step, y, MIN (height, step / 4));
  cairo_restore (cr);
}

static void
draw_page (cairo_t        *cr,
           const LensGrid *board)
{
  double size = LENS_RENDER_EXPORT_WIDTH - 2 * MARGIN;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  lens_render_draw_board (cr, board, MARGIN, MARGIN, size);
  lens_render_draw_legend (cr, board, MARGIN, MARGIN + size + (LENS_RENDER_EXPORT_HEIGHT - 2 * MARGIN - size - LEGEND_HEIGHT) / 2 + 6,
                           size, LEGEND_HEIGHT * 0.75);
}

gboolean
lens_render_format_from_path (const char       *path,
                              LensRenderFormat *format)
{
  static const struct {
    const char *suffix;
    LensRenderFormat format;
  } known[] = {
    { ".png", LENS_RENDER_PNG },
    { ".svg", LENS_RENDER_SVG },
    { ".pdf", LENS_RENDER_PDF },
  };
  g_autofree char *lower = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  lower = g_ascii_strdown (path, -1);
  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    if (g_str_has_suffix (lower, known[i].suffix))
      {
        if (format != NULL)
          *format = known[i].format;
        return TRUE;
      }
  return FALSE;
}

static cairo_status_t
write_cb (void                *closure,
          const unsigned char *data,
          unsigned int         length)
{
  return fwrite (data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS
                                                     : CAIRO_STATUS_WRITE_ERROR;
}

static cairo_status_t
render_to_stream (const LensGrid   *board,
                  LensRenderFormat  format,
                  FILE             *file)
{
  const double w = LENS_RENDER_EXPORT_WIDTH, h = LENS_RENDER_EXPORT_HEIGHT;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  if (format == LENS_RENDER_SVG)
    surface = cairo_svg_surface_create_for_stream (write_cb, file, w, h);
  else if (format == LENS_RENDER_PDF)
    surface = cairo_pdf_surface_create_for_stream (write_cb, file, w, h);
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) w, (int) h);
  cr = cairo_create (surface);
  draw_page (cr, board);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS && format == LENS_RENDER_PNG)
    status = cairo_surface_write_to_png_stream (surface, write_cb, file);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return status;
}

static gboolean
set_io_error (GError     **error,
              const char  *path,
              const char  *reason)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, LENS_ERROR, LENS_ERROR_IO, _("Could not write “%s”: %s"), display, reason);
  return FALSE;
}

/* Renders into the open @fd and closes it. */
static gboolean
write_temporary (const LensGrid    *board,
                 LensRenderFormat   format,
                 int                fd,
                 const char        *path,
                 GError           **error)
{
  FILE *file = fdopen (fd, "wb");
  cairo_status_t status;
  gboolean flushed;

  if (file == NULL)
    {
      int saved = errno;

      close (fd);
      return set_io_error (error, path, g_strerror (saved));
    }
  status = render_to_stream (board, format, file);
  flushed = fflush (file) == 0 && fsync (fileno (file)) == 0;
  if (fclose (file) != 0)
    flushed = FALSE;
  if (status != CAIRO_STATUS_SUCCESS)
    return set_io_error (error, path, cairo_status_to_string (status));
  if (!flushed)
    return set_io_error (error, path, g_strerror (errno));
  return TRUE;
}

gboolean
lens_render_export (const LensGrid  *board,
                    const char      *path,
                    GError         **error)
{
  g_autofree char *tmp_path = NULL;
  LensRenderFormat format;
  int fd;

  g_return_val_if_fail (board != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lens_render_format_from_path (path, &format))
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, LENS_ERROR, LENS_ERROR_IO,
                   _("Cannot export to “%s”: the name must end in .png, .svg or .pdf"), display);
      return FALSE;
    }
  tmp_path = g_strconcat (path, ".XXXXXX", NULL);
  fd = g_mkstemp_full (tmp_path, O_WRONLY | O_CLOEXEC, 0644);
  if (fd < 0)
    return set_io_error (error, path, g_strerror (errno));
  if (!write_temporary (board, format, fd, path, error))
    {
      g_unlink (tmp_path);
      return FALSE;
    }
  if (g_rename (tmp_path, path) != 0)
    {
      int saved = errno;

      g_unlink (tmp_path);
      return set_io_error (error, path, g_strerror (saved));
    }
  return TRUE;
}
