/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The app with a puzzle filled in by hand: the player's digits checked,
 * who wrote a digit fixed by hand, and all of it undone and kept. */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "lens-application.h"
#include "lens-cell-legend.h"
#include "lens-gui-test.h"
#include "lens-render.h"
#include "lens-test-util.h"
#define LENS_TEST_WINDOW_FIXTURE
#include "lens-window-test.h"

/* The first of the player's digits the reader doubts; -1 if none. */
static int
first_unsure_cell (LensWindow *window)
{
  const LensEntryCheck *check = lens_document_get_check (lens_window_get_document (window));

  for (guint i = 0; check != NULL && i < LENS_GRID_CELLS; i++)
    if (check->status[i] == LENS_ENTRY_UNSURE)
      return (int) i;
  return -1;
}

static char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "photos-mixed", name, NULL);
}

static void
open_photo (LensWindow *window,
            const char *name)
{
  g_autofree char *path = fixture_path (name);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  lens_window_open_file (window, file);
  lens_test_wait_settled (window);
  g_assert_cmpint (lens_document_get_state (lens_window_get_document (window)), ==, LENS_DOCUMENT_CHECK);
}

/* The cells listed in image10-swapped.swapped: the entries made wrong. */
static void
load_swapped (gboolean swapped[LENS_GRID_CELLS])
{
  g_autofree char *path = fixture_path ("image10-swapped.swapped");
  g_autofree char *text = NULL;
  g_auto(GStrv) cells = NULL;

  memset (swapped, 0, LENS_GRID_CELLS * sizeof (gboolean));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  cells = g_strsplit (g_strstrip (text), " ", -1);
  g_assert_cmpuint (g_strv_length (cells), ==, 4);
  for (guint i = 0; cells[i] != NULL; i++)
    swapped[atoi (cells[i])] = TRUE;
}

static const char *
banner (LensWindow *window)
{
  g_assert_true (gtk_widget_get_visible (LENS_TEST_PART (window, GtkWidget, "message_box")));
  return gtk_label_get_label (LENS_TEST_PART (window, GtkLabel, "message_label"));
}

/* Each wrong entry is struck through: the grid says so to a screen
 * reader too; no other cell is called wrong. */
static void
assert_wrong_cells (LensWindow     *window,
                    const gboolean  wrong[LENS_GRID_CELLS])
{
  const LensEntryCheck *check = lens_document_get_check (lens_window_get_document (window));

  g_assert_nonnull (check);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      g_autofree char *description = lens_grid_view_describe_cell (LENS_TEST_PART (window, LensGridView, "grid_view"), i);

      g_assert_cmpint (check->status[i] == LENS_ENTRY_WRONG, ==, wrong[i]);
      g_assert_cmpint (strstr (description, ", wrong") != NULL, ==, wrong[i]);
    }
}

static void
test_swapped_entries_marked (Fixture       *f,
                             gconstpointer  data)
{
  gboolean swapped[LENS_GRID_CELLS];
  g_autofree char *summary = NULL;
  const LensEntryCheck *check;
  LensCellRole role;

  load_swapped (swapped);
  open_photo (f->window, "image10-swapped.jpg");
  check = lens_document_get_check (f->doc);
  g_assert_nonnull (check);
  g_assert_cmpuint (check->n_entries, >, 40);
  summary = g_strdup_printf ("4 of your %u entries are wrong.", check->n_entries);
  g_assert_true (g_str_has_prefix (banner (f->window), summary));
  assert_wrong_cells (f->window, swapped);
  /* the player's digits in their own style, beside the printed ones */
  g_assert_cmpuint (lens_grid_view_get_cell (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 10, &role), !=, 0);
  g_assert_cmpint (role, ==, LENS_CELL_ROLE_WRONG);
  g_assert_cmpuint (lens_grid_view_get_cell (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 80, &role), ==, 7);
  g_assert_cmpint (role, ==, LENS_CELL_ROLE_ENTRY);
  g_assert_cmpuint (lens_grid_view_get_cell (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 1, &role), ==, 4);
  g_assert_cmpint (role, ==, LENS_CELL_ROLE_PRINTED);
  g_assert_true (lens_document_get_playing (f->doc));
}

/* The digits on the paper of a fixture: its .dat, after two lines of
 * phone and format. */
static void
load_paper (const char *stem,
            guint8      paper[LENS_GRID_CELLS])
{
  g_autofree char *name = g_strconcat (stem, ".dat", NULL);
  g_autofree char *path = fixture_path (name);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint n = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint l = 2; lines[l] != NULL; l++)
    for (const char *c = lines[l]; *c; c++)
      if (g_ascii_isdigit (*c) && n < LENS_GRID_CELLS)
        paper[n++] = (guint8) (*c - '0');
  g_assert_cmpuint (n, ==, LENS_GRID_CELLS);
}

/* A clean fill has no wrong entry. One the reader doubts shows its
 * picture; the player types what is written, checks again, and all are
 * right. */
static void
test_clean_fill_all_right (Fixture       *f,
                           gconstpointer  data)
{
  const LensEntryCheck *check;
  gboolean none[LENS_GRID_CELLS] = { FALSE };
  g_autofree char *summary = NULL;
  guint8 paper[LENS_GRID_CELLS];
  int unsure;

  load_paper ("image10", paper);
  open_photo (f->window, "image10.jpg");
  check = lens_document_get_check (f->doc);
  g_assert_nonnull (check);
  g_assert_cmpuint (check->n_entries, >, 40);
  g_assert_cmpuint (check->n_wrong, ==, 0);
  assert_wrong_cells (f->window, none);
  while ((unsure = first_unsure_cell (f->window)) >= 0)
    {
      g_autofree char *description = lens_grid_view_describe_cell (LENS_TEST_PART (f->window, LensGridView, "grid_view"), unsure);

      g_assert_nonnull (strstr (description, "hard to read"));
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (lens_close_up_get_picture (LENS_TEST_PART (f->window, LensCloseUp, "close_up")))));
      g_assert_true (g_str_has_prefix (banner (f->window), "No entry is wrong that could be read for sure."));
      gtk_widget_grab_focus (f->grid);
      lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), unsure);
      lens_test_press_key (f->grid, GDK_KEY_0 + paper[unsure], 0);
      g_assert_cmpuint (lens_document_get_entries (f->doc)[unsure], ==, paper[unsure]);
      lens_test_press_key (f->grid, GDK_KEY_k, GDK_CONTROL_MASK);
    }
  check = lens_document_get_check (f->doc);
  /* the board is full: the puzzle is done */
  summary = g_strdup_printf ("Well done: the puzzle is complete, and all %u of your entries are right.",
                             check->n_entries);
  g_assert_cmpstr (banner (f->window), ==, summary);
  g_assert_true (gtk_widget_has_css_class (LENS_TEST_PART (f->window, GtkWidget, "message_box"), "success"));
}

/* The item of @menu's popover labelled @text, and whether it shows as
 * chosen: 1 or 0, -1 when there is none (GtkModelButton is private:
 * only its properties are used). */
static int
menu_item_active (GtkWidget  *widget,
                  const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (g_str_equal (G_OBJECT_TYPE_NAME (child), "GtkModelButton"))
        {
          g_autofree char *label = NULL;
          gboolean active = FALSE;

          g_object_get (child, "text", &label, "active", &active, NULL);
          if (g_strcmp0 (label, text) == 0)
            return active;
        }
      else if (gtk_widget_get_first_child (child) != NULL)
        {
          int found = menu_item_active (child, text);

          if (found >= 0)
            return found;
        }
    }
  return -1;
}

/* The user says who wrote a digit, with the shortcut or the cell's menu;
 * the entries are checked again against the puzzle it makes, and undo
 * puts it back. */
static void
test_fix_kind_and_undo (Fixture       *f,
                        gconstpointer  data)
{
  gboolean swapped[LENS_GRID_CELLS];
  guint entries, givens;
  GtkWidget *popover;

  load_swapped (swapped);
  open_photo (f->window, "image10-swapped.jpg");
  entries = lens_document_count_entries (f->doc);
  givens = lens_document_count_givens (f->doc);
  /* r9c9, a 7 the player wrote and got right */
  g_assert_cmpint (lens_document_get_kind (f->doc, 80), ==, LENS_READ_KIND_HANDWRITTEN);
  gtk_widget_grab_focus (f->grid);
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 80);

  lens_test_press_key (f->grid, GDK_KEY_Menu, 0);
  popover = gtk_widget_get_last_child (f->grid);
  g_assert_true (GTK_IS_POPOVER_MENU (popover));
  g_assert_true (lens_test_wait ((LensTestCondition) gtk_widget_get_mapped, popover, 3000));
  /* the menu shows who wrote it now */
  g_assert_cmpint (menu_item_active (popover, "Player’s Digit"), ==, TRUE);
  g_assert_cmpint (menu_item_active (popover, "Printed Digit"), ==, FALSE);
  gtk_popover_popdown (GTK_POPOVER (popover));
  lens_test_spin (50);

  lens_test_press_key (f->grid, GDK_KEY_p, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpint (lens_document_get_kind (f->doc, 80), ==, LENS_READ_KIND_PRINTED);
  g_assert_cmpint (menu_item_active (popover, "Printed Digit"), ==, TRUE);
  g_assert_cmpint (menu_item_active (popover, "Player’s Digit"), ==, FALSE);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[80], ==, 7);
  g_assert_cmpuint (lens_document_count_entries (f->doc), ==, entries - 1);
  lens_test_wait_settled (f->window);
  g_assert_nonnull (lens_document_get_analysis (f->doc));
  g_assert_true (g_str_has_prefix (banner (f->window), "4 of your "));
  assert_wrong_cells (f->window, swapped);

  lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpint (lens_document_get_kind (f->doc, 80), ==, LENS_READ_KIND_HANDWRITTEN);
  g_assert_cmpuint (lens_document_count_givens (f->doc), ==, givens);
  g_assert_cmpuint (lens_document_count_entries (f->doc), ==, entries);

  /* a printed digit said to be the player's */
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 1);
  lens_test_press_key (f->grid, GDK_KEY_y, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_assert_cmpint (lens_document_get_kind (f->doc, 1), ==, LENS_READ_KIND_HANDWRITTEN);
  g_assert_cmpuint (lens_document_count_givens (f->doc), ==, givens - 1);
  lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpint (lens_document_get_kind (f->doc, 1), ==, LENS_READ_KIND_PRINTED);
}

/* While playing, a printed digit is locked and a typed one is the
 * player's; Play off, typing fixes the printed puzzle again. */
static void
test_play_locks_printed (Fixture       *f,
                         gconstpointer  data)
{
  open_photo (f->window, "image10-swapped.jpg");
  gtk_widget_grab_focus (f->grid);
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 1);
  lens_test_press_key (f->grid, GDK_KEY_9, 0);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[1], ==, 4);
  g_assert_true (lens_test_find_label (GTK_WIDGET (LENS_TEST_PART (f->window, AdwToastOverlay, "toast_overlay")), "Printed digits are locked"));

  /* the player fixes a wrong entry (r2c2 holds 5): the board is full,
   * so it is checked at once */
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 10);
  lens_test_press_key (f->grid, GDK_KEY_5, 0);
  g_assert_cmpuint (lens_document_get_entries (f->doc)[10], ==, 5);
  g_assert_cmpuint (lens_document_get_check (f->doc)->status[10], ==, LENS_ENTRY_RIGHT);
  g_assert_true (g_str_has_prefix (banner (f->window), "3 of your "));

  lens_test_press_key (f->grid, GDK_KEY_p, GDK_CONTROL_MASK);
  g_assert_false (lens_document_get_playing (f->doc));
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 1);
  lens_test_press_key (f->grid, GDK_KEY_9, 0);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[1], ==, 9);
}

/* Entries, kinds and the wish to see them checked survive a restart. */
static void
test_restart_keeps_entries (Fixture       *f,
                            gconstpointer  data)
{
  guint8 entries[LENS_GRID_CELLS];
  g_autofree char *givens = NULL;
  g_autofree char *summary = NULL;
  gboolean swapped[LENS_GRID_CELLS];

  load_swapped (swapped);
  open_photo (f->window, "image10-swapped.jpg");
  gtk_widget_grab_focus (f->grid);
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 80);
  lens_test_press_key (f->grid, GDK_KEY_p, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 10);
  lens_test_press_key (f->grid, GDK_KEY_Delete, 0);
  swapped[10] = FALSE;
  memcpy (entries, lens_document_get_entries (f->doc), sizeof entries);
  givens = lens_grid_to_line (lens_document_get_grid (f->doc));
  lens_test_wait_settled (f->window);
  summary = g_strdup (banner (f->window));
  g_assert_true (g_str_has_prefix (summary, "3 of your "));
  lens_test_close_window (g_steal_pointer (&f->window));

  f->window = lens_test_open_window (app);
  f->doc = lens_window_get_document (f->window);
  g_assert_true (lens_window_restore_session (f->window));
  lens_test_wait_settled (f->window);
  g_assert_cmpmem (lens_document_get_entries (f->doc), sizeof entries, entries, sizeof entries);
  g_assert_cmpint (lens_document_get_kind (f->doc, 80), ==, LENS_READ_KIND_PRINTED);
  g_assert_cmpint (lens_document_get_scan (f->doc)->cells[80].kind, ==, LENS_READ_KIND_PRINTED);
  {
    g_autofree char *again = lens_grid_to_line (lens_document_get_grid (f->doc));

    g_assert_cmpstr (again, ==, givens);
  }
  g_assert_true (lens_document_get_playing (f->doc));
  g_assert_cmpstr (banner (f->window), ==, summary);
  assert_wrong_cells (f->window, swapped);
}

/* An easy newspaper puzzle, typed. */
static const char *easy = LENS_TEST_PUZZLE_EASY;
static const char *easy_solution = LENS_TEST_PUZZLE_EASY_SOLUTION;

static void
load_typed (LensWindow *window)
{
  lens_test_load_puzzle (window, easy);
  lens_test_wait_settled (window);
  gtk_widget_grab_focus (GTK_WIDGET (LENS_TEST_PART (window, LensGridView, "grid_view")));
}

/* The typed puzzle loaded and played (Ctrl+P), @keyval typed into @cell. */
static void
play_typed_entry (Fixture *f,
                  guint    cell,
                  guint    keyval)
{
  load_typed (f->window);
  lens_test_press_key (f->grid, GDK_KEY_p, GDK_CONTROL_MASK);
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), cell);
  lens_test_press_key (f->grid, keyval, 0);
}

static guint
count_hinted (LensWindow *window)
{
  guint n = 0;

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    n += lens_grid_view_is_hinted (LENS_TEST_PART (window, LensGridView, "grid_view"), i);
  return n;
}

static void
press_hint (LensWindow *window)
{
  lens_test_press_key (GTK_WIDGET (LENS_TEST_PART (window, LensGridView, "grid_view")), GDK_KEY_h, GDK_CONTROL_MASK);
  lens_test_wait_settled (window);
}

/* The level shows once the puzzle is read; a hint names its technique and
 * highlights its cells, and changes nothing until pressed again. */
static void
test_hint_then_apply (Fixture       *f,
                      gconstpointer  data)
{
  const LensLogicRating *rating;
  g_autofree char *before = NULL;
  guint entries;

  load_typed (f->window);
  rating = lens_document_get_rating (f->doc);
  g_assert_nonnull (rating);
  g_assert_true (rating->solved_by_logic);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (LENS_TEST_PART (f->window, GtkLabel, "level_label"))));
  g_assert_cmpstr (gtk_label_get_label (LENS_TEST_PART (f->window, GtkLabel, "level_label")), ==, lens_level_get_label (rating->level));
  g_assert_false (lens_document_get_playing (f->doc));

  before = lens_grid_to_line (lens_document_get_grid (f->doc));
  press_hint (f->window);
  g_assert_nonnull (lens_hinter_get_step (lens_window_get_hinter (f->window)));
  g_assert_cmpuint (count_hinted (f->window), >, 0);
  g_assert_true (g_str_has_prefix (banner (f->window), lens_technique_get_label (lens_hinter_get_step (lens_window_get_hinter (f->window))->technique)));
  g_assert_nonnull (strstr (banner (f->window), "Press Hint again"));
  g_assert_cmpuint (lens_document_count_entries (f->doc), ==, 0);
  g_assert_true (lens_document_get_playing (f->doc));

  press_hint (f->window);
  g_assert_null (lens_hinter_get_step (lens_window_get_hinter (f->window)));
  g_assert_cmpuint (count_hinted (f->window), ==, 0);
  entries = lens_document_count_entries (f->doc);
  g_assert_cmpuint (entries, ==, 1);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (lens_document_get_entries (f->doc)[i] != 0)
      g_assert_cmpint (lens_document_get_entries (f->doc)[i], ==, easy_solution[i] - '0');
  lens_test_press_key (GTK_WIDGET (LENS_TEST_PART (f->window, LensGridView, "grid_view")), GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (lens_document_count_entries (f->doc), ==, 0);
  {
    g_autofree char *after = lens_grid_to_line (lens_document_get_grid (f->doc));

    g_assert_cmpstr (after, ==, before);
  }
}

/* On the photo, a hint names the swapped entries and nothing else: not
 * the digit the reader doubts (r4c5, a 1 it reads as 3), which it keeps
 * when the second press takes the wrong ones out. */
static void
test_hint_names_swapped_not_doubted (Fixture       *f,
                                     gconstpointer  data)
{
  gboolean swapped[LENS_GRID_CELLS];
  guint8 unsure[LENS_GRID_CELLS];
  const LensEntryCheck *check;
  guint n_unsure = 0;

  load_swapped (swapped);
  open_photo (f->window, "image10-swapped.jpg");
  check = lens_document_get_check (f->doc);
  g_assert_nonnull (check);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      unsure[i] = check->status[i] == LENS_ENTRY_UNSURE ? lens_document_get_entries (f->doc)[i] : 0;
      n_unsure += unsure[i] != 0;
    }
  g_assert_cmpuint (n_unsure, >, 0);

  press_hint (f->window);
  g_assert_nonnull (lens_hinter_get_step (lens_window_get_hinter (f->window)));
  g_assert_cmpint (lens_hinter_get_step (lens_window_get_hinter (f->window))->technique, ==, LENS_TECHNIQUE_MISTAKE);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    g_assert_cmpint (lens_grid_view_is_hinted (LENS_TEST_PART (f->window, LensGridView, "grid_view"), i), ==, swapped[i]);
  press_hint (f->window);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      if (swapped[i])
        g_assert_cmpuint (lens_document_get_entries (f->doc)[i], ==, 0);
      if (unsure[i])
        g_assert_cmpuint (lens_document_get_entries (f->doc)[i], ==, unsure[i]);
    }

  /* hint after hint: the step that writes over the doubted digit says so */
  for (guint i = 0; n_unsure > 0 && i < LENS_GRID_CELLS; i++)
    {
      const LensLogicStep *step;
      gboolean over_doubted = FALSE;

      press_hint (f->window);
      step = lens_hinter_get_step (lens_window_get_hinter (f->window));
      g_assert_nonnull (step);
      g_assert_cmpint (step->technique, !=, LENS_TECHNIQUE_MISTAKE);
      for (guint p = 0; p < step->n_placements; p++)
        if (unsure[step->placements[p].cell] != 0 &&
            lens_document_get_entries (f->doc)[step->placements[p].cell] == unsure[step->placements[p].cell])
          {
            over_doubted = TRUE;
            n_unsure--;
          }
      g_assert_cmpint (strstr (banner (f->window), "compare it with the photo") != NULL, ==, over_doubted);
      press_hint (f->window);
    }
  g_assert_cmpuint (n_unsure, ==, 0);
}

/* Solve shows the whole solution; undo takes it away, back to the
 * player's digits and marks, and play goes on. */
static void
test_undo_solve_plays_on (Fixture       *f,
                          gconstpointer  data)
{
  const guint cell = 2, marked = 3;  /* r1c3 holds 4; r1c4 is empty */

  play_typed_entry (f, cell, GDK_KEY_4);
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), marked);
  lens_test_press_key (f->grid, GDK_KEY_6, GDK_CONTROL_MASK);
  g_assert_cmpuint (lens_document_get_marks (f->doc)[marked], ==, LENS_DIGIT_BIT (6));

  lens_test_press_key (f->grid, GDK_KEY_Return, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_SOLVED);
  lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_cmpuint (lens_document_count_entries (f->doc), ==, 1);
  g_assert_cmpuint (lens_document_get_entries (f->doc)[cell], ==, 4);
  g_assert_cmpuint (lens_document_get_marks (f->doc)[marked], ==, LENS_DIGIT_BIT (6));
  g_assert_true (lens_document_get_playing (f->doc));
  press_hint (f->window);
  g_assert_nonnull (lens_hinter_get_step (lens_window_get_hinter (f->window)));
  g_assert_true (g_str_has_prefix (banner (f->window), lens_technique_get_label (lens_hinter_get_step (lens_window_get_hinter (f->window))->technique)));

  /* a hint asked with the solution shown is for the player's board */
  lens_test_press_key (f->grid, GDK_KEY_Return, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_SOLVED);
  press_hint (f->window);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_CHECK);
  g_assert_nonnull (lens_hinter_get_step (lens_window_get_hinter (f->window)));
  g_assert_true (g_str_has_prefix (banner (f->window), lens_technique_get_label (lens_hinter_get_step (lens_window_get_hinter (f->window))->technique)));
  g_assert_cmpuint (lens_document_count_entries (f->doc), ==, 1);
}

/* Unasked, a digit typed on a board not yet full waits for Check; with
 * Check as You Type on, it is checked at once. */
static void
test_check_as_you_type (Fixture       *f,
                        gconstpointer  data)
{
  const guint wrong = 2, right = 3;  /* r1c3 holds 4, r1c4 holds 6 */

  play_typed_entry (f, wrong, GDK_KEY_5);
  lens_test_wait_settled (f->window);
  g_assert_null (lens_document_get_check (f->doc));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.check-as-you-type", NULL));
  g_assert_nonnull (lens_document_get_check (f->doc));
  g_assert_cmpuint (lens_document_get_check (f->doc)->status[wrong], ==, LENS_ENTRY_WRONG);
  g_assert_true (g_str_has_prefix (banner (f->window), "Your only entry is wrong."));
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), right);
  lens_test_press_key (f->grid, GDK_KEY_6, 0);
  g_assert_cmpuint (lens_document_get_check (f->doc)->status[right], ==, LENS_ENTRY_RIGHT);

  /* off again: what is typed waits */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.check-as-you-type", NULL));
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), wrong);
  lens_test_press_key (f->grid, GDK_KEY_4, 0);
  g_assert_cmpuint (lens_document_get_check (f->doc)->status[wrong], ==, LENS_ENTRY_UNCHECKED);
}

/* A wrong digit is the first thing a hint names, pointing at it; a second
 * press takes it out. Hint after hint then solves the puzzle, which says
 * so. */
static void
test_hint_names_mistake_and_solves (Fixture       *f,
                                    gconstpointer  data)
{
  const guint cell = 2;  /* r1c3 holds 4 */

  load_typed (f->window);
  lens_test_press_key (f->grid, GDK_KEY_p, GDK_CONTROL_MASK);
  g_assert_true (lens_document_get_playing (f->doc));
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), cell);
  lens_test_press_key (f->grid, GDK_KEY_2, 0);
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 80 - 1);
  press_hint (f->window);
  g_assert_nonnull (lens_hinter_get_step (lens_window_get_hinter (f->window)));
  g_assert_cmpint (lens_hinter_get_step (lens_window_get_hinter (f->window))->technique, ==, LENS_TECHNIQUE_MISTAKE);
  g_assert_true (lens_grid_view_is_hinted (LENS_TEST_PART (f->window, LensGridView, "grid_view"), cell));
  g_assert_cmpuint (count_hinted (f->window), ==, 1);
  g_assert_cmpint (lens_grid_view_get_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view")), ==, cell);
  g_assert_nonnull (strstr (banner (f->window), "The digit in r1c3 is wrong."));
  press_hint (f->window);
  g_assert_cmpuint (lens_document_get_entries (f->doc)[cell], ==, 0);

  for (guint i = 0; i < 200 && lens_document_count_entries (f->doc) + lens_document_count_givens (f->doc) < 81; i++)
    {
      press_hint (f->window);
      g_assert_nonnull (lens_hinter_get_step (lens_window_get_hinter (f->window)));
      g_assert_cmpint (lens_hinter_get_step (lens_window_get_hinter (f->window))->technique, !=, LENS_TECHNIQUE_MISTAKE);
      press_hint (f->window);
    }
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (lens_document_get_grid (f->doc)->digits[i] == 0)
      g_assert_cmpint (lens_document_get_entries (f->doc)[i], ==, easy_solution[i] - '0');
  g_assert_true (g_str_has_prefix (banner (f->window), "Well done: the puzzle is complete"));
  g_assert_true (gtk_widget_has_css_class (LENS_TEST_PART (f->window, GtkWidget, "message_box"), "success"));
}

/* Pencil marks with Ctrl+digit or in pencil mode, all the candidates at
 * once, a revealed cell; undo, and a restart, keep them. */
static void
test_pencil_marks_and_reveal (Fixture       *f,
                              gconstpointer  data)
{
  g_autofree guint16 *marks = NULL;
  g_autofree char *description = NULL;
  g_autofree char *revealed = NULL;
  const guint r5c2 = 4 * 9 + 1;  /* may take 2 or 5 */

  load_typed (f->window);
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), r5c2);
  lens_test_press_key (f->grid, GDK_KEY_2, GDK_CONTROL_MASK);
  lens_test_press_key (f->grid, GDK_KEY_7, GDK_CONTROL_MASK);
  g_assert_cmpuint (lens_document_get_marks (f->doc)[r5c2], ==, LENS_DIGIT_BIT (2) | LENS_DIGIT_BIT (7));
  lens_test_press_key (f->grid, GDK_KEY_7, GDK_CONTROL_MASK);
  lens_test_press_key (f->grid, GDK_KEY_e, GDK_CONTROL_MASK);
  g_assert_true (lens_grid_view_get_pencil (LENS_TEST_PART (f->window, LensGridView, "grid_view")));
  lens_test_press_key (f->grid, GDK_KEY_5, 0);
  g_assert_cmpuint (lens_document_get_grid (f->doc)->digits[r5c2], ==, 0);
  g_assert_cmpuint (lens_document_get_marks (f->doc)[r5c2], ==, LENS_DIGIT_BIT (2) | LENS_DIGIT_BIT (5));
  description = lens_grid_view_describe_cell (LENS_TEST_PART (f->window, LensGridView, "grid_view"), r5c2);
  g_assert_cmpstr (description, ==, "Row 5, column 2: empty, pencil marks 2 5");
  lens_test_press_key (f->grid, GDK_KEY_e, GDK_CONTROL_MASK);
  g_assert_false (lens_grid_view_get_pencil (LENS_TEST_PART (f->window, LensGridView, "grid_view")));

  lens_test_press_key (f->grid, GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    g_assert_cmpint (lens_document_get_marks (f->doc)[i] != 0, ==, easy[i] == '.');
  lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (lens_document_get_marks (f->doc)[0 * 9 + 2], ==, 0);
  lens_test_press_key (f->grid, GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK);

  /* reveal r1c3: the solution's 4, and its mark of 4 goes from its peers */
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 2);
  lens_test_press_key (f->grid, GDK_KEY_r, GDK_CONTROL_MASK);
  g_assert_cmpuint (lens_document_get_entries (f->doc)[2], ==, 4);
  g_assert_cmpuint (lens_document_get_marks (f->doc)[2], ==, 0);
  g_assert_false (lens_document_get_marks (f->doc)[3] & LENS_DIGIT_BIT (4));
  revealed = lens_grid_view_describe_cell (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 2);
  g_assert_nonnull (strstr (revealed, "given by a hint"));

  marks = g_memdup2 (lens_document_get_marks (f->doc), 81 * sizeof (guint16));
  lens_test_close_window (g_steal_pointer (&f->window));
  f->window = lens_test_open_window (app);
  f->doc = lens_window_get_document (f->window);
  g_assert_true (lens_window_restore_session (f->window));
  lens_test_wait_settled (f->window);
  g_assert_cmpmem (lens_document_get_marks (f->doc), 81 * sizeof (guint16), marks, 81 * sizeof (guint16));
  g_assert_cmpuint (lens_document_get_entries (f->doc)[2], ==, 4);
  g_assert_nonnull (lens_document_get_rating (f->doc));
  /* still shown and said as revealed, not as the player's own */
  g_clear_pointer (&description, g_free);
  description = lens_grid_view_describe_cell (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 2);
  g_assert_cmpstr (description, ==, revealed);
}

/* A stain on a printed-only puzzle, read as a doubtful handwritten "4?",
 * is a question: the player does not play on, no check is announced, and
 * deleting it brings no banner. */
static void
test_lone_mark_is_a_question (Fixture       *f,
                              gconstpointer  data)
{
  GtkWidget *message_box = LENS_TEST_PART (f->window, GtkWidget, "message_box");
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", "sample.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *photo = NULL;
  LensScan scan;
  LensGrid puzzle;
  int cell = -1;

  lens_window_open_file (f->window, file);
  lens_test_wait_settled (f->window);
  g_assert_false (lens_document_get_playing (f->doc));
  g_assert_cmpuint (lens_document_count_entries (f->doc), ==, 0);
  scan = *lens_document_get_scan (f->doc);
  puzzle = *lens_document_get_grid (f->doc);
  photo = g_strdup (lens_document_get_photo_path (f->doc));
  for (guint i = 0; i < LENS_GRID_CELLS && cell < 0; i++)
    if (puzzle.digits[i] == 0)
      cell = (int) i;
  g_assert_cmpint (cell, >=, 0);
  /* the photo read again with a stain in an empty cell, as the reader
   * gives it: a handwritten 4 it doubts */
  memset (&scan.cells[cell], 0, sizeof scan.cells[cell]);
  scan.cells[cell].digit = 4;
  scan.cells[cell].kind = LENS_READ_KIND_HANDWRITTEN;
  scan.cells[cell].confidence = 0.6f;
  scan.cells[cell].scores[4] = 0.6f;
  scan.cells[cell].scores[9] = 0.4f;
  scan.cells[cell].kind_confidence = 0.7f;
  lens_document_load (f->doc, photo, &scan, &puzzle);
  lens_test_wait_settled (f->window);
  g_assert_cmpuint (lens_document_get_entries (f->doc)[cell], ==, 4);
  g_assert_false (lens_document_get_playing (f->doc));
  g_assert_false (gtk_toggle_button_get_active (LENS_TEST_PART (f->window, GtkToggleButton, "play_button")));
  g_assert_false (gtk_widget_get_visible (message_box));
  /* the player deletes it, as they would a speck */
  lens_test_click_cell (f->window, (guint) cell);
  lens_test_press_key (f->grid, GDK_KEY_Delete, 0);
  lens_test_wait_settled (f->window);
  g_assert_cmpuint (lens_document_get_entries (f->doc)[cell], ==, 0);
  g_assert_false (lens_document_get_playing (f->doc));
  g_assert_false (gtk_widget_get_visible (message_box));
}

/* A printed photo with one short pen stroke in r5c5, which the reader
 * takes for a handwritten 2 it doubts (tests/data/photos/image1-stray-mark.jpg):
 * no play, but the cell is a question, with its "?" counted as uncertain,
 * said and offered its other readings; clicking "empty" clears it, and
 * typing its digit over it keeps it as the player's. */
static void
test_stray_mark_is_doubtful (Fixture       *f,
                             gconstpointer  data)
{
  LensDocument *doc = lens_window_get_document (f->window);
  LensGridView *view = LENS_TEST_PART (f->window, LensGridView, "grid_view");
  LensCloseUp *close_up = LENS_TEST_PART (f->window, LensCloseUp, "close_up");
  GtkWidget *message_box = LENS_TEST_PART (f->window, GtkWidget, "message_box");
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "photos", "image1-stray-mark.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *description = NULL;
  const guint r5c5 = 4 * 9 + 4;
  GtkWidget *empty = NULL;
  guint8 mark;

  lens_window_open_file (f->window, file);
  lens_test_wait_settled (f->window);
  mark = lens_document_get_entries (doc)[r5c5];
  g_assert_cmpuint (mark, !=, 0);
  g_assert_cmpuint (lens_document_count_entries (doc), ==, 1);
  g_assert_false (lens_document_get_playing (doc));
  g_assert_false (gtk_widget_get_visible (message_box));
  g_assert_true (lens_document_cell_is_doubtful (doc, r5c5));
  g_assert_cmpuint (lens_document_count_doubtful (doc), ==, 1);
  g_assert_nonnull (strstr (gtk_label_get_label (LENS_TEST_PART (f->window, GtkLabel, "status_label")), "1 uncertain"));
  description = lens_grid_view_describe_cell (view, r5c5);
  g_assert_nonnull (strstr (description, "hard to read"));

  /* its other readings, "empty" among them, clear it with a click */
  lens_test_click_cell (f->window, r5c5);
  lens_test_spin (100);
  for (guint i = 0; i < LENS_CLOSE_UP_MAX_ALTERNATIVES; i++)
    {
      GtkWidget *button = lens_close_up_get_button (close_up, i);

      if (gtk_widget_get_mapped (button) &&
          g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (button)), "edit-clear-symbolic") == 0)
        empty = button;
    }
  g_assert_nonnull (empty);
  lens_test_click (empty, gtk_widget_get_width (empty) / 2.0, gtk_widget_get_height (empty) / 2.0);
  lens_test_wait_settled (f->window);
  g_assert_cmpuint (lens_document_get_entries (doc)[r5c5], ==, 0);
  g_assert_cmpuint (lens_document_count_doubtful (doc), ==, 0);
  g_assert_false (gtk_widget_get_visible (message_box));

  /* back, and kept: its digit typed over it is the player's, no question */
  lens_test_press_key (GTK_WIDGET (view), GDK_KEY_z, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  g_assert_cmpuint (lens_document_get_entries (doc)[r5c5], ==, mark);
  g_assert_true (lens_document_cell_is_doubtful (doc, r5c5));
  lens_test_press_key (GTK_WIDGET (view), GDK_KEY_0 + mark, 0);
  lens_test_wait_settled (f->window);
  g_assert_cmpuint (lens_document_get_entries (doc)[r5c5], ==, mark);
  g_assert_false (lens_document_cell_is_doubtful (doc, r5c5));
  g_assert_false (lens_document_get_playing (doc));
  g_clear_pointer (&description, g_free);
  description = lens_grid_view_describe_cell (view, r5c5);
  g_assert_null (strstr (description, "hard to read"));
  g_assert_nonnull (strstr (description, "your digit"));
}

/* The close-up shows the cell the hint chose, even while the pointer
 * rests on another cell of the grid; it names the cell it shows. */
static void
test_close_up_follows_hint (Fixture       *f,
                            gconstpointer  data)
{
  GtkWidget *picture = GTK_WIDGET (lens_close_up_get_picture (LENS_TEST_PART (f->window, LensCloseUp, "close_up")));
  LensGridView *grid = LENS_TEST_PART (f->window, LensGridView, "grid_view");
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", "sample.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *expected = NULL;
  const LensLogicStep *step;
  guint pointer = 0;

  lens_window_open_file (f->window, file);
  lens_test_wait_settled (f->window);
  /* the pointer rests on the top left cell, clicked */
  lens_test_click_cell (f->window, pointer);
  g_assert_cmpint (lens_grid_view_get_hovered (grid), ==, (int) pointer);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (picture), ==, "Row 1, column 1 in the photo");
  press_hint (f->window);
  step = lens_hinter_get_step (lens_window_get_hinter (f->window));
  g_assert_nonnull (step);
  g_assert_cmpuint (step->n_cells, >, 0);
  g_assert_false (lens_grid_view_is_hinted (grid, pointer));
  g_assert_cmpint (lens_grid_view_get_hovered (grid), ==, (int) pointer);
  expected = g_strdup_printf ("Row %u, column %u in the photo",
                              lens_cell_row (step->cells[0]) + 1, lens_cell_col (step->cells[0]) + 1);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (picture), ==, expected);
  g_assert_nonnull (gtk_picture_get_paintable (GTK_PICTURE (picture)));
}

/* The status's count of uncertain cells is the count of cells shown with a
 * "?" (said "hard to read" or "uncertain" to a screen reader), on a photo filled in by
 * hand whose reader doubts some of the player's digits. */
static void
test_uncertain_count_agrees (Fixture       *f,
                             gconstpointer  data)
{
  LensGridView *grid = LENS_TEST_PART (f->window, LensGridView, "grid_view");
  g_autofree char *expected = NULL;
  guint shown = 0;

  open_photo (f->window, "image10.jpg");
  g_assert_cmpint (first_unsure_cell (f->window), >=, 0);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      g_autofree char *description = lens_grid_view_describe_cell (grid, i);

      shown += strstr (description, ", hard to read") != NULL || strstr (description, ", uncertain") != NULL;
    }
  g_assert_cmpuint (shown, >, 0);
  expected = g_strdup_printf (" · %u uncertain · ", shown);
  g_assert_nonnull (strstr (gtk_label_get_label (LENS_TEST_PART (f->window, GtkLabel, "status_label")), expected));
}

/* Whether the digit in @cell shows as given by a hint (or revealed): its
 * role in the grid and in an export's board; if it does, the legend and
 * the export's legend have a key for it. */
static void
assert_helped (LensWindow *window,
               guint       cell,
               gboolean    helped)
{
  LensCellRole roles[LENS_N_CELL_ROLES];
  LensCellRole role;
  LensGrid board;
  gboolean in_export = FALSE;
  guint n;

  g_assert_cmpuint (lens_grid_view_get_cell (LENS_TEST_PART (window, LensGridView, "grid_view"), cell, &role), !=, 0);
  g_assert_cmpint (role == LENS_CELL_ROLE_HELPED, ==, helped);
  g_assert_cmpint (role == LENS_CELL_ROLE_ENTRY, ==, !helped);
  lens_document_get_board (lens_window_get_document (window), &board);
  g_assert_cmpint (lens_grid_cell_role (&board, cell), ==, role);
  if (!helped)
    return;
  g_assert_true (lens_cell_legend_shows (LENS_CELL_LEGEND (LENS_TEST_PART (window, GtkWidget, "legend")),
                                         LENS_CELL_ROLE_HELPED));
  n = lens_render_board_roles (&board, roles);
  for (guint i = 0; i < n; i++)
    in_export |= roles[i] == LENS_CELL_ROLE_HELPED;
  g_assert_true (in_export);
}

/* With the entries checked, a hint's step and a revealed cell are said as
 * what they did, not as digits changed since the check; the next digit
 * the player types brings the check's words back. */
static void
test_banner_says_what_help_did (Fixture       *f,
                                gconstpointer  data)
{
  g_autofree char *step_said = NULL;
  const LensLogicStep *step;
  g_autofree char *name = NULL;
  guint placed = LENS_GRID_CELLS;
  const guint r1c3 = 2;
  const guint r1c4 = 3;

  /* r1c3 is 4: typed and checked */
  play_typed_entry (f, r1c3, GDK_KEY_4);
  lens_test_press_key (f->grid, GDK_KEY_k, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  g_assert_true (lens_document_get_check_wanted (f->doc));
  g_assert_cmpstr (banner (f->window), ==, "Your only entry is right.");

  press_hint (f->window);
  step = lens_hinter_get_step (lens_window_get_hinter (f->window));
  g_assert_nonnull (step);
  g_assert_cmpuint (step->n_placements, ==, 1);
  placed = step->placements[0].cell;
  name = lens_cell_name (placed);
  step_said = g_strdup_printf ("The hint’s step is made: %c in %s (%s).", easy_solution[placed], name,
                               lens_technique_get_label (step->technique));
  press_hint (f->window);
  g_assert_cmpuint (lens_document_get_entries (f->doc)[placed], ==, easy_solution[placed] - '0');
  g_assert_cmpstr (banner (f->window), ==, step_said);
  g_assert_null (strstr (banner (f->window), "since the check"));
  /* the hint's digit in a style of its own, in the grid, the legend and
   * what an export draws */
  assert_helped (f->window, placed, TRUE);

  /* reveal r1c4 (unless the hint filled it) */
  {
    guint cell = placed == r1c4 ? r1c4 + 1 : r1c4;
    g_autofree char *cell_name = lens_cell_name (cell);
    g_autofree char *revealed = g_strdup_printf ("Revealed: %c in %s.", easy_solution[cell], cell_name);

    lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), cell);
    lens_test_press_key (f->grid, GDK_KEY_r, GDK_CONTROL_MASK);
    lens_test_wait_settled (f->window);
    g_assert_cmpuint (lens_document_get_entries (f->doc)[cell], ==, easy_solution[cell] - '0');
    g_assert_cmpstr (banner (f->window), ==, revealed);
    assert_helped (f->window, cell, TRUE);
    /* the player types over it: theirs again */
    lens_test_press_key (f->grid, GDK_KEY_0 + (easy_solution[cell] == '9' ? 1 : easy_solution[cell] - '0' + 1), 0);
    assert_helped (f->window, cell, FALSE);
    lens_test_press_key (f->grid, GDK_KEY_z, GDK_CONTROL_MASK);
    assert_helped (f->window, cell, TRUE);
  }

  /* the player's own digit: the check speaks again */
  lens_grid_view_set_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view"), 80 - 2);
  lens_test_press_key (f->grid, GDK_KEY_0 + (easy_solution[80 - 2] - '0'), 0);
  lens_test_wait_settled (f->window);
  g_assert_null (strstr (banner (f->window), "Revealed"));
  g_assert_nonnull (strstr (banner (f->window), "since the check"));
  /* checked again, the hint's and the revealed digits are not counted as the player's */
  lens_test_press_key (f->grid, GDK_KEY_k, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  g_assert_cmpstr (banner (f->window), ==, "All 2 of your entries are right.");
  g_assert_cmpuint (lens_document_count_helped (f->doc), ==, 2);
}

/* A printed digit the puzzle's one solution cannot have (here r9c5, a 9
 * that clashes, where the solution has an 8): the hint says so and points
 * at it, and changes nothing; pressing again makes the 9 the player's, as
 * the repaired puzzle has it, which the next hint calls wrong: hint after
 * hint goes on, never saying the same twice on an unchanged board. */
static void
test_hint_on_misread_printed_digit (Fixture       *f,
                                    gconstpointer  data)
{
  const guint r9c5 = 8 * 9 + 4;
  GtkWidget *overlay = GTK_WIDGET (LENS_TEST_PART (f->window, AdwToastOverlay, "toast_overlay"));
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  LensGrid grid;

  g_assert_true (lens_grid_parse (&grid, easy_solution, -1, NULL));
  g_assert_cmpuint (grid.digits[r9c5], ==, 8);
  grid.digits[r9c5] = 9;
  lens_window_load_grid (f->window, &grid);
  lens_test_wait_settled (f->window);
  before = lens_grid_to_line (lens_document_get_grid (f->doc));

  press_hint (f->window);
  g_assert_null (lens_hinter_get_step (lens_window_get_hinter (f->window)));
  g_assert_true (lens_test_wait_label (overlay, "r9c5 reads as a printed 9, but the solution has 8 there: "
                                                "compare it with the photo and correct it, or press Hint again "
                                                "to make it yours"));
  g_assert_cmpint (lens_grid_view_get_selected (LENS_TEST_PART (f->window, LensGridView, "grid_view")), ==, r9c5);
  g_assert_cmpint (lens_document_get_last_help (f->doc)->kind, ==, LENS_HELP_NONE);
  after = lens_grid_to_line (lens_document_get_grid (f->doc));
  g_assert_cmpstr (after, ==, before);

  /* again: the 9 is the player's */
  press_hint (f->window);
  g_assert_cmpint (lens_document_get_kind (f->doc, r9c5), ==, LENS_READ_KIND_HANDWRITTEN);
  g_assert_cmpuint (lens_document_get_entries (f->doc)[r9c5], ==, 9);
  g_assert_cmpuint (lens_test_count_toasts (overlay), <=, 1);

  /* which is wrong, the next hint says; then taken out, and the 8 placed */
  press_hint (f->window);
  g_assert_nonnull (lens_hinter_get_step (lens_window_get_hinter (f->window)));
  g_assert_cmpint (lens_hinter_get_step (lens_window_get_hinter (f->window))->technique, ==, LENS_TECHNIQUE_MISTAKE);
  press_hint (f->window);
  g_assert_cmpuint (lens_document_get_entries (f->doc)[r9c5], ==, 0);
  press_hint (f->window);
  press_hint (f->window);
  g_assert_cmpuint (lens_document_get_entries (f->doc)[r9c5], ==, 8);
  g_assert_true (lens_document_is_complete_and_right (f->doc));
}

/* Solve shows the solution in place of a wrong digit of the player's, and
 * says so, naming it: it never replaces one silently. */
static void
test_solve_names_replaced_entry (Fixture       *f,
                                 gconstpointer  data)
{
  const guint r1c3 = 2;  /* the solution has a 4 there */

  play_typed_entry (f, r1c3, GDK_KEY_9);
  lens_test_press_key (f->grid, GDK_KEY_k, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  lens_test_press_key (f->grid, GDK_KEY_Return, GDK_CONTROL_MASK);
  lens_test_wait_settled (f->window);
  g_assert_cmpint (lens_document_get_state (f->doc), ==, LENS_DOCUMENT_SOLVED);
  g_assert_cmpstr (banner (f->window), ==, "Solved. The solution differs from 1 of your digits: your 9 in r1c3 is 4.");
  g_assert_null (strstr (banner (f->window), "without a single repair"));
}

/* A full board whose printed puzzle has many solutions leaves the
 * player's digits unchecked (there is no one solution to check them
 * against), and the check is asked for once: it used to be asked for
 * again from its own change, for ever, until the stack overflowed. */
static void
test_full_board_many_solutions (Fixture       *f,
                                gconstpointer  data)
{
  LensGrid grid;
  const LensEntryCheck *check;

  /* the solution's first row only: a puzzle of countless solutions */
  lens_grid_clear (&grid);
  for (guint i = 0; i < 9; i++)
    grid.digits[i] = easy_solution[i] - '0';
  lens_window_load_grid (f->window, &grid);
  lens_test_wait_settled (f->window);
  for (guint i = 9; i < LENS_GRID_CELLS; i++)
    g_assert_true (lens_document_set_entry (f->doc, i, easy_solution[i] - '0'));
  lens_test_wait_settled (f->window);
  g_assert_nonnull (lens_document_get_analysis (f->doc));
  g_assert_false (lens_result_is_solved (lens_document_get_analysis (f->doc)));
  check = lens_document_get_check (f->doc);
  g_assert_nonnull (check);
  g_assert_cmpuint (check->n_unchecked, ==, LENS_GRID_CELLS - 9);

  /* the same with the check as you type on, digit by digit */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.check-as-you-type", NULL));
  lens_document_set_entry (f->doc, 80, 0);
  lens_test_wait_settled (f->window);
  g_assert_true (lens_document_set_entry (f->doc, 80, easy_solution[80] - '0'));
  lens_test_wait_settled (f->window);
  g_assert_cmpuint (lens_document_get_check (f->doc)->n_unchecked, ==, LENS_GRID_CELLS - 9);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.check-as-you-type", NULL));
}

static void
add_tests (void)
{
  add ("/play/swapped-entries-marked", test_swapped_entries_marked);
  add ("/play/hint-names-swapped-not-doubted", test_hint_names_swapped_not_doubted);
  add ("/play/clean-fill-all-right", test_clean_fill_all_right);
  add ("/play/fix-kind-and-undo", test_fix_kind_and_undo);
  add ("/play/play-locks-printed", test_play_locks_printed);
  add ("/play/restart-keeps-entries", test_restart_keeps_entries);
  add ("/play/hint-then-apply", test_hint_then_apply);
  add ("/play/check-as-you-type", test_check_as_you_type);
  add ("/play/undo-solve-plays-on", test_undo_solve_plays_on);
  add ("/play/hint-names-mistake-and-solves", test_hint_names_mistake_and_solves);
  add ("/play/pencil-marks-and-reveal", test_pencil_marks_and_reveal);
  add ("/play/lone-mark-is-a-question", test_lone_mark_is_a_question);
  add ("/play/stray-mark-is-doubtful", test_stray_mark_is_doubtful);
  add ("/play/close-up-follows-hint", test_close_up_follows_hint);
  add ("/play/uncertain-count-agrees", test_uncertain_count_agrees);
  add ("/play/banner-says-what-help-did", test_banner_says_what_help_did);
  add ("/play/full-board-many-solutions", test_full_board_many_solutions);
  add ("/play/hint-on-misread-printed-digit", test_hint_on_misread_printed_digit);
  add ("/play/solve-names-replaced-entry", test_solve_names_replaced_entry);
}
