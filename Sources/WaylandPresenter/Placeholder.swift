// WaylandPresenter
