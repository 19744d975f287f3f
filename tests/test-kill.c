/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Kills the built app with SIGKILL in the middle of a session, under Xvfb,
 * and checks that the next start brings the edits back. The app runs as a
 * separate process; the edits are real key presses sent to its window
 * through the X server (XTest). */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <string.h>
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>

#include "lens-test-util.h"

typedef struct {
  GSubprocess *process;
  gboolean     exited;
} Child;

static Display *xd;

static void
wait_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      data)
{
  Child *child = data;

  g_subprocess_wait_finish (G_SUBPROCESS (object), result, NULL);
  child->exited = TRUE;
}

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (5000);
    }
}

static Child *
launch_with (GSubprocessLauncher *launcher,
             const char          *data_dir,
             const char          *photo)
{
  g_autoptr(GError) error = NULL;
  const char *app = g_getenv ("LENS_APP");
  Child *child = g_new0 (Child, 1);

  g_assert_nonnull (app);
  g_subprocess_launcher_setenv (launcher, "SUDOKU_LENS_DATA_DIR", data_dir, TRUE);
  g_subprocess_launcher_setenv (launcher, "GSETTINGS_BACKEND", "memory", TRUE);
  g_subprocess_launcher_setenv (launcher, "GSK_RENDERER", "cairo", TRUE);
  /* No session bus: each start is its own, non-unique, instance. */
  g_subprocess_launcher_setenv (launcher, "DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent", TRUE);
  child->process = g_subprocess_launcher_spawn (launcher, &error, app, photo, NULL);
  g_assert_no_error (error);
  g_subprocess_wait_async (child->process, NULL, wait_cb, child);
  return child;
}

static Child *
launch (const char *data_dir,
        const char *photo)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);

  return launch_with (launcher, data_dir, photo);
}

static void
child_kill (Child *child)
{
  gint64 deadline = lens_test_deadline (5000);

  g_subprocess_send_signal (child->process, SIGKILL);
  while (!child->exited && g_get_monotonic_time () < deadline)
    spin (10);
  g_assert_true (child->exited);
  g_assert_true (g_subprocess_get_if_signaled (child->process));
  g_assert_cmpint (g_subprocess_get_term_sig (child->process), ==, SIGKILL);
  g_object_unref (child->process);
  g_free (child);
}

static char *
session_path (const char *data_dir)
{
  return g_build_filename (data_dir, "session.json", NULL);
}

/* The digits line of the autosave, or NULL while there is none. A file
 * that exists must parse: the app replaces it whole. */
static char *
read_session (const char *data_dir)
{
  g_autofree char *path = session_path (data_dir);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;
  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (root, "version"), >=, 1);
  g_assert_cmpuint (strlen (json_object_get_string_member (root, "digits")), ==, 81);
  return g_strdup (json_object_get_string_member (root, "digits"));
}

static guint
count_filled (const char *digits)
{
  guint n = 0;

  for (guint i = 0; digits[i]; i++)
    n += digits[i] >= '1' && digits[i] <= '9';
  return n;
}

/* Waits until the autosave holds @want at @cell (0 for any reading of at
 * least 17 digits); returns its digits. */
static char *
wait_session (Child      *child,
              const char *data_dir,
              guint       cell,
              char        want,
              guint       timeout_ms)
{
  gint64 deadline = lens_test_deadline (timeout_ms);

  while (g_get_monotonic_time () < deadline)
    {
      g_autofree char *digits = read_session (data_dir);

      g_assert_false (child->exited);
      if (digits != NULL && (want ? digits[cell] == want : count_filled (digits) >= 17))
        return g_steal_pointer (&digits);
      spin (50);
    }
  g_assert_not_reached ();
  return NULL;
}

static gboolean
window_has_pid (Window window,
                pid_t  pid)
{
  Atom pid_atom = XInternAtom (xd, "_NET_WM_PID", False);
  XWindowAttributes attrs;
  Atom type;
  int format;
  unsigned long n, after;
  unsigned char *prop = NULL;
  gboolean match = FALSE;

  if (!XGetWindowAttributes (xd, window, &attrs) || attrs.map_state != IsViewable || attrs.width < 200)
    return FALSE;
  if (XGetWindowProperty (xd, window, pid_atom, 0, 1, False, XA_CARDINAL, &type, &format, &n, &after,
                          &prop) == Success && prop != NULL && n == 1)
    match = *(unsigned long *) prop == (unsigned long) pid;
  if (prop != NULL)
    XFree (prop);
  return match;
}

/* The app's mapped top-level window. */
static Window
find_window (Child *child,
             guint  timeout_ms)
{
  pid_t pid = (pid_t) g_ascii_strtoll (g_subprocess_get_identifier (child->process), NULL, 10);
  gint64 deadline = lens_test_deadline (timeout_ms);

  while (g_get_monotonic_time () < deadline)
    {
      Window root, parent, *children = NULL, found = None;
      unsigned int n = 0;

      g_assert_false (child->exited);
      XQueryTree (xd, DefaultRootWindow (xd), &root, &parent, &children, &n);
      for (unsigned int i = 0; i < n && found == None; i++)
        if (window_has_pid (children[i], pid))
          found = children[i];
      if (children != NULL)
        XFree (children);
      if (found != None)
        return found;
      spin (50);
    }
  g_assert_not_reached ();
  return None;
}

static void
press (KeySym keysym)
{
  KeyCode code = XKeysymToKeycode (xd, keysym);

  g_assert_cmpuint (code, !=, 0);
  XTestFakeKeyEvent (xd, code, True, CurrentTime);
  XTestFakeKeyEvent (xd, code, False, CurrentTime);
  XSync (xd, False);
  spin (150);
}

static void
focus (Window window)
{
  XRaiseWindow (xd, window);
  XSetInputFocus (xd, window, RevertToParent, CurrentTime);
  XSync (xd, False);
  spin (300);
}

/* A digit other than the one at @cell. */
static char
other_digit (const char *digits,
             guint       cell,
             char        preferred)
{
  return digits[cell] == preferred ? (preferred == '9' ? '1' : preferred + 1) : preferred;
}

static void
check_data_dir (const char *data_dir)
{
  g_autoptr(GDir) dir = g_dir_open (data_dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  /* No half-written temporary and nothing set aside as damaged. */
  while ((name = g_dir_read_name (dir)))
    {
      g_test_message ("data dir holds %s", name);
      g_assert_cmpstr (name, ==, "session.json");
      n++;
    }
  g_assert_cmpuint (n, ==, 1);
}

static guint64
session_inode (const char *data_dir)
{
  g_autofree char *path = session_path (data_dir);
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return st.st_ino;
}


/* Waits until the restarted app has saved the session it restored: the
 * file is replaced whole, so it gets a new inode. */
static char *
wait_resaved (Child      *child,
              const char *data_dir,
              guint64     inode)
{
  gint64 deadline = lens_test_deadline (5000);

  find_window (child, 10000);
  while (session_inode (data_dir) == inode && g_get_monotonic_time () < deadline)
    spin (50);
  g_assert_cmpuint (session_inode (data_dir), !=, inode);
  return read_session (data_dir);
}

static void
test_kill_restores_edits (void)
{
  g_autoptr(LensTestDir) data_dir = g_dir_make_tmp ("lens-kill-XXXXXX", NULL);
  g_autofree char *photo = g_test_build_filename (G_TEST_DIST, "data", "photos", "image1.jpg", NULL);
  g_autofree char *read = NULL, *edited = NULL, *restored = NULL;
  g_autofree char *saved = NULL;
  Child *child;
  Window window;
  char d0, d1;
  guint64 inode;

  if (xd == NULL)
    {
      g_test_skip ("needs an X display with XTest (run under xvfb-run)");
      return;
    }

  child = launch (data_dir, photo);
  read = wait_session (child, data_dir, 0, 0, 15000);
  g_test_message ("read %s", read);
  window = find_window (child, 5000);
  focus (window);

  /* The read leaves the grid focused with nothing selected: Up then Left
   * select the top-left cell, whatever was selected before. */
  d0 = other_digit (read, 0, '5');
  d1 = other_digit (read, 1, '4');
  press (XK_Up);
  press (XK_Left);
  press (XK_0 + (d0 - '0'));
  press (XK_Right);
  press (XK_0 + (d1 - '0'));
  g_free (wait_session (child, data_dir, 0, d0, 5000));
  edited = wait_session (child, data_dir, 1, d1, 5000);
  g_assert_cmpstr (edited + 2, ==, read + 2);

  child_kill (child);
  check_data_dir (data_dir);
  saved = read_session (data_dir);
  g_assert_cmpstr (saved, ==, edited);
  inode = session_inode (data_dir);

  /* The second start, with no photo, restores the session and, showing it,
   * saves it again: a new file (it is replaced whole) with the same edits. */
  child = launch (data_dir, NULL);
  restored = wait_resaved (child, data_dir, inode);
  g_assert_cmpstr (restored, ==, edited);
  g_assert_cmpint (restored[0], ==, d0);
  g_assert_cmpint (restored[1], ==, d1);
  child_kill (child);
  check_data_dir (data_dir);
}

/* Kills the app around the moment its autosave writes, after a typed digit:
 * whenever the kill lands, the session on disk is the old one or the new
 * one, whole, and the next start restores it without setting it aside. */
/* Run from a build tree with no settings schema to be found, the app still
 * reads the photo and saves the session; it says what it will not keep. */
static void
test_runs_without_schema (void)
{
  g_autoptr(LensTestDir) data_dir = g_dir_make_tmp ("lens-kill-XXXXXX", NULL);
  g_autofree char *photo = g_test_build_filename (G_TEST_DIST, "data", "photos", "image1.jpg", NULL);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autofree char *read = NULL;
  g_autoptr(GBytes) err = NULL;
  GInputStream *stream;
  Child *child;

  if (xd == NULL)
    {
      g_test_skip ("needs an X display (run under xvfb-run)");
      return;
    }
  /* The system's schemas (GTK's among them), and not the app's. */
  g_subprocess_launcher_setenv (launcher, "GSETTINGS_SCHEMA_DIR", data_dir, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_DIRS", "/usr/share", TRUE);
  child = launch_with (launcher, data_dir, photo);
  read = wait_session (child, data_dir, 0, 0, 15000);
  g_assert_cmpuint (count_filled (read), >=, 17);
  stream = g_subprocess_get_stderr_pipe (child->process);
  err = g_input_stream_read_bytes (stream, 4096, NULL, NULL);
  g_assert_nonnull (err);
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (err, NULL), g_bytes_get_size (err),
                                  "io.github.sudokulens.SudokuLens is not installed"));
  child_kill (child);
}

static void
test_kill_during_autosave (void)
{
  const guint delays[] = { 280, 300, 320, 340 };
  guint edited_count = 0;

  if (xd == NULL)
    {
      g_test_skip ("needs an X display with XTest (run under xvfb-run)");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (delays); i++)
    {
      g_autoptr(LensTestDir) data_dir = g_dir_make_tmp ("lens-kill-XXXXXX", NULL);
      g_autofree char *photo = g_test_build_filename (G_TEST_DIST, "data", "photos", "image1.jpg", NULL);
      g_autofree char *read = NULL, *saved = NULL, *restored = NULL;
      g_autoptr(GDir) dir = NULL;
      Child *child = launch (data_dir, photo);
      const char *name;
      KeyCode code;
      char d0;

      read = wait_session (child, data_dir, 0, 0, 15000);
      focus (find_window (child, 5000));
      press (XK_Up);
      press (XK_Left);
      d0 = other_digit (read, 0, '6');
      code = XKeysymToKeycode (xd, XK_0 + (d0 - '0'));
      XTestFakeKeyEvent (xd, code, True, CurrentTime);
      XTestFakeKeyEvent (xd, code, False, CurrentTime);
      XSync (xd, False);
      g_usleep (delays[i] * 1000);
      child_kill (child);

      saved = read_session (data_dir);
      g_assert_nonnull (saved);
      g_assert_cmpstr (saved + 1, ==, read + 1);
      g_assert_true (saved[0] == read[0] || saved[0] == d0);
      edited_count += saved[0] == d0;
      dir = g_dir_open (data_dir, 0, NULL);
      while ((name = g_dir_read_name (dir)))
        {
          g_test_message ("after a kill at %u ms the data dir holds %s", delays[i], name);
          g_assert_true (g_str_equal (name, "session.json") ||
                         (g_str_has_prefix (name, "session.json.") && strlen (name) == strlen ("session.json.XXXXXX")));
        }

      child = launch (data_dir, NULL);
      restored = wait_resaved (child, data_dir, session_inode (data_dir));
      g_assert_cmpstr (restored, ==, saved);
      child_kill (child);
      check_data_dir (data_dir);
    }
  g_test_message ("%u of %u kills came after the edit was saved", edited_count, (guint) G_N_ELEMENTS (delays));
}

int
main (int argc, char **argv)
{
  int event, error, major, minor, status;

  g_test_init (&argc, &argv, NULL);
  xd = XOpenDisplay (NULL);
  if (xd != NULL && !XTestQueryExtension (xd, &event, &error, &major, &minor))
    g_clear_pointer (&xd, XCloseDisplay);

  g_test_add_func ("/kill/restores-edits", test_kill_restores_edits);
  g_test_add_func ("/kill/during-autosave", test_kill_during_autosave);
  g_test_add_func ("/kill/runs-without-schema", test_runs_without_schema);
  status = g_test_run ();
  if (xd != NULL)
    XCloseDisplay (xd);
  return status;
}
