// GTK 4's public headers for GTKClock (pkg-config: gtk4), and the casts between its instance types
// that are macros in C.
#ifndef GTK_CLOCK_CGTK_H
#define GTK_CLOCK_CGTK_H

#include <gtk/gtk.h>
#include <gdk/wayland/gdkwayland.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline GtkWindow *gtk_clock_window(GtkWidget *widget) { return GTK_WINDOW(widget); }
static inline GtkBox *gtk_clock_box(GtkWidget *widget) { return GTK_BOX(widget); }
static inline GtkDrawingArea *gtk_clock_drawing_area(GtkWidget *widget) { return GTK_DRAWING_AREA(widget); }
static inline GtkLabel *gtk_clock_label(GtkWidget *widget) { return GTK_LABEL(widget); }
static inline GtkButton *gtk_clock_button(GtkWidget *widget) { return GTK_BUTTON(widget); }
static inline GApplication *gtk_clock_application(GtkApplication *application) {
    return G_APPLICATION(application);
}
// GTK's wl_display when it runs on Wayland, else NULL.
static inline void *_Nullable gtk_clock_wayland_display(void) {
    GdkDisplay *display = gdk_display_get_default();
    return display && GDK_IS_WAYLAND_DISPLAY(display) ? gdk_wayland_display_get_wl_display(display) : NULL;
}
static inline int gtk_clock_is_main_thread(void) { return (pid_t)syscall(SYS_gettid) == getpid(); }

#endif
