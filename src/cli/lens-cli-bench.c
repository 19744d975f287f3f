/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-cli.h"

int
lens_cli_bench (int    argc,
             char **argv)
{
  return lens_cli_fail ("“bench” is not implemented yet");
}
