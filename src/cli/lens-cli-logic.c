/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "lens-cli-logic.h"
#include "lens-cli-output.h"

static void
add_pairs (JsonBuilder         *b,
           const char          *name,
           const LensCellDigit *pairs,
           guint                n)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    {
      json_builder_begin_array (b);
      json_builder_add_int_value (b, pairs[i].cell);
      json_builder_add_int_value (b, pairs[i].digit);
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
}

void
lens_cli_add_step (JsonBuilder         *b,
                   const LensLogicStep *step)
{
  json_builder_begin_object (b);
  lens_cli_add_string_member (b, "technique", lens_technique_to_string (step->technique));
  json_builder_set_member_name (b, "cells");
  json_builder_begin_array (b);
  for (guint i = 0; i < step->n_cells; i++)
    json_builder_add_int_value (b, step->cells[i]);
  json_builder_end_array (b);
  add_pairs (b, "placements", step->placements, step->n_placements);
  add_pairs (b, "eliminations", step->eliminations, step->n_eliminations);
  lens_cli_add_string_member (b, "text", step->text);
  json_builder_end_object (b);
}

static char *
format_pairs (const LensCellDigit *pairs,
              guint                n,
              const char          *sign)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%sr%uc%u%s%u", i ? ", " : "", pairs[i].cell / 9 + 1,
                            pairs[i].cell % 9 + 1, sign, pairs[i].digit);
  return g_string_free (s, FALSE);
}

void
lens_cli_print_step (const LensLogicStep *step,
                     const char          *indent)
{
  printf ("%s: %s\n", lens_technique_get_label (step->technique), step->text);
  if (step->n_placements > 0)
    {
      g_autofree char *list = format_pairs (step->placements, step->n_placements, "=");

      /* TRANSLATORS: followed by a list such as "r1c1=5, r2c2=7" */
      printf ("%s%s %s\n", indent, _("Places:"), list);
    }
  if (step->n_eliminations > 0)
    {
      g_autofree char *list = format_pairs (step->eliminations, step->n_eliminations, "≠");

      /* TRANSLATORS: followed by a list such as "r1c1≠5, r2c2≠7" */
      printf ("%s%s %s\n", indent, _("Removes:"), list);
    }
}
