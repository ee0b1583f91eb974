/*
 * Client glue for the Wayland protocols in protocols/protocols.list, plus
 * accessors for the interface tables of the protocols we bind.
 *
 * Swift must never take the address of a `wl_*_interface` global itself:
 * `withUnsafePointer(to: &xdg_wm_base_interface)` may hand libwayland a
 * pointer to a temporary copy, which dangles in optimized builds and makes
 * wl_registry_bind marshal garbage. The inline accessors below return the
 * address of the real table, which libwayland keeps and compares by pointer.
 */
#ifndef CWAYLAND_PROTOCOLS_H
#define CWAYLAND_PROTOCOLS_H

#include <wayland-client.h>

#include "../generated/xdg-shell-client-protocol.h"
#include "../generated/viewporter-client-protocol.h"
#include "../generated/presentation-time-client-protocol.h"
#include "../generated/fractional-scale-v1-client-protocol.h"
#include "../generated/xdg-decoration-unstable-v1-client-protocol.h"
#include "../generated/pointer-gestures-unstable-v1-client-protocol.h"

/* Core protocol (tables live in libwayland-client). */

static inline const struct wl_interface *cwp_wl_compositor_interface(void)
{
    return &wl_compositor_interface;
}

static inline const struct wl_interface *cwp_wl_shm_interface(void)
{
    return &wl_shm_interface;
}

static inline const struct wl_interface *cwp_wl_seat_interface(void)
{
    return &wl_seat_interface;
}

static inline const struct wl_interface *cwp_wl_output_interface(void)
{
    return &wl_output_interface;
}

/* xdg-shell (tables generated into this target). */

static inline const struct wl_interface *cwp_xdg_wm_base_interface(void)
{
    return &xdg_wm_base_interface;
}

/* pointer-gestures-unstable-v1 (touchpad swipe, pinch and hold). */

static inline const struct wl_interface *cwp_zwp_pointer_gestures_v1_interface(void)
{
    return &zwp_pointer_gestures_v1_interface;
}

/* Display: HiDPI, presentation timing and decorations. */

static inline const struct wl_interface *cwp_wp_viewporter_interface(void)
{
    return &wp_viewporter_interface;
}

static inline const struct wl_interface *cwp_wp_fractional_scale_manager_v1_interface(void)
{
    return &wp_fractional_scale_manager_v1_interface;
}

static inline const struct wl_interface *cwp_wp_presentation_interface(void)
{
    return &wp_presentation_interface;
}

static inline const struct wl_interface *cwp_zxdg_decoration_manager_v1_interface(void)
{
    return &zxdg_decoration_manager_v1_interface;
}

#endif
