/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Internals of the vision pipeline shared by its C++ files (and by the
 * overlay, which draws into a LensImage). Not for C callers. */

#include <opencv2/core.hpp>
#include <array>
#include <mutex>
#include <string>
#include <vector>

#include "lens-error.h"
#include "lens-failure.hpp"
#include "lens-image-header.h"
#include "lens-vision.h"
#include "lens-recognizer-private.h"

/* An image from a file keeps the file and decodes its full-size pixels
 * only when something asks for them (lens::full_bgr()): reading a photo
 * needs a JPEG at a fraction of its size, by the decoder's DCT scaling.
 * Frames and drawn images hold their pixels in @bgr from the start. */
struct _LensImage {
  cv::Mat bgr;           /* CV_8UC3, as stored in the file; empty until decoded */
  int exif_rotation;     /* clockwise degrees from the EXIF tag */
  int width, height;     /* full size, of the file or of @bgr (as read) */
  GBytes *source;        /* the encoded file, or NULL */
  LensImageHeader header;
  cv::Mat preview;       /* the file decoded at preview_eighths / 8 */
  int preview_eighths;
  int decoded_eighths = 8; /* or the fraction a JPEG too large was read at */
  std::mutex lock;       /* over @bgr while it is decoded */

  ~_LensImage () { g_clear_pointer (&source, g_bytes_unref); }
};

namespace lens {

/* Board corners clockwise from the top-left in the image frame. */
typedef std::array<cv::Point2f, 4> Quad;

/* The straightened board: a square of 9 cells plus half a cell of margin
 * on each side, with the background normalised to white. Cells are cut at
 * kCellPx; the search for the board uses smaller cells. */
constexpr int kCellPx = LENS_CELL_PX;

struct Board {
  cv::Mat image;
  cv::Matx33d to_board;  /* source image coordinates → board coordinates */
  int cell;              /* pixels */
  bool faint = false;    /* fit_grid() may look for faint lines too */

  int margin () const { return cell / 2; }
  int size () const { return 10 * cell; }
};

/* @image is grey, or BGR to be turned into ink_grey(). @faint: see
 * fit_grid(). */
Board warp_board (const cv::Mat &image, const Quad &corners, int cell, bool faint = false);

/* How well a 10 × 10 line grid fits a straightened board. */
struct GridFit {
  double score;  /* 0..1; below kMinGridScore there is no grid */
  Quad outer;    /* the outer corners of the grid found, board coordinates */
  cv::Point shift;  /* cells by which the box lines say @outer is off */
  bool bent;        /* whether its lines were fitted bent */
  double boxes;     /* the box lines' lead over the others inside (about
                     * 1 where every line is alike, more on a Sudoku) */
};

constexpr double kMinGridScore = 0.15;

/* Fits the grid lines, bent where @may_bend lets them, and, if @cells is
 * not NULL (then @board.cell must be kCellPx), cuts the 81 crops
 * (kCellPx² each, row-major in one CV_8U Mat of 81 rows × kCellPx² columns)
 * between them. On a @board marked faint, where the lines found in its
 * ink fit no grid, they are looked for again in what is darker than its
 * surroundings: grid lines printed faint and blurred, next to givens on
 * grey shading that the ink's one threshold takes whole. */
GridFit fit_grid (const Board &board, bool may_bend, cv::Mat *cells);

struct Detection {
  Quad quad;         /* in @grey's coordinates */
  double score;      /* the grid's */
  bool inverted;     /* printed light on dark, as on a screen in dark mode */
  int other_boards;  /* further boards seen apart from it */
  bool faint;        /* its grid was found only by its faint lines */
};

/* Whether a grid of @score fits inside @quad with less ink than paper, as
 * in a board printed dark on light. Where the board found in a photo is not
 * plausible, its negative is searched: a plausible board there is the print,
 * as on a screen in dark mode; if neither is, the clearer grid. */
bool plausible_print (const cv::Mat &grey, const Quad &quad, double score);

/* Finds the board in @grey (any size), printed dark on light or light on
 * dark; throws Failure (NO_BOARD). */
Detection detect_board (const cv::Mat &grey);

/* Moves each read digit's odds of being handwritten by how its ink's colour
 * on @bgr compares with that of the digits the recognizer is sure of, on
 * the board inside @upright (clockwise from the top-left as digits read). */
void refine_kinds (const cv::Mat &bgr, const Quad &upright, LensScan *scan);

/* Takes every digit for print where only that gives a printed puzzle with
 * one solution; @as_print are the digits read as print. True when it
 * did: the board is print alone. */
bool settle_kinds (LensScan *scan, const guint8 *as_print);

/* Mends the kinds of digits that break a half turn's symmetry of the
 * givens, on a board whose givens are otherwise symmetric. */
void symmetric_kinds (LensScan *scan);

/* lens_recognizer_reread() of the cells of @crops (the upright cells, one
 * per row) listed in @which: their values one after another, or none where
 * the engine does not read cells again. Throws where the read fails. */
std::vector<float> reread_cells (LensRecognizer         *recognizer,
                                 LensReread              what,
                                 const cv::Mat          &crops,
                                 const std::vector<int> &which);

/* Reads the digits of @scan taken for handwritten whose reading as print
 * or hand alike in @hand (one row per cell) is in doubt again from @crops
 * (the upright cells, one per row), more closely, and replaces it. */
void reread_hand (LensRecognizer *recognizer,
                  const cv::Mat  &crops,
                  const LensScan *scan,
                  float          (*hand)[LENS_N_CLASSES]);

/* Reads which candidate digits are pencilled into each cell of @scan of
 * kind CANDIDATES, from @crops (the upright cells, one per row), into its
 * @candidates; clears them elsewhere. */
void read_pencil_marks (LensRecognizer *recognizer,
                        const cv::Mat  &crops,
                        LensScan       *scan);

/* Orders four corners clockwise from the one nearest the image's top-left. */
Quad order_clockwise (const std::vector<cv::Point2f> &points);

Quad map_quad (const Quad &quad, const cv::Matx33d &transform);

/* The darkest channel of each pixel: print of any colour shows as dark as
 * black print does, where a luminance grey washes out red digits. */
cv::Mat ink_grey (const cv::Mat &bgr);

/* The grey level below which @share of the CV_8U @grey lies. */
int grey_at_share (const cv::Mat &grey, double share);

/* The same for @n rising @shares at once, into @levels. */
void grey_at_shares (const cv::Mat &grey, const double *shares, int *levels, int n);

/* @image's pixels at full size, decoded on the first call. */
const cv::Mat &full_bgr (const LensImage *image);

/* @image's pixels at about @eighths / 8 of its size: a JPEG is decoded at
 * that scale, other images are shrunk to it. Where @around (full-size
 * coordinates) is given, a JPEG decoded for it may hold only the pixels
 * within a quarter of its size around it, the others 0. */
cv::Mat scaled_bgr (const LensImage *image, int eighths, const Quad *around = nullptr);

/* The smallest scale of @image, in eighths, at which @quad (in full-size
 * coordinates) spans at least @side pixels each way: 8 for an image of
 * less than 2 megapixels. */
int eighths_for (const LensImage *image, const Quad &quad, double side);

/* @image for finding the board in: from 2 megapixels up, at the smallest
 * scale that keeps its longer side at 640 pixels or more. */
cv::Mat preview_bgr (const LensImage *image);

/* The factor from full-size coordinates to those of @scaled of @image. */
double scale_of (const LensImage *image, const cv::Mat &scaled);

/* The log domain of the stages' timings: G_MESSAGES_DEBUG=SudokuLens-timing
 * prints them, in the app as in the CLI. */
#define LENS_TIMING_DOMAIN "SudokuLens-timing"

/* CIE L*a*b* of the CV_8UC3 @bgr, as cv::COLOR_BGR2Lab gives it for
 * 8-bit images, without OpenCV's one-time tables. */
cv::Mat bgr_to_lab (const cv::Mat &bgr);

/* Rotates clockwise by a multiple of 90 degrees. */
cv::Mat rotate_image (const cv::Mat &image, int rotation);

} /* namespace lens */
