/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The solver tests again, on the plain C path the solver takes where SSE2
 * is missing (non-x86 builds), so that both paths stay right. */
#undef __SSE2__
#include "lens-solver.c"
#include "test-solver.c"
