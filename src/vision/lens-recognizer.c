/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "lens-error.h"
#include "lens-recognizer-engines.h"

struct _LensRecognizer {
  LensEngine           engine;
  GMutex               lock;
  LensBuiltinEngine   *builtin;
  LensTesseractEngine *tesseract;
  LensChineseEngine   *chinese;
  /* Another engine's boards are turned by a built-in recognizer of its
   * own; the built-in one judges its own. */
  LensRecognizer      *orientation_judge;
};

static const char * const engine_names[] = {
  [LENS_ENGINE_BUILTIN] = "builtin",
  [LENS_ENGINE_TESSERACT] = "tesseract",
};

gboolean
lens_engine_from_string (const char *name,
                         LensEngine *engine)
{
  g_return_val_if_fail (engine != NULL, FALSE);

  if (name == NULL)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (engine_names); i++)
    {
      if (g_ascii_strcasecmp (name, engine_names[i]) == 0)
        {
          *engine = (LensEngine) i;
          return TRUE;
        }
    }
  return FALSE;
}

const char *
lens_engine_to_string (LensEngine engine)
{
  if ((guint) engine >= G_N_ELEMENTS (engine_names))
    return NULL;
  return engine_names[engine];
}

LensRecognizer *
lens_recognizer_new (LensEngine   engine,
                     GError     **error)
{
  g_autofree LensRecognizer *self = g_new0 (LensRecognizer, 1);

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self->engine = engine;
  switch (engine)
    {
    case LENS_ENGINE_BUILTIN:
      self->builtin = lens_builtin_engine_new (error);
      if (self->builtin == NULL)
        return NULL;
      break;
    case LENS_ENGINE_TESSERACT:
      self->tesseract = lens_tesseract_engine_new (error);
      if (self->tesseract == NULL)
        return NULL;
      break;
    default:
      g_set_error (error, LENS_ERROR, LENS_ERROR_ENGINE,
                   "Unknown recognition engine %d", (int) engine);
      return NULL;
    }
  self->chinese = lens_chinese_engine_new (error);
  if (self->chinese != NULL && engine != LENS_ENGINE_BUILTIN)
    self->orientation_judge = lens_recognizer_new (LENS_ENGINE_BUILTIN, error);
  if (self->chinese == NULL || (engine != LENS_ENGINE_BUILTIN && self->orientation_judge == NULL))
    {
      g_clear_pointer (&self->builtin, lens_builtin_engine_free);
      g_clear_pointer (&self->tesseract, lens_tesseract_engine_free);
      g_clear_pointer (&self->chinese, lens_chinese_engine_free);
      return NULL;
    }
  g_mutex_init (&self->lock);
  return g_steal_pointer (&self);
}

void
lens_recognizer_free (LensRecognizer *self)
{
  if (self == NULL)
    return;

  g_clear_pointer (&self->builtin, lens_builtin_engine_free);
  g_clear_pointer (&self->tesseract, lens_tesseract_engine_free);
  g_clear_pointer (&self->chinese, lens_chinese_engine_free);
  g_clear_pointer (&self->orientation_judge, lens_recognizer_free);
  g_mutex_clear (&self->lock);
  g_free (self);
}

LensEngine
lens_recognizer_get_engine (LensRecognizer *self)
{
  g_return_val_if_fail (self != NULL, LENS_ENGINE_DEFAULT);

  return self->engine;
}

LensRecognizer *
lens_recognizer_get_orientation_judge (LensRecognizer *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->orientation_judge != NULL ? self->orientation_judge : self;
}

/* Guards against an engine handing back something that is not a
 * distribution (NaN, negative, not summing to 1). */
static gboolean
normalize_scores (float *scores)
{
  double sum = 0;

  for (guint k = 0; k < LENS_N_CLASSES; k++)
    {
      if (!(scores[k] >= 0))
        return FALSE;
      sum += scores[k];
    }
  if (!(sum > 0))
    return FALSE;
  for (guint k = 0; k < LENS_N_CLASSES; k++)
    scores[k] = (float) (scores[k] / sum);
  return TRUE;
}

/* The arguments every read checks; @out is what it writes. */
static gboolean
read_args_ok (LensRecognizer *self,
              const guint8   *cells,
              guint           n_cells,
              const float    *out,
              GError        **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (cells != NULL || n_cells == 0, FALSE);
  g_return_val_if_fail (out != NULL || n_cells == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  return TRUE;
}

/* normalize_scores() of each of @n_cells rows of scores. */
static gboolean
normalize_rows (float *scores,
                guint  n_cells)
{
  for (guint i = 0; i < n_cells; i++)
    if (!normalize_scores (scores + i * LENS_N_CLASSES))
      return FALSE;
  return TRUE;
}

/* Whether each of the @n @values is a probability (NaN is not). */
static gboolean
are_probabilities (const float *values,
                   guint        n)
{
  for (guint i = 0; i < n; i++)
    if (!(values[i] >= 0 && values[i] <= 1))
      return FALSE;
  return TRUE;
}

/* Sets @error for an engine's output that is no probability; FALSE. */
static gboolean
invalid_scores (GError    **error,
                const char *recognizer)
{
  g_set_error (error, LENS_ERROR, LENS_ERROR_ENGINE, "The %s recognizer returned invalid scores",
               recognizer);
  return FALSE;
}

/* The reading as print, moved towards the reading as print or hand alike
 * only as far as the hand is more likely than print: a blurred printed
 * digit that looks a little handwritten keeps its printed reading. */
static void
mix_scores (const float *printed,
            const float *hand,
            float        handwritten,
            float       *scores)
{
  double w = MAX (0.0, 2.0 * handwritten - 1.0);

  for (guint k = 0; k < LENS_N_CLASSES; k++)
    scores[k] = (float) ((1 - w) * printed[k] + w * hand[k]);
}

gboolean
lens_recognizer_classify (LensRecognizer *self,
                          const guint8   *cells,
                          guint           n_cells,
                          float          *scores,
                          GError        **error)
{
  return lens_recognizer_classify_kinds (self, cells, n_cells, scores, NULL, NULL, error);
}

gboolean
lens_recognizer_classify_kinds (LensRecognizer *self,
                                const guint8   *cells,
                                guint           n_cells,
                                float          *scores,
                                float          *hand_scores,
                                float          *handwritten,
                                GError        **error)
{
  g_autofree float *kinds = NULL;
  g_autofree float *mixed = NULL;

  g_autoptr(GMutexLocker) locker = NULL;
  gboolean ok;

  if (!read_args_ok (self, cells, n_cells, scores, error))
    return FALSE;

  if (n_cells == 0)
    return TRUE;

  locker = g_mutex_locker_new (&self->lock);
  if (handwritten == NULL)
    handwritten = kinds = g_new (float, n_cells);
  if (hand_scores == NULL)
    hand_scores = mixed = g_new (float, (gsize) n_cells * LENS_N_CLASSES);
  if (self->engine == LENS_ENGINE_TESSERACT)
    {
      ok = lens_tesseract_engine_classify (self->tesseract, cells, n_cells, scores, error);
      memset (handwritten, 0, n_cells * sizeof *handwritten);
      if (ok)
        memcpy (hand_scores, scores, (gsize) n_cells * LENS_N_CLASSES * sizeof *scores);
    }
  else
    ok = lens_builtin_engine_classify (self->builtin, cells, n_cells,
                                       &(LensKindsReading) { scores, hand_scores, handwritten }, error);
  if (!ok)
    return FALSE;

  if (!normalize_rows (scores, n_cells) || !normalize_rows (hand_scores, n_cells)
      || !are_probabilities (handwritten, n_cells))
    return invalid_scores (error, lens_engine_to_string (self->engine));
  if (mixed != NULL)
    for (guint i = 0; i < n_cells; i++)
      mix_scores (scores + i * LENS_N_CLASSES, hand_scores + i * LENS_N_CLASSES, handwritten[i],
                  scores + i * LENS_N_CLASSES);
  return TRUE;
}

gboolean
lens_recognizer_reread (LensRecognizer *self,
                        LensReread      what,
                        const guint8   *cells,
                        guint           n_cells,
                        float          *out,
                        GError        **error)
{
  g_autoptr(GMutexLocker) locker = NULL;
  gboolean valid;

  if (!read_args_ok (self, cells, n_cells, out, error))
    return FALSE;

  if (self->engine != LENS_ENGINE_BUILTIN || n_cells == 0)
    return FALSE;

  locker = g_mutex_locker_new (&self->lock);
  if (!lens_builtin_engine_reread (self->builtin, what, cells, n_cells, out, error))
    return FALSE;
  valid = what == LENS_REREAD_HAND ? normalize_rows (out, n_cells) : are_probabilities (out, n_cells);
  return valid || invalid_scores (error, "builtin");
}

gboolean
lens_recognizer_classify_chinese (LensRecognizer *self,
                                  const guint8   *cells,
                                  guint           n_cells,
                                  float          *scores,
                                  float          *foreign,
                                  GError        **error)
{
  g_autoptr(GMutexLocker) locker = NULL;
  g_autofree float *unused = NULL;

  if (!read_args_ok (self, cells, n_cells, scores, error))
    return FALSE;

  if (n_cells == 0)
    return TRUE;
  if (foreign == NULL)
    foreign = unused = g_new (float, n_cells);

  locker = g_mutex_locker_new (&self->lock);
  if (!lens_chinese_engine_classify (self->chinese, cells, n_cells, scores, foreign, error))
    return FALSE;
  if (!normalize_rows (scores, n_cells) || !are_probabilities (foreign, n_cells))
    return invalid_scores (error, "Chinese numeral");
  return TRUE;
}

void
lens_cell_read_mix (LensCellRead *read,
                    const float   printed[LENS_N_CLASSES],
                    const float   hand[LENS_N_CLASSES],
                    float         handwritten)
{
  g_return_if_fail (read != NULL);

  mix_scores (printed, hand, handwritten, read->scores);
  lens_cell_read_update (read, handwritten);
}

const char *
lens_numerals_to_string (LensNumerals numerals)
{
  switch (numerals)
    {
    case LENS_NUMERALS_ARABIC:
      return "arabic";
    case LENS_NUMERALS_CHINESE:
      return "chinese";
    default:
      return NULL;
    }
}

const char *
lens_read_kind_to_string (LensReadKind kind)
{
  switch (kind)
    {
    case LENS_READ_KIND_EMPTY:
      return "empty";
    case LENS_READ_KIND_PRINTED:
      return "printed";
    case LENS_READ_KIND_HANDWRITTEN:
      return "handwritten";
    case LENS_READ_KIND_CANDIDATES:
      return "candidates";
    default:
      return NULL;
    }
}

void
lens_cell_read_update (LensCellRead *read,
                       float         handwritten)
{
  guint best = 0;

  g_return_if_fail (read != NULL);

  for (guint k = 1; k < LENS_N_CLASSES; k++)
    if (read->scores[k] > read->scores[best])
      best = k;
  read->digit = (guint8) best;
  read->confidence = read->scores[best];
  if (best == 0)
    {
      read->kind = LENS_READ_KIND_EMPTY;
      read->kind_confidence = read->scores[0];
    }
  else if (handwritten > 0.5f)
    {
      read->kind = LENS_READ_KIND_HANDWRITTEN;
      read->kind_confidence = handwritten;
    }
  else
    {
      read->kind = LENS_READ_KIND_PRINTED;
      read->kind_confidence = 1 - handwritten;
    }
}

float
lens_cell_read_handwritten (const LensCellRead *read)
{
  g_return_val_if_fail (read != NULL, 0);

  switch (read->kind)
    {
    case LENS_READ_KIND_HANDWRITTEN:
      return read->kind_confidence;
    case LENS_READ_KIND_PRINTED:
      return 1 - read->kind_confidence;
    case LENS_READ_KIND_EMPTY:
    default:
      return 0;
    }
}

guint
lens_cell_read_rank (const LensCellRead *read,
                     float               min_score,
                     guint8              ranked[LENS_N_CLASSES])
{
  guint above = 0;

  g_return_val_if_fail (read != NULL, 0);
  g_return_val_if_fail (ranked != NULL, 0);

  for (guint k = 0; k < LENS_N_CLASSES; k++)
    ranked[k] = (guint8) k;

  /* Insertion sort: stable, so equal scores keep class order. */
  for (guint i = 1; i < LENS_N_CLASSES; i++)
    {
      guint8 cls = ranked[i];
      guint j = i;

      for (; j > 0 && read->scores[ranked[j - 1]] < read->scores[cls]; j--)
        ranked[j] = ranked[j - 1];
      ranked[j] = cls;
    }

  while (above < LENS_N_CLASSES && read->scores[ranked[above]] > min_score)
    above++;
  return above;
}
