/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "lens-document.h"

G_BEGIN_DECLS

/* The directory holding the autosaved puzzle and pasted photos:
 * $SUDOKU_LENS_DATA_DIR if set, else g_get_user_data_dir()/sudoku-lens. */
char     *lens_autosave_get_dir   (void);
gboolean  lens_autosave_save      (LensDocument  *document,
                                   GError       **error);
/* Deletes the saved session, if there is one: the next start is a new one. */
gboolean  lens_autosave_clear     (GError       **error);
/* Returns FALSE with no error when nothing was saved. A damaged file is
 * renamed aside and reported in @error, whose message names the new path. */
gboolean  lens_autosave_restore   (LensDocument  *document,
                                   gboolean      *was_solved,
                                   GError       **error);

/* A pasted picture has no file: it is kept beside the autosave so that
 * the session can be restored with its photo. Each paste gets a name of
 * its own, however quickly the next one follows; returns its path. */
char     *lens_autosave_keep_pasted   (GBytes        *png,
                                       GError       **error);
/* Deletes the pasted pictures kept, except @keep (nullable). */
void      lens_autosave_forget_pasted (const char    *keep);
/* Whether @path (nullable) is a picture the app keeps in its folder (a
 * pasted one, or its copy kept with an earlier game), not a photo the
 * player named. */
gboolean  lens_autosave_is_kept_picture (const char  *path);

G_END_DECLS
