/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "lens-capture-video.h"

/* Makes the kind of hand-held video the capture tests use from any photo,
 * for measuring capture on a whole directory (tools/bench-capture.py). */
int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  Segment segment;

  if (argc < 3 || argc > 4 || !strchr (argv[1], '/'))
    {
      fprintf (stderr, "Usage: make-capture-video DIR/PHOTO OUT.avi [SECONDS]\n");
      return 2;
    }
  segment.photo = argv[1];
  segment.seconds = argc == 4 ? g_ascii_strtod (argv[3], NULL) : 3;
  dir = g_path_get_dirname (argv[2]);
  name = g_path_get_basename (argv[2]);
  path = make_video (dir, name, &segment, 1);
  printf ("%s\n", path);
  return 0;
}
