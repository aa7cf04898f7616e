import OverlayRenderer

// Body markup: repaired (tags, entities, links, images) and laid out by Pango, as a toast's body.
// The repair's promise is checked: what it returns is always valid Pango markup.

nonisolated(unsafe) let trees = ViewTreeRenderer()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkup(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let document = Markup.document(text)
    precondition(Markup.isValid(document.markup), "repaired markup is not valid: \(document.markup.debugDescription)")
    let resolved = document.resolved(loaded: { $0 % 2 == 0 })
    precondition(Markup.isValid(resolved.markup), "resolved markup is not valid: \(resolved.markup.debugDescription)")
    precondition(Markup.isValid(Markup.sanitize(text)))
    precondition(Markup.isValid(Markup.escape(text)))

    let content = ToastContent(summary: String(text.prefix(64)), body: text, appName: "fuzz")
    let toast = try! trees.layoutTemplate(TemplatedToast(template: BuiltInTemplates.standard, content: content), style: .standard)
    let measured = toast.size
    precondition(measured.width.isFinite && measured.height.isFinite && measured.width >= 0 && measured.height >= 0)
    for link in trees.links(in: toast) {
        precondition(link.frame.size.width.isFinite && link.frame.size.height.isFinite)
    }
    return 0
}
