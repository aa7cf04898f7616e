import OverlayConfig
import OverlayEngine
import Testing

/// `shadow = …`: a radius or "RADIUS:#COLOUR:DX,DY", within the bounds the renderer draws
/// (`Shadow.maximumRadius`, `Shadow.maximumOffset`), refused past them with the key named.
struct ShadowSettingTests {
    @Test func radiusAndOffsetAreBoundedByTheShadowsLimits() throws {
        var c = ViewConfiguration()
        try ViewSettings.apply("shadow", .double(Shadow.maximumRadius), to: &c)
        #expect(c.shadow == .value(Shadow(radius: Shadow.maximumRadius)))
        let edge = "\(Int(Shadow.maximumRadius)):#000000ff:\(Int(-Shadow.maximumOffset)),\(Int(Shadow.maximumOffset))"
        try ViewSettings.apply("shadow", .string(edge), to: &c)
        #expect(c.shadow == .value(Shadow(color: Color(red: 0, green: 0, blue: 0, alpha: 1), radius: Shadow.maximumRadius,
                                          offset: Point(x: -Shadow.maximumOffset, y: Shadow.maximumOffset))))
        for refused in [SettingValue.double(Shadow.maximumRadius + 1), .string("\(Int(Shadow.maximumRadius) + 1)"),
                        .string("4:#000000ff:0,\(Int(Shadow.maximumOffset) + 1)"), .double(-1)] {
            var d = ViewConfiguration()
            #expect(throws: SettingError.self, "\(refused)") { try ViewSettings.apply("shadow", refused, to: &d) }
            #expect(d.shadow == nil)
        }
    }
}
