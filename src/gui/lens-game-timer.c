/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-game-timer.h"

struct _LensGameTimer
{
  GtkWidget     parent_instance;

  GtkWidget    *label;
  LensDocument *document;
  guint         tick_id;  /* the next whole second, while the clock runs */
};

G_DEFINE_FINAL_TYPE (LensGameTimer, lens_game_timer, GTK_TYPE_WIDGET)

static void update (LensGameTimer *self);

static gboolean
is_played (LensDocument *document)
{
  return lens_document_get_state (document) == LENS_DOCUMENT_CHECK && lens_document_get_playing (document) &&
         lens_document_get_game_started (document) && !lens_document_get_completed (document);
}

static gboolean
tick_cb (gpointer data)
{
  LensGameTimer *self = data;

  self->tick_id = 0;
  update (self);
  return G_SOURCE_REMOVE;
}

/* Ticks again when the time played reaches its next whole second. */
static void
schedule_tick (LensGameTimer *self)
{
  gint64 into_second = lens_document_get_play_time (self->document) % G_USEC_PER_SEC;
  guint delay = (guint) ((G_USEC_PER_SEC - into_second) / 1000) + 1;

  g_clear_handle_id (&self->tick_id, g_source_remove);
  self->tick_id = g_timeout_add (delay, tick_cb, self);
}

static void
update (LensGameTimer *self)
{
  g_autofree char *text = NULL;
  gboolean running = self->document != NULL && is_played (self->document);

  if (self->document != NULL)
    lens_document_set_clock_running (self->document, running);
  if (running)
    schedule_tick (self);
  else
    g_clear_handle_id (&self->tick_id, g_source_remove);
  if (self->document == NULL || lens_document_get_state (self->document) == LENS_DOCUMENT_EMPTY ||
      !lens_document_get_game_started (self->document))
    {
      gtk_label_set_label (GTK_LABEL (self->label), "");
      gtk_widget_set_visible (self->label, FALSE);
      return;
    }
  text = lens_format_play_time (lens_document_get_play_time (self->document));
  gtk_label_set_label (GTK_LABEL (self->label), text);
  gtk_widget_set_visible (self->label, TRUE);
}

void
lens_game_timer_set_document (LensGameTimer *self,
                              LensDocument  *document)
{
  g_return_if_fail (LENS_IS_GAME_TIMER (self));
  g_return_if_fail (document == NULL || LENS_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->document, self);
      lens_document_set_clock_running (self->document, FALSE);
    }
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      g_signal_connect_object (document, "changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (document, "notify::state", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (document, "finished", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
    }
  update (self);
}

const char *
lens_game_timer_get_text (LensGameTimer *self)
{
  g_return_val_if_fail (LENS_IS_GAME_TIMER (self), NULL);

  return gtk_widget_get_visible (self->label) ? gtk_label_get_label (GTK_LABEL (self->label)) : "";
}

static void
lens_game_timer_dispose (GObject *object)
{
  LensGameTimer *self = LENS_GAME_TIMER (object);

  lens_game_timer_set_document (self, NULL);
  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_clear_pointer (&self->label, gtk_widget_unparent);

  G_OBJECT_CLASS (lens_game_timer_parent_class)->dispose (object);
}

static void
lens_game_timer_class_init (LensGameTimerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lens_game_timer_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "lensgametimer");
}

static void
lens_game_timer_init (LensGameTimer *self)
{
  self->label = gtk_label_new ("");
  gtk_widget_add_css_class (self->label, "numeric");
  gtk_widget_add_css_class (self->label, "lens-game-timer");
  gtk_widget_set_visible (self->label, FALSE);
  gtk_widget_set_parent (self->label, GTK_WIDGET (self));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), _("Time played"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->label), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Time played"), -1);
}

GtkWidget *
lens_game_timer_new (void)
{
  return g_object_new (LENS_TYPE_GAME_TIMER, NULL);
}
