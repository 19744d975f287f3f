/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-cli.h"

int
lens_cli_eval (int    argc,
             char **argv)
{
  return lens_cli_fail ("“eval” is not implemented yet");
}
