// OverlayEngine
