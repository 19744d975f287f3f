/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A second, closer read of the digits a player wrote. Once the board's
 * kinds are settled, the recognizer reads each cell taken for handwritten
 * again in a few views (as cut, and moved by a pixel each way) and combines
 * what it sees, so that where the window falls on a pen stroke, to a pixel,
 * does not decide the digit. Printed digits keep their single read: a
 * puzzle in print costs no more time than before. */
#include "config.h"

#include <algorithm>
#include <vector>

#include "lens-vision-private.hpp"

namespace lens {

void
reread_hand (LensRecognizer *recognizer,
             const cv::Mat  &crops,
             const LensScan *scan,
             float          (*hand)[LENS_N_CLASSES])
{
  std::vector<int> which;
  GError *error = NULL;

  for (int i = 0; i < LENS_GRID_CELLS; i++)
    if (scan->cells[i].digit != 0 && lens_cell_read_handwritten (&scan->cells[i]) > 0.5f)
      which.push_back (i);
  if (which.empty ())
    return;

  cv::Mat cut ((int) which.size (), crops.cols, CV_8U);
  for (size_t k = 0; k < which.size (); k++)
    crops.row (which[k]).copyTo (cut.row ((int) k));
  std::vector<float> scores (which.size () * LENS_N_CLASSES);
  if (!lens_recognizer_read_hand (recognizer, cut.data, (guint) which.size (), scores.data (),
                                  &error))
    {
      if (error != NULL)
        throw_error (error);
      return;
    }
  for (size_t k = 0; k < which.size (); k++)
    std::copy (&scores[k * LENS_N_CLASSES], &scores[(k + 1) * LENS_N_CLASSES], hand[which[k]]);
}

} /* namespace lens */
