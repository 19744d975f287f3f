/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define LENS_TYPE_APPLICATION (lens_application_get_type ())

G_DECLARE_FINAL_TYPE (LensApplication, lens_application, LENS, APPLICATION, AdwApplication)

LensApplication *lens_application_new (void);

G_END_DECLS
