/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <dlfcn.h>
#include <math.h>
#include <string.h>

#include <cairo.h>
#include <glib/gstdio.h>

#include "lens-error.h"
#include "lens-recognizer-private.h"
#include "lens-test-util.h"

#define CELL_BYTES (LENS_CELL_PX * LENS_CELL_PX)

typedef struct {
  const char *family;
  gboolean    bold;
  double      size;      /* glyph height as a fraction of the cell */
  double      dx, dy;    /* offset of the glyph from the centre, pixels */
  double      paper;     /* grey level of the paper, 0..1 */
  double      ink;
  double      line;      /* width of the grid-line remnants, 0 for none */
} CellStyle;

static const CellStyle styles[] = {
  { "DejaVu Sans",  FALSE, 0.55,  0,  0, 1.00, 0.00, 3 },
  { "DejaVu Sans",  TRUE,  0.45,  2, -3, 0.85, 0.15, 2 },
  { "DejaVu Serif", FALSE, 0.60, -3,  2, 0.95, 0.25, 0 },
  { "DejaVu Serif", TRUE,  0.50,  1,  1, 0.75, 0.10, 4 },
};

static void
draw_lines (cairo_t         *cr,
            const CellStyle *style)
{
  double w = style->line;

  if (w <= 0)
    return;
  cairo_set_source_rgb (cr, style->ink, style->ink, style->ink);
  cairo_rectangle (cr, 0, 0, LENS_CELL_PX, w);
  cairo_rectangle (cr, 0, 0, w / 2, LENS_CELL_PX);
  cairo_rectangle (cr, LENS_CELL_PX - w, 0, w, LENS_CELL_PX);
  cairo_rectangle (cr, 0, LENS_CELL_PX - w / 2, LENS_CELL_PX, w / 2);
  cairo_fill (cr);
}

static void
draw_digit (cairo_t         *cr,
            const CellStyle *style,
            guint            digit)
{
  char text[2] = { (char) ('0' + digit), '\0' };
  cairo_text_extents_t ext;
  double target = style->size * LENS_CELL_PX;

  cairo_select_font_face (cr, style->family, CAIRO_FONT_SLANT_NORMAL,
                          style->bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, target);
  cairo_text_extents (cr, text, &ext);
  cairo_set_font_size (cr, target * target / ext.height);
  cairo_text_extents (cr, text, &ext);
  cairo_move_to (cr,
                 LENS_CELL_PX / 2.0 + style->dx - ext.x_bearing - ext.width / 2,
                 LENS_CELL_PX / 2.0 + style->dy - ext.y_bearing - ext.height / 2);
  cairo_set_source_rgb (cr, style->ink, style->ink, style->ink);
  cairo_show_text (cr, text);
}

/* A 64x64 grey cell as the pipeline cuts it: paper, an optional printed
 * digit, and remnants of the grid lines along the edges. */
static void
render_cell (const CellStyle *style,
             guint            digit,
             guint8          *out)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                                         LENS_CELL_PX, LENS_CELL_PX);
  cairo_t *cr = cairo_create (surface);
  const guint8 *data;
  int stride;

  cairo_set_source_rgb (cr, style->paper, style->paper, style->paper);
  cairo_paint (cr);
  draw_lines (cr, style);
  if (digit != 0)
    draw_digit (cr, style, digit);
  cairo_destroy (cr);

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < LENS_CELL_PX; y++)
    for (int x = 0; x < LENS_CELL_PX; x++)
      out[y * LENS_CELL_PX + x] = data[y * stride + x * 4 + 1];
  cairo_surface_destroy (surface);
}

/* Every style with every class 0..9: class i of style s at s * 10 + i. */
static guint8 *
render_all (guint *n_cells)
{
  guint n = G_N_ELEMENTS (styles) * LENS_N_CLASSES;
  guint8 *cells = g_malloc (n * CELL_BYTES);

  for (guint s = 0; s < G_N_ELEMENTS (styles); s++)
    for (guint d = 0; d < LENS_N_CLASSES; d++)
      render_cell (&styles[s], d, cells + (s * LENS_N_CLASSES + d) * CELL_BYTES);
  *n_cells = n;
  return cells;
}

static guint
best_class (const float *scores)
{
  guint best = 0;

  for (guint k = 1; k < LENS_N_CLASSES; k++)
    if (scores[k] > scores[best])
      best = k;
  return best;
}

static void
assert_distribution (const float *scores)
{
  double sum = 0;

  for (guint k = 0; k < LENS_N_CLASSES; k++)
    {
      g_assert_cmpfloat (scores[k], >=, 0.0);
      g_assert_cmpfloat (scores[k], <=, 1.0);
      sum += scores[k];
    }
  g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-4);
}

static void
check_reads_rendered_cells (LensEngine engine)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LensRecognizer) recognizer = lens_recognizer_new (engine, &error);
  g_autofree guint8 *cells = NULL;
  g_autofree float *scores = NULL;
  guint n;

  g_assert_no_error (error);
  g_assert_nonnull (recognizer);
  g_assert_cmpint (lens_recognizer_get_engine (recognizer), ==, engine);

  cells = render_all (&n);
  scores = g_new (float, n * LENS_N_CLASSES);
  g_assert_true (lens_recognizer_classify (recognizer, cells, n, scores, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < n; i++)
    {
      const float *s = scores + i * LENS_N_CLASSES;

      assert_distribution (s);
      if (best_class (s) != i % LENS_N_CLASSES)
        g_test_message ("style %u, class %u read as %u (%.2f)",
                        i / LENS_N_CLASSES, i % LENS_N_CLASSES, best_class (s),
                        s[best_class (s)]);
      g_assert_cmpuint (best_class (s), ==, i % LENS_N_CLASSES);
    }
}

static void
test_builtin_reads (void)
{
  check_reads_rendered_cells (LENS_ENGINE_BUILTIN);
}

static void
test_tesseract_reads (void)
{
  check_reads_rendered_cells (LENS_ENGINE_TESSERACT);
}

/* The closer read of handwriting gives distributions, and where the single
 * read is sure, the same digit; Tesseract reads no handwriting, so it
 * declines without an error. */
static void
test_read_hand (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LensRecognizer) builtin = lens_recognizer_new (LENS_ENGINE_BUILTIN, &error);
  g_autoptr(LensRecognizer) tesseract = NULL;
  g_autofree guint8 *cells = NULL;
  g_autofree float *scores = NULL, *hand = NULL, *handwritten = NULL, *again = NULL;
  guint n, compared = 0;

  g_assert_no_error (error);
  cells = render_all (&n);
  scores = g_new (float, n * LENS_N_CLASSES);
  hand = g_new (float, n * LENS_N_CLASSES);
  again = g_new (float, n * LENS_N_CLASSES);
  handwritten = g_new (float, n);
  g_assert_true (lens_recognizer_classify_kinds (builtin, cells, n, scores, hand, handwritten,
                                                 &error));
  g_assert_no_error (error);
  g_assert_true (lens_recognizer_reread (builtin, LENS_REREAD_HAND, cells, n, again, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      const float *single = hand + i * LENS_N_CLASSES;

      assert_distribution (again + i * LENS_N_CLASSES);
      if (single[best_class (single)] < 0.9f)
        continue;
      g_assert_cmpuint (best_class (again + i * LENS_N_CLASSES), ==, best_class (single));
      compared++;
    }
  g_assert_cmpuint (compared, >=, n / 2);

  tesseract = lens_recognizer_new (LENS_ENGINE_TESSERACT, &error);
  if (tesseract == NULL)
    {
      g_test_message ("no Tesseract: %s", error->message);
      return;
    }
  g_assert_false (lens_recognizer_reread (tesseract, LENS_REREAD_HAND, cells, n, again, &error));
  g_assert_no_error (error);
}

/* Debian's Tesseract brings OpenMP along, whose pool made each photo five
 * times slower: the engine must leave no parallel level active. */
static void
test_tesseract_openmp_serial (void)
{
  int (*get_max_active_levels) (void) =
    (int (*) (void)) dlsym (RTLD_DEFAULT, "omp_get_max_active_levels");
  g_autoptr(GError) error = NULL;
  g_autoptr(LensRecognizer) recognizer = NULL;

  if (get_max_active_levels == NULL)
    {
      g_test_skip ("Tesseract is built without OpenMP");
      return;
    }
  recognizer = lens_recognizer_new (LENS_ENGINE_TESSERACT, &error);
  g_assert_no_error (error);
  g_assert_cmpint (get_max_active_levels (), ==, 0);
}

/* The turn of a board is judged by the built-in model: a built-in
 * recognizer judges itself, a Tesseract one owns a built-in judge. */
static void
test_orientation_judge (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LensRecognizer) builtin = lens_recognizer_new (LENS_ENGINE_BUILTIN, &error);
  g_autoptr(LensRecognizer) tesseract = NULL;
  LensRecognizer *judge;

  g_assert_no_error (error);
  g_assert_true (lens_recognizer_get_orientation_judge (builtin) == builtin);
  tesseract = lens_recognizer_new (LENS_ENGINE_TESSERACT, &error);
  g_assert_no_error (error);
  judge = lens_recognizer_get_orientation_judge (tesseract);
  g_assert_true (judge != tesseract && judge != builtin);
  g_assert_cmpint (lens_recognizer_get_engine (judge), ==, LENS_ENGINE_BUILTIN);
  g_assert_true (lens_recognizer_get_orientation_judge (tesseract) == judge);
}

/* A clear digit should be read with high confidence, and a flat cell
 * should be confidently empty: repair relies on these scores. */
static void
test_builtin_confidence (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LensRecognizer) recognizer = lens_recognizer_new (LENS_ENGINE_BUILTIN, &error);
  guint8 cells[2 * CELL_BYTES];
  float scores[2 * LENS_N_CLASSES];

  g_assert_no_error (error);
  render_cell (&styles[0], 7, cells);
  render_cell (&styles[0], 0, cells + CELL_BYTES);
  g_assert_true (lens_recognizer_classify (recognizer, cells, 2, scores, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (scores[7], >, 0.9);
  g_assert_cmpfloat (scores[LENS_N_CLASSES + 0], >, 0.9);
}

static void
test_empty_batch (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LensRecognizer) recognizer = lens_recognizer_new (LENS_ENGINE_BUILTIN, &error);

  g_assert_no_error (error);
  g_assert_true (lens_recognizer_classify (recognizer, NULL, 0, NULL, &error));
  g_assert_no_error (error);
}

typedef struct {
  LensRecognizer *recognizer;
  const guint8   *cells;
  guint           n_cells;
} ThreadJob;

static gpointer
classify_thread (gpointer data)
{
  ThreadJob *job = data;
  float *scores = g_new (float, job->n_cells * LENS_N_CLASSES);

  for (guint round = 0; round < 5; round++)
    g_assert_true (lens_recognizer_classify (job->recognizer, job->cells, job->n_cells,
                                             scores, NULL));
  return scores;
}

/* Two threads sharing one recognizer get the same answer as one alone. */
static void
test_shared_between_threads (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LensRecognizer) recognizer = lens_recognizer_new (LENS_ENGINE_BUILTIN, &error);
  g_autofree guint8 *cells = NULL;
  g_autofree float *alone = NULL;
  g_autofree float *first = NULL;
  g_autofree float *second = NULL;
  ThreadJob job;
  GThread *a, *b;
  guint n;

  g_assert_no_error (error);
  cells = render_all (&n);
  alone = g_new (float, n * LENS_N_CLASSES);
  g_assert_true (lens_recognizer_classify (recognizer, cells, n, alone, &error));

  job = (ThreadJob) { recognizer, cells, n };
  a = g_thread_new ("classify-a", classify_thread, &job);
  b = g_thread_new ("classify-b", classify_thread, &job);
  first = g_thread_join (a);
  second = g_thread_join (b);
  for (guint i = 0; i < n * LENS_N_CLASSES; i++)
    {
      g_assert_cmpfloat_with_epsilon (first[i], alone[i], 1e-5);
      g_assert_cmpfloat_with_epsilon (second[i], alone[i], 1e-5);
    }
}

static void
test_tesseract_missing_data (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LensTestDir) empty_dir = g_dir_make_tmp ("lens-tessdata-XXXXXX", NULL);
  g_autofree char *saved = g_strdup (g_getenv ("TESSDATA_PREFIX"));
  LensRecognizer *recognizer;

  g_assert_nonnull (empty_dir);
  g_setenv ("TESSDATA_PREFIX", empty_dir, TRUE);
  recognizer = lens_recognizer_new (LENS_ENGINE_TESSERACT, &error);
  if (saved != NULL)
    g_setenv ("TESSDATA_PREFIX", saved, TRUE);
  else
    g_unsetenv ("TESSDATA_PREFIX");

  g_assert_null (recognizer);
  g_assert_error (error, LENS_ERROR, LENS_ERROR_ENGINE);
  g_assert_nonnull (strstr (error->message, "eng.traineddata"));
}

static void
test_engine_names (void)
{
  const struct { const char *name; LensEngine engine; } known[] = {
    { "builtin", LENS_ENGINE_BUILTIN },
    { "tesseract", LENS_ENGINE_TESSERACT },
    { "Tesseract", LENS_ENGINE_TESSERACT },
  };
  LensEngine engine = LENS_ENGINE_TESSERACT;

  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    {
      g_assert_true (lens_engine_from_string (known[i].name, &engine));
      g_assert_cmpint (engine, ==, known[i].engine);
    }

  engine = LENS_ENGINE_BUILTIN;
  g_assert_false (lens_engine_from_string ("gocr", &engine));
  g_assert_false (lens_engine_from_string ("", &engine));
  g_assert_false (lens_engine_from_string (NULL, &engine));
  g_assert_cmpint (engine, ==, LENS_ENGINE_BUILTIN);

  g_assert_cmpstr (lens_engine_to_string (LENS_ENGINE_BUILTIN), ==, "builtin");
  g_assert_cmpstr (lens_engine_to_string (LENS_ENGINE_TESSERACT), ==, "tesseract");
  g_assert_true (lens_engine_from_string (lens_engine_to_string (LENS_ENGINE_DEFAULT), &engine));
  g_assert_cmpint (engine, ==, LENS_ENGINE_DEFAULT);
}

static void
test_rank (void)
{
  LensCellRead read = { 0 };
  guint8 ranked[LENS_N_CLASSES];
  const float scores[LENS_N_CLASSES] = { 0.02f, 0.01f, 0.01f, 0.15f, 0.01f,
                                         0.01f, 0.01f, 0.01f, 0.75f, 0.02f };

  memcpy (read.scores, scores, sizeof scores);
  read.digit = 8;
  read.confidence = 0.75f;

  g_assert_cmpuint (lens_cell_read_rank (&read, 0.1f, ranked), ==, 2);
  g_assert_cmpuint (ranked[0], ==, 8);
  g_assert_cmpuint (ranked[1], ==, 3);
  /* Ties keep class order; the rest follow in falling order. */
  g_assert_cmpuint (ranked[2], ==, 0);
  g_assert_cmpuint (ranked[3], ==, 9);
  g_assert_cmpuint (ranked[4], ==, 1);
  g_assert_cmpuint (ranked[9], ==, 7);

  g_assert_cmpuint (lens_cell_read_rank (&read, 0.0f, ranked), ==, LENS_N_CLASSES);
  g_assert_cmpuint (lens_cell_read_rank (&read, 0.9f, ranked), ==, 0);
  g_assert_cmpuint (ranked[0], ==, 8);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/recognizer/engine-names", test_engine_names);
  g_test_add_func ("/recognizer/rank", test_rank);
  g_test_add_func ("/recognizer/builtin/reads-rendered-cells", test_builtin_reads);
  g_test_add_func ("/recognizer/builtin/confidence", test_builtin_confidence);
  g_test_add_func ("/recognizer/builtin/empty-batch", test_empty_batch);
  g_test_add_func ("/recognizer/builtin/read-hand", test_read_hand);
  g_test_add_func ("/recognizer/builtin/shared-between-threads", test_shared_between_threads);
  g_test_add_func ("/recognizer/tesseract/reads-rendered-cells", test_tesseract_reads);
  g_test_add_func ("/recognizer/tesseract/missing-data", test_tesseract_missing_data);
  g_test_add_func ("/recognizer/tesseract/openmp-serial", test_tesseract_openmp_serial);
  g_test_add_func ("/recognizer/tesseract/orientation-judge", test_orientation_judge);

  return g_test_run ();
}
