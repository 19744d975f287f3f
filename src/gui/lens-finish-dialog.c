/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lens-document.h"
#include "lens-finish-dialog.h"

GtkWidget *
lens_finish_dialog_new (GtkWindow *parent,
                        gint64     play_time)
{
  g_autofree char *time = lens_format_play_time (play_time);
  GtkWidget *dialog = adw_message_dialog_new (parent, _("Puzzle Solved"), NULL);

  /* TRANSLATORS: %s is the time played, as 4:07 */
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("Well done: every digit is right. You took %s."), time);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"),
                                    "open", _("_Open Photo…"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "open", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  return dialog;
}
