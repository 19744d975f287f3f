/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* The message that the puzzle is finished, complete and right, with the
 * time it took (@play_time, in µs), over @parent: its responses are "close"
 * and "open" (open another photo). */
GtkWidget *lens_finish_dialog_new (GtkWindow *parent,
                                   gint64     play_time);

G_END_DECLS
