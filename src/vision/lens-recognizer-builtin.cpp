/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>

#include "lens-error.h"
#include "lens-failure.hpp"
#include "lens-recognizer-engines.h"
#include "lens-recognizer-model.hpp"
extern "C" {
#include "lens-vision-resources.h"
}

/* Networks on the same input: two read printed digits (trained on print
 * alone, so puzzles in print read as they always did), the other tells
 * printed from handwritten digits and reads handwriting. The second reader
 * of print learned the same faces also drawn narrower, wider, slanted and
 * unevenly weighted; it is averaged in where the first is unsure, as each
 * misreads faces it never saw in its own way (docs/typefaces.md, "Fourth
 * round"). */
#define DIGITS_RESOURCE "/io/github/sudokulens/SudokuLens/models/lens-digits.onnx"
#define SHAPES_RESOURCE "/io/github/sudokulens/SudokuLens/models/lens-digits-shapes.onnx"
#define KINDS_RESOURCE "/io/github/sudokulens/SudokuLens/models/lens-kinds.onnx"

/* The kinds model's classes: empty, printed 1..9, handwritten 1..9 and,
 * in a model that has it, a cell of small pencil candidates (no entry). */
constexpr int N_KINDS_DIGITS = 1 + 2 * 9;
constexpr int KIND_CANDIDATES = N_KINDS_DIGITS;

#define MODEL_FAILED _("The built-in digit model failed")

/* Cells read lately, by their pixels: a scan reads the same cells again,
 * closer where the hand is in doubt and for pencil candidates where no digit
 * was read, and the kinds model's outputs for them as cut are known. The
 * recognizer's lock keeps one caller at a time. */
constexpr gsize CELL_BYTES = (gsize) LENS_CELL_PX * LENS_CELL_PX;
constexpr gsize MAX_REMEMBERED = 4 * LENS_GRID_CELLS;

struct _LensBuiltinEngine {
  cv::dnn::Net digits;
  cv::dnn::Net shapes;
  cv::dnn::Net kinds;
  int          kinds_outputs;  /* N_KINDS_DIGITS, or one more with candidates */
  std::unordered_map<std::string, std::vector<float>> kinds_read;
};

static std::string
cell_key (const guint8 *cells,
          guint         i)
{
  return std::string ((const char *) cells + (gsize) i * CELL_BYTES, CELL_BYTES);
}

static void
remember_kinds (LensBuiltinEngine *self,
                const guint8      *cells,
                guint              n_cells,
                const cv::Mat     &kinds)
{
  if (self->kinds_read.size () + n_cells > MAX_REMEMBERED)
    self->kinds_read.clear ();
  for (guint i = 0; i < n_cells; i++)
    {
      const float *row = kinds.ptr<float> ((int) i);

      self->kinds_read[cell_key (cells, i)] = std::vector<float> (row, row + self->kinds_outputs);
    }
}

/* The kinds model's outputs for cell @i of @cells where it read it lately. */
static const float *
recall_kinds (const LensBuiltinEngine *self,
              const guint8            *cells,
              guint                    i)
{
  auto known = self->kinds_read.find (cell_key (cells, i));

  return known == self->kinds_read.end () ? nullptr : known->second.data ();
}

/* The probability of pencil candidates in a kinds model's @kinds. */
static float
candidates_of (const LensBuiltinEngine *self,
               const float             *kinds)
{
  return self->kinds_outputs > KIND_CANDIDATES ? kinds[KIND_CANDIDATES] : 0.0f;
}

/* @hand: the kinds model's scores with a digit's printed and handwritten
 * classes together, pencil candidates counted as empty (no digit);
 * @handwritten: the hand's share of its digits. */
static void
fold_kinds (const float *kinds,
            float        candidates,
            float       *hand,
            float       *handwritten)
{
  double print = 0, written = 0;

  hand[0] = kinds[0] + candidates;
  for (int d = 1; d <= 9; d++)
    {
      hand[d] = kinds[d] + kinds[9 + d];
      print += kinds[d];
      written += kinds[9 + d];
    }
  *handwritten = print + written > 0 ? (float) (written / (print + written)) : 0.0f;
}

/* The second reader of print is asked only where the first is less sure
 * than this. On the boards of training typefaces (80 + 4 × 300) asking it
 * everywhere, below 0.999 and below 0.99 read the same number exactly
 * (1,145, against 1,122 with the first alone); below 0.99 left the fewest
 * cells wrong (648, against 674 and 695) at a fifth of the cost. */
constexpr float kSurePrint = 0.99f;

/* The second reader of print averaged into @printed (rows of @blob's
 * cells) where the first is short of sure. */
static void
second_opinion (LensBuiltinEngine *self,
                const cv::Mat     &blob,
                cv::Mat           &printed)
{
  const gsize side2 = (gsize) LENS_MODEL_SIDE * LENS_MODEL_SIDE;
  std::vector<int> unsure;

  for (int i = 0; i < printed.rows; i++)
    {
      const float *row = printed.ptr<float> (i);
      if (*std::max_element (row, row + LENS_N_CLASSES) < kSurePrint)
        unsure.push_back (i);
    }
  if (unsure.empty ())
    return;

  const int shape[] = { (int) unsure.size (), 1, LENS_MODEL_SIDE, LENS_MODEL_SIDE };
  cv::Mat some (4, shape, CV_32F);
  for (size_t k = 0; k < unsure.size (); k++)
    std::copy_n (blob.ptr<float> () + unsure[k] * side2, side2, some.ptr<float> () + k * side2);
  cv::Mat other = lens::run_model (self->shapes, some, (guint) unsure.size (), LENS_N_CLASSES);
  for (size_t k = 0; k < unsure.size (); k++)
    {
      float *row = printed.ptr<float> (unsure[k]);
      const float *more = other.ptr<float> ((int) k);

      for (int c = 0; c < LENS_N_CLASSES; c++)
        row[c] = 0.5f * (row[c] + more[c]);
    }
}

LensBuiltinEngine *
lens_builtin_engine_new (GError **error)
{
  return lens::make_guarded<LensBuiltinEngine> (error, LENS_ERROR_ENGINE,
                                                _("The built-in digit model could not be loaded"),
                                                [] (LensBuiltinEngine &self) {
    self.digits = lens::load_model (DIGITS_RESOURCE);
    self.shapes = lens::load_model (SHAPES_RESOURCE);
    self.kinds = lens::load_model (KINDS_RESOURCE);
    self.kinds_outputs = lens::count_outputs (self.kinds);
    if (self.kinds_outputs != N_KINDS_DIGITS && self.kinds_outputs != N_KINDS_DIGITS + 1)
      throw std::runtime_error ("the kinds model has " + std::to_string (self.kinds_outputs) + " outputs");
  });
}

gboolean
lens_builtin_engine_classify (LensBuiltinEngine       *self,
                              const guint8            *cells,
                              guint                    n_cells,
                              const LensKindsReading  *reading,
                              GError                 **error)
{
  return lens::guard (error, LENS_ERROR_ENGINE, MODEL_FAILED, [&] {
    cv::Mat blob = lens::cells_blob (cells, n_cells);
    cv::Mat printed = lens::run_model (self->digits, blob, n_cells, LENS_N_CLASSES);
    second_opinion (self, blob, printed);
    cv::Mat kinds = lens::run_model (self->kinds, blob, n_cells, self->kinds_outputs);

    remember_kinds (self, cells, n_cells, kinds);
    for (guint i = 0; i < n_cells; i++)
      {
        const float *row = kinds.ptr<float> ((int) i);
        float candidates = candidates_of (self, row);
        float *out = reading->scores + (gsize) i * LENS_N_CLASSES;

        /* The print model knows no pencil marks: where the kinds model
         * sees them, that share of its reading moves to "no digit". */
        for (int k = 0; k < LENS_N_CLASSES; k++)
          out[k] = (1 - candidates) * printed.at<float> ((int) i, k) + (k == 0 ? candidates : 0);
        fold_kinds (row, candidates, reading->hand_scores + (gsize) i * LENS_N_CLASSES, &reading->handwritten[i]);
      }
  });
}

gboolean
lens_builtin_engine_reread (LensBuiltinEngine *self,
                            LensReread         what,
                            const guint8      *cells,
                            guint              n_cells,
                            float             *out,
                            GError           **error)
{
  return lens::guard (error, LENS_ERROR_ENGINE, MODEL_FAILED, [&] {
    std::vector<const float *> as_cut (n_cells);
    std::vector<guint> unknown;

    for (guint i = 0; i < n_cells; i++)
      if ((as_cut[i] = recall_kinds (self, cells, i)) == nullptr)
        unknown.push_back (i);

    cv::Mat kinds;
    if (what == LENS_REREAD_HAND)
      kinds = lens::run_views (self->kinds, lens::cells_blob (cells, n_cells), n_cells,
                               self->kinds_outputs, as_cut);
    else if (!unknown.empty ())
      {
        std::vector<guint8> cut (unknown.size () * CELL_BYTES);

        for (gsize k = 0; k < unknown.size (); k++)
          std::copy_n (cells + unknown[k] * CELL_BYTES, CELL_BYTES, cut.data () + k * CELL_BYTES);
        kinds = lens::run_model (self->kinds, lens::cells_blob (cut.data (), (guint) unknown.size ()),
                                 (guint) unknown.size (), self->kinds_outputs);
        for (gsize k = 0; k < unknown.size (); k++)
          as_cut[unknown[k]] = kinds.ptr<float> ((int) k);
      }

    for (guint i = 0; i < n_cells; i++)
      {
        const float *row = what == LENS_REREAD_HAND ? kinds.ptr<float> ((int) i) : as_cut[i];
        float unused;

        if (what == LENS_REREAD_HAND)
          fold_kinds (row, candidates_of (self, row), out + (gsize) i * LENS_N_CLASSES, &unused);
        else
          out[i] = candidates_of (self, row);
      }
  });
}

void
lens_builtin_engine_free (LensBuiltinEngine *self)
{
  delete self;
}
