# overlay-wl: build and install.   make && sudo make install   (PREFIX=/usr/local, DESTDIR for staging)
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
SWIFT ?= swift
SCRATCH ?= .build-release
RELEASE_BIN = $(SCRATCH)/overlay-wl

.PHONY: all build man completions install uninstall clean

all: build

# The shipped layout: static runtimes, hot functions together (see scripts/release-build).
build:
	scripts/release-build --scratch-path $(SCRATCH) >/dev/null

# The man page from the ArgumentParser definitions (swift-argument-parser's generate-manual
# plugin), committed as docs/man/overlay-wl.1: regenerate after changing commands or options.
man:
	scripts/generate-man

completions: build
	mkdir -p $(SCRATCH)/completions
	$(RELEASE_BIN) --generate-completion-script bash > $(SCRATCH)/completions/overlay-wl
	$(RELEASE_BIN) --generate-completion-script zsh > $(SCRATCH)/completions/_overlay-wl
	$(RELEASE_BIN) --generate-completion-script fish > $(SCRATCH)/completions/overlay-wl.fish

install: build completions
	install -Dm755 $(RELEASE_BIN) $(DESTDIR)$(BINDIR)/overlay-wl
	for f in packaging/dbus/*.service; do \
		sed 's|@BINDIR@|$(BINDIR)|g' $$f > $(SCRATCH)/$$(basename $$f).out; \
		install -Dm644 $(SCRATCH)/$$(basename $$f).out $(DESTDIR)$(DATADIR)/dbus-1/services/$$(basename $$f); \
	done
	sed 's|@BINDIR@|$(BINDIR)|g' packaging/systemd/overlay-wl.service > $(SCRATCH)/overlay-wl.service.out
	install -Dm644 $(SCRATCH)/overlay-wl.service.out $(DESTDIR)$(PREFIX)/lib/systemd/user/overlay-wl.service
	install -Dm644 docs/config.example.toml $(DESTDIR)$(DATADIR)/doc/overlay-wl/config.example.toml
	install -Dm644 docs/examples/menu.json $(DESTDIR)$(DATADIR)/doc/overlay-wl/examples/menu.json
	install -Dm644 docs/CONFIG.md $(DESTDIR)$(DATADIR)/doc/overlay-wl/CONFIG.md
	install -Dm644 docs/REPLACING-MAKO-DUNST.md $(DESTDIR)$(DATADIR)/doc/overlay-wl/REPLACING-MAKO-DUNST.md
	install -Dm644 $(SCRATCH)/completions/overlay-wl $(DESTDIR)$(DATADIR)/bash-completion/completions/overlay-wl
	install -Dm644 $(SCRATCH)/completions/_overlay-wl $(DESTDIR)$(DATADIR)/zsh/site-functions/_overlay-wl
	install -Dm644 $(SCRATCH)/completions/overlay-wl.fish $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/overlay-wl.fish
	install -Dm644 docs/man/overlay-wl.1 $(DESTDIR)$(DATADIR)/man/man1/overlay-wl.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/overlay-wl \
		$(DESTDIR)$(DATADIR)/dbus-1/services/org.freedesktop.Notifications.service \
		$(DESTDIR)$(DATADIR)/dbus-1/services/org.overlaywl.service \
		$(DESTDIR)$(PREFIX)/lib/systemd/user/overlay-wl.service \
		$(DESTDIR)$(DATADIR)/bash-completion/completions/overlay-wl \
		$(DESTDIR)$(DATADIR)/zsh/site-functions/_overlay-wl \
		$(DESTDIR)$(DATADIR)/fish/vendor_completions.d/overlay-wl.fish \
		$(DESTDIR)$(DATADIR)/man/man1/overlay-wl*.1
	rm -rf $(DESTDIR)$(DATADIR)/doc/overlay-wl

clean:
	rm -rf $(SCRATCH)
