/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A second, closer read of the digits a player wrote. Once the board's
 * kinds are settled, the recognizer reads each cell taken for handwritten
 * whose first reading is in doubt again in a few views (as cut, and moved
 * by a pixel each way) and combines what it sees, so that where the window
 * falls on a pen stroke, to a pixel, does not decide the digit. Printed
 * digits and sure handwriting keep their single read. */
#include "config.h"

#include <algorithm>
#include <vector>

#include "lens-vision-private.hpp"

namespace lens {

/* A handwritten digit read this surely at the first read is not read
 * again. On the tune photos (photos-mixed, photos-kubiesa train) no digit
 * read wrongly was read more surely than 0.9966, and every reading came out
 * the same with 0.99; a hand in two reads 0.999 or more. */
constexpr float kSureHand = 0.999f;

std::vector<float>
reread_cells (LensRecognizer         *recognizer,
              LensReread              what,
              const cv::Mat          &crops,
              const std::vector<int> &which)
{
  GError *error = NULL;
  size_t per_cell = what == LENS_REREAD_HAND ? LENS_N_CLASSES : 1;
  cv::Mat cut ((int) which.size (), crops.cols, CV_8U);
  std::vector<float> out (which.size () * per_cell);

  for (size_t k = 0; k < which.size (); k++)
    crops.row (which[k]).copyTo (cut.row ((int) k));
  if (lens_recognizer_reread (recognizer, what, cut.data, (guint) which.size (), out.data (), &error))
    return out;
  if (error != NULL)
    throw_error (error);
  return {};
}

void
reread_hand (LensRecognizer *recognizer,
             const cv::Mat  &crops,
             const LensScan *scan,
             float          (*hand)[LENS_N_CLASSES])
{
  std::vector<int> which;

  for (int i = 0; i < LENS_GRID_CELLS; i++)
    if (scan->cells[i].digit != 0 && lens_cell_read_handwritten (&scan->cells[i]) > 0.5f &&
        *std::max_element (hand[i], hand[i] + LENS_N_CLASSES) < kSureHand)
      which.push_back (i);
  if (which.empty ())
    return;

  std::vector<float> scores = reread_cells (recognizer, LENS_REREAD_HAND, crops, which);
  if (scores.empty ())
    return;
  for (size_t k = 0; k < which.size (); k++)
    std::copy (&scores[k * LENS_N_CLASSES], &scores[(k + 1) * LENS_N_CLASSES], hand[which[k]]);
}

} /* namespace lens */
