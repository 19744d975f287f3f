/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A tester of random actions: drives the real window with what a player
 * can do, in a random order and with random waits (none too), so that
 * actions land while photos are read, jobs run and toasts and animations
 * play. After each step it checks what must always hold.
 *
 * The actions and waits come from one seed alone, never from what the
 * window shows, so a seed replays the same steps. A failure is the last
 * step printed ("# step N: ..."); every warning or critical is one
 * (G_DEBUG=fatal-warnings). Replay or soak with tools/monkey.sh BUILD
 * STEPS SEED; here MONKEY_STEPS and MONKEY_SEED pick one run, and the
 * seeds that once found a bug are run again.
 *
 * Every file it opens is a fixture of this project; what it saves goes to
 * a folder of its own, removed after. */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>
#include <string.h>

#include "lens-application.h"
#include "lens-document.h"
#include "lens-gui-test.h"
#include "lens-photo-view.h"
#include "lens-test-util.h"
#define LENS_TEST_WINDOW_FIXTURE
#include "lens-window-test.h"

/* Steps of a run in the suite, and the seeds that found a bug, each with
 * the steps it took (see git log tests/test-monkey.c for what it found). */
#define SUITE_STEPS 80
/* Those longer than MAX_SUITE_REGRESSION run when MONKEY_REGRESSIONS=all. */
#define MAX_SUITE_REGRESSION 200
static const struct { guint32 seed; guint steps; gboolean gtk_renderer; } regressions[] = {
  { 3, 162, FALSE },   /* a hint waited for ever for the analysis of a closed photo */
  { 4, 38, FALSE },    /* a typed cell's reading was lost on restore */
  { 201, 345, TRUE },  /* the close-up measured 64 pixels high and 96 (GL, 1 run in 2) */
  { 101, 1111, FALSE },  /* a cell of pencil marks typed over kept them, and the save lost them */
  { 301, 549, FALSE },   /* Mark Corners while a photo opened: reading for ever (under ASan) */
  { 303, 1125, FALSE },  /* the photo closed on the camera page; leaving it showed an empty board */
};

/* The first photos of list_photos(), those any image loader reads. */
#define N_PICTURES 4

static const char *puzzles[] = {
  /* an easy newspaper puzzle */
  "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
  /* a hard one */
  "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
  /* one row: countless solutions */
  "534678912........................................................................",
  /* two 5s in the first row: none */
  "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
  /* solved already */
  "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
};

typedef struct {
  Fixture   *f;
  GPtrArray *photos;  /* paths: printed, pen-filled, pencil, hostile */
  guint32    arg;     /* this step's random number, for the action to use */
} Monkey;

typedef void (*ActionFunc) (Monkey *m);

static const char *
photo (Monkey *m)
{
  return g_ptr_array_index (m->photos, m->arg % m->photos->len);
}

static void
key (Monkey          *m,
     guint            keyval,
     GdkModifierType  mods)
{
  lens_test_press_key (GTK_WIDGET (m->f->window), keyval, mods);
}

static void
act (Monkey     *m,
     const char *action)
{
  gtk_widget_activate_action (GTK_WIDGET (m->f->window), action, NULL);
}

static void
open_photo (Monkey *m)
{
  g_autoptr(GFile) file = g_file_new_for_path (photo (m));

  lens_window_open_file (m->f->window, file);
}

static void
open_typed (Monkey *m)
{
  lens_test_load_puzzle (m->f->window, puzzles[m->arg % G_N_ELEMENTS (puzzles)]);
}

static GdkClipboard *
clipboard (Monkey *m)
{
  return gtk_widget_get_clipboard (GTK_WIDGET (m->f->window));
}

static void
paste_text (Monkey *m)
{
  gdk_clipboard_set_text (clipboard (m), puzzles[m->arg % G_N_ELEMENTS (puzzles)]);
  key (m, GDK_KEY_v, GDK_CONTROL_MASK);
}

/* A photo as a picture, as another app would put it on the clipboard or
 * drag it: one of the readable photos, the first ones of the list (GTK's
 * own loader would try to allocate what a hostile header claims). */
static GdkTexture *
photo_texture (Monkey *m)
{
  const char *path = g_ptr_array_index (m->photos, m->arg % N_PICTURES);

  return gdk_texture_new_from_filename (path, NULL);
}

static void
paste_picture (Monkey *m)
{
  g_autoptr(GdkTexture) texture = photo_texture (m);

  if (texture == NULL)
    return paste_text (m);
  gdk_clipboard_set_texture (clipboard (m), texture);
  key (m, GDK_KEY_v, GDK_CONTROL_MASK);
}

static GtkDropTarget *
drop_target (Monkey *m)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (m->f->window));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        return GTK_DROP_TARGET (controller);
    }
  g_assert_not_reached ();
}

/* What the window's drop target is handed when a file or a picture is
 * dropped on it (Xvfb has no drag source to drop from). */
static void
drop (Monkey *m)
{
  g_auto(GValue) value = G_VALUE_INIT;
  gboolean done = FALSE;

  if (m->arg % 2 == 0)
    {
      g_autoptr(GFile) file = g_file_new_for_path (photo (m));
      g_autoslist(GFile) files = g_slist_prepend (NULL, g_object_ref (file));

      g_value_init (&value, GDK_TYPE_FILE_LIST);
      g_value_set_boxed (&value, files);
    }
  else
    {
      g_autoptr(GdkTexture) texture = photo_texture (m);

      if (texture == NULL)
        return;
      g_value_init (&value, GDK_TYPE_TEXTURE);
      g_value_set_object (&value, texture);
    }
  g_signal_emit_by_name (drop_target (m), "drop", &value, 10.0, 10.0, &done);
}


/* The closed photo's Undo, from its toast as a player would, or else
 * through its action. */
static void
undo_close (Monkey *m)
{
  GtkWidget *undo = lens_test_find_button (GTK_WIDGET (LENS_TEST_PART (m->f->window, AdwToastOverlay, "toast_overlay")),
                                           "_Undo");

  /* "clicked" at once: gtk_widget_activate() would press the button
   * for a quarter of a second and click it later, behind the steps' back */
  if (undo != NULL && m->arg % 2 == 0 && gtk_widget_is_sensitive (undo))
    g_signal_emit_by_name (undo, "clicked");
  else
    act (m, "win.reopen-photo");
}

static void
mark_corners (Monkey *m)
{
  static const guint keys[] = { GDK_KEY_1, GDK_KEY_2, GDK_KEY_3, GDK_KEY_4, GDK_KEY_Left, GDK_KEY_Right,
                                GDK_KEY_Up, GDK_KEY_Down, GDK_KEY_Return, GDK_KEY_Escape };

  act (m, "win.mark-corners");
  for (guint i = 0, n = m->arg % 4; i < n; i++)
    key (m, keys[(m->arg >> (4 + 4 * i)) % G_N_ELEMENTS (keys)], 0);
}


static void
select_cell (Monkey *m)
{
  static const guint keys[] = { GDK_KEY_Left, GDK_KEY_Right, GDK_KEY_Up, GDK_KEY_Down, GDK_KEY_Tab };

  if (m->arg % 2 == 0)
    lens_grid_view_set_selected (LENS_TEST_PART (m->f->window, LensGridView, "grid_view"), (m->arg >> 1) % 81);
  else
    key (m, keys[(m->arg >> 1) % G_N_ELEMENTS (keys)], 0);
}

static void
click_cell (Monkey *m)
{
  GtkWidget *grid = GTK_WIDGET (LENS_TEST_PART (m->f->window, LensGridView, "grid_view"));

  /* a click needs the grid on screen and laid out */
  if (gtk_widget_get_mapped (grid) && gtk_widget_get_width (grid) > 40 && gtk_widget_get_height (grid) > 40)
    lens_test_click_cell (m->f->window, m->arg % 81);
}

static void
type_digit (Monkey *m)
{
  static const guint keys[] = { GDK_KEY_0, GDK_KEY_1, GDK_KEY_2, GDK_KEY_3, GDK_KEY_4, GDK_KEY_5, GDK_KEY_6,
                                GDK_KEY_7, GDK_KEY_8, GDK_KEY_9, GDK_KEY_Delete, GDK_KEY_BackSpace };

  gtk_widget_grab_focus (GTK_WIDGET (LENS_TEST_PART (m->f->window, LensGridView, "grid_view")));
  key (m, keys[m->arg % G_N_ELEMENTS (keys)], 0);
}

static void
alt_digit (Monkey *m)
{
  key (m, GDK_KEY_0 + m->arg % 10, GDK_ALT_MASK);
}

static void
solve (Monkey *m)
{
  if (m->arg % 5 == 0)
    act (m, "win.solve-overruling");
  else
    key (m, GDK_KEY_Return, GDK_CONTROL_MASK);
}



static void
check (Monkey *m)
{
  if (m->arg % 4 == 0)
    act (m, "win.check-as-you-type");
  else if (m->arg % 4 == 1)
    act (m, "win.next-check");
  else
    key (m, GDK_KEY_k, GDK_CONTROL_MASK);
}


static void
pencil (Monkey *m)
{
  if (m->arg % 3 == 0)
    key (m, GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK);  /* Fill In All Candidates */
  else
    key (m, GDK_KEY_e, GDK_CONTROL_MASK);
}



static void
cell_kind (Monkey *m)
{
  key (m, m->arg % 2 ? GDK_KEY_p : GDK_KEY_y, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
}

static void
pick_alternative (Monkey *m)
{
  gtk_widget_activate_action (GTK_WIDGET (m->f->window), "win.pick-alternative", "i", (int) (m->arg % 10));
}

/* Saves the solved board or the photo with the solution, as the save
 * dialog would, into the test's folder. */
static void
export (Monkey *m)
{
  static const char *names[] = { "board.png", "board.jpg", "board.svg", "photo.png", "photo.jpg" };
  const char *name = names[m->arg % G_N_ELEMENTS (names)];
  g_autofree char *path = g_build_filename (m->f->tmp, name, NULL);

  gtk_widget_activate_action (GTK_WIDGET (m->f->window),
                              g_str_has_prefix (name, "board") ? "win.export-board" : "win.export-overlay",
                              "s", path);
}

static void
copy (Monkey *m)
{
  key (m, GDK_KEY_c, GDK_CONTROL_MASK | (m->arg % 2 ? GDK_SHIFT_MASK : GDK_ALT_MASK));
}

static void
resize (Monkey *m)
{
  static const int sizes[][2] = { { 360, 700 }, { 1100, 720 }, { 720, 600 }, { 1280, 1000 } };

  gtk_window_set_default_size (GTK_WINDOW (m->f->window), sizes[m->arg % 4][0], sizes[m->arg % 4][1]);
}

/* The camera page, on a machine with no camera; closed or left open. */
static void
camera (Monkey *m)
{
  key (m, GDK_KEY_o, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  if (m->arg % 3 == 0)
    return;
  lens_test_spin (m->arg % 200);
  act (m, "capture.close");
}


static gboolean
finalized (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* Quits, whatever runs, and starts again with the session restored. */
static void
restart (Monkey *m)
{
  gpointer window = m->f->window;

  g_object_add_weak_pointer (window, &window);
  gtk_window_close (GTK_WINDOW (m->f->window));
  m->f->window = NULL;
  /* what still runs lets the window go once it ends */
  g_assert_true (lens_test_wait (finalized, &window, 60000));
  m->f->window = lens_test_open_window_sized (app, m->arg % 2 ? 1100 : 360, 720);
  m->f->doc = lens_window_get_document (m->f->window);
  m->f->grid = GTK_WIDGET (LENS_TEST_PART (m->f->window, LensGridView, "grid_view"));
  lens_window_restore_session (m->f->window);
}

/* What a player can do: a function, or else a shortcut pressed. */
static const struct {
  const char      *name;
  ActionFunc       func;
  guint            keyval;
  GdkModifierType  mods;
  guint            weight;
} actions[] = {
  { "open a photo", open_photo, 0, 0, 6 },
  { "open a typed puzzle", open_typed, 0, 0, 2 },
  { "paste a puzzle", paste_text, 0, 0, 1 },
  { "paste a picture", paste_picture, 0, 0, 1 },
  { "drop", drop, 0, 0, 2 },
  { "close the photo", NULL, GDK_KEY_w, GDK_CONTROL_MASK | GDK_SHIFT_MASK, 3 },
  { "undo closing", undo_close, 0, 0, 2 },
  { "mark corners", mark_corners, 0, 0, 2 },
  { "turn the board", NULL, GDK_KEY_r, GDK_CONTROL_MASK | GDK_SHIFT_MASK, 2 },
  { "select a cell", select_cell, 0, 0, 6 },
  { "click a cell", click_cell, 0, 0, 3 },
  { "type", type_digit, 0, 0, 10 },
  { "Alt+digit", alt_digit, 0, 0, 3 },
  { "solve", solve, 0, 0, 3 },
  { "undo", NULL, GDK_KEY_z, GDK_CONTROL_MASK, 5 },
  { "redo", NULL, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, 3 },
  { "check", check, 0, 0, 3 },
  { "play", NULL, GDK_KEY_p, GDK_CONTROL_MASK, 2 },
  { "pencil", pencil, 0, 0, 2 },
  { "hint", NULL, GDK_KEY_h, GDK_CONTROL_MASK, 4 },
  { "reveal", NULL, GDK_KEY_r, GDK_CONTROL_MASK, 2 },
  { "cell kind", cell_kind, 0, 0, 1 },
  { "pick another reading", pick_alternative, 0, 0, 2 },
  { "export", export, 0, 0, 2 },
  { "copy", copy, 0, 0, 1 },
  { "resize", resize, 0, 0, 2 },
  { "camera", camera, 0, 0, 1 },
  { "escape", NULL, GDK_KEY_Escape, 0, 2 },
  { "quit and restore", restart, 0, 0, 1 },
};

static guint
pick_action (GRand *rand)
{
  guint total = 0, r;

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    total += actions[i].weight;
  r = g_rand_int_range (rand, 0, total);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      if (r < actions[i].weight)
        return i;
      r -= actions[i].weight;
    }
  g_assert_not_reached ();
}

/* What holds after any step, whatever still runs. */
static void
check_always (Monkey *m)
{
  LensWindow *window = m->f->window;
  const char *page = gtk_stack_get_visible_child_name (LENS_TEST_PART (window, GtkStack, "stack"));
  int selected = lens_grid_view_get_selected (LENS_TEST_PART (window, LensGridView, "grid_view"));
  LensDocumentState state = lens_document_get_state (m->f->doc);

  LensGridView *grid_view = LENS_TEST_PART (window, LensGridView, "grid_view");
  LensGrid board;

  g_assert_true (m->f->doc == lens_window_get_document (window));
  /* the grid shows the window's document, not one it held before */
  lens_document_get_board (m->f->doc, &board);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    g_assert_cmpuint (lens_grid_view_get_cell (grid_view, i, NULL), ==, board.digits[i]);
  g_assert_cmpint (selected, >=, -1);
  g_assert_cmpint (selected, <, 81);
  g_assert_cmpint (lens_photo_view_get_selected (LENS_TEST_PART (window, LensPhotoView, "photo_view")), ==, selected);
  /* the page shown is the document's, once nothing is being read */
  if (!lens_window_is_busy (window) && g_strcmp0 (page, "capture") != 0)
    g_assert_cmpstr (page, ==, state == LENS_DOCUMENT_EMPTY ? "empty" : "board");
}

/* Until nothing runs; a window that never settles is a failure, said with
 * what still runs. */
static void
settle (Monkey *m)
{
  if (lens_test_wait (lens_test_window_settled, m->f->window, 60000))
    return lens_test_spin (50);
  g_error ("the window never settled: busy %d, analysing %d, page %s", lens_window_is_busy (m->f->window),
           lens_window_is_analysing (m->f->window),
           gtk_stack_get_visible_child_name (LENS_TEST_PART (m->f->window, GtkStack, "stack")));
}

/* The first widget under @root that activates @action, shown or not. */
static GtkWidget *
find_actionable (GtkWidget  *root,
                 const char *action)
{
  if (GTK_IS_ACTIONABLE (root) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_actionable (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Whether the button for @action can be pressed (wherever the layout has
 * put it: the header or, narrow, the bottom bar). */
static gboolean
button_enabled (Monkey     *m,
                const char *action)
{
  GtkWidget *button = find_actionable (GTK_WIDGET (m->f->window), action);

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

/* Once settled: Undo and Redo can be pressed when there is something to
 * undo or redo, Undo then Redo gives back the same document, and what is
 * saved for the next start reads back as the same. */
static void
check_settled (Monkey *m)
{
  g_autofree char *before = lens_test_document_text (m->f->window);
  g_autofree char *restored_text = NULL;
  g_autoptr(LensDocument) restored = lens_document_new ();
  g_autoptr(JsonNode) node = lens_document_to_json (m->f->doc);
  g_autoptr(GError) error = NULL;

  gboolean was_solved = FALSE;

  /* a solved session comes back unsolved, with the wish to solve it again */
  if (lens_document_load_json (restored, node, &was_solved, &error))
    {
      g_autoptr(JsonNode) again = lens_document_to_json (restored);
      g_autofree char *expected = NULL;

      json_object_set_boolean_member (json_node_get_object (node), "solved", FALSE);
      expected = json_to_string (node, FALSE);
      restored_text = json_to_string (again, FALSE);
      g_assert_cmpstr (restored_text, ==, expected);
      g_assert_true (was_solved == lens_result_is_solved (lens_document_get_result (m->f->doc)));
    }
  if (lens_window_is_busy (m->f->window) ||
      g_strcmp0 (gtk_stack_get_visible_child_name (LENS_TEST_PART (m->f->window, GtkStack, "stack")), "capture") == 0)
    return;
  g_assert_true (button_enabled (m, "win.undo") == lens_document_can_undo (m->f->doc));
  g_assert_true (button_enabled (m, "win.redo") == lens_document_can_redo (m->f->doc));
  if (!lens_document_can_undo (m->f->doc))
    return;
  act (m, "win.undo");
  settle (m);
  g_assert_true (lens_document_can_redo (m->f->doc));
  act (m, "win.redo");
  settle (m);
  {
    g_autofree char *after = lens_test_document_text (m->f->window);

    g_assert_cmpstr (after, ==, before);
  }
}

static void
add_photos (GPtrArray  *photos,
            const char *dir,
            const char *names[])
{
  for (guint i = 0; names[i] != NULL; i++)
    g_ptr_array_add (photos, g_test_build_filename (G_TEST_DIST, dir, names[i], NULL));
}

/* Printed, pen-filled, pencil and turned photos, and hostile files: not a
 * picture, empty, cut short, no board, huge. */
static GPtrArray *
list_photos (const char *tmp)
{
  GPtrArray *photos = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *sample = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", "sample.jpg", NULL);
  g_autofree char *text = g_build_filename (tmp, "text.jpg", NULL);
  g_autofree char *empty = g_build_filename (tmp, "empty.png", NULL);
  g_autofree char *cut = g_build_filename (tmp, "cut.jpg", NULL);
  g_autofree char *bytes = NULL;
  gsize length;

  g_ptr_array_add (photos, g_strdup (sample));
  add_photos (photos, "data/photos", (const char *[]) { "image1.jpg", "image42.jpg", "image1-stray-mark.jpg", NULL });
  add_photos (photos, "data/bad", (const char *[]) { "no-board.jpg", "huge-header.png", "one-pixel.png",
                                                     "two-boards.jpg", "board-cmyk.jpg", NULL });
  g_assert_true (g_file_set_contents (text, "not a photo", -1, NULL));
  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  g_assert_true (g_file_get_contents (sample, &bytes, &length, NULL));
  g_assert_true (g_file_set_contents (cut, bytes, length / 2, NULL));
  g_ptr_array_add (photos, g_strdup (text));
  g_ptr_array_add (photos, g_strdup (empty));
  g_ptr_array_add (photos, g_strdup (cut));
  for (guint i = 0; i < photos->len; i++)
    g_assert_true (g_file_test (g_ptr_array_index (photos, i), G_FILE_TEST_EXISTS));
  return photos;
}

static void
wait_some (GRand  *rand,
           Monkey *m,
           guint   kind)
{
  switch (kind)
    {
    case 0: case 1:  /* none */
      break;
    case 2: case 3:
      lens_test_spin (1 + g_rand_int_range (rand, 0, 30));
      break;
    case 4: case 5:
      lens_test_spin (50 + g_rand_int_range (rand, 0, 250));
      break;
    default:
      settle (m);
      break;
    }
}

static void
run (Fixture *f,
     guint32  seed,
     guint    steps)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  Monkey m = { f, list_photos (f->tmp), 0 };

  /* the steps are what a failure needs; the reader's debug lines drown them */
  g_log_set_debug_enabled (FALSE);

  g_test_message ("monkey: seed %u, %u steps (replay: tools/monkey.sh BUILD %u %u)", seed, steps, steps, seed);
  for (guint step = 1; step <= steps; step++)
    {
      guint action = pick_action (rand);
      guint wait = g_rand_int_range (rand, 0, 8);
      guint32 wait_seed = g_rand_int (rand);

      m.arg = g_rand_int (rand);
      g_test_message ("step %u: %s (%u), wait %u", step, actions[action].name, m.arg, wait);
      if (actions[action].func != NULL)
        actions[action].func (&m);
      else
        key (&m, actions[action].keyval, actions[action].mods);
      check_always (&m);
      {
        g_autoptr(GRand) wait_rand = g_rand_new_with_seed (wait_seed);

        wait_some (wait_rand, &m, wait);
      }
      check_always (&m);
      if (wait >= 6)
        check_settled (&m);
    }
  /* whatever was left running ends, and the window still closes */
  settle (&m);
  g_ptr_array_unref (m.photos);
}

static guint
env_uint (const char *name,
          guint       fallback)
{
  const char *value = g_getenv (name);

  return value != NULL && *value != '\0' ? (guint) g_ascii_strtoull (value, NULL, 10) : fallback;
}

static gboolean gtk_renderer;  /* GTK's choice, GL where there is a driver; else cairo */

static void
test_random_steps (Fixture       *f,
                   gconstpointer  data)
{
  run (f, env_uint ("MONKEY_SEED", gtk_renderer ? 2 : 1), env_uint ("MONKEY_STEPS", SUITE_STEPS));
}

static void
test_regressions (Fixture       *f,
                  gconstpointer  data)
{
  if (g_getenv ("MONKEY_SEED") != NULL)
    return g_test_skip ("one seed asked for");
  /* each with the renderer it was found with */
  for (guint i = 0; i < G_N_ELEMENTS (regressions); i++)
    if (regressions[i].gtk_renderer == gtk_renderer &&
        (regressions[i].steps <= MAX_SUITE_REGRESSION || g_strcmp0 (g_getenv ("MONKEY_REGRESSIONS"), "all") == 0))
      run (f, regressions[i].seed, regressions[i].steps);
}

static void
add_tests (void)
{
  gtk_renderer = g_strcmp0 (g_getenv ("GSK_RENDERER"), "cairo") != 0;
  add ("/monkey/random-steps", test_random_steps);
  add ("/monkey/regressions", test_regressions);
}
