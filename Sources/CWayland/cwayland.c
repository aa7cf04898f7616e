#include "cwayland.h"
#include <string.h>

static const struct wl_interface *const known[] = {
    &wl_compositor_interface, &wl_shm_interface, &wl_output_interface, &wl_seat_interface,
    &wl_data_device_manager_interface,
    &zwlr_layer_shell_v1_interface, &xdg_wm_base_interface, &wp_viewporter_interface,
    &wp_fractional_scale_manager_v1_interface,
    &zwlr_virtual_pointer_manager_v1_interface,
    &zwp_virtual_keyboard_manager_v1_interface,
    &xdg_activation_v1_interface,
    &zwlr_screencopy_manager_v1_interface,
    &ext_background_effect_manager_v1_interface,
    &org_kde_kwin_blur_manager_interface,
    &wp_cursor_shape_manager_v1_interface,
    &org_kde_kwin_fake_input_interface,
    &kde_output_device_v2_interface, &kde_output_management_v2_interface,
};

const struct wl_interface *cwl_interface_named(const char *name) {
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(known[i]->name, name) == 0) return known[i];
    return NULL;
}

void *cwl_registry_bind(struct wl_registry *registry, uint32_t name,
                        const char *interface, uint32_t version) {
    const struct wl_interface *iface = cwl_interface_named(interface);
    return iface ? wl_registry_bind(registry, name, iface, version) : NULL;
}
