/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <string.h>

#include "lens-error.h"
#include "lens-grid.h"

#define MAX_TEXT_LINES 64

void
lens_grid_clear (LensGrid *grid)
{
  g_return_if_fail (grid != NULL);

  memset (grid, 0, sizeof *grid);
}

void
lens_grid_set_digits (LensGrid     *grid,
                      const guint8 *digits)
{
  g_return_if_fail (grid != NULL);
  g_return_if_fail (digits != NULL);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    grid->digits[i] = digits[i] <= 9 ? digits[i] : 0;
}

void
lens_grid_mark_givens (LensGrid *grid)
{
  g_return_if_fail (grid != NULL);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      if (grid->digits[i] != 0)
        grid->flags[i] |= LENS_CELL_GIVEN;
      else
        grid->flags[i] &= ~LENS_CELL_GIVEN;
    }
}

guint
lens_grid_count_filled (const LensGrid *grid)
{
  guint n = 0;

  g_return_val_if_fail (grid != NULL, 0);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    n += grid->digits[i] != 0;
  return n;
}

gboolean
lens_grid_equal_digits (const LensGrid *a,
                        const LensGrid *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return memcmp (a->digits, b->digits, LENS_GRID_CELLS) == 0;
}

static int
cell_value (char c)
{
  if (c >= '1' && c <= '9')
    return c - '0';
  if (c == '0' || c == '.' || c == '_' || c == '*')
    return 0;
  return -1;
}

static gboolean
is_filler (char c)
{
  return c == ' ' || c == '\t' || c == '|' || c == '+' || c == '-' || c == '=';
}

static gboolean
is_separator_line (const char *line)
{
  for (const char *p = line; *p; p++)
    if (!is_filler (*p))
      return FALSE;
  return TRUE;
}

/* Reads the cells of one text line; returns how many were read or -1 with
 * @bad_column set (1-based) at the first character that is not a cell. */
static int
read_row (const char *line,
          guint8     *cells,
          int         max_cells,
          int        *bad_column)
{
  int n = 0;

  for (const char *p = line; *p; p++)
    {
      int v;

      if (is_filler (*p))
        continue;
      v = cell_value (*p);
      if (v < 0)
        {
          *bad_column = (int) (p - line) + 1;
          return -1;
        }
      if (n < max_cells)
        cells[n] = (guint8) v;
      n++;
    }
  return n;
}

/* The character at @p as text for a message: itself when it is valid
 * UTF-8, else its byte in hex, so the message stays valid UTF-8. */
static char *
printable_char (const char *p)
{
  gunichar c = g_utf8_get_char_validated (p, -1);

  if (c == (gunichar) -1 || c == (gunichar) -2 || !g_unichar_isprint (c))
    return g_strdup_printf ("\\x%02X", (guint) (guchar) *p);
  return g_strndup (p, g_utf8_next_char (p) - p);
}

typedef struct {
  char *text;    /* without surrounding white space */
  guint number;  /* 1-based line number in the input */
  guint indent;  /* bytes of white space cut from the start */
} TextLine;

static guint
split_lines (char     *text,
             TextLine *lines,
             guint     max_lines,
             guint    *total)
{
  guint n = 0, number = 0;
  char *p = text, *start;

  *total = 0;
  while (*p)
    {
      char *end = p + strcspn (p, "\r\n");
      char next = *end;

      *end = '\0';
      number++;
      start = p;
      while (g_ascii_isspace (*start))
        start++;
      g_strchomp (start);
      if (*start != '\0' && *start != '#')
        {
          if (n < max_lines)
            lines[n] = (TextLine) { start, number, (guint) (start - p) };
          n++;
        }
      if (next == '\0')
        break;
      p = end + 1;
      if (next == '\r' && *p == '\n')
        p++;
    }
  *total = n;
  return MIN (n, max_lines);
}

/* @bad is the 1-based column of the offending character in @line's text. */
static gboolean
set_bad_cell_error (GError         **error,
                    const TextLine  *line,
                    int              bad)
{
  g_autofree char *shown = printable_char (line->text + bad - 1);

  g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
               _("Line %u, column %u: “%s” is not a digit or an empty cell"),
               line->number, line->indent + (guint) bad, shown);
  return FALSE;
}

static gboolean
parse_single_line (LensGrid       *grid,
                   const TextLine *line,
                   GError        **error)
{
  int bad = 0;
  int n = read_row (line->text, grid->digits, LENS_GRID_CELLS, &bad);

  if (n < 0)
    return set_bad_cell_error (error, line, bad);
  if (n != LENS_GRID_CELLS)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
                   _("Line %u: expected 81 cells, found %d"), line->number, n);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_rows (LensGrid       *grid,
            const TextLine *lines,
            guint           n_lines,
            GError        **error)
{
  guint row = 0;

  for (guint i = 0; i < n_lines; i++)
    {
      int bad = 0, n;

      if (is_separator_line (lines[i].text))
        continue;
      if (row == 9)
        {
          g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
                       _("Line %u: more than 9 rows"), lines[i].number);
          return FALSE;
        }
      n = read_row (lines[i].text, grid->digits + row * 9, 9, &bad);
      if (n < 0)
        return set_bad_cell_error (error, &lines[i], bad);
      if (n != 9)
        {
          g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
                       _("Line %u: expected 9 cells, found %d"), lines[i].number, n);
          return FALSE;
        }
      row++;
    }
  if (row != 9)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
                   _("Expected 9 rows, found %u"), row);
      return FALSE;
    }
  return TRUE;
}

static gboolean
line_is_whole_puzzle (const TextLine *line)
{
  guint8 cells[LENS_GRID_CELLS];
  int bad;

  return read_row (line->text, cells, LENS_GRID_CELLS, &bad) == LENS_GRID_CELLS;
}

static gboolean
line_is_row (const TextLine *line)
{
  guint8 cells[9];
  int bad;

  return read_row (line->text, cells, 9, &bad) >= 0;
}

/* Accepts the 81-character line, the 9-line form (with or without
 * separators) and the dataset .dat form (two header lines, then 9 rows). */
gboolean
lens_grid_parse (LensGrid    *grid,
                 const char  *text,
                 gssize       length,
                 GError     **error)
{
  TextLine lines[MAX_TEXT_LINES];
  g_autofree char *copy = NULL;
  guint n, total;
  LensGrid parsed = { 0 };
  gboolean ok;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  copy = length < 0 ? g_strdup (text) : g_strndup (text, (gsize) length);
  n = split_lines (copy, lines, MAX_TEXT_LINES, &total);

  if (total == 0)
    {
      g_set_error_literal (error, LENS_ERROR, LENS_ERROR_PARSE, _("The puzzle text is empty"));
      return FALSE;
    }
  if (total > MAX_TEXT_LINES)
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
                   _("Expected one puzzle, found %u lines of text"), total);
      return FALSE;
    }

  if (n == 1)
    ok = parse_single_line (&parsed, &lines[0], error);
  else if (line_is_whole_puzzle (&lines[0]))
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
                   _("Line %u: more text after the puzzle on line %u"), lines[1].number, lines[0].number);
      ok = FALSE;
    }
  else if (n == 11 && !line_is_row (&lines[0]))
    ok = parse_rows (&parsed, lines + 2, n - 2, error);
  else
    ok = parse_rows (&parsed, lines, n, error);

  if (!ok)
    return FALSE;
  *grid = parsed;
  lens_grid_mark_givens (grid);
  return TRUE;
}

gboolean
lens_grid_load_file (LensGrid    *grid,
                     const char  *path,
                     GError     **error)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) file_error = NULL;
  gsize length;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error_literal (error, LENS_ERROR, LENS_ERROR_IO, g_strerror (EISDIR));
      return FALSE;
    }
  if (!g_file_get_contents (path, &contents, &length, &file_error))
    {
      lens_error_set_from_file_error (error, file_error);
      return FALSE;
    }
  if (memchr (contents, '\0', length) != NULL)
    {
      g_set_error_literal (error, LENS_ERROR, LENS_ERROR_PARSE,
                           _("The file is neither puzzle text nor an image that can be read"));
      return FALSE;
    }
  return lens_grid_parse (grid, contents, (gssize) length, error);
}

char *
lens_grid_to_line (const LensGrid *grid)
{
  char *line;

  g_return_val_if_fail (grid != NULL, NULL);

  line = g_malloc (LENS_GRID_CELLS + 1);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    line[i] = grid->digits[i] ? (char) ('0' + grid->digits[i]) : '.';
  line[LENS_GRID_CELLS] = '\0';
  return line;
}

char *
lens_grid_to_text (const LensGrid *grid)
{
  g_return_val_if_fail (grid != NULL, NULL);

  return lens_digits_to_text (grid->digits, NULL, NULL);
}

char *
lens_digits_to_text (const guint8 digits[LENS_GRID_CELLS],
                     const char  *const before[LENS_GRID_CELLS],
                     const char  *after)
{
  GString *s;

  g_return_val_if_fail (digits != NULL, NULL);

  s = g_string_sized_new (256);
  for (guint r = 0; r < 9; r++)
    {
      if (r == 3 || r == 6)
        g_string_append (s, "------+-------+------\n");
      for (guint c = 0; c < 9; c++)
        {
          guint i = r * 9 + c;
          gboolean marked = before != NULL && before[i] != NULL;

          if (c == 3 || c == 6)
            g_string_append (s, "| ");
          if (marked)
            g_string_append (s, before[i]);
          g_string_append_c (s, digits[i] ? (char) ('0' + digits[i]) : '.');
          if (marked && after != NULL)
            g_string_append (s, after);
          g_string_append_c (s, c == 8 ? '\n' : ' ');
        }
    }
  return g_string_free (s, FALSE);
}

static gboolean
are_peers (guint a,
           guint b)
{
  return lens_cell_row (a) == lens_cell_row (b) ||
         lens_cell_col (a) == lens_cell_col (b) ||
         lens_cell_box (a) == lens_cell_box (b);
}

GArray *
lens_grid_find_conflicts (const LensGrid *grid)
{
  GArray *conflicts;

  g_return_val_if_fail (grid != NULL, NULL);

  conflicts = g_array_new (FALSE, FALSE, sizeof (LensConflict));
  for (guint a = 0; a < LENS_GRID_CELLS; a++)
    {
      if (grid->digits[a] == 0)
        continue;
      for (guint b = a + 1; b < LENS_GRID_CELLS; b++)
        {
          if (grid->digits[b] == grid->digits[a] && are_peers (a, b))
            {
              LensConflict c = { (guint8) a, (guint8) b };
              g_array_append_val (conflicts, c);
            }
        }
    }
  return conflicts;
}

gboolean
lens_grid_cell_conflicts (const LensGrid *grid,
                          guint           cell)
{
  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (cell < LENS_GRID_CELLS, FALSE);

  if (grid->digits[cell] == 0)
    return FALSE;
  for (guint other = 0; other < LENS_GRID_CELLS; other++)
    if (other != cell && grid->digits[other] == grid->digits[cell] && are_peers (cell, other))
      return TRUE;
  return FALSE;
}

gboolean
lens_grid_is_solution_of (const LensGrid *solution,
                          const LensGrid *puzzle)
{
  g_autoptr(GArray) conflicts = NULL;

  g_return_val_if_fail (solution != NULL && puzzle != NULL, FALSE);

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      if (solution->digits[i] < 1 || solution->digits[i] > 9)
        return FALSE;
      if (puzzle->digits[i] != 0 && puzzle->digits[i] != solution->digits[i])
        return FALSE;
    }
  conflicts = lens_grid_find_conflicts (solution);
  return conflicts->len == 0;
}
