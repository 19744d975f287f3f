/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Playing on: the player's own digits beside the printed puzzle. The
 * printed puzzle is repaired and solved off the main thread as soon as it
 * is read or changed (its "analysis"), the player's digits are checked
 * against that solution, and the user can say who wrote a digit. */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-window-private.h"

#define READWRITE (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)

enum {
  PROP_0,
  PROP_PLAYING,
  PROP_PENCIL,
  PROP_CHECK_AS_YOU_TYPE,
  PROP_CELL_KIND,
  PROP_READER,
  PROP_SETTINGS,
  PROP_RECENT_GAMES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

void
_lens_window_play_document_changed (LensWindow *self)
{
  _lens_window_hint_document_changed (self);
  lens_document_check_when_due (self->document, self->check_as_you_type);
  lens_analyser_update (self->analyser);
}

gboolean
lens_window_is_analysing (LensWindow *self)
{
  g_return_val_if_fail (LENS_IS_WINDOW (self), FALSE);

  return lens_analyser_is_busy (self->analyser) || _lens_window_is_hinting (self);
}

/* The banner's words on playing, NULL when there is nothing to say: the
 * hint, or how the game stands (lens_document_describe_play); @style is
 * the banner's style class. */
char *
_lens_window_describe_play (LensWindow  *self,
                            const char **style)
{
  static const char * const styles[] = {
    [LENS_TONE_ACCENT] = "accent", [LENS_TONE_SUCCESS] = "success", [LENS_TONE_WARNING] = "warning",
  };
  char *text = lens_hinter_describe (self->hinter);
  LensTone tone = LENS_TONE_ACCENT;

  if (text == NULL)
    text = lens_document_describe_play (self->document, lens_analyser_get_error (self->analyser), &tone);
  *style = styles[tone];
  return text;
}

static void
check_entries (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  LensWindow *self = LENS_WINDOW (widget);

  if (lens_document_count_entries (self->document) == 0)
    return _lens_window_toast (self, _("There are no entries of yours to check yet"));
  lens_document_check_entries (self->document);
}

/* Who wrote the selected cell's digit, as the cell menu's radio items
 * name it: "printed", "player", or "" when the cell holds none. */
static const char *
selected_kind (LensWindow *self)
{
  int cell = _lens_window_get_grid_view (self) ? lens_grid_view_get_selected (_lens_window_get_grid_view (self)) : -1;

  if (self->document == NULL || cell < 0)
    return "";
  switch (lens_document_get_kind (self->document, cell))
    {
    case LENS_READ_KIND_PRINTED:
      return "printed";
    case LENS_READ_KIND_HANDWRITTEN:
      return "player";
    case LENS_READ_KIND_EMPTY:
    default:
      return "";
    }
}

static void
set_selected_kind (LensWindow *self,
                   const char *kind)
{
  int cell = lens_grid_view_get_selected (_lens_window_get_grid_view (self));

  if (g_strcmp0 (kind, selected_kind (self)) == 0)
    return;
  if (*selected_kind (self) == '\0')
    return _lens_window_toast (self, _("Select a cell with a digit first"));
  lens_document_set_kind (self->document, cell,
                          g_str_equal (kind, "printed") ? LENS_READ_KIND_PRINTED : LENS_READ_KIND_HANDWRITTEN);
}

void
_lens_window_update_play_actions (LensWindow *self)
{
  LensDocumentState state = lens_document_get_state (self->document);
  int cell = lens_grid_view_get_selected (_lens_window_get_grid_view (self));
  gboolean busy = lens_window_is_busy (self);
  gboolean has_digit = cell >= 0 && lens_document_get_kind (self->document, cell) != LENS_READ_KIND_EMPTY;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play", state != LENS_DOCUMENT_EMPTY);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.check", !busy && state != LENS_DOCUMENT_EMPTY);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cell-kind", !busy && has_digit);
  /* the selection or its digit may have changed: the menu's radio items follow */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CELL_KIND]);
  _lens_window_update_hint_actions (self);
}

static void
digit_refused_cb (LensWindow *self,
                  guint       cell)
{
  _lens_window_toast (self, _("Printed digits are locked while you play. Turn off Play to fix a misread one."));
}

static void
playing_changed_cb (LensWindow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
}

void
_lens_window_init_play (LensWindow *self)
{
  self->analyser = lens_analyser_new (self->document);
  g_signal_connect_object (self->analyser, "notify::error", G_CALLBACK (_lens_window_refresh), self,
                           G_CONNECT_SWAPPED);
  _lens_window_init_hint (self);
  g_object_bind_property (_lens_window_get_grid_view (self), "pencil", self, "pencil",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect_object (_lens_window_get_grid_view (self), "digit-refused", G_CALLBACK (digit_refused_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (_lens_window_get_grid_view (self), "notify::selected", G_CALLBACK (_lens_window_update_actions), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::playing", G_CALLBACK (playing_changed_cb), self,
                           G_CONNECT_SWAPPED);
  if (self->settings != NULL)
    g_settings_bind (self->settings, "check-as-you-type", self, "check-as-you-type", G_SETTINGS_BIND_DEFAULT);
  if (self->settings != NULL)
    g_settings_bind (self->settings, "highlight", _lens_window_get_grid_view (self), "highlight",
                     G_SETTINGS_BIND_GET);
}

void
_lens_window_dispose_play (LensWindow *self)
{
  if (self->analyser != NULL)
    lens_analyser_stop (self->analyser);
  g_clear_object (&self->analyser);
  _lens_window_dispose_hint (self);
}

static void
lens_window_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  LensWindow *self = LENS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PLAYING:
      g_value_set_boolean (value, self->document && lens_document_get_playing (self->document));
      break;
    case PROP_PENCIL:
      g_value_set_boolean (value, _lens_window_get_grid_view (self) && lens_grid_view_get_pencil (_lens_window_get_grid_view (self)));
      break;
    case PROP_CHECK_AS_YOU_TYPE:
      g_value_set_boolean (value, self->check_as_you_type);
      break;
    case PROP_CELL_KIND:
      g_value_set_string (value, selected_kind (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lens_window_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  LensWindow *self = LENS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PLAYING:
      lens_document_set_playing (self->document, g_value_get_boolean (value));
      break;
    case PROP_PENCIL:
      if (lens_grid_view_get_pencil (_lens_window_get_grid_view (self)) != g_value_get_boolean (value))
        {
          lens_grid_view_set_pencil (_lens_window_get_grid_view (self), g_value_get_boolean (value));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_CHECK_AS_YOU_TYPE:
      if (self->check_as_you_type != g_value_get_boolean (value))
        {
          self->check_as_you_type = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
          if (self->document != NULL && self->check_as_you_type)
            lens_document_check_when_due (self->document, TRUE);
        }
      break;
    case PROP_CELL_KIND:
      set_selected_kind (self, g_value_get_string (value));
      break;
    case PROP_READER:
      self->reader = g_value_dup_object (value);
      break;
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    case PROP_RECENT_GAMES:
      self->recent_games = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The window's properties are set and got here, the reader, settings and
 * earlier games too. */
void
_lens_window_class_init_play (GObjectClass   *object_class,
                              GtkWidgetClass *widget_class)
{
  object_class->get_property = lens_window_get_property;
  object_class->set_property = lens_window_set_property;
  /* Playing: the printed digits are locked and what the player types is
   * their own (the document's, as a window property for its action). */
  properties[PROP_PLAYING] = g_param_spec_boolean ("playing", NULL, NULL, FALSE, READWRITE);
  /* Digits typed are pencil marks (the grid view's, for its action). */
  properties[PROP_PENCIL] = g_param_spec_boolean ("pencil", NULL, NULL, FALSE, READWRITE);
  /* Each digit the player types is checked at once (a setting). */
  properties[PROP_CHECK_AS_YOU_TYPE] = g_param_spec_boolean ("check-as-you-type", NULL, NULL, FALSE, READWRITE);
  /* Who wrote the selected cell's digit: "printed", "player" or "" (for
   * the cell menu's radio items; setting it is an undoable edit). */
  properties[PROP_CELL_KIND] = g_param_spec_string ("cell-kind", NULL, NULL, "", READWRITE);
  /* The application's reader, which reads every photo. */
  properties[PROP_READER] = g_param_spec_object ("reader", NULL, NULL, LENS_TYPE_READER,
                                                 G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The application's settings, nullable: the size and folders are not kept. */
  properties[PROP_SETTINGS] = g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                                                   G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The application's earlier games, which the window adds to and offers. */
  properties[PROP_RECENT_GAMES] = g_param_spec_object ("recent-games", NULL, NULL, LENS_TYPE_RECENT_GAMES,
                                                       G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY |
                                                       G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_property_action (widget_class, "win.play", "playing");
  gtk_widget_class_install_action (widget_class, "win.check", NULL, check_entries);
  gtk_widget_class_install_property_action (widget_class, "win.cell-kind", "cell-kind");
  gtk_widget_class_install_property_action (widget_class, "win.pencil", "pencil");
  gtk_widget_class_install_property_action (widget_class, "win.check-as-you-type", "check-as-you-type");
  _lens_window_class_init_hint (widget_class);
}
