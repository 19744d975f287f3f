/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "lens-logic-private.h"

/* Basic fish: when a digit's places in n rows lie in only n columns, each
 * of those columns takes the digit in one of the n rows, so the columns'
 * other cells lose it (X-Wing n = 2, Swordfish 3, Jellyfish 4); the same
 * with rows and columns swapped. */

typedef struct {
  const LensCandidates *c;
  LensLogicStep        *step;
  guint                 n;
  guint                 digit;
  gboolean              by_rows;     /* base units are rows, covers columns */
  guint                 lines[9];    /* base lines (0..8) to choose from */
  guint                 masks[9];    /* their positions */
  guint                 n_lines;
  guint                 chosen[4];
} Fish;

static guint
base_unit (const Fish *f,
           guint       line)
{
  return f->by_rows ? line : 9 + line;
}

static gboolean
apply_fish (Fish  *f,
            guint  covers)
{
  guint bases = 0;
  gboolean any = FALSE;
  g_autofree char *base_list = NULL;
  g_autofree char *cover_list = NULL;
  GString *b = g_string_new (NULL), *cv = g_string_new (NULL);

  for (guint k = 0; k < f->n; k++)
    bases |= 1u << f->lines[f->chosen[k]];
  for (guint line = 0; line < 9; line++)
    if (covers & (1u << line))
      for (guint i = 0; i < 9; i++)
        if (!(bases & (1u << i)))
          any |= lens_step_eliminate_mask (f->step, f->c, lens_unit_cell (f->by_rows ? 9 + line : line, i),
                                           LENS_DIGIT_BIT (f->digit));
  if (!any)
    {
      g_string_free (b, TRUE);
      g_string_free (cv, TRUE);
      return FALSE;
    }
  for (guint line = 0; line < 9; line++)
    {
      if (bases & (1u << line))
        {
          guint unit = base_unit (f, line);

          lens_step_add_unit (f->step, unit);
          for (guint i = 0; i < 9; i++)
            if (covers & (1u << i) && f->c->marks[lens_unit_cell (unit, i)] & LENS_DIGIT_BIT (f->digit))
              lens_step_add_cell (f->step, lens_unit_cell (unit, i));
          g_string_append_printf (b, "%s%u", b->len ? ", " : "", line + 1);
        }
      if (covers & (1u << line))
        g_string_append_printf (cv, "%s%u", cv->len ? ", " : "", line + 1);
    }
  base_list = g_string_free (b, FALSE);
  cover_list = g_string_free (cv, FALSE);
  if (f->by_rows)
    /* TRANSLATORS: "In rows 2, 7, 4 fits only in columns 3, 8, so no other cell of these columns can hold 4." */
    lens_step_set_text (f->step, _("In rows %s, %u fits only in columns %s, so no other cell of these columns can hold %u."),
                        base_list, f->digit, cover_list, f->digit);
  else
    lens_step_set_text (f->step, _("In columns %s, %u fits only in rows %s, so no other cell of these rows can hold %u."),
                        base_list, f->digit, cover_list, f->digit);
  return TRUE;
}

static gboolean
choose (Fish  *f,
        guint  depth,
        guint  from,
        guint  so_far)
{
  if (depth == f->n)
    return lens_popcount (so_far) == f->n && apply_fish (f, so_far);
  for (guint i = from; i + (f->n - depth) <= f->n_lines; i++)
    {
      guint next = so_far | f->masks[i];

      if (lens_popcount (next) > f->n)
        continue;
      f->chosen[depth] = i;
      if (choose (f, depth + 1, i + 1, next))
        return TRUE;
    }
  return FALSE;
}

static gboolean
find_fish (const LensCandidates *c,
           LensLogicStep        *step,
           guint                 n)
{
  Fish f = { .c = c, .step = step, .n = n };

  for (f.digit = 1; f.digit <= 9; f.digit++)
    for (guint orientation = 0; orientation < 2; orientation++)
      {
        f.by_rows = orientation == 0;
        f.n_lines = 0;
        for (guint line = 0; line < 9; line++)
          {
            guint positions = lens_unit_positions (c, base_unit (&f, line), f.digit);

            if (lens_popcount (positions) >= 2 && lens_popcount (positions) <= n)
              {
                f.lines[f.n_lines] = line;
                f.masks[f.n_lines++] = positions;
              }
          }
        if (choose (&f, 0, 0, 0))
          return TRUE;
      }
  return FALSE;
}

gboolean lens_find_x_wing (const LensCandidates *c, LensLogicStep *step) { return find_fish (c, step, 2); }
gboolean lens_find_swordfish (const LensCandidates *c, LensLogicStep *step) { return find_fish (c, step, 3); }
gboolean lens_find_jellyfish (const LensCandidates *c, LensLogicStep *step) { return find_fish (c, step, 4); }
