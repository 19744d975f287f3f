/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lens-cli.h"
#include "lens-cli-options.h"
#include "lens-cli-output.h"
#include "lens-entries.h"
#include "lens-error.h"
#include "lens-pipeline.h"
#include "lens-repair.h"
#include "lens-vision.h"

#define CORNER_TOLERANCE 0.05  /* of the board's side */
#define LABEL_CANDIDATES 10    /* images/ + labels/ layout: small pencil candidates */
#define OUTLINE_SLACK 0.03     /* of the image's larger side */

/* One labelled photo and what the scan made of it. */
typedef struct {
  char      *name;
  char      *path;
  guint      number;
  LensGrid   truth;         /* every digit on the paper */
  gboolean   has_classes;   /* labels/NAME.txt: @classes hold 0..10 */
  gboolean   has_marks;     /* --candidates-labels names this photo */
  guint16    marks[LENS_GRID_CELLS]; /* the candidate digits pencilled in, by those labels */
  guint8     classes[LENS_GRID_CELLS]; /* 0 empty, 1..9, LABEL_CANDIDATES */
  gboolean   has_printed;   /* imageN.printed gives the printed givens apart */
  LensGrid   printed;
  gboolean   has_outline;
  LensPoint  outline[4];
  gboolean   scanned;
  LensScan   scan;
  LensGrid   read;          /* every digit read, printed and handwritten */
  LensGrid   puzzle;        /* the digits read as printed */
  int        width, height, exif_rotation;
  double     ms;
  double     cpu_ms;        /* processor time of this thread */
  LensRepairResult repair;  /* of the grid read, with the recognizer's scores */
  gboolean   corners_ok;
  GString   *report;        /* what differs, for the per-image line */
  char      *failure;       /* why the scan failed */
} EvalItem;

typedef struct {
  guint images;
  guint detected;
  guint grids_exact;
  guint grids_exact_repaired;
  guint repaired_unique;     /* boards found whose repaired puzzle has one solution */
  guint repaired_wrong;      /* ... whose solution is not the true one */
  guint repaired_unsure;     /* ... whose solution repair calls a guess */
  guint repaired_wrong_sure; /* wrong solutions that repair did not doubt */
  guint cells;
  guint cells_wrong;
  guint with_classes;        /* images labelled in 11 classes (no repair compared) */
  guint candidates;          /* cells labelled as holding pencil candidates */
  guint candidates_as_digit; /* ... read as a digit */
  guint candidates_right;    /* ... read as candidates */
  guint digits_missed;
  guint empties_misread;
  guint with_printed;        /* images whose printed givens are labelled apart */
  guint givens_exact;        /* ... whose printed puzzle was read exactly */
  guint givens_exact_repaired;
  guint kinds_wrong;         /* cells of those images read as the wrong kind */
  guint entries_wrong;       /* handwritten digits that are not the solution's */
  guint entries_wrong_found; /* ... that the check called wrong */
  guint entries_wrong_doubted; /* ... that it called unsure */
  guint entries_false_alarms;  /* cells it called wrong that are right or empty */
  guint entries_unsure;        /* cells it called unsure */
  guint chinese;             /* boards read in Chinese numerals */
  guint marked_cells;        /* cells whose candidate digits are labelled */
  guint marked_exact;        /* ... read as candidates, with exactly those digits */
  guint marked_as_candidates; /* ... read as candidates at all */
  guint mark_true[10];       /* per digit (0: all): candidates labelled and read */
  guint mark_false[10];      /* ... read where not labelled */
  guint mark_missed[10];     /* ... labelled and not read */
  GArray *ms;               /* double */
  GArray *cpu_ms;           /* double */
  GArray *repair_ms;        /* double */
} EvalSummary;

/* The prior of the check of entries (--epsilon, --no-prior). */
static double prior_epsilon = LENS_ENTRY_EPSILON;

static void
eval_item_free (EvalItem *item)
{
  g_free (item->name);
  g_free (item->path);
  g_free (item->failure);
  if (item->report != NULL)
    g_string_free (item->report, TRUE);
  g_free (item);
}

static int
compare_items (gconstpointer a,
               gconstpointer b)
{
  const EvalItem *x = *(EvalItem * const *) a, *y = *(EvalItem * const *) b;

  if (x->number != y->number)
    return (x->number > y->number) - (x->number < y->number);
  return strcmp (x->name, y->name);
}

static gboolean
parse_image_number (const char *name,
                    guint      *number)
{
  const char *digits = name + strlen ("image");
  char *end = NULL;
  guint64 value;

  if (!g_str_has_prefix (name, "image") || !g_ascii_isdigit (*digits))
    return FALSE;
  value = g_ascii_strtoull (digits, &end, 10);
  if (g_strcmp0 (end, ".jpg") != 0 || value > G_MAXUINT)
    return FALSE;
  *number = (guint) value;
  return TRUE;
}

/* imageN.printed, where there is one: the printed givens of a photo
 * whose .dat holds handwritten digits too. */
static gboolean
load_printed (EvalItem    *item,
              const char  *dir,
              const char  *stem,
              GError     **error)
{
  g_autofree char *name = g_strconcat (stem, ".printed", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return TRUE;
  if (!lens_grid_load_file (&item->printed, path, error))
    {
      g_prefix_error (error, "%s: ", name);
      return FALSE;
    }
  item->has_printed = TRUE;
  return TRUE;
}

/* The kind of ink cell @i holds by the labels. */
static LensReadKind
true_kind (const EvalItem *item,
           guint           i)
{
  if (item->truth.digits[i] == 0)
    return LENS_READ_KIND_EMPTY;
  if (item->has_printed && item->printed.digits[i] == 0)
    return LENS_READ_KIND_HANDWRITTEN;
  return LENS_READ_KIND_PRINTED;
}

static EvalItem *
load_item (const char  *dir,
           const char  *name,
           GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *stem = g_strndup (name, strlen (name) - strlen (".jpg"));
  g_autofree char *dat_name = g_strconcat (stem, ".dat", NULL);
  g_autofree char *dat = g_build_filename (dir, dat_name, NULL);
  EvalItem *item;
  guint number;

  if (!parse_image_number (name, &number) || !g_file_test (dat, G_FILE_TEST_IS_REGULAR))
    return NULL;
  item = g_new0 (EvalItem, 1);
  item->name = g_strdup (name);
  item->path = g_build_filename (dir, name, NULL);
  item->number = number;
  if (!lens_grid_load_file (&item->truth, dat, error))
    {
      g_prefix_error (error, "%s: ", dat_name);
      eval_item_free (item);
      return NULL;
    }
  if (!load_printed (item, dir, stem, error))
    {
      eval_item_free (item);
      return NULL;
    }
  return item;
}

/* labels/NAME.txt: 9 rows of 9 numbers: 0 empty, 1..9, LABEL_CANDIDATES. */
static gboolean
parse_classes (const char *text,
               guint8      classes[LENS_GRID_CELLS])
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t\r\n", -1);
  guint n = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      char *end = NULL;
      guint64 value;

      if (*words[i] == '\0')
        continue;
      value = g_ascii_strtoull (words[i], &end, 10);
      if (!g_ascii_isdigit (*words[i]) || *end != '\0' || value > LABEL_CANDIDATES
          || n == LENS_GRID_CELLS)
        return FALSE;
      classes[n++] = (guint8) value;
    }
  return n == LENS_GRID_CELLS;
}

/* DIR/images/NAME.jpg with DIR/labels/NAME.txt. */
static EvalItem *
load_labelled_item (const char  *dir,
                    const char  *name,
                    GError     **error)
{
  g_autofree char *stem = NULL;
  g_autofree char *label_name = NULL;
  g_autofree char *label = NULL;
  g_autofree char *text = NULL;
  EvalItem *item;

  if (!g_str_has_suffix (name, ".jpg"))
    return NULL;
  stem = g_strndup (name, strlen (name) - strlen (".jpg"));
  label_name = g_strconcat (stem, ".txt", NULL);
  label = g_build_filename (dir, "labels", label_name, NULL);
  if (!g_file_test (label, G_FILE_TEST_IS_REGULAR))
    return NULL;
  if (!g_file_get_contents (label, &text, NULL, error))
    return NULL;
  item = g_new0 (EvalItem, 1);
  if (!parse_classes (text, item->classes))
    {
      g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
                   _("%s: not 9 rows of 9 numbers from 0 to 10"), label_name);
      g_free (item);
      return NULL;
    }
  item->name = g_strdup (name);
  item->path = g_build_filename (dir, "images", name, NULL);
  item->has_classes = TRUE;
  lens_grid_clear (&item->truth);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    item->truth.digits[i] = item->classes[i] == LABEL_CANDIDATES ? 0 : item->classes[i];
  return item;
}

static gboolean
is_labelled_layout (const char *dir)
{
  g_autofree char *images = g_build_filename (dir, "images", NULL);
  g_autofree char *labels = g_build_filename (dir, "labels", NULL);

  return g_file_test (images, G_FILE_TEST_IS_DIR) && g_file_test (labels, G_FILE_TEST_IS_DIR);
}

static GPtrArray *
list_items (const char  *dir,
            GError     **error)
{
  gboolean labelled = is_labelled_layout (dir);
  g_autofree char *images = labelled ? g_build_filename (dir, "images", NULL) : g_strdup (dir);
  g_autoptr(GDir) handle = g_dir_open (images, 0, error);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func ((GDestroyNotify) eval_item_free);
  const char *name;

  if (handle == NULL)
    return NULL;
  while ((name = g_dir_read_name (handle)) != NULL)
    {
      EvalItem *item = labelled ? load_labelled_item (dir, name, error)
                                : load_item (dir, name, error);

      if (error != NULL && *error != NULL)
        return NULL;
      if (item != NULL)
        g_ptr_array_add (items, item);
    }
  g_ptr_array_sort (items, compare_items);
  return g_steal_pointer (&items);
}

static void
apply_outline (GPtrArray  *items,
               char      **fields)
{
  for (guint i = 0; i < items->len; i++)
    {
      EvalItem *item = g_ptr_array_index (items, i);

      if (!g_str_equal (item->name, fields[0]))
        continue;
      for (guint k = 0; k < 4; k++)
        {
          item->outline[k].x = g_ascii_strtod (fields[1 + 2 * k], NULL);
          item->outline[k].y = g_ascii_strtod (fields[2 + 2 * k], NULL);
        }
      item->has_outline = TRUE;
    }
}

/* outlines.csv: image,p1_x,p1_y,...,p4_x,p4_y — clockwise from the
 * top-left as the digits read. A missing file is not an error. */
static void
load_outlines (const char *dir,
               GPtrArray  *items)
{
  g_autofree char *path = g_build_filename (dir, "outlines.csv", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return;
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (g_strstrip (lines[i]), ",", -1);

      if (g_strv_length (fields) == 9 && g_ascii_isdigit (fields[1][0]))
        apply_outline (items, fields);
    }
}

static int
column_of (char       **header,
           const char  *name)
{
  for (int i = 0; header[i] != NULL; i++)
    if (g_str_equal (g_strstrip (header[i]), name))
      return i;
  return -1;
}

/* metadata.csv of the images/ + labels/ layout: Name and the board's
 * corners in pixels, top-left, bottom-left, bottom-right, top-right (the
 * photos are stored upright). A missing file is not an error. */
static void
load_metadata (const char *dir,
               GPtrArray  *items)
{
  static const char *const columns[] = {
    "x_topleft_absolute", "y_topleft_absolute", "x_topright_absolute", "y_topright_absolute",
    "x_bottomright_absolute", "y_bottomright_absolute",
    "x_bottomleft_absolute", "y_bottomleft_absolute",
  };
  g_autofree char *path = g_build_filename (dir, "metadata.csv", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) header = NULL;
  int at[1 + G_N_ELEMENTS (columns)];
  guint n_header;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return;
  lines = g_strsplit (contents, "\n", -1);
  if (lines[0] == NULL)
    return;
  header = g_strsplit (lines[0], ",", -1);
  n_header = g_strv_length (header);
  at[0] = column_of (header, "Name");
  for (guint k = 0; k < G_N_ELEMENTS (columns); k++)
    if ((at[1 + k] = column_of (header, columns[k])) < 0 || at[0] < 0)
      return;
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (g_strstrip (lines[i]), ",", -1);
      char *picked[G_N_ELEMENTS (at) + 1] = { NULL };

      if (g_strv_length (fields) != n_header)
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (at); k++)
        picked[k] = fields[at[k]];
      apply_outline (items, picked);
    }
}

/* @point in a frame turned clockwise by @rotation from the stored image of
 * @width × @height, back in the stored frame. */
static LensPoint
unrotate_point (LensPoint point,
                int       rotation,
                int       width,
                int       height)
{
  switch (rotation)
    {
    case 90: return (LensPoint) { point.y, height - 1 - point.x };
    case 180: return (LensPoint) { width - 1 - point.x, height - 1 - point.y };
    case 270: return (LensPoint) { width - 1 - point.y, point.x };
    default: return point;
    }
}

static gboolean
inside_image (const LensPoint points[4],
              int             width,
              int             height)
{
  double slack = OUTLINE_SLACK * MAX (width, height);

  for (guint k = 0; k < 4; k++)
    if (points[k].x < -slack || points[k].x > width + slack ||
        points[k].y < -slack || points[k].y > height + slack)
      return FALSE;
  return TRUE;
}

/* Outlines of tagged photos were drawn on the photo turned by its EXIF
 * tag (even where the tag is wrong): brings them into the stored frame,
 * which the scan reports in, and returns the turn. */
static int
outline_in_stored_frame (const EvalItem *item,
                         LensPoint       out[4])
{
  const int frames[] = { item->exif_rotation, 0, 90, 180, 270 };

  for (guint f = 0; f < G_N_ELEMENTS (frames); f++)
    {
      for (guint k = 0; k < 4; k++)
        out[k] = unrotate_point (item->outline[k], frames[f], item->width, item->height);
      if (inside_image (out, item->width, item->height))
        return frames[f];
    }
  memcpy (out, item->outline, sizeof item->outline);
  return 0;
}

static double
distance (LensPoint a,
          LensPoint b)
{
  return hypot (a.x - b.x, a.y - b.y);
}

static double
worst_corner (const LensPoint outline[4],
              const LensPoint corners[4],
              guint           shift)
{
  double worst = 0;

  for (guint k = 0; k < 4; k++)
    worst = MAX (worst, distance (outline[k], corners[(k + shift) % 4]));
  return worst;
}

/* Each corner within CORNER_TOLERANCE of the board's side. Outlines drawn
 * on a turned photo start at that frame's top-left, so their order is only
 * checked up to a turn; the grid comparison checks the orientation. */
static gboolean
check_corners (const EvalItem *item)
{
  LensPoint outline[4];
  int frame = outline_in_stored_frame (item, outline);
  double side = 0, worst;

  for (guint k = 0; k < 4; k++)
    side += distance (outline[k], outline[(k + 1) % 4]) / 4;
  worst = worst_corner (outline, item->scan.corners, 0);
  for (guint shift = 1; frame != 0 && shift < 4; shift++)
    worst = MIN (worst, worst_corner (outline, item->scan.corners, shift));
  return worst <= CORNER_TOLERANCE * side;
}

static char
class_char (guint8 value)
{
  return value == LABEL_CANDIDATES ? 'c' : value != 0 ? '0' + value : '.';
}

static void
report_cell (GString *report,
             guint    cell,
             guint8   truth,
             guint8   read)
{
  g_string_append_printf (report, " r%uc%u %c→%c", lens_cell_row (cell) + 1,
                          lens_cell_col (cell) + 1, class_char (truth), class_char (read));
}

/* What cell @i holds by the labels, and as read: a digit, 0 for empty,
 * LABEL_CANDIDATES for pencil candidates where the labels tell them. */
static guint8
truth_class (const EvalItem *item,
             guint           i)
{
  return item->has_classes ? item->classes[i] : item->truth.digits[i];
}

static guint8
read_class (const EvalItem *item,
            guint           i)
{
  if (item->has_classes && item->scanned && item->scan.cells[i].kind == LENS_READ_KIND_CANDIDATES)
    return LABEL_CANDIDATES;
  return item->read.digits[i];
}

static void
count_candidates (const EvalItem *item,
                  EvalSummary    *summary)
{
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      guint8 read = read_class (item, i);

      if (truth_class (item, i) != LABEL_CANDIDATES)
        continue;
      summary->candidates++;
      summary->candidates_right += read == LABEL_CANDIDATES;
      summary->candidates_as_digit += read != 0 && read != LABEL_CANDIDATES;
    }
}

/* "{259}" */
static void
append_digits (GString *text,
               guint16  marks)
{
  g_string_append_c (text, '{');
  for (guint d = 1; d <= 9; d++)
    if (marks & (1u << (d - 1)))
      g_string_append_c (text, (char) ('0' + d));
  g_string_append_c (text, '}');
}

/* The candidate digits read against those labelled (--candidates-labels):
 * in each labelled cell, and in every other cell read as candidates (where
 * each digit read is a false one). */
static void
count_marks (const EvalItem *item,
             EvalSummary    *summary)
{
  if (!item->has_marks || !item->scanned)
    return;
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      const LensCellRead *read = &item->scan.cells[i];
      guint16 got = read->kind == LENS_READ_KIND_CANDIDATES ? read->candidates : 0;
      guint16 want = item->marks[i];

      if (want == 0 && got == 0)
        continue;
      if (got != want && read->kind == LENS_READ_KIND_CANDIDATES)
        {
          g_string_append_printf (item->report, " r%uc%u ", lens_cell_row (i) + 1, lens_cell_col (i) + 1);
          append_digits (item->report, want);
          g_string_append (item->report, "→");
          append_digits (item->report, got);
        }
      if (want != 0)
        {
          summary->marked_cells++;
          summary->marked_as_candidates += read->kind == LENS_READ_KIND_CANDIDATES;
          summary->marked_exact += read->kind == LENS_READ_KIND_CANDIDATES && got == want;
        }
      for (guint d = 1; d <= 9; d++)
        {
          guint16 bit = (guint16) (1u << (d - 1));
          guint *counts = (got & bit) && (want & bit) ? summary->mark_true
                          : (got & bit) ? summary->mark_false
                          : (want & bit) ? summary->mark_missed : NULL;

          if (counts != NULL)
            {
              counts[d]++;
              counts[0]++;
            }
        }
    }
}

static void
compare_repair (EvalItem    *item,
                guint        wrong,
                EvalSummary *summary)
{
  const LensRepairResult *repair = &item->repair;
  const LensGrid *givens = item->has_printed ? &item->printed : &item->truth;
  gboolean exact = lens_grid_equal_digits (&repair->puzzle, givens);
  gboolean unique = repair->status == LENS_SOLVE_UNIQUE;
  gboolean right = unique && lens_grid_is_solution_of (&repair->solution, givens);

  summary->grids_exact_repaired += exact && (!item->has_printed || wrong == 0);
  summary->givens_exact_repaired += item->has_printed && exact;
  summary->repaired_unique += unique && item->corners_ok;
  summary->repaired_wrong += unique && !right;
  summary->repaired_unsure += unique && repair->unsure;
  summary->repaired_wrong_sure += unique && !right && !repair->unsure;
  g_array_append_val (summary->repair_ms, repair->elapsed_ms);
  if (wrong > 0 || !exact)
    g_string_append_printf (item->report, " → repaired %s%s%s", exact ? "exactly" : "wrongly",
                            !unique ? ", no single solution" : !right ? ", wrong solution" : "",
                            unique && repair->unsure ? ", flagged unsure" : "");
}

/* For a photo filled in by hand: the printed puzzle read, and the cells
 * whose digit was taken for the wrong kind of ink. */
static void
compare_kinds (EvalItem    *item,
               EvalSummary *summary)
{
  guint kinds_wrong = 0;

  summary->with_printed++;
  summary->givens_exact += item->scanned && lens_grid_equal_digits (&item->puzzle, &item->printed);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      LensReadKind truth = true_kind (item, i);

      if (truth != LENS_READ_KIND_EMPTY && item->scan.cells[i].kind != LENS_READ_KIND_EMPTY
          && truth != item->scan.cells[i].kind)
        kinds_wrong++;
    }
  if (item->scanned && kinds_wrong > 0)
    g_string_append_printf (item->report, " %u of the wrong kind", kinds_wrong);
  summary->kinds_wrong += item->scanned ? kinds_wrong : 0;
}

/* How the check of the player's entries read from the photo compares with
 * the entries' truth: the labelled handwritten digits against the labelled
 * printed puzzle's solution. */
static void
compare_entries (EvalItem    *item,
                 EvalSummary *summary)
{
  g_autofree LensRepairScores *scores = g_new (LensRepairScores, 1);
  const LensRepairResult *repair = &item->repair;
  LensGrid solution;
  guint8 entries[LENS_GRID_CELLS];
  LensEntryCheck check;
  gboolean solved = repair->status == LENS_SOLVE_UNIQUE;

  if (lens_solver_solve (&item->printed, &solution) != LENS_SOLVE_UNIQUE)
    return;
  lens_scan_get_repair_scores (&item->scan, scores);
  lens_scan_get_entries (&item->scan, entries);
  lens_entries_check_with_prior (&repair->puzzle, solved ? &repair->solution : NULL, entries,
                                 scores, prior_epsilon, &check);
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      gboolean hand = item->truth.digits[i] != 0 && item->printed.digits[i] == 0;
      gboolean wrong = hand && item->truth.digits[i] != solution.digits[i];

      summary->entries_wrong += wrong;
      summary->entries_wrong_found += wrong && check.status[i] == LENS_ENTRY_WRONG;
      summary->entries_wrong_doubted += wrong && check.status[i] == LENS_ENTRY_UNSURE;
      summary->entries_unsure += check.status[i] == LENS_ENTRY_UNSURE;
      if (!wrong && check.status[i] == LENS_ENTRY_WRONG)
        {
          summary->entries_false_alarms++;
          g_string_append_printf (item->report, " r%uc%u called wrong", lens_cell_row (i) + 1,
                                  lens_cell_col (i) + 1);
        }
    }
}

/* Compares one scanned photo with its labels and adds it to @summary. */
static void
compare_item (EvalItem    *item,
              EvalSummary *summary)
{
  guint wrong = 0;

  item->report = g_string_new (NULL);
  summary->images++;
  summary->cells += LENS_GRID_CELLS;
  g_array_append_val (summary->ms, item->ms);
  g_array_append_val (summary->cpu_ms, item->cpu_ms);
  item->corners_ok = item->scanned && (!item->has_outline || check_corners (item));
  if (item->corners_ok)
    summary->detected++;
  else if (item->scanned)
    g_string_append (item->report, " corners off");

  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    {
      guint8 truth = truth_class (item, i), read = read_class (item, i);

      if (truth == read)
        continue;
      wrong++;
      summary->digits_missed += truth != 0 && truth != LABEL_CANDIDATES && read == 0;
      summary->empties_misread += truth == 0 && read != 0;
      report_cell (item->report, i, truth, read);
    }
  summary->cells_wrong += wrong;
  summary->grids_exact += item->scanned && wrong == 0;
  count_candidates (item, summary);
  count_marks (item, summary);
  summary->with_classes += item->has_classes;
  if (item->has_printed)
    compare_kinds (item, summary);
  summary->chinese += item->scanned && item->scan.numerals == LENS_NUMERALS_CHINESE;
  if (item->scanned && !item->has_classes)
    compare_repair (item, wrong, summary);
  if (item->scanned && item->has_printed)
    compare_entries (item, summary);
}

/* Wall time counts what other programs take from us; this does not. */
static double
thread_cpu_ms (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

/* Repairs the printed puzzle read and, where it has one solution, reads
 * the entries with the puzzle's rules, as the check does. */
static void
repair_item (EvalItem *item)
{
  LensPipelineResult solved;
  LensEntryCheck check;
  gboolean unique = lens_pipeline_check_scan (&item->scan, prior_epsilon, &solved, &check);

  item->repair = solved.repair;
  lens_pipeline_result_clear (&solved);
  if (!unique)
    return;
  for (guint i = 0; i < LENS_GRID_CELLS; i++)
    if (check.status[i] != LENS_ENTRY_NONE)
      item->read.digits[i] = check.reading[i];
}

/* The photo read as the app reads it: the same reader, the same pipeline. */
static void
scan_item (EvalItem   *item,
           LensReader *reader)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LensImage) image = NULL;
  gint64 start = g_get_monotonic_time ();
  double cpu_start = thread_cpu_ms ();

  item->scanned = lens_pipeline_read_file (reader, item->path, NULL, &item->scan, &item->puzzle, &image, &error);
  item->ms = (g_get_monotonic_time () - start) / 1000.0;
  item->cpu_ms = thread_cpu_ms () - cpu_start;
  if (item->scanned)
    {
      lens_scan_to_paper (&item->scan, item->scan.threshold, &item->read);
      repair_item (item);
      item->width = lens_image_get_width (image);
      item->height = lens_image_get_height (image);
      item->exif_rotation = lens_image_get_exif_rotation (image);
    }
  else
    {
      lens_grid_clear (&item->read);
      item->failure = g_strdup (error->message);
    }
}

static void
print_item (const EvalItem *item)
{
  if (!item->scanned)
    printf ("%s: not read: %s (%.0f ms)\n", item->name, item->failure, item->ms);
  else if (item->report->len == 0)
    printf ("%s: ok (%.0f ms)\n", item->name, item->ms);
  else
    printf ("%s:%s (%.0f ms)\n", item->name, item->report->str, item->ms);
}

static void
print_summary (const EvalSummary *summary,
               LensEngine         engine)
{
  printf (_("%u images (%s engine): %u boards found, %u grids exact\n"),
          summary->images, lens_engine_to_string (engine), summary->detected, summary->grids_exact);
  printf (_("%u of %u cells wrong: %u digits missed, %u empty cells read as digits\n"),
          summary->cells_wrong, summary->cells, summary->digits_missed, summary->empties_misread);
  if (summary->with_classes > 0)
    printf (_("%.1f%% of cells right in 11 classes; pencil candidates: %u of %u cells read as "
              "candidates, %u read as a digit\n"),
            100.0 * (summary->cells - summary->cells_wrong) / summary->cells,
            summary->candidates_right, summary->candidates, summary->candidates_as_digit);
  if (summary->marked_cells > 0)
    {
      printf (_("candidate digits: %u of %u labelled cells read exactly (%.1f%%), %u read as candidates; "
                "precision %.1f%%, recall %.1f%% of %u digits\n"),
              summary->marked_exact, summary->marked_cells,
              100.0 * summary->marked_exact / summary->marked_cells, summary->marked_as_candidates,
              100.0 * summary->mark_true[0] / MAX (1, summary->mark_true[0] + summary->mark_false[0]),
              100.0 * summary->mark_true[0] / MAX (1, summary->mark_true[0] + summary->mark_missed[0]),
              summary->mark_true[0] + summary->mark_missed[0]);
      for (guint d = 1; d <= 9; d++)
        if (summary->mark_true[d] + summary->mark_false[d] + summary->mark_missed[d] > 0)
          printf (_("  candidate %u: %u read right, %u read wrongly, %u missed\n"), d,
                  summary->mark_true[d], summary->mark_false[d], summary->mark_missed[d]);
    }
  if (summary->chinese > 0)
    printf (ngettext ("%u board read in Chinese numerals\n", "%u boards read in Chinese numerals\n",
                      summary->chinese), summary->chinese);
  printf (_("time per image: median %.1f ms, 90th percentile %.1f ms "
            "(processor time: median %.1f ms, 90th percentile %.1f ms)\n"),
          lens_cli_percentile (summary->ms, 0.5), lens_cli_percentile (summary->ms, 0.9),
          lens_cli_percentile (summary->cpu_ms, 0.5), lens_cli_percentile (summary->cpu_ms, 0.9));
  if (summary->with_classes == summary->images)
    return;
  printf (_("after repair: %u grids exact, %u found boards solve uniquely, %u with a wrong solution; "
            "repair median %.2f ms, maximum %.1f ms\n"),
          summary->grids_exact_repaired, summary->repaired_unique, summary->repaired_wrong,
          lens_cli_percentile (summary->repair_ms, 0.5), lens_cli_percentile (summary->repair_ms, 1.0));
  printf (_("solutions flagged unsure for the user to check: %u; wrong solutions not flagged: %u\n"),
          summary->repaired_unsure, summary->repaired_wrong_sure);
  if (summary->with_printed > 0)
    printf (_("filled in by hand: %u of %u printed puzzles read exactly, %u after repair; "
              "%u cells of the wrong kind\n"),
            summary->givens_exact, summary->with_printed, summary->givens_exact_repaired,
            summary->kinds_wrong);
  if (summary->with_printed > 0)
    printf (_("entries checked: %u of %u wrong entries called wrong, %u unsure; "
              "%u right entries called wrong; %u called unsure in all\n"),
            summary->entries_wrong_found, summary->entries_wrong, summary->entries_wrong_doubted,
            summary->entries_false_alarms, summary->entries_unsure);
}

static void
print_summary_json (const EvalSummary *summary,
                    LensEngine         engine)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  /* The five candidate_ counts only with --candidates-labels, the last
   * eight only where some photo's printed givens are labelled apart. */
  const struct { const char *key; guint value; } counts[] = {
    { "images", summary->images },
    { "detected", summary->detected },
    { "grids_exact", summary->grids_exact },
    { "grids_exact_repaired", summary->grids_exact_repaired },
    { "repaired_unique", summary->repaired_unique },
    { "repaired_wrong_solution", summary->repaired_wrong },
    { "repaired_unsure", summary->repaired_unsure },
    { "repaired_wrong_unflagged", summary->repaired_wrong_sure },
    { "cells", summary->cells },
    { "cells_wrong", summary->cells_wrong },
    { "digits_missed", summary->digits_missed },
    { "empties_misread", summary->empties_misread },
    { "candidates", summary->candidates },
    { "candidates_right", summary->candidates_right },
    { "candidates_as_digit", summary->candidates_as_digit },
    { "chinese_numerals", summary->chinese },
    { "candidate_cells_labelled", summary->marked_cells },
    { "candidate_cells_exact", summary->marked_exact },
    { "candidate_digits_right", summary->mark_true[0] },
    { "candidate_digits_wrong", summary->mark_false[0] },
    { "candidate_digits_missed", summary->mark_missed[0] },
    { "givens_exact", summary->givens_exact },
    { "givens_exact_repaired", summary->givens_exact_repaired },
    { "kinds_wrong", summary->kinds_wrong },
    { "entries_wrong", summary->entries_wrong },
    { "entries_wrong_found", summary->entries_wrong_found },
    { "entries_wrong_unsure", summary->entries_wrong_doubted },
    { "entries_false_alarms", summary->entries_false_alarms },
    { "entries_unsure", summary->entries_unsure },
  };

  json_builder_begin_object (builder);
  lens_cli_add_string_member (builder, "engine", lens_engine_to_string (engine));
  guint n_counts = G_N_ELEMENTS (counts) - (summary->with_printed > 0 ? 0 : 8);

  for (guint i = 0; i < n_counts; i++)
    {
      if (summary->marked_cells == 0 && g_str_has_prefix (counts[i].key, "candidate_"))
        continue;
      lens_cli_add_int_member (builder, counts[i].key, counts[i].value);
    }
  lens_cli_add_double_member (builder, "median_ms", lens_cli_percentile (summary->ms, 0.5));
  lens_cli_add_double_member (builder, "p90_ms", lens_cli_percentile (summary->ms, 0.9));
  lens_cli_add_double_member (builder, "median_cpu_ms", lens_cli_percentile (summary->cpu_ms, 0.5));
  lens_cli_add_double_member (builder, "p90_cpu_ms", lens_cli_percentile (summary->cpu_ms, 0.9));
  lens_cli_add_double_member (builder, "repair_median_ms", lens_cli_percentile (summary->repair_ms, 0.5));
  lens_cli_add_double_member (builder, "repair_max_ms", lens_cli_percentile (summary->repair_ms, 1.0));
  json_builder_end_object (builder);
  lens_cli_print_json (builder);
}

/* --candidates-labels FILE: lines "SPLIT/NAME CELL DIGITS" (tools/labels/
 * photos-kubiesa-candidates.txt), '#' comments; a line names a photo of
 * DIR by NAME (images/NAME.jpg), lines of other photos are left out. */
static gboolean
load_marks (const char *path,
            GPtrArray  *items,
            GError    **error)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GHashTable) by_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  if (!g_file_get_contents (path, &text, NULL, error))
    return FALSE;
  for (guint i = 0; i < items->len; i++)
    {
      EvalItem *item = g_ptr_array_index (items, i);
      g_autofree char *stem = g_strndup (item->name, strlen (item->name) - strlen (".jpg"));

      if (item->has_classes)
        g_hash_table_insert (by_name, g_steal_pointer (&stem), item);
    }
  lines = g_strsplit (text, "\n", -1);
  for (guint n = 0; lines[n] != NULL; n++)
    {
      g_auto(GStrv) words = NULL;
      const char *name;
      EvalItem *item;
      guint64 cell;
      guint16 marks = 0;

      g_strstrip (lines[n]);
      if (lines[n][0] == '\0' || lines[n][0] == '#')
        continue;
      words = g_strsplit_set (lines[n], " \t", -1);
      if (g_strv_length (words) != 3 || !g_ascii_string_to_unsigned (words[1], 10, 0, LENS_GRID_CELLS - 1,
                                                                      &cell, NULL))
        goto bad;
      for (const char *d = words[2]; *d != '\0'; d++)
        {
          if (*d < '1' || *d > '9')
            goto bad;
          marks |= (guint16) (1u << (*d - '1'));
        }
      if (marks == 0)
        goto bad;
      name = strrchr (words[0], '/') != NULL ? strrchr (words[0], '/') + 1 : words[0];
      item = g_hash_table_lookup (by_name, name);
      if (item == NULL)
        continue;
      item->has_marks = TRUE;
      item->marks[cell] = marks;
      continue;
    bad:
      g_set_error (error, LENS_ERROR, LENS_ERROR_PARSE,
                   _("%s:%u: not “SPLIT/NAME CELL DIGITS”"), path, n + 1);
      return FALSE;
    }
  return TRUE;
}

static int
run_eval (const char *dir,
          const char *marks_path,
          LensReader *reader,
          gboolean    json)
{
  LensEngine engine = lens_reader_get_engine (reader);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) items = list_items (dir, &error);
  g_autoptr(GArray) ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) repair_ms = g_array_new (FALSE, FALSE, sizeof (double));
  EvalSummary summary = { 0 };

  if (items == NULL)
    return lens_cli_fail ("%s", error->message);
  if (items->len == 0)
    return lens_cli_fail (_("%s: no imageN.jpg with an imageN.dat, nor images/NAME.jpg with "
                            "labels/NAME.txt"), dir);
  load_outlines (dir, items);
  load_metadata (dir, items);
  if (marks_path != NULL && !load_marks (marks_path, items, &error))
    return lens_cli_fail ("%s", error->message);
  lens_vision_use_one_thread ();
  /* Loaded before the first photo, so that no photo's time counts it. */
  if (lens_reader_get_recognizer (reader, &error) == NULL)
    return lens_cli_fail ("%s", error->message);

  summary.ms = ms;
  summary.cpu_ms = cpu_ms;
  summary.repair_ms = repair_ms;
  for (guint i = 0; i < items->len; i++)
    {
      EvalItem *item = g_ptr_array_index (items, i);

      scan_item (item, reader);
      compare_item (item, &summary);
      if (!json)
        print_item (item);
    }
  if (json)
    print_summary_json (&summary, engine);
  else
    print_summary (&summary, engine);
  return LENS_EXIT_OK;
}

int
lens_cli_eval (int    argc,
               char **argv)
{
  g_auto(LensCliOptions) common = { 0 };
  gboolean no_prior = FALSE;
  double epsilon = LENS_ENTRY_EPSILON;
  g_auto(GStrv) dirs = NULL;
  g_autofree char *marks_path = NULL;
  const GOptionEntry entries[] = {
    { "candidates-labels", 0, 0, G_OPTION_ARG_FILENAME, &marks_path,
      N_("Compare the candidate digits read in pencil-mark cells with FILE’s "
         "(lines “SPLIT/NAME CELL DIGITS”)"), N_("FILE") },
    { "no-prior", 0, 0, G_OPTION_ARG_NONE, &no_prior,
      N_("Read entries by the pictures alone, not the puzzle's rules"), NULL },
    { "epsilon", 0, 0, G_OPTION_ARG_DOUBLE, &epsilon,
      N_("The rules' prior: how often a player writes another digit than the solution's"),
      N_("EPSILON") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &dirs, NULL, N_("DIR") },
    { NULL }
  };

  if (lens_cli_options_parse (&common, LENS_CLI_OPTIONS_ENGINE, N_("Print the summary as JSON"), entries,
                              _("Reads every imageN.jpg of DIR and compares it with imageN.dat\n"
                                "(and with the corners in DIR/outlines.csv when present),\n"
                                "or every DIR/images/NAME.jpg with DIR/labels/NAME.txt (9 rows of\n"
                                "0 empty, 1-9, 10 pencil candidates; corners in DIR/metadata.csv)."),
                              &argc, &argv) != LENS_EXIT_OK)
    return LENS_EXIT_USAGE;
  if (dirs == NULL || g_strv_length (dirs) != 1)
    return lens_cli_usage_error ("%s", _("eval needs exactly one DIR"));
  if (!(epsilon > 0 && epsilon <= 1))
    return lens_cli_usage_error ("%s", _("--epsilon must be above 0 and at most 1"));
  prior_epsilon = no_prior ? LENS_ENTRY_NO_PRIOR : epsilon;
  return run_eval (dirs[0], marks_path, common.reader, common.json);
}
