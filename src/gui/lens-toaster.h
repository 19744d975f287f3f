/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define LENS_TYPE_TOASTER (lens_toaster_get_type ())

G_DECLARE_FINAL_TYPE (LensToaster, lens_toaster, LENS, TOASTER, GObject)

/* Shows toasts on @overlay one at a time, in the order they come. */
LensToaster *lens_toaster_new     (AdwToastOverlay *overlay);

/* Shows @toast (transfer full) once those before it are gone. A toast
 * without a button that says what one shown or waiting says already is
 * dropped: a failure met again does not queue the same words. */
void         lens_toaster_add     (LensToaster     *self,
                                   AdwToast        *toast);

/* Shows @message in a toast of its own, for a few seconds. */
void         lens_toaster_say     (LensToaster     *self,
                                   const char      *message);

/* Shows @message in a toast of its own, for @timeout seconds, whose
 * button, @button_label, activates @action_name; returns the toast
 * (transfer none). */
AdwToast    *lens_toaster_offer   (LensToaster     *self,
                                   const char      *message,
                                   const char      *button_label,
                                   const char      *action_name,
                                   guint            timeout);

/* Takes @toast away, whether shown or still waiting. */
void         lens_toaster_dismiss (LensToaster     *self,
                                   AdwToast        *toast);

G_END_DECLS
