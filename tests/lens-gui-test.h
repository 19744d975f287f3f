/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Helpers for the display tests: real key presses and pointer clicks sent
 * through the X server with XTest, so they reach the widgets the way a
 * user's do, and a wait that iterates the main context. */

#include <gtk/gtk.h>
#include <gdk/x11/gdkx.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>
#include <X11/Xutil.h>
#include <string.h>

#include "lens-test-util.h"

typedef gboolean (*LensTestCondition) (gpointer data);

static G_GNUC_UNUSED gboolean
lens_test_wait (LensTestCondition condition,
                gpointer          data,
                guint             timeout_ms)
{
  gint64 deadline = lens_test_deadline (timeout_ms);

  while (!condition (data))
    {
      if (g_get_monotonic_time () > deadline)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

static G_GNUC_UNUSED void
lens_test_spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* Dispatches what is pending, for at most half a second, so that a slow,
 * shared machine does not leave an event for the next step. */
static G_GNUC_UNUSED void
lens_test_drain (void)
{
  gint64 deadline = g_get_monotonic_time () + 500 * 1000;

  while (g_main_context_pending (NULL) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
}

static G_GNUC_UNUSED Display *
lens_test_xdisplay (GtkWidget *widget)
{
  GdkDisplay *display = gtk_widget_get_display (widget);

  if (!GDK_IS_X11_DISPLAY (display))
    return NULL;
  return gdk_x11_display_get_xdisplay (display);
}

static G_GNUC_UNUSED gboolean
lens_test_has_xtest (GtkWidget *widget)
{
  Display *xd = lens_test_xdisplay (widget);
  int event, error, major, minor;

  /* On an X server the key tests must run, not skip. */
  if (xd != NULL && !XTestQueryExtension (xd, &event, &error, &major, &minor))
    g_error ("the X server has no XTest extension, so no real key can be pressed");
  return xd != NULL;
}

/* Gives the widget's toplevel the X input focus, as a click on it would. */
static G_GNUC_UNUSED void
lens_test_focus_window (GtkWidget *widget)
{
  Display *xd = lens_test_xdisplay (widget);
  GdkSurface *surface = gtk_native_get_surface (gtk_widget_get_native (widget));

  g_assert_nonnull (xd);
  XRaiseWindow (xd, gdk_x11_surface_get_xid (surface));
  XSetInputFocus (xd, gdk_x11_surface_get_xid (surface), RevertToParent, CurrentTime);
  XSync (xd, False);
  lens_test_spin (50);
}

static G_GNUC_UNUSED void
fake_key (Display *xd,
          KeySym   keysym,
          gboolean press)
{
  KeyCode code = XKeysymToKeycode (xd, keysym);

  g_assert_cmpuint (code, !=, 0);
  XTestFakeKeyEvent (xd, code, press, CurrentTime);
}

/* Presses and releases @keyval with @mods held, then lets GTK handle it. */
static G_GNUC_UNUSED void
lens_test_press_key (GtkWidget       *widget,
                     guint            keyval,
                     GdkModifierType  mods)
{
  Display *xd = lens_test_xdisplay (widget);

  /* held in this order, released in the other */
  const struct { GdkModifierType mask; KeySym key; } held[] = {
    { GDK_CONTROL_MASK, XK_Control_L },
    { GDK_SHIFT_MASK, XK_Shift_L },
    { GDK_ALT_MASK, XK_Alt_L },
  };

  g_assert_nonnull (xd);
  for (guint i = 0; i < G_N_ELEMENTS (held); i++)
    if (mods & held[i].mask)
      fake_key (xd, held[i].key, TRUE);
  fake_key (xd, keyval, TRUE);
  fake_key (xd, keyval, FALSE);
  for (guint i = G_N_ELEMENTS (held); i-- > 0;)
    if (mods & held[i].mask)
      fake_key (xd, held[i].key, FALSE);
  XSync (xd, False);
  lens_test_spin (60);
  lens_test_drain ();
}

/* Clicks (or drags from @x,@y by @dx,@dy) with the first button at a point
 * in @widget's coordinates. */
static G_GNUC_UNUSED void
lens_test_drag (GtkWidget *widget,
                double     x,
                double     y,
                double     dx,
                double     dy)
{
  Display *xd = lens_test_xdisplay (widget);
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = gtk_native_get_surface (native);
  Window xid = gdk_x11_surface_get_xid (surface);
  int scale = gdk_surface_get_scale_factor (surface);
  graphene_point_t p;
  double nx, ny;
  Window child;
  int rx, ry;

  /* a widget not laid out yet (no frame since it was shown) sits nowhere:
   * the click would land on whatever is at the window's corner */
  g_assert_true (gtk_widget_get_width (widget) > 0 && gtk_widget_get_height (widget) > 0);
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (x, y), &p));
  gtk_native_get_surface_transform (native, &nx, &ny);
  XTranslateCoordinates (xd, xid, DefaultRootWindow (xd), (int) ((p.x + nx) * scale),
                         (int) ((p.y + ny) * scale), &rx, &ry, &child);
  XTestFakeMotionEvent (xd, -1, rx, ry, CurrentTime);
  XSync (xd, False);
  lens_test_spin (40);
  XTestFakeButtonEvent (xd, 1, True, CurrentTime);
  XSync (xd, False);
  lens_test_spin (40);
  for (int step = 1; (dx != 0 || dy != 0) && step <= 5; step++)
    {
      XTestFakeMotionEvent (xd, -1, rx + (int) (dx * scale * step / 5), ry + (int) (dy * scale * step / 5),
                            CurrentTime);
      XSync (xd, False);
      lens_test_spin (30);
    }
  XTestFakeButtonEvent (xd, 1, False, CurrentTime);
  XSync (xd, False);
  lens_test_spin (60);
}

static G_GNUC_UNUSED void
lens_test_click (GtkWidget *widget,
                 double     x,
                 double     y)
{
  lens_test_drag (widget, x, y, 0, 0);
}

/* A checksum of the pixels the X server shows for @widget now: what was
 * drawn, not what the widget would draw. */
static G_GNUC_UNUSED guint
lens_test_hash_pixels (GtkWidget *widget)
{
  Display *xd = lens_test_xdisplay (widget);
  GtkNative *native = gtk_widget_get_native (widget);
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (native));
  int scale = gdk_surface_get_scale_factor (gtk_native_get_surface (native));
  graphene_rect_t bounds;
  double nx, ny;
  XImage *image;
  guint hash = 5381;

  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (native), &bounds));
  gtk_native_get_surface_transform (native, &nx, &ny);
  XSync (xd, False);
  image = XGetImage (xd, xid, (int) ((bounds.origin.x + nx) * scale), (int) ((bounds.origin.y + ny) * scale),
                     (unsigned) (bounds.size.width * scale), (unsigned) (bounds.size.height * scale), AllPlanes,
                     ZPixmap);
  g_assert_nonnull (image);
  for (int y = 0; y < image->height; y++)
    for (int x = 0; x < image->width; x++)
      hash = hash * 33 + (guint) XGetPixel (image, x, y);
  XDestroyImage (image);
  return hash;
}

typedef gboolean (*LensTestWidgetMatch) (GtkWidget  *widget,
                                         const char *what);

/* The first mapped widget under @root (or @root itself) that @match
 * accepts with @what, depth first; NULL if there is none. */
static G_GNUC_UNUSED GtkWidget *
lens_test_find_widget (GtkWidget           *root,
                       LensTestWidgetMatch  match,
                       const char          *what)
{
  if (gtk_widget_get_mapped (root) && match (root, what))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = lens_test_find_widget (child, match, what);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static G_GNUC_UNUSED gboolean
lens_test_is_button (GtkWidget  *widget,
                     const char *label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

/* The mapped button under @root labelled @label (with its mnemonic). */
static G_GNUC_UNUSED GtkWidget *
lens_test_find_button (GtkWidget  *root,
                       const char *label)
{
  return lens_test_find_widget (root, lens_test_is_button, label);
}

static G_GNUC_UNUSED gboolean
lens_test_is_label_with (GtkWidget  *widget,
                         const char *needle)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), needle) != NULL;
}

/* TRUE if a label under @root shows text containing @needle. */
static G_GNUC_UNUSED gboolean
lens_test_find_label (GtkWidget  *root,
                      const char *needle)
{
  return lens_test_find_widget (root, lens_test_is_label_with, needle) != NULL;
}

typedef struct {
  GtkWidget  *root;
  const char *text;
} LensTestLabelQuery;

static G_GNUC_UNUSED gboolean
lens_test_label_shown (gpointer data)
{
  LensTestLabelQuery *query = data;

  return lens_test_find_label (query->root, query->text);
}

/* Waits up to 3 s until a label under @root shows @text. */
static G_GNUC_UNUSED gboolean
lens_test_wait_label (GtkWidget  *root,
                      const char *text)
{
  LensTestLabelQuery query = { root, text };

  return lens_test_wait (lens_test_label_shown, &query, 3000);
}

/* The last visible toplevel of @type, or NULL. */
static G_GNUC_UNUSED GtkWidget *
lens_test_find_toplevel (GType type)
{
  GList *windows = gtk_window_list_toplevels ();
  GtkWidget *found = NULL;

  for (GList *l = windows; l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_visible (l->data))
      found = l->data;
  g_list_free (windows);
  return found;
}

static G_GNUC_UNUSED gboolean
lens_test_chooser_shown (gpointer data)
{
  return lens_test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG) != NULL;
}

/* Waits until a file chooser dialog shows, and returns it. */
static G_GNUC_UNUSED GtkFileChooser *
lens_test_wait_chooser (void)
{
  g_assert_true (lens_test_wait (lens_test_chooser_shown, NULL, 5000));
  lens_test_spin (100);
  return GTK_FILE_CHOOSER (lens_test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG));
}

/* Picks the filter named @name of @chooser; it must have one. */
static G_GNUC_UNUSED void
lens_test_choose_filter (GtkFileChooser *chooser,
                         const char     *name)
{
  g_autoptr(GListModel) filters = gtk_file_chooser_get_filters (chooser);

  for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      if (g_strcmp0 (gtk_file_filter_get_name (filter), name) == 0)
        {
          gtk_file_chooser_set_filter (chooser, filter);
          lens_test_spin (50);
          return;
        }
    }
  g_assert_not_reached ();
}

static G_GNUC_UNUSED gboolean
lens_test_file_exists (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

/* Waits up to 5 s for the file @path, then checks that it is longer than
 * @length bytes and starts with those of @magic. */
static G_GNUC_UNUSED void
lens_test_assert_file_starts (const char *path,
                              const char *magic,
                              gsize       length)
{
  g_autofree char *contents = NULL;
  gsize size = 0;

  g_assert_true (lens_test_wait (lens_test_file_exists, (gpointer) path, 5000));
  g_assert_true (g_file_get_contents (path, &contents, &size, NULL));
  g_assert_cmpuint (size, >, length);
  g_assert_cmpmem (contents, length, magic, length);
}

/* The toast widgets under @root: the one shown and those still hiding. */
static G_GNUC_UNUSED void
lens_test_find_toasts (GtkWidget  *root,
                       GPtrArray  *toasts)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    if (g_str_equal (gtk_widget_get_css_name (child), "toast"))
      g_ptr_array_add (toasts, child);
    else
      lens_test_find_toasts (child, toasts);
}

static G_GNUC_UNUSED guint
lens_test_count_toasts (GtkWidget *root)
{
  g_autoptr(GPtrArray) toasts = g_ptr_array_new ();

  lens_test_find_toasts (root, toasts);
  return toasts->len;
}

static G_GNUC_UNUSED gboolean
lens_test_toasts_at_most_one (gpointer root)
{
  return lens_test_count_toasts (root) <= 1;
}

static G_GNUC_UNUSED gboolean
lens_test_no_toasts (gpointer root)
{
  return lens_test_count_toasts (root) == 0;
}

/* Closes the toast shown under @root with its close button, as a user
 * would, and waits until it is gone. A toast still hiding (replaced by a
 * newer one) is waited out first: libadwaita 1.2 crashes when a hiding
 * toast is dismissed again. */
static G_GNUC_UNUSED void
lens_test_close_toasts (GtkWidget *root)
{
  g_autoptr(GPtrArray) toasts = g_ptr_array_new ();

  g_assert_true (lens_test_wait (lens_test_toasts_at_most_one, root, 3000));
  lens_test_find_toasts (root, toasts);
  if (toasts->len == 1)
    {
      GtkWidget *close = gtk_widget_get_last_child (g_ptr_array_index (toasts, 0));

      g_assert_true (GTK_IS_BUTTON (close));
      gtk_widget_activate (close);
    }
  g_assert_true (lens_test_wait (lens_test_no_toasts, root, 3000));
}

/* Whether @menu, or a section of it, has an item whose @attribute is
 * @value; with @link (nullable: any item), only an item that links a menu
 * so (G_MENU_LINK_SUBMENU: a submenu). */
static G_GNUC_UNUSED gboolean
lens_test_menu_has (GMenuModel *menu,
                    const char *attribute,
                    const char *value,
                    const char *link)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *text = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      g_autoptr(GMenuModel) linked = link != NULL ? g_menu_model_get_item_link (menu, i, link) : NULL;

      if (section != NULL && lens_test_menu_has (section, attribute, value, link))
        return TRUE;
      if ((link == NULL || linked != NULL) && g_menu_model_get_item_attribute (menu, i, attribute, "s", &text) &&
          g_strcmp0 (text, value) == 0)
        return TRUE;
    }
  return FALSE;
}

static G_GNUC_UNUSED gboolean
lens_test_is_primary_menu (GtkWidget  *widget,
                           const char *what)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget));
}

/* The main menu: that of the mapped primary menu button under @root. */
static G_GNUC_UNUSED GMenuModel *
lens_test_main_menu (GtkWidget *root)
{
  GtkWidget *button = lens_test_find_widget (root, lens_test_is_primary_menu, NULL);

  g_assert_nonnull (button);
  return gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
}
