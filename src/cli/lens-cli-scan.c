/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-cli.h"

int
lens_cli_scan (int    argc,
             char **argv)
{
  return lens_cli_fail ("“scan” is not implemented yet");
}
