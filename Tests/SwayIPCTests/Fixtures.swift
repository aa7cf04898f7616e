// Trimmed sway 1.7 replies (only the fields the client reads, plus a few it must ignore).

enum Fixtures {
    static let tree = #"""
    {"id": 1, "type": "root", "name": "root", "rect": {"x": 0, "y": 0, "width": 2560, "height": 720},
     "focused": false, "nodes": [
      {"id": 2, "type": "output", "name": "__i3", "rect": {"x": 0, "y": 0, "width": 0, "height": 0}, "nodes": [
        {"id": 3, "type": "workspace", "name": "__i3_scratch", "rect": {"x": 0, "y": 0, "width": 0, "height": 0},
         "nodes": [], "floating_nodes": [
          {"id": 9, "type": "floating_con", "name": "s", "app_id": "scratch", "pid": 9,
           "rect": {"x": 0, "y": 0, "width": 10, "height": 10}, "nodes": []}]}]},
      {"id": 10, "type": "output", "name": "HEADLESS-1", "rect": {"x": 0, "y": 0, "width": 1280, "height": 720},
       "nodes": [{"id": 11, "type": "workspace", "name": "1", "rect": {"x": 0, "y": 0, "width": 1280, "height": 720},
                  "nodes": [], "floating_nodes": []}]},
      {"id": 20, "type": "output", "name": "HEADLESS-2", "rect": {"x": 1280, "y": 0, "width": 1280, "height": 720},
       "nodes": [{"id": 21, "type": "workspace", "name": "2", "rect": {"x": 1280, "y": 30, "width": 1280, "height": 690},
        "nodes": [
          {"id": 4, "type": "con", "name": "~ — foot", "app_id": "foot", "pid": 100, "focused": true,
           "rect": {"x": 1280, "y": 30, "width": 640, "height": 690}, "window_rect": {"x": 0, "y": 0, "width": 640, "height": 690},
           "nodes": [], "floating_nodes": [], "marks": [], "shell": "xdg_shell"},
          {"id": 6, "type": "con", "name": null, "rect": {"x": 1920, "y": 30, "width": 640, "height": 690}, "nodes": [
            {"id": 5, "type": "con", "name": "notes — editor", "app_id": "editor", "pid": 101, "focused": false,
             "rect": {"x": 1920, "y": 30, "width": 640, "height": 690}, "nodes": []}]}],
        "floating_nodes": [
          {"id": 7, "type": "floating_con", "name": "xterm", "app_id": null, "pid": 102, "focused": false,
           "window_properties": {"class": "xterm", "instance": "xterm", "title": "xterm"},
           "rect": {"x": 1500, "y": 200, "width": 300, "height": 200}, "nodes": []}]}]}]}
    """#

    static let outputs = #"""
    [{"name": "HEADLESS-1", "active": true, "focused": false, "scale": 1.0,
      "rect": {"x": 0, "y": 0, "width": 1280, "height": 720}, "modes": []},
     {"name": "HEADLESS-2", "active": true, "focused": true, "scale": 2.0,
      "rect": {"x": 1280, "y": 0, "width": 1280, "height": 720}}]
    """#

    static let closeEvent = #"""
    {"change": "close", "container": {"id": 4, "type": "con", "name": "~ — foot", "app_id": "foot", "pid": 100,
     "focused": false, "rect": {"x": 1280, "y": 30, "width": 640, "height": 690}, "nodes": [], "floating_nodes": []}}
    """#
}
