/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-cli.h"

int
lens_cli_solve (int    argc,
             char **argv)
{
  return lens_cli_fail ("“solve” is not implemented yet");
}
