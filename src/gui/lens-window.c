/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-application.h"
#include "lens-autosave.h"
#include "lens-bottom-bar.h"
#include "lens-error.h"
#include "lens-file-chooser.h"
#include "lens-pipeline.h"
#include "lens-texture.h"
#include "lens-window-private.h"

#define AUTOSAVE_DELAY_MS 300

G_DEFINE_FINAL_TYPE (LensWindow, lens_window, ADW_TYPE_APPLICATION_WINDOW)

void
_lens_window_toast (LensWindow *self,
                    const char *message)
{
  /* none once the window is going */
  if (self->toaster != NULL)
    lens_toaster_say (self->toaster, message);
}

gboolean
lens_window_is_busy (LensWindow *self)
{
  g_return_val_if_fail (LENS_IS_WINDOW (self), FALSE);

  return lens_photo_loader_get_kind (self->loader) != LENS_LOAD_NONE || lens_document_solver_is_busy (self->solver);
}

LensDocument *
lens_window_get_document (LensWindow *self)
{
  g_return_val_if_fail (LENS_IS_WINDOW (self), NULL);

  return self->document;
}

static void
show_page (LensWindow *self)
{
  gboolean opening = _lens_window_is_opening (self);
  const char *page = opening ? "reading" :
                     lens_document_get_state (self->document) == LENS_DOCUMENT_EMPTY ? "empty" : "board";

  const char *shown = gtk_stack_get_visible_child_name (self->stack);

  /* into the reading page and out of it at once: a crossfade would draw
   * both pages on each of its frames while the photo is read, and the
   * grid read would show only at its end */
  gtk_stack_set_visible_child_full (self->stack, page,
                                    opening || g_strcmp0 (shown, "reading") == 0
                                      ? GTK_STACK_TRANSITION_TYPE_NONE
                                      : gtk_stack_get_transition_type (self->stack));
  lens_reading_page_set_spinning (self->reading_page, opening);
}

/* The banner: what the solve came to, or else how the player's digits
 * stand. */
static void
update_message (LensWindow *self)
{
  const char *style = NULL;
  g_autofree char *play = NULL;

  if (lens_document_get_result (self->document) == NULL)
    play = _lens_window_describe_play (self, &style);
  lens_grid_pane_update_message (self->grid_pane, play, style);
}

static void
update_close_up (LensWindow *self)
{
  _lens_window_update_alternatives (self, lens_grid_pane_update_close_up (self->grid_pane));
}

static void
update_photo (LensWindow *self)
{
  LensLoadKind load = lens_photo_loader_get_kind (self->loader);

  lens_photo_pane_show_document (self->photo_pane, self->document);
  /* hidden for a typed puzzle; busy over the photo while it is read again */
  gtk_widget_set_visible (GTK_WIDGET (self->photo_pane), lens_document_get_image (self->document) != NULL ||
                                                          (load != LENS_LOAD_NONE && load != LENS_LOAD_OPEN));
}

static void
update_title (LensWindow *self)
{
  const char *path = lens_document_get_photo_path (self->document);
  g_autofree char *name = path ? g_filename_display_basename (path) : NULL;

  adw_window_title_set_subtitle (self->window_title, name ? name : "");
}

static gboolean
autosave_cb (gpointer data)
{
  LensWindow *self = data;
  g_autoptr(GError) error = NULL;

  self->autosave_id = 0;
  /* The file holds this session, solved: keep it so until the solve is back. */
  if (self->restoring_solved)
    return G_SOURCE_REMOVE;
  if (lens_document_get_state (self->document) != LENS_DOCUMENT_EMPTY &&
      !lens_autosave_save (self->document, &error))
    _lens_window_toast (self, error->message);
  return G_SOURCE_REMOVE;
}

static void
flush_autosave (LensWindow *self)
{
  if (self->autosave_id == 0)
    return;
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  autosave_cb (self);
}

static void
stop_solving (LensWindow *self)
{
  lens_document_solver_stop (self->solver);
  self->restoring_solved = FALSE;
}

static void
set_loader_room (LensWindow *self)
{
  lens_photo_pane_set_loader_room (self->photo_pane, self->loader, GTK_WIDGET (self->stack));
}

/* Cancels the load on the photo: an open, a decode or a re-read of its
 * cells. The document stays as it is. */
static void
stop_reading (LensWindow *self)
{
  lens_photo_loader_stop (self->loader);
}

void
_lens_window_stop_jobs (LensWindow *self)
{
  stop_reading (self);
  stop_solving (self);
}

/* An edit made while a job runs makes the job stale: the solve stops, and
 * a re-read of the cells is dropped rather than overwrite what was typed. */
static void
drop_stale_jobs (LensWindow *self)
{
  guint revision = lens_document_get_revision (self->document);

  if (lens_document_solver_is_stale (self->solver) ||
      (self->restoring_solved && revision != self->restored_revision))
    stop_solving (self);
  if (lens_photo_loader_is_stale (self->loader))
    {
      stop_reading (self);
      _lens_window_toast (self, _("Reading the cells again was stopped to keep your edit"));
    }
}

static void
document_changed_cb (LensWindow *self)
{
  g_autofree char *status = NULL;

  drop_stale_jobs (self);
  _lens_window_close_document_changed (self);
  _lens_window_play_document_changed (self);
  status = lens_document_solver_is_busy (self->solver) ? g_strdup (_("Repairing and solving…"))
                                                        : lens_document_describe (self->document);
  lens_grid_pane_set_status (self->grid_pane, status);
  update_message (self);
  update_photo (self);
  update_close_up (self);
  update_title (self);
  show_page (self);
  _lens_window_update_actions (self);
  if (self->autosave_id == 0)
    self->autosave_id = g_timeout_add (AUTOSAVE_DELAY_MS, autosave_cb, self);
}

void
_lens_window_refresh (LensWindow *self)
{
  document_changed_cb (self);
}

/* The loader began or ended a load: the reading page while a photo
 * opens, a note over the photo while it is read again. */
static void
load_kind_cb (LensWindow *self)
{
  lens_photo_pane_show_load (self->photo_pane, lens_photo_loader_get_kind (self->loader));
  if (!_lens_window_is_opening (self))
    lens_reading_page_set_preview (self->reading_page, NULL);
  update_photo (self);
  show_page (self);
  _lens_window_update_actions (self);
}

static void
preview_cb (LensWindow  *self,
            LensPicture *picture)
{
  g_autoptr(GdkTexture) texture = lens_texture_from_picture (picture);

  lens_reading_page_set_preview (self->reading_page, GDK_PAINTABLE (texture));
}

static void
offer_marking (LensWindow   *self,
               const GError *no_board)
{
  g_autofree char *title = g_strdup_printf (_("%s. You can mark its corners by hand."), no_board->message);

  lens_toaster_offer (self->toaster, title, _("_Mark Corners"), "win.mark-corners", 10);
  _lens_window_refresh (self);
}

static void
load_boardless (LensWindow *self,
                gpointer    data)
{
  LensPhoto *photo = data;
  LensScan scan;
  LensGrid grid;

  lens_photo_guess_board (photo, &scan);
  lens_grid_clear (&grid);
  lens_photo_pane_show_other_board (self->photo_pane, FALSE);
  lens_document_load_photo (self->document, photo, &scan, &grid);
  /* the corners are dragged on the photo */
  _lens_window_show_photo_view (self);
}

/* The photo with no board found takes the place of the one shown, which
 * the toast's Undo brings back. */
static void
mark_corners (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  g_autoptr(LensPhoto) photo = lens_photo_loader_take_boardless (self->loader);

  if (photo == NULL)
    return;
  _lens_window_stop_jobs (self);
  _lens_window_replace_photo (self, load_boardless, photo,
                              _("Drag the four corners onto the corners of the board"));
  lens_autosave_forget_pasted (lens_photo_get_path (photo));
}

/* The reader weighed the turns of the board and was unsure of the one it
 * took: the user is offered another. */
static void
offer_turning (LensWindow *self)
{
  const LensScan *scan = lens_document_get_scan (self->document);

  if (scan != NULL && scan->rotation_margin < LENS_SURE_ROTATION_MARGIN)
    lens_toaster_offer (self->toaster, _("The board may be read on its side"), _("_Turn Board"), "win.turn-board", 10);
}

/* The document holds the photo opened. */
static void
show_opened (LensWindow *self)
{
  const LensScan *scan = lens_document_get_scan (self->document);

  lens_grid_view_set_selected (_lens_window_get_grid_view (self), -1);
  lens_autosave_forget_pasted (lens_document_get_photo_path (self->document));
  gtk_widget_grab_focus (GTK_WIDGET (_lens_window_get_grid_view (self)));
  lens_photo_pane_show_other_board (self->photo_pane, scan != NULL && scan->other_boards > 0);
  offer_turning (self);
}

static void start_solve (LensWindow *self,
                         gboolean    overrule_corrections);

/* A session saved solved is solved again once its photo shows, or fails to. */
static void
solve_restored (LensWindow *self)
{
  if (self->restoring_solved)
    start_solve (self, FALSE);
}

static void
load_finished_cb (LensWindow   *self,
                  LensLoadKind  kind,
                  const GError *error)
{
  if (kind == LENS_LOAD_OPEN && error == NULL)
    show_opened (self);
  else if (kind == LENS_LOAD_OPEN && g_error_matches (error, LENS_ERROR, LENS_ERROR_NO_BOARD))
    offer_marking (self, error);
  else if (error != NULL)
    {
      _lens_window_toast (self, kind == LENS_LOAD_DECODE
                                  ? _("The photo of the saved puzzle could not be opened; the grid is kept")
                                  : error->message);
      _lens_window_refresh (self);
    }
  if (kind == LENS_LOAD_DECODE)
    solve_restored (self);
  /* no longer busy, even where what was read changed nothing */
  _lens_window_update_actions (self);
}

static void
start_open (LensWindow *self,
            const char *path,
            GBytes     *bytes)
{
  _lens_window_stop_jobs (self);
  lens_reading_page_set_preview (self->reading_page, NULL);
  set_loader_room (self);
  lens_photo_loader_open (self->loader, path, bytes);
}

void
_lens_window_open_path (LensWindow *self,
                        const char *path)
{
  start_open (self, path, NULL);
}

void
_lens_window_open_bytes (LensWindow *self,
                         GBytes     *bytes)
{
  start_open (self, NULL, bytes);
}

void
lens_window_open_file (LensWindow *self,
                       GFile      *file)
{
  g_autofree char *path = NULL;

  g_return_if_fail (LENS_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  path = g_file_get_path (file);
  if (path == NULL)
    {
      _lens_window_toast (self, _("Only local files can be opened"));
      return;
    }
  lens_folder_remember (self->settings, "last-folder", file);
  _lens_window_open_path (self, path);
}

void
lens_window_load_grid (LensWindow     *self,
                       const LensGrid *grid)
{
  g_return_if_fail (LENS_IS_WINDOW (self) && grid != NULL);

  _lens_window_stop_jobs (self);
  lens_document_load_photo (self->document, NULL, NULL, grid);
  gtk_widget_grab_focus (GTK_WIDGET (_lens_window_get_grid_view (self)));
}

/* Reads the board again turned a quarter clockwise, as one undoable edit. */
static void
turn_board (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);

  if (lens_window_is_busy (self))
    return;
  _lens_window_stop_jobs (self);
  set_loader_room (self);
  lens_photo_loader_turn (self->loader);
}

static void
corners_changed_cb (LensWindow    *self,
                    LensPhotoView *view)
{
  LensPoint corners[4];

  if (lens_document_get_image (self->document) == NULL || !lens_photo_view_get_corners (view, corners))
    return;
  _lens_window_stop_jobs (self);
  set_loader_room (self);
  lens_photo_loader_read_corners (self->loader, corners);
}

static void
solve_failed_cb (LensWindow *self,
                 const char *message)
{
  _lens_window_toast (self, message);
  _lens_window_refresh (self);
}

/* A solve ended (or began): a restored session, solved again, is saved
 * as it is from now on. */
static void
solver_busy_cb (LensWindow *self)
{
  if (!lens_document_solver_is_busy (self->solver))
    self->restoring_solved = FALSE;
}

static void
start_solve (LensWindow *self,
             gboolean    overrule_corrections)
{
  if (lens_document_get_state (self->document) == LENS_DOCUMENT_EMPTY || lens_window_is_busy (self))
    return;
  lens_document_solver_start (self->solver,
                              overrule_corrections ? LENS_PIPELINE_OVERRULE_CORRECTIONS : LENS_PIPELINE_DEFAULT,
                              self->restoring_solved);
  _lens_window_refresh (self);
}

/* Solve, and Solve overruling the player's corrections. */
static void
solve (GtkWidget  *widget,
       const char *action_name,
       GVariant   *parameter)
{
  start_solve (LENS_WINDOW (widget), g_str_equal (action_name, "win.solve-overruling"));
}

static void show_restored (LensWindow *self,
                           gboolean    was_solved);

gboolean
lens_window_restore_session (LensWindow *self)
{
  g_autoptr(GError) error = NULL;
  gboolean was_solved = FALSE;

  g_return_val_if_fail (LENS_IS_WINDOW (self), FALSE);

  if (!lens_autosave_restore (self->document, &was_solved, &error))
    {
      if (error != NULL)
        _lens_window_toast (self, error->message);
      return FALSE;
    }
  show_restored (self, was_solved);
  return TRUE;
}

/* After a saved game was loaded into the document: its photo decoded, and
 * solved again if it was saved solved. */
static void
show_restored (LensWindow *self,
               gboolean    was_solved)
{
  _lens_window_stop_jobs (self);
  self->restoring_solved = was_solved;
  self->restored_revision = lens_document_get_revision (self->document);
  set_loader_room (self);
  if (lens_document_get_scan (self->document) != NULL)
    lens_photo_loader_decode (self->loader);
  _lens_window_refresh (self);
  if (was_solved)
    start_solve (self, FALSE);  /* at once when there is no photo to wait for */
}

/* Takes up the earlier game kept in the file of the parameter; the game
 * shown is set aside, and kept. */
static void
open_recent (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);
  g_autoptr(LensRecentGame) game = lens_recent_games_find (self->recent_games, g_variant_get_string (parameter, NULL));
  g_autoptr(GError) error = NULL;
  gboolean was_solved = FALSE;

  if (game == NULL)
    {
      lens_recent_games_reload (self->recent_games);
      _lens_window_toast (self, _("This game is no longer kept"));
      return;
    }
  _lens_window_stop_jobs (self);
  lens_grid_view_set_selected (_lens_window_get_grid_view (self), -1);
  if (!lens_recent_games_restore (self->recent_games, game, self->document, &was_solved, &error))
    {
      _lens_window_toast (self, error->message);
      return;
    }
  show_restored (self, was_solved);
  gtk_widget_grab_focus (GTK_WIDGET (_lens_window_get_grid_view (self)));
}

/* Each game the board gives up is kept, to be offered back. */
static void
game_set_aside_cb (LensWindow   *self,
                   LensDocument *game)
{
  g_autoptr(GError) error = NULL;

  if (!lens_recent_games_add (self->recent_games, game, &error))
    _lens_window_toast (self, error->message);
}

void
_lens_window_open_scanned (LensWindow     *self,
                           const char     *path,
                           const LensScan *scan)
{
  _lens_window_stop_jobs (self);
  lens_grid_view_set_selected (_lens_window_get_grid_view (self), -1);
  set_loader_room (self);
  lens_photo_loader_open_scanned (self->loader, path, scan);
  _lens_window_refresh (self);
  gtk_widget_grab_focus (GTK_WIDGET (_lens_window_get_grid_view (self)));
}

void
_lens_window_cancel_read (LensWindow *self)
{
  stop_reading (self);
  _lens_window_refresh (self);
  if (self->restoring_solved)
    start_solve (self, FALSE);
}

static void
cancel (GtkWidget  *widget,
        const char *action_name,
        GVariant   *parameter)
{
  _lens_window_cancel_read (LENS_WINDOW (widget));
}

static void
selection_changed_cb (LensWindow *self)
{
  update_close_up (self);
}

static void
load_settings (LensWindow *self)
{
  int width;

  if (self->settings == NULL)
    return;
  width = g_settings_get_int (self->settings, "window-width");
  gtk_window_set_default_size (GTK_WINDOW (self), width,
                               g_settings_get_int (self->settings, "window-height"));
  gtk_paned_set_position (self->paned, width / 2);
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static void
save_settings (LensWindow *self)
{
  int width, height;

  if (self->settings == NULL)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
  if (!gtk_window_is_maximized (GTK_WINDOW (self)) && width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
}

static gboolean
lens_window_close_request (GtkWindow *window)
{
  LensWindow *self = LENS_WINDOW (window);

  save_settings (self);
  /* the time played since the last edit is saved too */
  if (lens_document_get_clock_running (self->document) && self->autosave_id == 0)
    self->autosave_id = g_timeout_add (AUTOSAVE_DELAY_MS, autosave_cb, self);
  flush_autosave (self);
  return GTK_WINDOW_CLASS (lens_window_parent_class)->close_request (window);
}

static void
lens_window_dispose (GObject *object)
{
  LensWindow *self = LENS_WINDOW (object);

  if (self->loader != NULL)
    {
      /* stopped unheard: the window is going */
      g_signal_handlers_disconnect_by_data (self->loader, self);
      lens_photo_loader_stop (self->loader);
      g_clear_object (&self->loader);
    }
  if (self->solver != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->solver, self);
      lens_document_solver_stop (self->solver);
      g_clear_object (&self->solver);
    }
  g_clear_object (&self->exporter);
  g_clear_object (&self->toaster);
  _lens_window_dispose_finish (self);
  _lens_window_dispose_play (self);
  _lens_window_dispose_close (self);
  _lens_window_dispose_layout (self);
  if (self->document != NULL)
    {
      flush_autosave (self);
      g_signal_handlers_disconnect_by_data (self->document, self);
    }
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), LENS_TYPE_WINDOW);

  G_OBJECT_CLASS (lens_window_parent_class)->dispose (object);
}

static void
lens_window_finalize (GObject *object)
{
  LensWindow *self = LENS_WINDOW (object);

  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  g_clear_object (&self->reader);
  g_clear_object (&self->recent_games);

  G_OBJECT_CLASS (lens_window_parent_class)->finalize (object);
}

static void lens_window_constructed (GObject *object);

static void
lens_window_class_init (LensWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = lens_window_constructed;
  object_class->dispose = lens_window_dispose;
  object_class->finalize = lens_window_finalize;
  window_class->close_request = lens_window_close_request;

  g_type_ensure (LENS_TYPE_BOTTOM_BAR);
  g_type_ensure (LENS_TYPE_GAME_TIMER);
  g_type_ensure (LENS_TYPE_GRID_PANE);
  g_type_ensure (LENS_TYPE_PHOTO_PANE);
  g_type_ensure (LENS_TYPE_READING_PAGE);
  g_type_ensure (LENS_TYPE_RECENT_LIST);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/sudokulens/SudokuLens/lens-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LensWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, paned);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, photo_pane);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, grid_pane);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, reading_page);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, game_timer);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, drop_zone);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, LensWindow, recent_section);
  gtk_widget_class_install_action (widget_class, "win.cancel", NULL, cancel);
  gtk_widget_class_install_action (widget_class, "win.mark-corners", NULL, mark_corners);
  gtk_widget_class_install_action (widget_class, "win.turn-board", NULL, turn_board);
  gtk_widget_class_install_action (widget_class, "win.solve", NULL, solve);
  gtk_widget_class_install_action (widget_class, "win.solve-overruling", NULL, solve);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent);
  _lens_window_class_init_actions (widget_class);
  _lens_window_class_init_alternatives (widget_class);
  _lens_window_class_init_close (widget_class);
  _lens_window_class_init_play (object_class, widget_class);
  _lens_window_class_init_layout (widget_class);
}

/* Typing after solving is no reason to lose the solution: say where it went. */
static void
solution_put_aside_cb (LensWindow *self)
{
  lens_toaster_offer (self->toaster, _("Your edit put the solution aside"), _("_Undo"), "win.undo", 8);
}

static void
connect_views (LensWindow *self)
{
  lens_grid_pane_set_document (self->grid_pane, self->document);
  g_object_bind_property (_lens_window_get_grid_view (self), "selected", _lens_window_get_photo_view (self), "selected",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect_object (_lens_window_get_grid_view (self), "notify::selected", G_CALLBACK (selection_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (_lens_window_get_grid_view (self), "notify::hovered", G_CALLBACK (selection_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (_lens_window_get_photo_view (self), "corners-changed", G_CALLBACK (corners_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "changed", G_CALLBACK (document_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "solution-put-aside", G_CALLBACK (solution_put_aside_cb), self,
                           G_CONNECT_SWAPPED);
}

static void
lens_window_init (LensWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->toaster = lens_toaster_new (self->toast_overlay);
  self->document = lens_document_new ();
  self->solver = lens_document_solver_new (self->document);
  g_signal_connect_object (self->solver, "failed", G_CALLBACK (solve_failed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->solver, "notify::busy", G_CALLBACK (solver_busy_cb), self, G_CONNECT_SWAPPED);
}

static void
lens_window_constructed (GObject *object)
{
  LensWindow *self = LENS_WINDOW (object);

  G_OBJECT_CLASS (lens_window_parent_class)->constructed (object);

  g_assert (self->reader != NULL);
  self->exporter = lens_exporter_new (GTK_WINDOW (self), self->document, self->toaster, self->settings);
  self->loader = lens_photo_loader_new (self->document, self->reader);
  g_signal_connect_object (self->loader, "notify::kind", G_CALLBACK (load_kind_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->loader, "preview", G_CALLBACK (preview_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->loader, "finished", G_CALLBACK (load_finished_cb), self, G_CONNECT_SWAPPED);
  connect_views (self);
  g_assert (self->recent_games != NULL);
  lens_recent_list_bind (self->recent_list, self->recent_games, self->document, self->recent_section);
  g_signal_connect_object (self->document, "game-set-aside", G_CALLBACK (game_set_aside_cb), self,
                           G_CONNECT_SWAPPED);
  _lens_window_init_play (self);
  _lens_window_init_finish (self);
  _lens_window_init_dnd (self);
  load_settings (self);
  _lens_window_refresh (self);
  g_clear_handle_id (&self->autosave_id, g_source_remove);
}

LensWindow *
lens_window_new (GtkApplication *application)
{
  g_return_val_if_fail (LENS_IS_APPLICATION (application), NULL);

  return g_object_new (LENS_TYPE_WINDOW, "application", application,
                       "reader", lens_application_get_reader (LENS_APPLICATION (application)),
                       "settings", lens_application_get_settings (LENS_APPLICATION (application)),
                       "recent-games", lens_application_get_recent_games (LENS_APPLICATION (application)), NULL);
}
