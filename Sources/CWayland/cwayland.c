#include "cwayland.h"

void *cwl_registry_bind(struct wl_registry *registry, uint32_t name,
                        const struct wl_interface *interface, uint32_t version) {
    return wl_registry_bind(registry, name, interface, version);
}
