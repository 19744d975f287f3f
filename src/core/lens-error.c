/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "lens-error.h"

G_DEFINE_QUARK (lens-error-quark, lens_error)
