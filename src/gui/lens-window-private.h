/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "lens-analyser.h"
#include "lens-bottom-bar.h"
#include "lens-close-up.h"
#include "lens-grid-pane.h"
#include "lens-document-solver.h"
#include "lens-exporter.h"
#include "lens-game-timer.h"
#include "lens-hinter.h"
#include "lens-photo-loader.h"
#include "lens-grid-view.h"
#include "lens-photo-pane.h"
#include "lens-reader.h"
#include "lens-reading-page.h"
#include "lens-recent-games.h"
#include "lens-recent-list.h"
#include "lens-toaster.h"
#include "lens-widget-util.h"
#include "lens-window.h"

G_BEGIN_DECLS

struct _LensWindow
{
  AdwApplicationWindow  parent_instance;

  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  /* Shows the toasts on toast_overlay; gone once the window is going, when
   * only _lens_window_toast() may still be called. */
  LensToaster          *toaster;
  GtkStack             *stack;
  GtkPaned             *paned;
  LensPhotoPane        *photo_pane;
  LensGridPane         *grid_pane;
  LensReadingPage      *reading_page;

  GSettings            *settings;
  LensReader           *reader;  /* the application's */
  LensDocument         *document;
  LensPhotoLoader      *loader;  /* opens photos into the document, reads them again */
  LensDocumentSolver   *solver;  /* Solve, in the background */
  GtkNativeDialog      *chooser;  /* the open dialog shown last */
  LensExporter         *exporter;
  guint                 autosave_id;
  /* The restored session was solved: solve it again once its photo shows,
   * and until then leave the saved session as it is. */
  gboolean              restoring_solved;
  guint                 restored_revision;  /* the document's, as restored */

  /* The printed puzzle solved in the background, to check the player's
   * digits against (lens-window-play.c). */
  LensAnalyser         *analyser;
  gboolean              check_as_you_type;

  /* The time played, in the header, and the message that the puzzle is
   * done (lens-window-finish.c). */
  LensGameTimer        *game_timer;
  GtkWidget            *finish_dialog;  /* weak: the one shown */

  /* What a drag over the window says (lens-window-dnd.c). */
  GtkWidget            *drop_zone;

  /* The hint shown, found off the main thread (lens-window-hint.c). */
  LensHinter           *hinter;

  /* The toast that offers the game set aside back, and the cell selected
   * in it (lens-window-close.c). */
  AdwToast             *closed_toast;
  LensPhoto            *closed_shown;  /* only compared: the photo shown then */
  int                   closed_selected;

  /* The earlier games offered, on the start page and in the main menu. */
  LensRecentGames      *recent_games;  /* the application's */
  LensRecentList       *recent_list;
  GMenu                *recent_section;  /* of the main menu */

  /* The layout, wide or narrow (lens-window-layout.c; narrow: the bottom
   * bar shows). */
  AdwHeaderBar         *header_bar;
  LensBottomBar        *bottom_bar;
  GtkWidget            *open_button;
  GtkWidget            *history_box;   /* the header's buttons that move */
  GtkWidget            *pencil_button;
  GtkWidget            *play_button;
  GtkWidget            *hint_button;
  GtkWidget            *solve_button;
  GtkWidget            *export_button;
  GtkStack             *board_stack;   /* "wide" or "narrow" */
  AdwViewStack         *views;         /* narrow: the photo's and the grid's */
  AdwBin               *photo_bin;
  AdwBin               *grid_bin;
  AdwViewSwitcherBar   *view_switcher;
  GMenu                *export_section;  /* of the main menu: Export, narrow */
  GMenuModel           *export_menu;
  guint                 layout_id;         /* the switch about to happen */
  int                   layout_size;       /* wide, -1 until the handle is back
                                            in place */
  double                wide_share;        /* wide, the photo's share of the width */
};

void  _lens_window_class_init_actions (GtkWidgetClass *widget_class);
void  _lens_window_class_init_dnd_actions (GtkWidgetClass *widget_class);
void  _lens_window_init_dnd           (LensWindow     *self);
void  _lens_window_update_actions     (LensWindow     *self);
void  _lens_window_refresh            (LensWindow     *self);
void  _lens_window_toast              (LensWindow     *self,
                                       const char     *message);
void  _lens_window_open_path          (LensWindow     *self,
                                       const char     *path);
void  _lens_window_open_bytes         (LensWindow     *self,
                                       GBytes         *bytes);
/* Stops reading a photo or its cells (the Cancel button); the work shown stays. */
void  _lens_window_cancel_read        (LensWindow     *self);
/* Shows a photo read elsewhere (a camera capture) with its @scan. */
void  _lens_window_open_scanned      (LensWindow     *self,
                                      const char     *path,
                                      const LensScan *scan);

/* lens-window-play.c */
void  _lens_window_class_init_play    (GObjectClass   *object_class,
                                       GtkWidgetClass *widget_class);
void  _lens_window_init_play          (LensWindow     *self);
void  _lens_window_dispose_play       (LensWindow     *self);
void  _lens_window_update_play_actions (LensWindow    *self);
void  _lens_window_play_document_changed (LensWindow  *self);
/* TRUE while the puzzle is solved or a hint looked for in the background. */
char *_lens_window_describe_play      (LensWindow     *self,
                                       const char    **style);
/* Stops the work on the photo and its solve, before the document changes hands. */
void  _lens_window_stop_jobs          (LensWindow     *self);
/* lens-window-finish.c */
void  _lens_window_init_finish        (LensWindow     *self);
void  _lens_window_dispose_finish     (LensWindow     *self);
/* lens-window-close.c */
void  _lens_window_class_init_close   (GtkWidgetClass *widget_class);
void  _lens_window_dispose_close      (LensWindow     *self);
void  _lens_window_update_close_actions (LensWindow   *self);
/* Calls @load(@data) to show a photo in place of the one shown, which the
 * document sets aside, and says @message in a toast whose Undo brings that
 * one back (Mark Corners). */
void  _lens_window_replace_photo      (LensWindow     *self,
                                       void          (*load) (LensWindow *self,
                                                              gpointer    data),
                                       gpointer        data,
                                       const char     *message);
/* The game set aside came back: its toast goes. */
void  _lens_window_close_document_changed (LensWindow *self);
/* lens-window-alternatives.c */
void  _lens_window_class_init_alternatives (GtkWidgetClass *widget_class);
/* Offers the reader's other readings of @cell, the one the close-up shows
 * (-1: none), when it is the selected one and the reader doubted it. */
void  _lens_window_update_alternatives (LensWindow    *self,
                                        int            cell);
/* lens-window-hint.c */
void  _lens_window_class_init_hint    (GtkWidgetClass *widget_class);
void  _lens_window_init_hint          (LensWindow     *self);
void  _lens_window_dispose_hint       (LensWindow     *self);
void  _lens_window_update_hint_actions (LensWindow    *self);
void  _lens_window_hint_document_changed (LensWindow  *self);
gboolean _lens_window_is_hinting      (LensWindow     *self);

/* lens-window-layout.c */
void  _lens_window_class_init_layout  (GtkWidgetClass *widget_class);
/* Whether the camera's page shows (lens-window-capture.c). */
gboolean _lens_window_shows_capture   (LensWindow     *self);
void  _lens_window_dispose_layout     (LensWindow     *self);
/* Narrow, shows the photo's view rather than the grid's. */
void  _lens_window_show_photo_view    (LensWindow     *self);

/* A photo is being opened and read: the reading page shows. */
static inline gboolean
_lens_window_is_opening (LensWindow *self)
{
  return self->loader != NULL && lens_photo_loader_get_kind (self->loader) == LENS_LOAD_OPEN;
}

/* The grid, in the grid's pane; NULL once the window's template is gone. */
static inline LensGridView *
_lens_window_get_grid_view (LensWindow *self)
{
  return self->grid_pane != NULL ? lens_grid_pane_get_grid_view (self->grid_pane) : NULL;
}

/* The photo, in the photo's pane; NULL once the window's template is gone. */
static inline LensPhotoView *
_lens_window_get_photo_view (LensWindow *self)
{
  return self->photo_pane != NULL ? lens_photo_pane_get_photo_view (self->photo_pane) : NULL;
}

G_END_DECLS
