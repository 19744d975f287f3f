/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "lens-application.h"
#include "lens-document.h"
#include "lens-gui-test.h"
#include "lens-test-util.h"
#define LENS_TEST_WINDOW_FIXTURE
#include "lens-window-test.h"
#include "lens-window.h"

/* A clash frames the digit it likely comes from, not the right ones it
 * clashes with, and the legend says what the frame means. Only the
 * window's public API. */

/* The sample has a printed 6 in r1c3 (cell 2): a 6 typed in r1c9 clashes
 * with it, and the legend explains the frame. A second 6 typed in r5c9
 * clashes with the first one alone: the 6 in r1c9 is the one digit both
 * clashes share, and it alone is framed; the printed 6 and the other
 * typed one look right. */
static void
test_clash_frames_source (Fixture       *f,
                          gconstpointer  data)
{
  LensTestLabelQuery legend = { GTK_WIDGET (f->window), "Likely cause of a clash" };

  lens_test_open_sample (f->window);
  g_assert_cmpuint (lens_document_count_conflicts (f->doc), ==, 0);
  g_assert_false (lens_test_label_shown (&legend));

  g_assert_true (lens_document_set_correction (f->doc, 8, 6));
  lens_test_spin (200);
  g_assert_cmpuint (lens_document_count_conflicts (f->doc), >=, 1);
  g_assert_true (lens_test_wait (lens_test_label_shown, &legend, 3000));

  g_assert_true (lens_document_set_correction (f->doc, 44, 6));
  lens_test_spin (200);
  g_assert_true (lens_document_cell_conflicts (f->doc, 8));
  g_assert_false (lens_document_cell_conflicts (f->doc, 2));
  g_assert_false (lens_document_cell_conflicts (f->doc, 44));
  g_assert_cmpuint (lens_document_count_conflicts (f->doc), ==, 1);

  g_assert_true (lens_document_set_correction (f->doc, 8, 0));
  g_assert_true (lens_document_set_correction (f->doc, 44, 0));
  lens_test_spin (200);
  g_assert_cmpuint (lens_document_count_conflicts (f->doc), ==, 0);
  g_assert_false (lens_test_label_shown (&legend));
}

static void
add_tests (void)
{
  add ("/clash/frames-source", test_clash_frames_source);
}
