// OverlayRenderer
