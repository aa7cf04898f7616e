// Sway's get_tree / get_outputs JSON, reduced to windows and outputs.
import FoundationEssentials  // JSONDecoder without ICU

/// A rectangle in sway's layout coordinates (logical pixels, all outputs in one space).
public struct SwayRect: Equatable, Sendable, Codable, CustomStringConvertible {
    public var x, y, width, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    /// This rectangle relative to `origin`'s top-left corner (layout → output-local).
    public func relative(to origin: SwayRect) -> SwayRect {
        SwayRect(x: x - origin.x, y: y - origin.y, width: width, height: height)
    }
    public var description: String { "\(x),\(y) \(width)x\(height)" }
}

/// One application window (a view-holding container) as sway reports it.
public struct SwayWindow: Equatable, Sendable {
    public var conID: Int
    /// Wayland app_id; for Xwayland windows the X11 class.
    public var appID: String?
    public var title: String
    /// The container's rectangle in layout coordinates (borders included).
    public var rect: SwayRect
    public var focused: Bool
    public var floating: Bool
    /// Name and layout rectangle of the output it is on (nil in an event's container).
    public var output: String?
    public var outputRect: SwayRect?
    /// The workspace's rectangle: the output minus exclusive zones (layout coordinates).
    public var workspaceRect: SwayRect?

    /// The window in output-local coordinates (what a layer surface on that output uses).
    public var localRect: SwayRect? { outputRect.map { rect.relative(to: $0) } }
    /// The usable area of its output in output-local coordinates.
    public var localUsableArea: SwayRect? {
        guard let outputRect else { return nil }
        return (workspaceRect ?? outputRect).relative(to: outputRect)
    }
}

public struct SwayOutput: Equatable, Sendable {
    public var name: String
    public var rect: SwayRect
    public var active: Bool
    public var focused: Bool
    public var scale: Double
}

/// A workspace from get_workspaces: its rect is its output minus exclusive zones.
public struct SwayWorkspace: Equatable, Sendable {
    public var name: String
    public var output: String
    public var rect: SwayRect
    public var visible: Bool
    public var focused: Bool
}

/// The subset of a tree node we read.
struct TreeNode: Decodable {
    struct WindowProperties: Decodable {
        var `class`: String?
        var title: String?
    }
    var id: Int
    var type: String
    var name: String?
    var app_id: String?
    var rect: SwayRect
    var focused: Bool?
    var pid: Int?
    var window_properties: WindowProperties?
    var nodes: [TreeNode]?
    var floating_nodes: [TreeNode]?

    /// A container holding an application view (not a split or workspace).
    var isWindow: Bool {
        (type == "con" || type == "floating_con") && (nodes ?? []).isEmpty
            && (app_id != nil || pid != nil || window_properties != nil)
    }

    func window(floating: Bool, output: TreeNode?, workspace: TreeNode?) -> SwayWindow {
        SwayWindow(conID: id, appID: app_id ?? window_properties?.class,
                   title: name ?? window_properties?.title ?? "", rect: rect, focused: focused ?? false,
                   floating: floating || type == "floating_con", output: output?.name, outputRect: output?.rect,
                   workspaceRect: workspace?.rect)
    }
}

public enum SwayTree {
    /// Every window in a get_tree reply, depth-first (tiled before floating per workspace).
    public static func windows(fromTree json: [UInt8]) throws -> [SwayWindow] {
        let root: TreeNode
        do { root = try JSONDecoder().decode(TreeNode.self, from: Data(json)) } catch {
            throw SwayIPCError.malformed("get_tree: \(error)")
        }
        var found: [SwayWindow] = []
        func walk(_ node: TreeNode, floating: Bool, output: TreeNode?, workspace: TreeNode?) {
            let output = node.type == "output" ? node : output
            let workspace = node.type == "workspace" ? node : workspace
            if node.isWindow {
                found.append(node.window(floating: floating, output: output, workspace: workspace))
                return
            }
            for child in node.nodes ?? [] { walk(child, floating: floating, output: output, workspace: workspace) }
            for child in node.floating_nodes ?? [] { walk(child, floating: true, output: output, workspace: workspace) }
        }
        walk(root, floating: false, output: nil, workspace: nil)
        // The scratchpad lives on the hidden __i3 output: not on screen.
        return found.filter { $0.output != "__i3" }
    }

    /// The workspaces in a get_workspaces reply.
    public static func workspaces(from json: [UInt8]) throws -> [SwayWorkspace] {
        struct Raw: Decodable {
            var name: String
            var output: String
            var rect: SwayRect
            var visible: Bool?
            var focused: Bool?
        }
        do {
            return try JSONDecoder().decode([Raw].self, from: Data(json)).map {
                SwayWorkspace(name: $0.name, output: $0.output, rect: $0.rect, visible: $0.visible ?? false,
                              focused: $0.focused ?? false)
            }
        } catch {
            throw SwayIPCError.malformed("get_workspaces: \(error)")
        }
    }

    /// The outputs in a get_outputs reply.
    public static func outputs(from json: [UInt8]) throws -> [SwayOutput] {
        struct Raw: Decodable {
            var name: String
            var rect: SwayRect
            var active: Bool?
            var focused: Bool?
            var scale: Double?
        }
        do {
            return try JSONDecoder().decode([Raw].self, from: Data(json)).map {
                SwayOutput(name: $0.name, rect: $0.rect, active: $0.active ?? true,
                           focused: $0.focused ?? false, scale: $0.scale ?? 1)
            }
        } catch {
            throw SwayIPCError.malformed("get_outputs: \(error)")
        }
    }
}
