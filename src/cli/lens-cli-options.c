/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <unistd.h>

#include "lens-cli.h"
#include "lens-cli-options.h"

static guint
add_shared_entries (LensCliOptions      *options,
                    LensCliOptionsFlags  flags,
                    const char          *json_help,
                    GOptionEntry         shared[4])
{
  guint n = 0;

  shared[n++] = (GOptionEntry) { "json", 0, 0, G_OPTION_ARG_NONE, &options->json, json_help, NULL };
  if (flags & LENS_CLI_OPTIONS_ENGINE)
    shared[n++] = (GOptionEntry) { "engine", 'e', 0, G_OPTION_ARG_STRING, &options->engine_name,
                                   N_("Digit recognizer for photos: builtin (default) or tesseract"),
                                   N_("ENGINE") };
  if (flags & LENS_CLI_OPTIONS_COLOR)
    shared[n++] = (GOptionEntry) { "no-color", 0, 0, G_OPTION_ARG_NONE, &options->no_color,
                                   N_("Print the board without colours"), NULL };
  shared[n] = (GOptionEntry) { NULL };
  return n;
}

int
lens_cli_options_parse (LensCliOptions       *options,
                        LensCliOptionsFlags   flags,
                        const char           *json_help,
                        const GOptionEntry   *entries,
                        const char           *summary,
                        int                  *argc,
                        char               ***argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  GOptionEntry shared[4];

  add_shared_entries (options, flags, json_help, shared);
  g_option_context_set_summary (context, summary);
  g_option_context_add_main_entries (context, shared, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  options->engine = LENS_ENGINE_DEFAULT;
  if (!g_option_context_parse (context, argc, argv, &error))
    return lens_cli_usage_error ("%s", error->message);
  if (options->engine_name != NULL && !lens_engine_from_string (options->engine_name, &options->engine))
    return lens_cli_usage_error (_("unknown engine “%s” (use builtin or tesseract)"), options->engine_name);
  if (flags & LENS_CLI_OPTIONS_ENGINE)
    options->reader = lens_reader_new (options->engine);
  return LENS_EXIT_OK;
}

gboolean
lens_cli_options_use_color (const LensCliOptions *options)
{
  return !options->json && !options->no_color && g_getenv ("NO_COLOR") == NULL && isatty (fileno (stdout));
}

void
lens_cli_options_clear (LensCliOptions *options)
{
  g_clear_pointer (&options->engine_name, g_free);
  g_clear_object (&options->reader);
}
