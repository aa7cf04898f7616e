#ifndef CWAYLAND_H
#define CWAYLAND_H
#include <stdint.h>
#include <wayland-client.h>
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"

/// Binds a global; the one place that calls the variadic marshaller for binds.
void *cwl_registry_bind(struct wl_registry *registry, uint32_t name,
                        const struct wl_interface *interface, uint32_t version);
#endif
