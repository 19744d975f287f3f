/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The plain C API of the vision layer. Implemented over OpenCV by a C++
 * shim that turns every exception into a GError; memory handed out is
 * GLib-allocated. */

#include <gio/gio.h>

#include "lens-grid.h"
#include "lens-repair.h"

G_BEGIN_DECLS

/* The most pixels an image is read with. A larger JPEG (a phone's 108 or
 * 200 megapixel mode) is read at the largest of the decoder's fractions
 * that fits, up to LENS_MAX_JPEG_MEGAPIXELS. */
#define LENS_MAX_MEGAPIXELS 50
#define LENS_MAX_JPEG_MEGAPIXELS 250

/* Call from main() before any thread starts: keeps OpenCV from looking
 * for OpenCL devices it would never use (unless the user named one in
 * OPENCV_OPENCL_DEVICE). Vision works without it, only slower to start. */
void        lens_vision_init            (void);

typedef struct _LensImage LensImage;

typedef struct {
  double x, y;
} LensPoint;

/* Images hold 8-bit BGR pixels as stored in the file (no EXIF rotation
 * applied); the rotation needed to read the digits upright is part of a scan. */
LensImage  *lens_image_load             (const char       *path,
                                         GError          **error);
LensImage  *lens_image_load_bytes       (GBytes           *bytes,
                                         GError          **error);
LensImage  *lens_image_new_from_rgb     (const guint8     *pixels,
                                         int               width,
                                         int               height,
                                         gsize             stride,
                                         gboolean          has_alpha);
LensImage  *lens_image_new_from_grey    (const guint8     *pixels,
                                         int               width,
                                         int               height,
                                         gsize             stride);
LensImage  *lens_image_copy             (const LensImage  *image);
void        lens_image_free             (LensImage        *image);
int         lens_image_get_width        (const LensImage  *image);
int         lens_image_get_height       (const LensImage  *image);
/* The EXIF orientation tag as a clockwise rotation (0, 90, 180, 270). */
int         lens_image_get_exif_rotation (const LensImage *image);
/* Tightly packed RGB8 pixels, rotated clockwise by @rotation degrees. */
GBytes     *lens_image_get_rgb          (const LensImage  *image,
                                         int               rotation,
                                         int              *width,
                                         int              *height);
/* The same, shrunk (never enlarged) so that the longer side is at most
 * @max_side pixels, for showing a photo: a large JPEG is decoded at about
 * that size, never at full size. @scale: the result's size over the full
 * size. */
GBytes     *lens_image_get_rgb_scaled   (const LensImage  *image,
                                         int               rotation,
                                         int               max_side,
                                         int              *width,
                                         int              *height,
                                         double           *scale);
gboolean    lens_image_save             (const LensImage  *image,
                                         const char       *path,
                                         GError          **error);
/* Whether @data begins as a file of a format lens_image_load() knows
 * (JPEG, PNG, BMP, WebP, TIFF, PNM, HEIC or AVIF), even a broken one. */
gboolean    lens_image_is_known_format  (const guint8     *data,
                                         gsize             size);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensImage, lens_image_free)

typedef enum {
  LENS_ENGINE_BUILTIN,
  LENS_ENGINE_TESSERACT,
} LensEngine;

#define LENS_ENGINE_DEFAULT LENS_ENGINE_BUILTIN

gboolean    lens_engine_from_string     (const char       *name,
                                         LensEngine       *engine);
const char *lens_engine_to_string       (LensEngine        engine);

typedef struct _LensRecognizer LensRecognizer;

/* A recognizer may be shared between threads; it locks internally. */
LensRecognizer *lens_recognizer_new     (LensEngine        engine,
                                         GError          **error);
void            lens_recognizer_free    (LensRecognizer   *recognizer);
LensEngine      lens_recognizer_get_engine (LensRecognizer *recognizer);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LensRecognizer, lens_recognizer_free)

#define LENS_N_CLASSES 10  /* 0 = empty, 1..9 */

/* Who put the digit there: the printer, or the player's hand; or, in a
 * cell with no digit, the player's small pencil candidates (no entry: the
 * cell is empty for solving, checking and hints). */
typedef enum {
  LENS_READ_KIND_EMPTY,
  LENS_READ_KIND_PRINTED,
  LENS_READ_KIND_HANDWRITTEN,
  LENS_READ_KIND_CANDIDATES,
} LensReadKind;

const char *lens_read_kind_to_string    (LensReadKind      kind);

/* The numerals a board is printed in; either way read as digits 1..9. */
typedef enum {
  LENS_NUMERALS_ARABIC,   /* 1 … 9 */
  LENS_NUMERALS_CHINESE,  /* 一 … 九 */
} LensNumerals;

/* "arabic" or "chinese". */
const char *lens_numerals_to_string     (LensNumerals      numerals);

typedef struct {
  guint8       digit;                   /* best class, 0 = empty */
  float        confidence;              /* probability of @digit, 0..1 */
  float        scores[LENS_N_CLASSES];  /* probability of each class, sums to 1 */
  LensReadKind kind;                    /* EMPTY or CANDIDATES exactly when
                                         * @digit is 0 */
  float        kind_confidence;         /* probability of @kind, 0..1 */
  guint16      candidates;              /* kind CANDIDATES: the candidate digits
                                         * pencilled in, bit d - 1 for digit d
                                         * (LENS_DIGIT_BIT); 0 in any other cell */
} LensCellRead;

/* Sets @read's digit, confidence, kind and kind confidence from its scores
 * and the probability @handwritten that its digit was written by hand (an
 * empty cell's kind is EMPTY: the scan alone marks CANDIDATES). */
void        lens_cell_read_update       (LensCellRead       *read,
                                         float               handwritten);
/* Sets @read's scores from its reading as print (@printed) and as print
 * or hand alike (@hand), by the probability @handwritten that the hand
 * wrote it; then as lens_cell_read_update(). */
void        lens_cell_read_mix          (LensCellRead       *read,
                                         const float         printed[LENS_N_CLASSES],
                                         const float         hand[LENS_N_CLASSES],
                                         float               handwritten);
/* The probability that @read's digit was written by hand (0 when empty). */
float       lens_cell_read_handwritten  (const LensCellRead *read);

/* The least score of a class offered as an alternative reading: the
 * command line lists and the app offers only those above it. */
#define LENS_MIN_ALTERNATIVE_SCORE 0.001f

/* Fills @ranked with the classes ordered by falling score; returns how many
 * have a score above @min_score. */
guint       lens_cell_read_rank         (const LensCellRead *read,
                                         float               min_score,
                                         guint8              ranked[LENS_N_CLASSES]);

typedef enum {
  LENS_STAGE_DECODE,
  LENS_STAGE_DETECT,
  LENS_STAGE_CELLS,
  LENS_STAGE_RECOGNIZE,
  LENS_N_STAGES
} LensStage;

const char *lens_stage_to_string        (LensStage         stage);

typedef struct {
  /* In the stored image's pixel frame, clockwise from the board's top-left
   * corner as the digits read. */
  LensPoint    corners[4];
  int          rotation;          /* 0, 90, 180 or 270, clockwise */
  /* How far the reader's belief in upright digits (mean log-odds) in
   * @rotation leads the next likeliest turn; G_MAXFLOAT where no other
   * turn was weighed (one asked for, the preferred one read as surely
   * upright, or no ink to judge by). */
  float        rotation_margin;
  LensCellRead cells[LENS_GRID_CELLS];
  double       timing_ms[LENS_N_STAGES];
  guint        other_boards;      /* boards seen beside the one read (the clearest, largest) */
  LensNumerals numerals;          /* decided for the whole board */
  LensEngine   engine;            /* the recognizer that read it */
  float        threshold;         /* the confidence below which its cells are uncertain */
} LensScan;

/* Below this rotation margin the turn the reader took is in doubt, and
 * the app offers to turn the board. On the 240 tune photos (photos,
 * photos-mixed, photos-kubiesa train), each read as stored and turned a
 * quarter, every turn was right and the least margin 1.17: none is
 * offered there (docs/handwritten.md). */
#define LENS_SURE_ROTATION_MARGIN 1.0f

/* The side of the square grey crop of one cell given to the recognizer. */
#define LENS_CELL_PX 64

/* How to read a board; LENS_SCAN_OPTIONS_INIT (or a NULL pointer) for a
 * board found in the photo and turned as the reader judges. */
typedef struct {
  /* NULL: the board is found. Else the 4 corners of its outline
   * (clockwise, any starting corner), as when the user placed them; they
   * are snapped to the grid lines found near them, unless @keep_corners:
   * then the cells are cut from the outline as it is, and the scan's
   * corners are these, in the order of the upright puzzle. With
   * @keep_corners and a @rotation, the corners are taken in the order of
   * the upright puzzle read at that turn (a scan's corners, one of them
   * moved), not sorted again, so that the board keeps its turn. */
  const LensPoint *corners;
  gboolean         keep_corners;
  /* -1: the turn the reader judges upright (the EXIF tag preferred). Or
   * 0, 90, 180 or 270: the board is read turned clockwise by that much
   * from the stored image, as for the user who sees it read on its side. */
  int              rotation;
  /* Nullable: gets the 81 upright grey crops exactly as the recognizer
   * saw them, row-major, LENS_CELL_PX² bytes each. */
  GBytes         **cells_out;
  GCancellable    *cancellable;
} LensScanOptions;

#define LENS_SCAN_OPTIONS_INIT { NULL, FALSE, -1, NULL, NULL }

/* Finds the board in @image (or takes it where @options put it) and reads
 * it into @scan, cleared first; its decode time is 0. @options: nullable. */
gboolean    lens_scan_image             (const LensImage        *image,
                                         LensRecognizer         *recognizer,
                                         const LensScanOptions  *options,
                                         LensScan               *scan,
                                         GError                **error);
/* Decodes the file at @path and scans it as lens_scan_image() does,
 * timing the decode too; @image_out (nullable) gets the decoded image. */
gboolean    lens_scan_file              (const char             *path,
                                         LensRecognizer         *recognizer,
                                         const LensScanOptions  *options,
                                         LensScan               *scan,
                                         LensImage             **image_out,
                                         GError                **error);

/* The printed puzzle: the digits read as printed, each flagged GIVEN, and
 * UNCERTAIN below @threshold. Handwritten digits are left out: they are the
 * player's entries (lens_scan_get_entries). */
void        lens_scan_to_grid           (const LensScan   *scan,
                                         float             threshold,
                                         LensGrid         *grid);
/* Every digit on the paper, printed and handwritten alike (flagged as
 * lens_scan_to_grid flags them). */
void        lens_scan_to_paper          (const LensScan   *scan,
                                         float             threshold,
                                         LensGrid         *grid);
/* The handwritten digits: @entries[i] is the digit written in cell i, 0
 * where none. Returns how many there are. */
guint       lens_scan_get_entries       (const LensScan   *scan,
                                         guint8            entries[LENS_GRID_CELLS]);
/* The confidence below which a cell read by @engine is uncertain: the one
 * threshold the app, the command line and live capture all use. */
float       lens_engine_get_uncertain_threshold (LensEngine engine);
/* lens_scan_to_grid() at @engine's threshold. */
void        lens_scan_read_grid         (const LensScan   *scan,
                                         LensEngine        engine,
                                         LensGrid         *grid);
/* The scan's probabilities, for lens_repair(). */
void        lens_scan_get_repair_scores (const LensScan   *scan,
                                         LensRepairScores *scores);

/* The cell as an upright, square RGB image of @size pixels, for showing the
 * user what was read. */
LensImage  *lens_scan_extract_cell      (const LensImage  *image,
                                         const LensScan   *scan,
                                         guint             cell,
                                         int               size);

/* The digits of @solution the photo lacks: those of the cells the paper
 * leaves empty (neither printed nor written in by the player), 0 elsewhere.
 * With @image (nullable), a cell read as empty that shows a digit-sized
 * stroke is left alone too. */
void        lens_scan_overlay_digits    (const LensImage  *image,
                                         const LensScan   *scan,
                                         const LensGrid   *solution,
                                         guint8            digits[LENS_GRID_CELLS]);

/* The photo with lens_scan_overlay_digits() drawn into their cells
 * through the inverse perspective transform. */
LensImage  *lens_scan_draw_overlay      (const LensImage  *image,
                                         const LensScan   *scan,
                                         const LensGrid   *solution,
                                         GError          **error);

/* Makes OpenCV run every step on the calling thread, for timings that do
 * not depend on the number of cores. */
void        lens_vision_use_one_thread  (void);

G_END_DECLS
