import SwayIPC

// Sway's IPC replies and events: the same bytes read as a get_tree reply, a get_workspaces
// reply, a get_outputs reply and a window event.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwayIPC(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let json = Array(UnsafeBufferPointer(start: data, count: size))
    if let windows = try? SwayTree.windows(fromTree: json) {
        for window in windows { _ = (window.localRect, window.localUsableArea) }
        _ = WindowSelector.focused.select(in: windows)
    }
    _ = try? SwayTree.workspaces(from: json)
    _ = try? SwayTree.outputs(from: json)
    if let event = try? WindowEvent(json: json) { _ = event.window.localRect }
    return 0
}
