/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <string.h>

#include "lens-application.h"
#include "lens-gui-test.h"
#include "lens-preferences-window.h"
#include "lens-test-util.h"
#define LENS_TEST_WINDOW_FIXTURE
#include "lens-window-test.h"

/* The preferences, as a player finds them: Ctrl+comma (or the main menu)
 * opens them, each row changes its setting at once, the digit reader
 * chosen reads the next photo without a restart; and the keyboard
 * shortcuts window lists every shortcut the app has. */

static GSettings *
app_settings (void)
{
  return lens_application_get_settings (LENS_APPLICATION (app));
}

static gboolean
preferences_shown (gpointer data)
{
  return lens_test_find_toplevel (LENS_TYPE_PREFERENCES_WINDOW) != NULL;
}

static GtkWidget *
open_preferences (Fixture *f)
{
  GtkWidget *prefs;

  lens_test_press_key (GTK_WIDGET (f->window), GDK_KEY_comma, GDK_CONTROL_MASK);
  g_assert_true (lens_test_wait (preferences_shown, NULL, 5000));
  prefs = lens_test_find_toplevel (LENS_TYPE_PREFERENCES_WINDOW);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (prefs)) == GTK_WINDOW (f->window));
  g_assert_true (lens_test_wait (lens_test_window_ready, prefs, 5000));
  lens_test_focus_window (prefs);
  lens_test_spin (200);
  return prefs;
}

static void
close_preferences (GtkWidget *prefs)
{
  g_object_ref (prefs);
  lens_test_press_key (prefs, GDK_KEY_Escape, 0);
  lens_test_spin (200);
  g_assert_false (gtk_widget_get_visible (prefs));
  g_object_unref (prefs);
}

static gpointer
part (GtkWidget  *prefs,
      const char *id)
{
  GObject *child = gtk_widget_get_template_child (prefs, LENS_TYPE_PREFERENCES_WINDOW, id);

  g_assert_nonnull (child);
  return child;
}

static void
click_middle (GtkWidget *widget)
{
  lens_test_click (widget, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0);
  lens_test_spin (100);
}

static void
reset_settings (void)
{
  const char *keys[] = { "engine", "check-as-you-type", "highlight", "show-timer" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_reset (app_settings (), keys[i]);
  lens_test_spin (50);
}

/* A click on each switch changes its setting, and the window follows
 * Check as You Type at once; the main menu's item opens them too. */
static void
test_switches (Fixture       *f,
               gconstpointer  data)
{
  GtkWidget *prefs;
  gboolean checking = FALSE;

  reset_settings ();
  prefs = open_preferences (f);
  g_assert_false (gtk_switch_get_active (part (prefs, "check_switch")));
  g_assert_true (gtk_switch_get_active (part (prefs, "highlight_switch")));
  g_assert_true (gtk_switch_get_active (part (prefs, "timer_switch")));

  click_middle (part (prefs, "check_switch"));
  click_middle (part (prefs, "highlight_switch"));
  click_middle (part (prefs, "timer_switch"));
  g_assert_true (g_settings_get_boolean (app_settings (), "check-as-you-type"));
  g_assert_false (g_settings_get_boolean (app_settings (), "highlight"));
  g_assert_false (g_settings_get_boolean (app_settings (), "show-timer"));
  g_object_get (f->window, "check-as-you-type", &checking, NULL);
  g_assert_true (checking);
  close_preferences (prefs);

  /* the menu's Check as You Type and the preferences are one setting */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.check-as-you-type", NULL));
  lens_test_spin (100);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "app.preferences", NULL));
  g_assert_true (lens_test_wait (preferences_shown, NULL, 5000));
  prefs = lens_test_find_toplevel (LENS_TYPE_PREFERENCES_WINDOW);
  g_assert_false (gtk_switch_get_active (part (prefs, "check_switch")));
  gtk_window_close (GTK_WINDOW (prefs));
  lens_test_spin (200);
  reset_settings ();
}

/* The reader chosen reads the next photo, with no restart: Tesseract, or
 * where it cannot be loaded a message that names it; and back. */
static void
test_reader (Fixture       *f,
             gconstpointer  data)
{
  LensReader *reader = lens_application_get_reader (LENS_APPLICATION (app));
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", "sample.jpg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *engine = NULL;
  GtkWidget *prefs;
  const LensScan *scan;

  reset_settings ();
  lens_test_open_sample (f->window);
  g_assert_cmpint (lens_document_get_scan (f->doc)->engine, ==, LENS_ENGINE_BUILTIN);

  prefs = open_preferences (f);
  g_assert_cmpuint (adw_combo_row_get_selected (part (prefs, "engine_row")), ==, 0);
  adw_combo_row_set_selected (part (prefs, "engine_row"), 1);
  lens_test_spin (100);
  engine = g_settings_get_string (app_settings (), "engine");
  g_assert_cmpstr (engine, ==, "tesseract");
  g_assert_cmpint (lens_reader_get_engine (reader), ==, LENS_ENGINE_TESSERACT);
  close_preferences (prefs);

  lens_window_open_file (f->window, file);
  lens_test_wait_idle (f->window);
  scan = lens_document_get_scan (f->doc);
  if (scan == NULL || scan->engine != LENS_ENGINE_TESSERACT)
    g_assert_true (lens_test_wait_label (GTK_WIDGET (f->window), "The “tesseract” digit reader is not available"));
  lens_test_dismiss_toasts (f->window);

  g_settings_set_string (app_settings (), "engine", "builtin");
  lens_test_spin (100);
  g_assert_cmpint (lens_reader_get_engine (reader), ==, LENS_ENGINE_BUILTIN);
  lens_window_open_file (f->window, file);
  lens_test_wait_idle (f->window);
  g_assert_cmpint (lens_document_get_scan (f->doc)->engine, ==, LENS_ENGINE_BUILTIN);
  reset_settings ();
}

/* "<Alt>0...9" is ten shortcuts. */
static void
add_listed (GHashTable *listed,
            const char *accelerator)
{
  g_auto(GStrv) tokens = g_strsplit (accelerator, " ", -1);

  for (guint t = 0; tokens[t] != NULL; t++)
    {
      const char *range = strstr (tokens[t], "...");

      if (range != NULL && range > tokens[t] && g_ascii_isdigit (range[-1]) && g_ascii_isdigit (range[3]))
        for (char c = range[-1]; c <= range[3]; c++)
          {
            g_autofree char *one = g_strdup_printf ("%.*s%c", (int) (range - 1 - tokens[t]), tokens[t], c);
            guint key;
            GdkModifierType mods;

            g_assert_true (gtk_accelerator_parse (one, &key, &mods));
            g_hash_table_add (listed, gtk_accelerator_name (key, mods));
          }
      else if (*tokens[t] != '\0')
        {
          guint key;
          GdkModifierType mods;

          g_assert_true (gtk_accelerator_parse (tokens[t], &key, &mods));
          g_hash_table_add (listed, gtk_accelerator_name (key, mods));
        }
    }
}

/* Every accelerator of every action is in the shortcuts window (the
 * keypad's Enter is its Return). */
static void
test_shortcuts_listed (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/sudokulens/SudokuLens/gtk/help-overlay.ui");
  g_autoptr(GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GSList) objects = gtk_builder_get_objects (builder);
  g_auto(GStrv) actions = gtk_application_list_action_descriptions (GTK_APPLICATION (app));

  for (GSList *l = objects; l != NULL; l = l->next)
    if (GTK_IS_SHORTCUTS_SHORTCUT (l->data))
      {
        g_autofree char *accelerator = NULL;

        g_object_get (l->data, "accelerator", &accelerator, NULL);
        if (accelerator != NULL)
          add_listed (listed, accelerator);
      }
  for (guint a = 0; actions[a] != NULL; a++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), actions[a]);

      for (guint i = 0; accels[i] != NULL; i++)
        {
          guint key;
          GdkModifierType mods;
          g_autofree char *name = NULL;

          g_assert_true (gtk_accelerator_parse (accels[i], &key, &mods));
          if (key == GDK_KEY_KP_Enter)
            key = GDK_KEY_Return;
          name = gtk_accelerator_name (key, mods);
          if (!g_hash_table_contains (listed, name))
            g_error ("%s (%s) is not in the keyboard shortcuts window", accels[i], actions[a]);
        }
    }
  g_assert_true (g_hash_table_contains (listed, "<Control>comma"));
}

static void
add_tests (void)
{
  add ("/preferences/switches", test_switches);
  add ("/preferences/reader", test_reader);
  add ("/preferences/shortcuts-listed", test_shortcuts_listed);
}
