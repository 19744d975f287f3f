/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-application.h"
#include "lens-preferences-window.h"
#include "lens-window.h"

struct _LensApplication
{
  AdwApplication   parent_instance;
  GSettings       *settings;  /* nullable: the schema is not installed */
  LensReader      *reader;
  LensRecentGames *recent_games;
};

G_DEFINE_FINAL_TYPE (LensApplication, lens_application, ADW_TYPE_APPLICATION)

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       data)
{
  GtkApplication *app = data;
  const char *developers[] = { _("The Sudoku Lens developers"), NULL };
  AdwAboutWindow *about = ADW_ABOUT_WINDOW (adw_about_window_new ());
  g_autofree char *sample_credit = NULL;

  gtk_window_set_transient_for (GTK_WINDOW (about), gtk_application_get_active_window (app));
  adw_about_window_set_application_name (about, _("Sudoku Lens"));
  adw_about_window_set_application_icon (about, APP_ID);
  adw_about_window_set_version (about, PACKAGE_VERSION);
  adw_about_window_set_website (about, PACKAGE_URL);
  adw_about_window_set_issue_url (about, PACKAGE_BUGREPORT);
  adw_about_window_set_developer_name (about, _("The Sudoku Lens developers"));
  adw_about_window_set_developers (about, developers);
  adw_about_window_set_comments (about, _("Read a printed Sudoku from a photo, fix what was misread, and solve it."));
  adw_about_window_set_license_type (about, GTK_LICENSE_GPL_3_0);
  adw_about_window_set_translator_credits (about, _("translator-credits"));
  /* libadwaita 1.2 leaks a legal section's copyright string: it goes in the text. */
  sample_credit = g_strdup_printf ("© Baptiste Wicht, Jean Hennebert\n%s",
                                   _("From the Sudoku dataset (github.com/wichtounet/sudoku_dataset), "
                                     "licensed under CC-BY-4.0."));
  adw_about_window_add_legal_section (about, _("Sample photo"), NULL, GTK_LICENSE_CUSTOM, sample_credit);
  gtk_window_present (GTK_WINDOW (about));
}

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       data)
{
  LensApplication *self = data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));

  gtk_window_present (GTK_WINDOW (lens_preferences_window_new (parent, self->settings)));
}

static void
help_shown (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  GtkWindow *parent = GTK_WINDOW (source);
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;

  if (gtk_show_uri_full_finish (parent, result, &error) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  dialog = adw_message_dialog_new (parent, _("Could Not Open the Help"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("The help needs a help browser, such as GNOME’s Help (yelp): %s"),
                                  error->message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The user's guide in help/, shown by yelp. */
static void
help_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (data));

  if (parent != NULL)
    gtk_show_uri_full (parent, "help:" GETTEXT_PACKAGE, GDK_CURRENT_TIME, NULL, help_shown, NULL);
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       data)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (data));

  while (windows != NULL)
    {
      GtkWindow *window = windows->data;

      windows = windows->next;
      gtk_window_close (window);
    }
}

static const GActionEntry app_entries[] = {
  { "about", about_activated },
  { "preferences", preferences_activated },
  { "help", help_activated },
  { "quit", quit_activated },
};

static void
set_accels (GtkApplication *app)
{
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "app.help", { "F1", NULL } },
    { "window.close", { "<Control>w", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.capture", { "<Control><Shift>o", NULL } },
    { "win.paste", { "<Control>v", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.solve", { "<Control>Return", "<Control>KP_Enter", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.copy-puzzle", { "<Control><Shift>c", NULL } },
    { "win.copy-solution", { "<Control><Alt>c", NULL } },
    { "win.cancel", { "Escape", NULL } },
    { "win.play", { "<Control>p", NULL } },
    { "win.check", { "<Control>k", NULL } },
    { "win.cell-kind('printed')", { "<Control><Shift>p", NULL } },
    { "win.cell-kind('player')", { "<Control><Shift>y", NULL } },
    { "win.hint", { "<Control>h", NULL } },
    { "win.reveal-cell", { "<Control>r", NULL } },
    { "win.pencil", { "<Control>e", NULL } },
    { "win.fill-candidates", { "<Control><Shift>e", NULL } },
    { "win.next-check", { "F8", NULL } },
    { "win.close-photo", { "<Control><Shift>w", NULL } },
    /* image viewers turn with Ctrl+R, which reveals a cell here */
    { "win.turn-board", { "<Control><Shift>r", NULL } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (app, accels[i].action, accels[i].accels);
  /* Alt and a digit takes that reading of a doubtful cell (0: empty) */
  for (guint digit = 0; digit <= 9; digit++)
    {
      g_autofree char *action = g_strdup_printf ("win.pick-alternative(%u)", digit);
      g_autofree char *accel = g_strdup_printf ("<Alt>%u", digit);
      const char *accels_of[] = { accel, NULL };

      gtk_application_set_accels_for_action (app, action, accels_of);
    }
}

static void
lens_application_startup (GApplication *application)
{
  G_APPLICATION_CLASS (lens_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (application), app_entries,
                                   G_N_ELEMENTS (app_entries), application);
  set_accels (GTK_APPLICATION (application));
  gtk_window_set_default_icon_name (APP_ID);
  lens_reader_warm_up (LENS_APPLICATION (application)->reader);
}

static void
lens_application_activate (GApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (window == NULL)
    {
      window = GTK_WINDOW (lens_window_new (GTK_APPLICATION (application)));
      lens_window_restore_session (LENS_WINDOW (window));
    }
  gtk_window_present (window);
}

static void
lens_application_open (GApplication  *application,
                       GFile        **files,
                       int            n_files,
                       const char    *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      LensWindow *window = lens_window_new (GTK_APPLICATION (application));

      lens_window_open_file (window, files[i]);
      gtk_window_present (GTK_WINDOW (window));
    }
}

/* Runs before any display is opened, so `sudoku-lens --version` works anywhere. */
static int
lens_application_handle_local_options (GApplication *application,
                                       GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("sudoku-lens %s\n", PACKAGE_VERSION);
      return EXIT_SUCCESS;
    }
  return -1;
}

static void
lens_application_finalize (GObject *object)
{
  g_clear_object (&LENS_APPLICATION (object)->reader);
  g_clear_object (&LENS_APPLICATION (object)->recent_games);
  g_clear_object (&LENS_APPLICATION (object)->settings);
  G_OBJECT_CLASS (lens_application_parent_class)->finalize (object);
}

/* Run from a build tree without GSETTINGS_SCHEMA_DIR, the app still works;
 * it only forgets its window size and last folders. */
static GSettings *
open_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = source ? g_settings_schema_source_lookup (source, APP_ID, TRUE) : NULL;

  if (schema == NULL)
    {
      g_printerr (_("The settings schema %s is not installed: the window size and the last folder will not be kept\n"),
                  APP_ID);
      return NULL;
    }
  return g_settings_new_full (schema, NULL, NULL);
}

/* The engine the setting names is used as it is: when it cannot be loaded,
 * reading a photo says so, rather than falling back to another one. */
static LensEngine
engine_from_settings (GSettings *settings)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autofree char *name = NULL;
  LensEngine engine = LENS_ENGINE_DEFAULT;

  if (settings != NULL)
    g_object_get (settings, "settings-schema", &schema, NULL);
  if (schema == NULL || !g_settings_schema_has_key (schema, "engine"))
    return engine;
  name = g_settings_get_string (settings, "engine");
  if (!lens_engine_from_string (name, &engine))
    g_warning ("Unknown recognizer “%s” in the settings", name);
  return engine;
}

/* Chosen in the preferences: the next photo is read with it. */
static void
engine_changed_cb (LensApplication *self)
{
  lens_reader_set_engine (self->reader, engine_from_settings (self->settings));
  lens_reader_warm_up (self->reader);
}

static void
lens_application_class_init (LensApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = lens_application_finalize;
  app_class->startup = lens_application_startup;
  app_class->activate = lens_application_activate;
  app_class->open = lens_application_open;
  app_class->handle_local_options = lens_application_handle_local_options;
}

static void
lens_application_init (LensApplication *self)
{
  g_application_add_main_option (G_APPLICATION (self), "version", 'v',
                                 G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                 _("Print the version and exit"), NULL);
  self->settings = open_settings ();
  self->reader = lens_reader_new (LENS_ENGINE_DEFAULT);
  /* connected before the key is read, or a change may go unheard */
  if (self->settings != NULL)
    g_signal_connect_object (self->settings, "changed::engine", G_CALLBACK (engine_changed_cb), self,
                             G_CONNECT_SWAPPED);
  lens_reader_set_engine (self->reader, engine_from_settings (self->settings));
  self->recent_games = lens_recent_games_new (NULL);
}

LensReader *
lens_application_get_reader (LensApplication *self)
{
  g_return_val_if_fail (LENS_IS_APPLICATION (self), NULL);

  return self->reader;
}

LensRecentGames *
lens_application_get_recent_games (LensApplication *self)
{
  g_return_val_if_fail (LENS_IS_APPLICATION (self), NULL);

  return self->recent_games;
}

GSettings *
lens_application_get_settings (LensApplication *self)
{
  g_return_val_if_fail (LENS_IS_APPLICATION (self), NULL);

  return self->settings;
}

LensApplication *
lens_application_new (void)
{
  return g_object_new (LENS_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/sudokulens/SudokuLens",
                       NULL);
}
