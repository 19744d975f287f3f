/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <dlfcn.h>
#include <glib/gi18n-lib.h>
#include <algorithm>
#include <array>
#include <exception>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "lens-error.h"
#include "lens-failure.hpp"
#include "lens-recognizer-engines.h"
#include "lens-tesseract-api.h"

/* Tesseract's LSTM model reads a cropped, bordered digit as a raw line
 * (PSM 13), falling back to a single character (PSM 10), but is poor at
 * telling an empty cell from a faint one, so an ink test decides which
 * cells it sees at all. */

constexpr int MARGIN = 4;
constexpr int INNER = LENS_CELL_PX - 2 * MARGIN;
constexpr float MIN_CONTRAST = 40.0f;
constexpr int DIGIT_HEIGHT = 48;
constexpr int BORDER = 24;
constexpr float EMPTY_SCORE = 0.97f;
constexpr float UNREAD_EMPTY_SCORE = 0.3f;
constexpr float MAX_SCORE = 0.99f;
constexpr int LINE_COPIES = 3;
constexpr float ONE_ASPECT = 0.44f;
constexpr float ONE_SCORE = 0.85f;

struct _LensTesseractEngine {
  ~_LensTesseractEngine ()
  {
    if (api != NULL)
      {
        TessBaseAPIEnd (api);
        TessBaseAPIDelete (api);
      }
  }

  TessBaseAPI *api = NULL;
};

typedef struct {
  float    lo, hi;       /* ink and paper grey levels */
  cv::Rect box;          /* the digit inside the inner square, empty if none */
} Ink;

static void
grey_levels (const cv::Mat &inner,
             Ink           *ink)
{
  std::array<guint8, INNER * INNER> sorted;
  cv::Mat flat = inner.clone ();

  std::copy (flat.data, flat.data + INNER * INNER, sorted.begin ());
  std::sort (sorted.begin (), sorted.end ());
  ink->lo = sorted[(int) (0.02 * (INNER * INNER - 1))];
  ink->hi = sorted[(int) (0.80 * (INNER * INNER - 1))];
}

/* A digit's stroke: tall enough, not a grid-line remnant along an edge,
 * and centred well inside the cell. */
static bool
is_digit_part (const cv::Mat &stats,
               const cv::Mat &centroids,
               int            label)
{
  const int w = stats.at<int> (label, cv::CC_STAT_WIDTH);
  const int h = stats.at<int> (label, cv::CC_STAT_HEIGHT);
  const int area = stats.at<int> (label, cv::CC_STAT_AREA);
  const double cx = centroids.at<double> (label, 0);
  const double cy = centroids.at<double> (label, 1);
  const double lo = INNER * 0.2, hi = INNER * 0.8;

  if (h < INNER / 4 || h > INNER * 0.9 || w > INNER * 0.9 || area < 20)
    return false;
  return cx > lo && cx < hi && cy > lo && cy < hi;
}

static Ink
find_ink (const guint8 *pixels)
{
  const cv::Mat cell (LENS_CELL_PX, LENS_CELL_PX, CV_8UC1, const_cast<guint8 *> (pixels));
  const cv::Mat inner = cell (cv::Rect (MARGIN, MARGIN, INNER, INNER));
  cv::Mat binary, labels, stats, centroids;
  Ink ink = { 0, 0, cv::Rect () };

  grey_levels (inner, &ink);
  if (ink.hi - ink.lo < MIN_CONTRAST)
    return ink;

  cv::threshold (inner, binary, (ink.lo + ink.hi) / 2, 255, cv::THRESH_BINARY_INV);
  const int n = cv::connectedComponentsWithStats (binary, labels, stats, centroids, 8);
  for (int label = 1; label < n; label++)
    {
      if (!is_digit_part (stats, centroids, label))
        continue;
      const cv::Rect part (stats.at<int> (label, cv::CC_STAT_LEFT),
                           stats.at<int> (label, cv::CC_STAT_TOP),
                           stats.at<int> (label, cv::CC_STAT_WIDTH),
                           stats.at<int> (label, cv::CC_STAT_HEIGHT));
      ink.box = ink.box.empty () ? part : (ink.box | part);
    }
  return ink;
}

/* The digit's box, widened to at least half its height so that a "1"
 * keeps some paper on either side, and padded by two pixels. */
static cv::Rect
digit_box (const Ink &ink)
{
  cv::Rect box = ink.box;
  const int width = std::max (box.width, box.height / 2);

  box.x -= (width - box.width) / 2;
  box.width = width;
  return (box + cv::Size (4, 4) - cv::Point (2, 2)) & cv::Rect (0, 0, INNER, INNER);
}

/* Black digit on white paper, binarized, scaled to a comfortable height,
 * @copies times in a row, with a wide white border. Tesseract's LSTM model
 * often reads nothing in a lone glyph but reads a short line of them. */
static cv::Mat
digit_line (const guint8 *pixels,
            const Ink    &ink,
            int           copies)
{
  const cv::Mat cell (LENS_CELL_PX, LENS_CELL_PX, CV_8UC1, const_cast<guint8 *> (pixels));
  const cv::Mat inner = cell (cv::Rect (MARGIN, MARGIN, INNER, INNER));
  const cv::Rect box = digit_box (ink);
  const double scale = (double) DIGIT_HEIGHT / box.height;
  std::vector<cv::Mat> parts;
  cv::Mat digit, scaled, gap, line, out;

  cv::resize (inner (box), scaled, cv::Size (), scale, scale, cv::INTER_CUBIC);
  cv::threshold (scaled, digit, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
  gap = cv::Mat (digit.rows, DIGIT_HEIGHT / 3, CV_8UC1, cv::Scalar (255));
  for (int i = 0; i < copies; i++)
    {
      if (i > 0)
        parts.push_back (gap);
      parts.push_back (digit);
    }
  cv::hconcat (parts, line);
  cv::copyMakeBorder (line, out, BORDER, BORDER, BORDER, BORDER, cv::BORDER_CONSTANT, 255);
  return out;
}

static void
spread (float *scores,
        int    best,
        float  best_score)
{
  for (int k = 0; k < LENS_N_CLASSES; k++)
    scores[k] = (1.0f - best_score) / (LENS_N_CLASSES - 1);
  scores[best] = best_score;
}

/* Adds each digit Tesseract reads in @image, weighted by its confidence
 * (0..1) and divided by the @copies shown, to @votes; returns the total. */
static float
read_votes (TessBaseAPI   *api,
            const cv::Mat &image,
            int            copies,
            float          votes[LENS_N_CLASSES])
{
  TessResultIterator *it;
  float total = 0;

  TessBaseAPISetImage (api, image.data, image.cols, image.rows, 1, (int) image.step);
  if (TessBaseAPIRecognize (api, NULL) != 0)
    return 0;

  it = TessBaseAPIGetIterator (api);
  if (it == NULL)
    return 0;
  do
    {
      char *text = TessResultIteratorGetUTF8Text (it, tesseract::RIL_SYMBOL);
      const float conf = TessResultIteratorConfidence (it, tesseract::RIL_SYMBOL) / 100.0f;

      if (text != NULL && text[0] >= '1' && text[0] <= '9' && text[1] == '\0')
        {
          const float vote = std::clamp (conf, 0.0f, 1.0f) / copies;

          votes[text[0] - '0'] += vote;
          total += vote;
        }
      TessDeleteText (text);
    }
  while (TessResultIteratorNext (it, tesseract::RIL_SYMBOL));
  TessResultIteratorDelete (it);
  return total;
}

static void
classify_cell (TessBaseAPI  *api,
               const guint8 *pixels,
               float        *scores)
{
  const Ink ink = find_ink (pixels);
  float votes[LENS_N_CLASSES] = { 0 };
  float total;

  if (ink.box.empty ())
    {
      spread (scores, 0, EMPTY_SCORE);
      return;
    }

  /* Tesseract often misses a lone "1", and no other digit's ink is this
   * narrow (width over height: ones 0.34 to 0.5 on the tune photos, every
   * other digit above 0.45). */
  if (ink.box.width < ink.box.height * ONE_ASPECT)
    {
      spread (scores, 1, ONE_SCORE);
      return;
    }

  TessBaseAPISetPageSegMode (api, tesseract::PSM_RAW_LINE);
  total = read_votes (api, digit_line (pixels, ink, LINE_COPIES), LINE_COPIES, votes);
  if (total <= 0)
    {
      TessBaseAPISetPageSegMode (api, tesseract::PSM_SINGLE_CHAR);
      total = read_votes (api, digit_line (pixels, ink, 1), 1, votes);
    }
  if (total <= 0)
    {
      spread (scores, 0, UNREAD_EMPTY_SCORE);
      return;
    }

  /* Whatever the votes leave unclaimed is spread over every class. */
  total = std::min (total, MAX_SCORE);
  for (int k = 0; k < LENS_N_CLASSES; k++)
    scores[k] = std::min (votes[k], MAX_SCORE) + (1.0f - total) / LENS_N_CLASSES;
}

/* Debian's Tesseract runs its LSTM in an OpenMP pool that costs more than
 * it saves on one small cell (5x slower on two cores). OMP_THREAD_LIMIT
 * is read only as the process starts, and Tesseract asks for its thread
 * count in each region, but no region runs in parallel when no level may
 * be active. OpenCV uses TBB, so only Tesseract feels this. */
static void
run_openmp_serially (void)
{
  void (*set_max_active_levels) (int) =
    (void (*) (int)) dlsym (RTLD_DEFAULT, "omp_set_max_active_levels");

  if (set_max_active_levels != NULL)
    set_max_active_levels (0);
}

LensTesseractEngine *
lens_tesseract_engine_new (GError **error)
{
  if (lens_tesseract_api_load (error) == NULL)
    return NULL;
  return lens::make_guarded<LensTesseractEngine> (error, LENS_ERROR_ENGINE, _("Tesseract could not be started"),
                                                  [] (LensTesseractEngine &self) {
    run_openmp_serially ();
    TessBaseAPI *api = TessBaseAPICreate ();

    if (TessBaseAPIInit3 (api, NULL, "eng") != 0)
      {
        TessBaseAPIDelete (api);
        throw lens::Failure { LENS_ERROR_ENGINE,
                              _("Tesseract could not load its English language data "
                                "(eng.traineddata): install the tesseract-ocr-eng package "
                                "or set TESSDATA_PREFIX to the folder holding it") };
      }
    TessBaseAPISetVariable (api, "tessedit_char_whitelist", "123456789");
    TessBaseAPISetVariable (api, "user_defined_dpi", "300");
    self.api = api;
  });
}

gboolean
lens_tesseract_engine_classify (LensTesseractEngine *self,
                                const guint8        *cells,
                                guint                n_cells,
                                float               *scores,
                                GError             **error)
{
  return lens::guard (error, LENS_ERROR_ENGINE, _("Tesseract failed"), [&] {
    for (guint i = 0; i < n_cells; i++)
      classify_cell (self->api, cells + (gsize) i * LENS_CELL_PX * LENS_CELL_PX,
                     scores + (gsize) i * LENS_N_CLASSES);
    TessBaseAPIClear (self->api);
  });
}

void
lens_tesseract_engine_free (LensTesseractEngine *self)
{
  delete self;
}
