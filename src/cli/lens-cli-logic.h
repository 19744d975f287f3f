/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* How "rate" and "hint" print a step of the logic solver. */

#include <json-glib/json-glib.h>

#include "lens-logic.h"

G_BEGIN_DECLS

/* {"technique", "cells", "placements": [[cell, digit]…],
 *  "eliminations": [[cell, digit]…], "text"} */
void   lens_cli_add_step     (JsonBuilder         *builder,
                              const LensLogicStep *step);
/* The technique's name, the sentence, then what the step places and
 * removes, each line after the first starting with @indent. */
void   lens_cli_print_step   (const LensLogicStep *step,
                              const char          *indent);

G_END_DECLS
