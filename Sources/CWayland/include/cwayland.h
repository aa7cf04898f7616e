#ifndef CWAYLAND_H
#define CWAYLAND_H
#include <stdint.h>
#include <wayland-client.h>
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "xdg-activation-v1-client-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "virtual-keyboard-unstable-v1-client-protocol.h"
#include "wlr-screencopy-unstable-v1-client-protocol.h"
#include "ext-background-effect-v1-client-protocol.h"
#include "org-kde-kwin-blur-client-protocol.h"
#include "cursor-shape-v1-client-protocol.h"
#include "org-kde-kwin-fake-input-client-protocol.h"
#include "kde-output-device-v2-client-protocol.h"
#include "kde-output-management-v2-client-protocol.h"

/// The wl_interface of a global overlay-wl binds, by its protocol name; NULL if unknown.
const struct wl_interface *cwl_interface_named(const char *name);

/// Binds a global by interface name (the one place that calls the variadic marshaller
/// for binds); NULL if the interface is not one cwl_interface_named knows.
void *cwl_registry_bind(struct wl_registry *registry, uint32_t name,
                        const char *interface, uint32_t version);
#endif
