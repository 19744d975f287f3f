/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-cli.h"

int
lens_cli_capture (int    argc,
             char **argv)
{
  return lens_cli_fail ("“capture” is not implemented yet");
}
