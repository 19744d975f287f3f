/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Two builds of the solver's engine in one process, timed in turn: see
 * tools/solver-ab.sh, which compiles lens-solver-engine.c twice, as
 * solver_ab_before and solver_ab_after, and links them with this file.
 *
 * For each puzzle file it first checks that both engines give the same
 * count and first solution for every puzzle (limit 2, as `bench`), then
 * solves the file in parts of about 20 ms, one after the other and over
 * again, each part with one engine and the other in the order A B B A,
 * until the time is up.  A load that changes during the run slows
 * both sides of a pass alike, which two runs one after the other cannot
 * promise.  It prints the ratio after / before of the summed times and the
 * median and quartiles of the ratios of the passes.
 *
 * Built with SOLVER_AB_TDOKU, the "before" side is tdoku's library instead
 * (TdokuSolverDpllTriadSimd with limit 2, configuration 0: what tdoku's
 * run_benchmark times as "tdoku" without -f), given the puzzle as text; its
 * first solution may differ from ours, so only the counts are compared. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <glib.h>

typedef guint (*Engine) (const guint8 *puzzle, guint limit, guint8 *solution, guint8 *every);

guint solver_ab_after (const guint8 *puzzle, guint limit, guint8 *solution, guint8 *every);

#ifdef SOLVER_AB_TDOKU
size_t TdokuSolverDpllTriadSimd (const char *input, size_t limit, uint32_t configuration,
                                 char *solution, size_t *num_guesses);
#define COMPARE_SOLUTIONS 0
#define BEFORE_NAME "tdoku"
#define AFTER_NAME "ours"
#else
guint solver_ab_before (const guint8 *puzzle, guint limit, guint8 *solution, guint8 *every);
#define COMPARE_SOLUTIONS 1
#define BEFORE_NAME "before"
#define AFTER_NAME "after"
#endif

#define MAX_PASSES 100000

static double
now (void)
{
  struct timespec t;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return (double) t.tv_sec + (double) t.tv_nsec * 1e-9;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
solve_slice (Engine        engine,
             const guint8 *puzzles,
             gsize         from,
             gsize         n)
{
  guint8 solution[81];
  double start = now ();

  for (gsize i = from; i < from + n; i++)
    engine (puzzles + i * 81, 2, solution, NULL);
  return now () - start;
}

/* The puzzles also as text, for tdoku, each ended by a NUL: tdoku reads a
 * 82nd character at or above '.' as the start of pencil marks. */
static char *texts;

static guint
before_count (const guint8 *puzzles,
              gsize         i,
              guint8       *solution)
{
#ifdef SOLVER_AB_TDOKU
  char out[81];
  size_t guesses;

  (void) puzzles;
  (void) solution;
  return (guint) TdokuSolverDpllTriadSimd (texts + i * 82, 2, 0, out, &guesses);
#else
  return solver_ab_before (puzzles + i * 81, 2, solution, NULL);
#endif
}

static double
solve_slice_before (const guint8 *puzzles,
                    gsize         from,
                    gsize         n)
{
#ifdef SOLVER_AB_TDOKU
  char out[81];
  size_t guesses;
  double start = now ();

  (void) puzzles;
  for (gsize i = from; i < from + n; i++)
    TdokuSolverDpllTriadSimd (texts + i * 82, 2, 0, out, &guesses);
  return now () - start;
#else
  return solve_slice (solver_ab_before, puzzles, from, n);
#endif
}

static guint8 *
load_puzzles (const char *path,
              gsize      *n_out)
{
  FILE *fp = fopen (path, "r");
  char line[512];
  guint8 *puzzles = NULL;
  gsize n = 0, room = 0;

  if (!fp)
    {
      perror (path);
      exit (1);
    }
  while (fgets (line, sizeof line, fp))
    {
      if (strlen (line) < 81)
        continue;
      if (n == room)
        {
          room = room ? room * 2 : 1024;
          puzzles = g_realloc (puzzles, room * 81);
        }
      for (int i = 0; i < 81; i++)
        puzzles[n * 81 + i] = line[i] >= '1' && line[i] <= '9' ? (guint8) (line[i] - '0') : 0;
      n++;
    }
  fclose (fp);
  *n_out = n;
  return puzzles;
}

int
main (int    argc,
      char **argv)
{
  double seconds = argc > 1 ? g_ascii_strtod (argv[1], NULL) : 0;
  static double before_t[MAX_PASSES], after_t[MAX_PASSES], ratio[MAX_PASSES];
  int status = 0;

  if (argc < 3 || seconds <= 0)
    {
      fprintf (stderr, "usage: %s SECONDS PUZZLES.txt...\n", argv[0]);
      return 2;
    }
  for (int f = 2; f < argc; f++)
    {
      gsize n, parts;
      guint8 *puzzles = load_puzzles (argv[f], &n);
      guint differ = 0;
      double start, sum_before = 0, sum_after = 0, once;
      gsize solved = 0;
      int k = 0;

      texts = g_malloc0 (n * 82);
      for (gsize i = 0; i < n * 81; i++)
        texts[i / 81 * 82 + i % 81] = puzzles[i] ? (char) ('0' + puzzles[i]) : '.';
      for (gsize i = 0; i < n; i++)
        {
          guint8 a[81] = { 0 }, b[81] = { 0 };

          if (before_count (puzzles, i, a) != solver_ab_after (puzzles + i * 81, 2, b, NULL) ||
              (COMPARE_SOLUTIONS && memcmp (a, b, 81) != 0))
            differ++;
        }
      once = solve_slice_before (puzzles, 0, n);
      /* the file in parts of about 20 ms, timed in turn */
      parts = once > 0.02 ? (gsize) (once / 0.02) : 1;
      parts = MIN (parts, n);

      start = now ();
      while (now () - start < seconds && k < MAX_PASSES)
        {
          gsize from = (gsize) k % parts * n / parts;
          gsize count = ((gsize) k % parts + 1) * n / parts - from;

          before_t[k] = solve_slice_before (puzzles, from, count);
          after_t[k] = solve_slice (solver_ab_after, puzzles, from, count);
          after_t[k] += solve_slice (solver_ab_after, puzzles, from, count);
          before_t[k] += solve_slice_before (puzzles, from, count);
          sum_before += before_t[k];
          sum_after += after_t[k];
          solved += count;
          ratio[k] = after_t[k] / before_t[k];
          k++;
        }
      qsort (ratio, (gsize) k, sizeof *ratio, compare_doubles);
      printf ("%s: %" G_GSIZE_FORMAT " puzzles, %u answers differ; %d passes; "
              BEFORE_NAME " %.3f µs, " AFTER_NAME " %.3f µs a puzzle; "
              AFTER_NAME " / " BEFORE_NAME " %.4f (passes: median %.4f, quartiles %.4f–%.4f)\n",
              g_path_get_basename (argv[f]), n, differ, k,
              sum_before / (2.0 * (double) solved) * 1e6, sum_after / (2.0 * (double) solved) * 1e6,
              sum_after / sum_before, ratio[k / 2], ratio[k / 4], ratio[3 * k / 4]);
      if (differ)
        status = 1;
      g_free (puzzles);
      g_free (texts);
    }
  return status;
}
