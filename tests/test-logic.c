/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <gio/gio.h>
#include <stdio.h>
#include <string.h>

#include "lens-error.h"
#include "lens-logic-private.h"
#include "lens-solver.h"
#include "lens-test-util.h"

/* The logic solver: each technique on a grid where it is the next step,
 * with its exact placements and eliminations; every step of hundreds of
 * puzzles checked against the fast solver's solution; mistakes, marks,
 * cancellation and threads. */

/* A state: 81 tokens, a placed digit ("5") or an empty cell's marks (".279"). */
static void
parse_state (const char     *text,
             LensCandidates *c)
{
  g_auto(GStrv) tokens = g_strsplit_set (text, " \n", -1);
  guint cell = 0;

  memset (c, 0, sizeof *c);
  for (guint i = 0; tokens[i] != NULL; i++)
    {
      const char *t = tokens[i];

      if (*t == '\0')
        continue;
      g_assert_cmpuint (cell, <, LENS_GRID_CELLS);
      if (*t == '.')
        for (t++; *t; t++)
          c->marks[cell] |= LENS_DIGIT_BIT (*t - '0');
      else
        c->digits[cell] = (guint8) (*t - '0');
      cell++;
    }
  g_assert_cmpuint (cell, ==, LENS_GRID_CELLS);
}

static gint
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* "cell:digit …" sorted, from a list of pairs. */
static char *
pairs_to_string (const LensCellDigit *pairs,
                 guint                n)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, g_strdup_printf ("%02u:%u", pairs[i].cell, pairs[i].digit));
  g_ptr_array_sort (items, compare_strings);
  for (guint i = 0; i < items->len; i++)
    {
      const char *item = g_ptr_array_index (items, i);

      g_string_append_printf (s, "%s%s", s->len ? " " : "", item[0] == '0' ? item + 1 : item);
    }
  return g_string_free (s, FALSE);
}

/* The pairs of "cell:digit …" into @pairs, which has room for every
 * candidate of a grid; returns how many. */
static guint
parse_pairs (const char    *list,
             LensCellDigit *pairs)
{
  g_auto(GStrv) items = g_strsplit (list, " ", -1);
  guint n = 0;

  for (guint i = 0; items[i] != NULL; i++)
    {
      guint cell, digit;

      if (*items[i] == '\0')
        continue;
      g_assert_cmpint (sscanf (items[i], "%u:%u", &cell, &digit), ==, 2);
      pairs[n++] = (LensCellDigit) { (guint8) cell, (guint8) digit };
    }
  return n;
}

static char *
normalise (const char *list)
{
  LensCellDigit pairs[LENS_GRID_CELLS * 9] = { { 0 } };
  guint n = parse_pairs (list, pairs);

  return pairs_to_string (pairs, n);
}

static void
assert_step (const LensLogicStep *step,
             LensTechnique        technique,
             const char          *placements,
             const char          *eliminations)
{
  g_autofree char *got_p = pairs_to_string (step->placements, step->n_placements);
  g_autofree char *got_e = pairs_to_string (step->eliminations, step->n_eliminations);
  g_autofree char *want_p = normalise (placements);
  g_autofree char *want_e = normalise (eliminations);

  g_assert_cmpstr (lens_technique_to_string (step->technique), ==, lens_technique_to_string (technique));
  g_assert_cmpstr (got_p, ==, want_p);
  g_assert_cmpstr (got_e, ==, want_e);
  g_assert_nonnull (step->text);
  g_assert_cmpuint (strlen (step->text), >, 10);
  g_assert_cmpuint (step->n_cells, >, 0);
}

typedef struct {
  LensTechnique technique;
  const char   *state;         /* NULL: that of the case of @after, once
                                * its eliminations are made */
  const char   *placements;    /* "cell:digit …" */
  const char   *eliminations;
  LensTechnique after;
} TechniqueCase;

/* States met while solving puzzles of magictour-top1465, each just before
 * the solver took the technique, so every easier technique fails there.
 * Where one such step came straight after another, the state is the
 * earlier one's with its eliminations made. */
static const TechniqueCase cases[] = {
  { LENS_TECHNIQUE_HIDDEN_SINGLE,
      "4 .12569 .1256789 .5789 3 .15789 .259 .2567 .25679 "
      ".1237 .12359 .12579 6 .12479 .14579 8 .2357 .234579 "
      ".23678 .23569 .256789 .45789 .24789 .45789 .23459 .23567 1 "
      ".1236 .12346 .1246 .3478 5 .134678 .1234 9 .23478 "
      ".123 8 .12459 .3479 .1479 .13479 6 .12357 .23457 "
      ".136 7 .14569 2 .14689 .134689 .1345 .1358 .3458 "
      ".68 .46 .468 1 .4689 2 7 .3568 .35689 "
      "5 .126 3 .789 .6789 .6789 .129 4 .2689 "
      "9 .1246 .124678 .34578 .4678 .345678 .1235 .123568 .23568 ",
    "74:7", "" },
  { LENS_TECHNIQUE_NAKED_SINGLE,
      "4 .569 .1268 .5789 3 .15789 .259 .2567 .25679 "
      ".1237 .359 .12 6 .1247 .14579 8 .2357 .234579 "
      ".23678 .3569 .268 .45789 .2478 .45789 .23459 .23567 1 "
      ".1236 .346 .1246 .3478 5 .134678 .234 9 .23478 "
      ".123 8 .12459 .3479 .147 .13479 6 .12357 .23457 "
      ".136 7 .14569 2 .1468 .134689 .345 .1358 .3458 "
      ".68 .46 .468 1 9 2 7 .35 .35 "
      "5 .12 3 .78 .678 .678 .129 4 .2689 "
      "9 .12 7 .345 .4 .345 .12 .68 .68 ",
    "76:4", "" },
  { LENS_TECHNIQUE_POINTING,
      "4 .569 .1268 .5789 3 .15789 .259 .2567 .25679 "
      ".1237 .359 .12 6 .1247 .14579 8 .2357 .234579 "
      ".23678 .3569 .268 .45789 .2478 .45789 .23459 .23567 1 "
      ".1236 .346 .1246 .3478 5 .134678 .1234 9 .23478 "
      ".123 8 .12459 .3479 .147 .13479 6 .12357 .23457 "
      ".136 7 .14569 2 .1468 .134689 .1345 .1358 .3458 "
      ".68 .46 .468 1 9 2 7 .35 .35 "
      "5 .126 3 .78 .678 .678 .129 4 .2689 "
      "9 .1246 7 .3458 .468 .34568 .12 .1268 .268 ",
    "", "73:4" },
  { LENS_TECHNIQUE_CLAIMING, NULL,
    "", "64:6 73:6", LENS_TECHNIQUE_POINTING },
  { LENS_TECHNIQUE_NAKED_PAIR,
      "7 .126 8 .459 .4569 .4569 3 .156 .125 "
      "9 3 4 2 .56 1 .67 .578 .578 "
      "5 .126 .126 .78 3 .78 .269 4 .129 "
      ".18 4 .579 .3579 .59 .3579 .18 2 6 "
      "3 .126 .269 .479 8 .2469 .14 .57 .57 "
      ".268 .57 .2567 1 .2456 .2467 .478 9 3 "
      ".12 9 .357 6 .125 .2358 .27 .378 4 "
      ".1246 8 .1236 .349 7 .2349 5 .136 .129 "
      ".246 .57 .13567 .34589 .124 .234589 .269 .13678 .1789 ",
    "", "39:7" },
  { LENS_TECHNIQUE_X_WING,
      ".18 .129 3 4 .12 5 6 7 .89 "
      "5 .16 .89 .89 .167 .67 3 4 2 "
      "7 4 .26 .89 .236 .236 .18 .19 5 "
      "6 .25 1 3 .25 4 9 8 7 "
      "9 8 7 1 .256 .26 .25 3 4 "
      "4 3 .25 7 8 9 .25 6 1 "
      "2 .19 4 6 .37 .37 .18 5 .89 "
      ".13 7 .56 .25 9 8 4 .12 .36 "
      ".38 .56 .89 .25 4 1 7 .29 .36 ",
    "", "22:2 40:2" },
  { LENS_TECHNIQUE_HIDDEN_PAIR,
      "7 .126 8 .459 .4569 .4569 3 .156 .125 "
      "9 3 4 2 .56 1 .67 .578 .578 "
      "5 .126 .126 .78 3 .78 .269 4 .129 "
      ".18 4 .579 .3579 .59 .3579 .178 2 6 "
      "3 .1267 .269 .479 8 .24679 .147 .157 .157 "
      ".268 .578 .2567 1 .2456 .2467 .478 9 3 "
      ".128 9 .1357 6 .125 .2358 .127 .1378 4 "
      ".1246 .1268 .1236 .3489 7 .23489 5 .1368 .1289 "
      ".246 .578 .13567 .34589 .1249 .234589 .269 .13678 .1789 ",
    "", "33:7" },
  { LENS_TECHNIQUE_NAKED_TRIPLE,
      ".36 5 .369 1 2 8 .39 7 4 "
      "4 .789 .1789 3 .679 .5679 .1589 .2569 .25689 "
      "2 .789 .13789 4 .679 .5679 .13589 .3569 .35689 "
      ".356 1 .2356 7 .369 4 .359 8 .23569 "
      "9 .2678 .235678 .2568 .1368 .26 4 .2356 .12356 "
      ".3568 4 .23568 .25689 .13689 .269 7 .23569 .123569 "
      ".568 3 4 .2689 .6789 .2679 .589 1 .589 "
      ".17 .689 .5689 .689 4 .13 2 .359 .35789 "
      ".17 .289 .289 .89 5 .13 6 4 .3789 ",
    "", "80:8 80:9" },
  { LENS_TECHNIQUE_SWORDFISH,
      ".19 .12 .48 3 .67 .78 5 .249 .4689 "
      "6 5 .48 9 1 2 7 3 .48 "
      ".39 .23 7 .58 .56 4 .69 .268 1 "
      "2 .78 9 .158 .357 .1357 4 .68 .3568 "
      "4 6 3 2 9 .58 1 7 .58 "
      "5 .78 1 .48 .347 6 .389 .89 2 "
      "8 .134 6 7 .345 .35 2 .149 .49 "
      "7 9 2 .14 8 .13 .36 5 .346 "
      ".13 .134 5 6 2 9 .38 .148 7 ",
    "", "35:8" },
  { LENS_TECHNIQUE_HIDDEN_TRIPLE,
      "9 .68 4 .18 .1238 5 .2367 .236 .37 "
      "2 5 .78 6 .38 .347 1 .34 9 "
      "3 1 .67 .79 .249 .247 .456 .2456 8 "
      ".68 7 .28 .158 .1358 9 .236 .1368 4 "
      "4 .39 .359 2 6 .138 .79 .178 .157 "
      ".568 .2369 1 4 7 .38 .269 .268 .35 "
      "7 .3689 .3589 .1589 .1459 .168 .45 .145 2 "
      ".15 .29 .259 3 .2459 .1247 8 .147 6 "
      ".1568 4 .268 .578 .258 .2678 .357 9 .13 ",
    "", "56:8 65:2" },
  { LENS_TECHNIQUE_XY_WING,
      "8 1 9 4 .26 .26 3 7 5 "
      "6 3 .24 7 5 1 .24 8 9 "
      "5 .24 7 8 3 9 .246 .16 .12 "
      ".19 7 8 5 4 3 .19 2 6 "
      "3 .24 .124 6 9 .27 .17 5 8 "
      ".29 5 6 1 .27 8 .79 4 3 "
      "7 6 3 2 1 5 8 9 4 "
      ".24 9 .12 3 8 .467 5 .16 .127 "
      ".124 8 5 9 .67 .467 .26 3 .127 ",
    "", "71:2 72:2" },
  { LENS_TECHNIQUE_XYZ_WING,
      "5 9 8 6 1 3 .47 .247 .27 "
      "1 2 6 .45 .47 .457 9 8 3 "
      "3 .47 .47 .89 2 .89 1 6 5 "
      "6 1 .45 .458 9 .4578 3 .27 .278 "
      "8 .45 2 3 .47 1 .57 9 6 "
      "7 3 9 2 6 .58 .58 1 4 "
      "9 .67 3 .14 8 .46 2 5 .17 "
      "4 8 1 7 5 2 6 3 9 "
      "2 .567 .57 .19 3 .69 .478 .47 .178 ",
    "", "32:5" },
  { LENS_TECHNIQUE_W_WING, NULL,
    "", "71:1", LENS_TECHNIQUE_XY_WING },
  { LENS_TECHNIQUE_UNIQUE_RECTANGLE,
      "4 .569 .1268 .5789 3 .15789 .259 .2567 .25679 "
      ".1237 .359 .12 6 .127 .14579 8 .2357 .234579 "
      ".23678 .3569 .268 .45789 .278 .45789 .23459 .23567 1 "
      ".1236 .346 .1246 .378 5 .13678 .23 9 .2378 "
      ".123 8 .59 .3479 .17 .13479 6 .12357 .23457 "
      ".136 7 .59 2 .168 .134689 .345 .1358 .3458 "
      ".68 .46 .468 1 9 2 7 .35 .35 "
      "5 .12 3 .78 .678 .678 .129 4 .29 "
      "9 .12 7 .35 4 .35 .12 .68 .68 ",
    "", "69:1 69:2" },
  { LENS_TECHNIQUE_SIMPLE_COLOURING,
      "4 .569 .1268 .5789 3 .15789 .25 .2567 .5679 "
      ".1237 .359 .12 6 .127 .14579 8 .2357 .34579 "
      ".23678 .3569 .268 .45789 .278 .45789 .2345 .23567 1 "
      ".1236 .346 .1246 .378 5 .13678 .23 9 .378 "
      ".123 8 .59 .3479 .17 .13479 6 .12357 .3457 "
      ".136 7 .59 2 .168 .134689 .345 .1358 .3458 "
      ".68 .46 .468 1 9 2 7 .35 .35 "
      "5 1 3 .78 .678 .678 9 4 2 "
      "9 2 7 .35 4 .35 1 .68 .68 ",
    "", "50:4" },
  { LENS_TECHNIQUE_NAKED_QUAD,
      "7 .239 8 .16 .239 .239 5 .16 4 "
      ".19 6 5 4 7 .89 2 3 .18 "
      ".23 4 .12 .16 5 .238 7 9 .168 "
      ".348 .38 .47 9 1 .367 .68 5 2 "
      ".59 .59 .127 8 .26 .267 .46 .146 3 "
      ".18 .23 6 5 .23 4 9 .178 .17 "
      ".46 1 .49 7 8 5 3 2 .69 "
      ".26 7 .29 3 .469 1 .468 .48 5 "
      ".58 .58 3 2 .469 .69 1 .47 .679 ",
    "", "27:8" },
  { LENS_TECHNIQUE_JELLYFISH,
      "5 8 1 .27 9 4 .67 3 .26 "
      ".347 2 .347 6 .18 5 9 .478 .148 "
      ".69 .47 .69 .127 .28 3 .17 .458 .2458 "
      ".689 .59 .689 3 .56 2 4 1 7 "
      "1 3 .57 .59 4 .78 2 6 .89 "
      ".2467 .47 .2467 .19 .67 .18 5 .89 3 "
      ".38 .159 .38 .145 .57 .167 .167 2 .469 "
      ".2479 .15 .24579 .1245 3 .167 8 .479 .4569 "
      ".247 6 .2457 8 .12 9 3 .457 .145 ",
    "", "45:7 47:7 59:7" },
  { LENS_TECHNIQUE_HIDDEN_QUAD,
      ".2489 .49 6 .45789 .24789 .24578 .1238 .12378 .12479 "
      "3 5 .489 .4789 1 .2478 .2489 6 .2479 "
      ".2489 1 7 .4689 .24689 3 .2489 5 .249 "
      ".1578 6 .1358 .178 .78 9 .1235 4 .1257 "
      ".1479 2 .149 3 5 6 .19 .17 8 "
      ".15789 .39 .13589 2 .478 .1478 6 .137 .1579 "
      ".145 .34 .1345 .145678 .234678 .124578 .12458 9 .1245 "
      "6 7 2 .14589 .489 .1458 .1458 .18 3 "
      ".1459 8 .13459 .145 .234 .145 7 .12 6 ",
    "", "57:1 57:4 57:5 57:8 58:4 58:8 59:1 59:4 59:5 59:8 76:4" },
  { LENS_TECHNIQUE_X_CHAIN,
      "8 1 9 .46 .26 .246 3 .57 .57 "
      ".246 .234 .2346 7 5 1 .24 .89 .89 "
      "5 .24 7 .89 3 .89 .246 .16 .12 "
      ".19 7 .158 .358 4 .358 .189 2 6 "
      "3 .248 .12468 .68 9 .2678 .178 .1578 .1578 "
      ".269 .2589 .2568 1 .267 .25678 .789 4 3 "
      ".179 6 .1358 2 .17 .3579 .178 .13789 4 "
      ".12479 .2349 .1234 .3469 8 .34679 5 .13679 .1279 "
      ".12479 .234589 .123458 .34569 .167 .345679 .26 .136789 .12789 ",
    "", "29:5" },
  { LENS_TECHNIQUE_XY_CHAIN,
      "8 1 9 4 .26 .26 3 7 5 "
      ".246 3 .246 7 5 1 .24 8 9 "
      "5 .24 7 8 3 9 .246 .16 .12 "
      ".19 7 8 5 4 3 .19 2 6 "
      "3 .24 .124 6 9 .27 .17 5 8 "
      ".269 5 .26 1 .27 8 .79 4 3 "
      ".17 6 3 2 .17 5 8 9 4 "
      ".1247 9 .124 3 8 .467 5 .16 .127 "
      ".1247 8 5 9 .167 .467 .26 3 .127 ",
    "", "54:1" },
  { LENS_TECHNIQUE_AIC,
      "4 .569 .1268 .5789 3 .15789 .25 .2567 .5679 "
      ".1237 .359 .12 6 .127 .14579 8 .2357 .34579 "
      ".23678 .3569 .268 .45789 .278 .45789 .2345 .23567 1 "
      ".1236 .346 .1246 .378 5 .13678 .23 9 .378 "
      ".123 8 .59 .3479 .17 .13479 6 .12357 .357 "
      ".136 7 .59 2 .168 .13689 .345 .1358 .3458 "
      ".68 .46 .468 1 9 2 7 .35 .35 "
      "5 1 3 .78 .678 .678 9 4 2 "
      "9 2 7 .35 4 .35 1 .68 .68 ",
    "", "5:9" },
  { LENS_TECHNIQUE_CONTRADICTION_NET, NULL,
    "", "14:7", LENS_TECHNIQUE_AIC },
};

static const TechniqueCase *
find_case (LensTechnique technique)
{
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    if (cases[i].technique == technique)
      return &cases[i];
  g_assert_not_reached ();
}

static void
case_state (const TechniqueCase *tc,
            LensCandidates      *c)
{
  const TechniqueCase *before;
  LensCellDigit pairs[LENS_GRID_CELLS * 9] = { { 0 } };
  guint n;

  if (tc->state != NULL)
    {
      parse_state (tc->state, c);
      return;
    }
  before = find_case (tc->after);
  case_state (before, c);
  n = parse_pairs (before->eliminations, pairs);
  for (guint i = 0; i < n; i++)
    c->marks[pairs[i].cell] &= (guint16) ~LENS_DIGIT_BIT (pairs[i].digit);
}

static void
test_technique (gconstpointer data)
{
  const TechniqueCase *tc = data;
  g_autoptr(LensLogicStep) step = NULL;
  g_autoptr(GError) error = NULL;
  LensCandidates c;

  case_state (tc, &c);
  step = lens_logic_next_step (&c, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (step);
  assert_step (step, tc->technique, tc->placements, tc->eliminations);
}

static const char *solved_grid =
  "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

static void
test_full_house (void)
{
  g_autoptr(LensLogicStep) step = NULL;
  guint8 digits[LENS_GRID_CELLS];
  LensCandidates c;

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    digits[i] = (guint8) (solved_grid[i] - '0');
  digits[40] = 0;
  lens_candidates_init (&c, digits);
  step = lens_logic_next_step (&c, NULL, NULL, NULL);
  assert_step (step, LENS_TECHNIQUE_FULL_HOUSE, "40:6", "");
  g_assert_cmpstr (step->text, ==, "Only one cell is left empty in row 5: r5c5 is 6.");
  lens_logic_apply_step (&c, step);
  g_assert_true (lens_candidates_is_full (&c));
  g_assert_null (lens_logic_next_step (&c, NULL, NULL, NULL));
}

/* The forcing nets, asked directly on the state where the contradiction net
 * comes first. */
static void
test_forcing_nets (void)
{
  g_autoptr(LensLogicStep) step = g_new0 (LensLogicStep, 1);
  LensCandidates c;

  case_state (find_case (LENS_TECHNIQUE_CONTRADICTION_NET), &c);
  lens_step_reset (step, LENS_TECHNIQUE_CONTRADICTION_NET);
  g_assert_true (lens_find_contradiction_net (&c, step));
  assert_step (step, LENS_TECHNIQUE_CONTRADICTION_NET, "", "14:7");
  g_assert_cmpstr (step->text, ==,
                   "Supposing r2c6 is 7, the singles that follow leave 5 no place in column 7, so r2c6 cannot be 7.");
  lens_step_reset (step, LENS_TECHNIQUE_CELL_FORCING_NET);
  g_assert_true (lens_find_cell_forcing_net (&c, step));
  assert_step (step, LENS_TECHNIQUE_CELL_FORCING_NET, "", "24:2");
  lens_step_reset (step, LENS_TECHNIQUE_UNIT_FORCING_NET);
  g_assert_true (lens_find_unit_forcing_net (&c, step));
  assert_step (step, LENS_TECHNIQUE_UNIT_FORCING_NET, "", "39:3 39:7");
}

/* Soundness */

typedef struct {
  guint puzzles;
  guint by_logic;
  guint steps;
  guint counts[LENS_N_TECHNIQUES];
} Tally;

static void
check_puzzle (const guint8 *puzzle,
              Tally        *tally)
{
  guint8 solution[LENS_GRID_CELLS];
  LensCandidates c;
  gboolean guessed = FALSE;
  guint n_steps = 0;

  g_assert_cmpuint (lens_solver_count (puzzle, 2, solution), ==, 1);
  lens_candidates_init (&c, puzzle);
  while (!lens_candidates_is_full (&c))
    {
      g_autoptr(LensLogicStep) step = lens_logic_next_step (&c, solution, NULL, NULL);
      LensCandidates before = c;

      g_assert_nonnull (step);
      for (guint i = 0; i < step->n_placements; i++)
        g_assert_cmpuint (step->placements[i].digit, ==, solution[step->placements[i].cell]);
      for (guint i = 0; i < step->n_eliminations; i++)
        g_assert_cmpuint (step->eliminations[i].digit, !=, solution[step->eliminations[i].cell]);
      lens_logic_apply_step (&c, step);
      g_assert_true (memcmp (&before, &c, sizeof c) != 0);
      g_assert_cmpuint (++n_steps, <, 1000);
      guessed |= step->technique == LENS_TECHNIQUE_GUESS;
      tally->counts[step->technique]++;
      tally->steps++;
    }
  g_assert_cmpmem (c.digits, LENS_GRID_CELLS, solution, LENS_GRID_CELLS);
  tally->puzzles++;
  tally->by_logic += !guessed;
}

static void
check_file (const char *name,
            guint       every,
            Tally      *tally)
{
  g_auto(GStrv) lines = lens_test_read_lines ("puzzles", name);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint8 puzzle[LENS_GRID_CELLS];

      if (i % every != 0 || strlen (lines[i]) < LENS_GRID_CELLS)
        continue;
      for (guint k = 0; k < LENS_GRID_CELLS; k++)
        puzzle[k] = lines[i][k] >= '1' && lines[i][k] <= '9' ? (guint8) (lines[i][k] - '0') : 0;
      check_puzzle (puzzle, tally);
    }
}

static void
test_sound_easy_sets (void)
{
  Tally t = { 0 };

  check_file ("six-classic.txt", 1, &t);
  check_file ("17-clue-sample-200.txt", 1, &t);
  g_assert_cmpuint (t.puzzles, ==, 206);
  g_assert_cmpuint (t.by_logic, ==, t.puzzles);
  g_test_message ("%u puzzles, %u steps", t.puzzles, t.steps);
}

static void
test_sound_hard_sets (void)
{
  Tally t = { 0 };

  check_file ("magictour-top1465-sample-147.txt", 1, &t);
  g_assert_cmpuint (t.puzzles, ==, 147);
  /* Logic alone solves nearly all of them, with every rung of the ladder. */
  g_assert_cmpuint (t.by_logic * 100, >=, t.puzzles * 95);
  g_assert_cmpuint (t.counts[LENS_TECHNIQUE_AIC], >, 0);
  g_assert_cmpuint (t.counts[LENS_TECHNIQUE_CONTRADICTION_NET], >, 0);
  g_assert_cmpuint (t.counts[LENS_TECHNIQUE_XY_WING], >, 0);
  g_assert_cmpuint (t.counts[LENS_TECHNIQUE_X_WING], >, 0);
  /* The hardest known for backtracking: logic gives up and says it guesses. */
  check_file ("forum-hardest-1106-sample.txt", 5, &t);
  g_assert_cmpuint (t.counts[LENS_TECHNIQUE_GUESS], >, 0);
  g_test_message ("%u puzzles, %u by logic, %u steps", t.puzzles, t.by_logic, t.steps);
}

/* Random puzzles: a random full grid, then givens taken away in random
 * order while the solution stays unique. */
static void
generate_puzzle (GRand  *rand,
                 guint8  puzzle[LENS_GRID_CELLS])
{
  guint8 grid[LENS_GRID_CELLS] = { 0 };
  guint order[LENS_GRID_CELLS];

  for (guint n = 0; n < 20; n++)
    {
      guint cell = (guint) g_rand_int_range (rand, 0, LENS_GRID_CELLS);

      grid[cell] = (guint8) g_rand_int_range (rand, 1, 10);
      if (lens_solver_count (grid, 1, NULL) == 0)
        grid[cell] = 0;
    }
  g_assert_cmpuint (lens_solver_count (grid, 1, puzzle), ==, 1);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    order[i] = i;
  for (guint i = LENS_GRID_CELLS - 1; i > 0; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i + 1), t = order[i];

      order[i] = order[j];
      order[j] = t;
    }
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      guint8 keep = puzzle[order[i]];

      puzzle[order[i]] = 0;
      if (lens_solver_count (puzzle, 2, NULL) != 1)
        puzzle[order[i]] = keep;
    }
}

static void
test_sound_generated (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261125);
  Tally t = { 0 };

  for (guint i = 0; i < 1000; i++)
    {
      guint8 puzzle[LENS_GRID_CELLS];

      generate_puzzle (rand, puzzle);
      check_puzzle (puzzle, &t);
    }
  g_assert_cmpuint (t.puzzles, ==, 1000);
  g_test_message ("%u puzzles, %u by logic, %u steps", t.puzzles, t.by_logic, t.steps);
}

/* Player entries and marks */

static const char *easy_puzzle =
  "4......5.....521.....9....21.78....5...7...6.....2...3...6...8.6...8..1..8.273...";

static void
puzzle_digits (const char *line,
               guint8     *digits)
{
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    digits[i] = line[i] >= '1' && line[i] <= '9' ? (guint8) (line[i] - '0') : 0;
}

static void
test_check_entries (void)
{
  guint8 givens[LENS_GRID_CELLS], solution[LENS_GRID_CELLS], digits[LENS_GRID_CELLS];
  g_autoptr(LensLogicStep) wrong = NULL;
  g_autoptr(LensLogicStep) clash = NULL;
  g_autoptr(LensLogicStep) marks = NULL;
  g_autoptr(LensLogicStep) over = NULL;
  LensCandidates state;
  guint wrong_cell = 1;

  puzzle_digits (easy_puzzle, givens);
  g_assert_cmpuint (lens_solver_count (givens, 2, solution), ==, 1);
  memcpy (digits, givens, sizeof digits);
  /* Right entries are no mistake. */
  digits[2] = solution[2];
  lens_candidates_init (&state, digits);
  g_assert_null (lens_logic_check (givens, &state, solution));

  /* A wrong digit that clashes with nothing is found with the solution only. */
  for (guint d = 1; d <= 9; d++)
    {
      digits[wrong_cell] = (guint8) d;
      lens_candidates_init (&state, digits);
      if (d != solution[wrong_cell] && lens_logic_check (givens, &state, NULL) == NULL)
        break;
    }
  g_assert_cmpuint (digits[wrong_cell], !=, solution[wrong_cell]);
  wrong = lens_logic_check (givens, &state, solution);
  g_assert_nonnull (wrong);
  g_assert_cmpint (wrong->technique, ==, LENS_TECHNIQUE_MISTAKE);
  g_assert_cmpuint (wrong->n_cells, ==, 1);
  g_assert_cmpuint (wrong->cells[0], ==, wrong_cell);
  g_assert_cmpuint (wrong->n_placements + wrong->n_eliminations, ==, 0);
  g_assert_cmpstr (wrong->text, ==, "The digit in r1c2 is wrong.");

  /* Two entries clashing in a row: both named, even without the solution. */
  memcpy (digits, givens, sizeof digits);
  digits[1] = 9;
  digits[2] = 9;
  lens_candidates_init (&state, digits);
  clash = lens_logic_check (givens, &state, NULL);
  g_assert_nonnull (clash);
  g_assert_cmpuint (clash->n_cells, ==, 2);
  g_assert_cmpstr (clash->text, ==, "The digits in r1c2, r1c3 are wrong.");

  /* An entry over a given that differs from it. */
  memcpy (digits, givens, sizeof digits);
  digits[0] = givens[0] % 9 + 1;
  lens_candidates_init (&state, digits);
  over = lens_logic_check (givens, &state, NULL);
  g_assert_nonnull (over);
  g_assert_cmpuint (over->n_cells, ==, 1);
  g_assert_cmpuint (over->cells[0], ==, 0);

  /* Marks that leave out the right digit. */
  lens_candidates_init (&state, givens);
  state.marks[10] &= (guint16) ~LENS_DIGIT_BIT (solution[10]);
  marks = lens_logic_check (givens, &state, solution);
  g_assert_nonnull (marks);
  g_assert_cmpuint (marks->n_cells, ==, 1);
  g_assert_cmpuint (marks->cells[0], ==, 10);
}

/* The player's own marks: fewer than all, or one left on a digit a peer
 * holds; the next step works from them. */
static void
test_player_marks (void)
{
  guint8 givens[LENS_GRID_CELLS], solution[LENS_GRID_CELLS];
  g_autoptr(LensLogicStep) step = NULL;
  LensCandidates state;

  puzzle_digits (easy_puzzle, givens);
  g_assert_cmpuint (lens_solver_count (givens, 2, solution), ==, 1);
  lens_candidates_init (&state, givens);
  /* Cell 1 keeps only its digit and one other: still no single. */
  state.marks[1] = LENS_DIGIT_BIT (solution[1]) | LENS_DIGIT_BIT (solution[1] % 9 + 1);
  state.marks[1] |= LENS_DIGIT_BIT (4);  /* 4 is given in row 1: ignored */
  step = lens_logic_next_step (&state, NULL, NULL, NULL);
  g_assert_nonnull (step);
  for (guint i = 0; i < step->n_placements; i++)
    g_assert_cmpuint (step->placements[i].digit, ==, solution[step->placements[i].cell]);
  for (guint i = 0; i < step->n_eliminations; i++)
    g_assert_cmpuint (step->eliminations[i].digit, !=, solution[step->eliminations[i].cell]);
}

static void
test_cancel (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  LensLogicRating rating;
  guint8 puzzle[LENS_GRID_CELLS];

  puzzle_digits (easy_puzzle, puzzle);
  g_cancellable_cancel (cancellable);
  g_assert_false (lens_logic_rate (puzzle, &rating, NULL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_rate (void)
{
  static const char *hard =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
  static const char *multiple =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";
  g_autoptr(GPtrArray) steps = NULL;
  g_autoptr(GError) error = NULL;
  LensLogicRating easy, top;
  guint8 puzzle[LENS_GRID_CELLS];

  puzzle_digits (easy_puzzle, puzzle);
  g_assert_true (lens_logic_rate (puzzle, &easy, &steps, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (easy.solved_by_logic);
  g_assert_cmpuint (easy.unsound_steps, ==, 0);
  g_assert_cmpuint (steps->len, ==, easy.n_steps);
  g_assert_cmpuint (easy.n_steps, >=, 81 - 26);

  puzzle_digits (hard, puzzle);
  g_assert_true (lens_logic_rate (puzzle, &top, NULL, NULL, &error));
  g_assert_true (top.solved_by_logic);
  g_assert_cmpfloat (top.score, >, easy.score);
  g_assert_cmpint (top.level, >, easy.level);
  g_assert_cmpint (top.hardest, >=, LENS_TECHNIQUE_AIC);
  g_assert_cmpstr (lens_level_to_string (top.level), ==, "very-hard");

  puzzle_digits (multiple, puzzle);
  g_assert_false (lens_logic_rate (puzzle, &top, NULL, NULL, &error));
  g_assert_error (error, LENS_ERROR, LENS_ERROR_UNSOLVABLE);
}

static gpointer
rate_in_thread (gpointer data)
{
  guint8 puzzle[LENS_GRID_CELLS];
  LensLogicRating *rating = g_new0 (LensLogicRating, 1);

  puzzle_digits (data, puzzle);
  g_assert_true (lens_logic_rate (puzzle, rating, NULL, NULL, NULL));
  return rating;
}

static void
test_threads (void)
{
  static const char *puzzles[] = {
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "..3...67.5.....3...4.......6..3......8......4...7....12......5.....98.......41...",
  };
  GThread *threads[4];

  for (guint i = 0; i < 4; i++)
    threads[i] = g_thread_new ("rate", rate_in_thread, (gpointer) puzzles[i % 2]);
  for (guint i = 0; i < 4; i++)
    {
      g_autofree LensLogicRating *got = g_thread_join (threads[i]);
      g_autofree LensLogicRating *want = rate_in_thread ((gpointer) puzzles[i % 2]);

      got->slowest_step_us = want->slowest_step_us = 0;
      g_assert_cmpmem (got, sizeof *got, want, sizeof *want);
    }
}

static void
test_names (void)
{
  for (guint t = 0; t < LENS_N_TECHNIQUES; t++)
    {
      LensTechnique back;

      g_assert_true (lens_technique_from_string (lens_technique_to_string (t), &back));
      g_assert_cmpint (back, ==, t);
      g_assert_nonnull (lens_technique_get_label (t));
      if (t > 0 && t < LENS_TECHNIQUE_MISTAKE)
        g_assert_cmpfloat (lens_technique_get_score (t), >, lens_technique_get_score (t - 1));
    }
  g_assert_false (lens_technique_from_string ("magic", NULL));
  g_assert_cmpstr (lens_level_get_label (LENS_LEVEL_EASY), ==, "Easy");
  g_assert_cmpint (lens_level_for_score (1.0), ==, LENS_LEVEL_EASY);
  g_assert_cmpint (lens_level_for_score (11.0), ==, LENS_LEVEL_VERY_HARD);
  g_assert_cmpstr (lens_level_get_label (LENS_LEVEL_VERY_HARD), ==, "Very Hard");
  /* hidden singles alone, locked candidates, X-Wings, wings: one level each */
  g_assert_cmpint (lens_level_for_score (lens_technique_get_score (LENS_TECHNIQUE_HIDDEN_SINGLE)), ==, LENS_LEVEL_EASY);
  g_assert_cmpint (lens_level_for_score (lens_technique_get_score (LENS_TECHNIQUE_POINTING)), ==, LENS_LEVEL_MEDIUM);
  g_assert_cmpint (lens_level_for_score (lens_technique_get_score (LENS_TECHNIQUE_X_WING)), ==, LENS_LEVEL_HARD);
  g_assert_cmpint (lens_level_for_score (lens_technique_get_score (LENS_TECHNIQUE_XY_WING)), ==, LENS_LEVEL_VERY_HARD);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/logic/technique/%s",
                                               lens_technique_to_string (cases[i].technique));

      g_test_add_data_func (path, &cases[i], test_technique);
    }
  g_test_add_func ("/logic/technique/full-house", test_full_house);
  g_test_add_func ("/logic/technique/forcing-nets", test_forcing_nets);
  g_test_add_func ("/logic/sound/easy-sets", test_sound_easy_sets);
  g_test_add_func ("/logic/sound/hard-sets", test_sound_hard_sets);
  g_test_add_func ("/logic/sound/generated", test_sound_generated);
  g_test_add_func ("/logic/check-entries", test_check_entries);
  g_test_add_func ("/logic/player-marks", test_player_marks);
  g_test_add_func ("/logic/cancel", test_cancel);
  g_test_add_func ("/logic/rate", test_rate);
  g_test_add_func ("/logic/threads", test_threads);
  g_test_add_func ("/logic/names", test_names);
  return g_test_run ();
}
