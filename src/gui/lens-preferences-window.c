/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lens-preferences-window.h"

struct _LensPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  AdwComboRow          *engine_row;
  GtkSwitch            *check_switch;
  GtkSwitch            *highlight_switch;
  GtkSwitch            *timer_switch;

  GSettings            *settings;  /* nullable */
};

G_DEFINE_FINAL_TYPE (LensPreferencesWindow, lens_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The engines in the order of the reader row's list. */
static const char * const engines[] = { "builtin", "tesseract" };

static gboolean
engine_to_row (GValue   *value,
               GVariant *variant,
               gpointer  data)
{
  const char *engine = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (engines); i++)
    if (g_str_equal (engine, engines[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
row_to_engine (const GValue       *value,
               const GVariantType *type,
               gpointer            data)
{
  guint selected = g_value_get_uint (value);

  return selected < G_N_ELEMENTS (engines) ? g_variant_new_string (engines[selected]) : NULL;
}

static void
bind_settings (LensPreferencesWindow *self)
{
  const struct { const char *key; GtkSwitch *row_switch; } switches[] = {
    { "check-as-you-type", self->check_switch },
    { "highlight", self->highlight_switch },
    { "show-timer", self->timer_switch },
  };

  if (self->settings == NULL)
    {
      gtk_widget_set_sensitive (GTK_WIDGET (self->engine_row), FALSE);
      for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
        gtk_widget_set_sensitive (GTK_WIDGET (switches[i].row_switch), FALSE);
      return;
    }
  g_settings_bind_with_mapping (self->settings, "engine", self->engine_row, "selected", G_SETTINGS_BIND_DEFAULT,
                                engine_to_row, row_to_engine, NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
    g_settings_bind (self->settings, switches[i].key, switches[i].row_switch, "active", G_SETTINGS_BIND_DEFAULT);
}

static void
lens_preferences_window_constructed (GObject *object)
{
  G_OBJECT_CLASS (lens_preferences_window_parent_class)->constructed (object);

  bind_settings (LENS_PREFERENCES_WINDOW (object));
}

static void
lens_preferences_window_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  LensPreferencesWindow *self = LENS_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lens_preferences_window_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  LensPreferencesWindow *self = LENS_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lens_preferences_window_dispose (GObject *object)
{
  LensPreferencesWindow *self = LENS_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), LENS_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (lens_preferences_window_parent_class)->dispose (object);
}

static void
lens_preferences_window_class_init (LensPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = lens_preferences_window_constructed;
  object_class->set_property = lens_preferences_window_set_property;
  object_class->get_property = lens_preferences_window_get_property;
  object_class->dispose = lens_preferences_window_dispose;

  properties[PROP_SETTINGS] = g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                                                   G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                                                   G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sudokulens/SudokuLens/lens-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LensPreferencesWindow, engine_row);
  gtk_widget_class_bind_template_child (widget_class, LensPreferencesWindow, check_switch);
  gtk_widget_class_bind_template_child (widget_class, LensPreferencesWindow, highlight_switch);
  gtk_widget_class_bind_template_child (widget_class, LensPreferencesWindow, timer_switch);
}

static void
lens_preferences_window_init (LensPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

LensPreferencesWindow *
lens_preferences_window_new (GtkWindow *parent,
                             GSettings *settings)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  return g_object_new (LENS_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       "settings", settings,
                       NULL);
}
