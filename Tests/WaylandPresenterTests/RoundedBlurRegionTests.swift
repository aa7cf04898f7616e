// The compositor's blur region for rounded `blur` materials: a rounded rectangle as wl_region
// bands (corners left out, the middle covered, the area close to the true shape), and where a
// view tree's materials are on the surface.
@testable import OverlayEngine
import OverlayRenderer
import Testing
@testable import WaylandPresenter

struct RoundedBlurRegionTests {
    func covers(_ rects: [RegionRect], _ x: Double, _ y: Double) -> Bool {
        rects.contains { Double($0.x) <= x && x < Double($0.x + $0.width) && Double($0.y) <= y && y < Double($0.y + $0.height) }
    }

    func area(_ rects: [RegionRect]) -> Int { rects.reduce(0) { $0 + Int($1.width) * Int($1.height) } }

    @Test func aRoundedRectLeavesItsCornersOutAndCoversItsMiddle() {
        let bands = RoundedShape.bands(Rect(x: 10, y: 20, width: 200, height: 100), radius: 16)
        // The corner pixels, outside the arc, are not blurred; a pixel in from each corner along
        // the diagonal, past the arc, is.
        for (x, y) in [(10.5, 20.5), (209.5, 20.5), (10.5, 119.5), (209.5, 119.5), (12.5, 22.5)] {
            #expect(!covers(bands, x, y), "corner pixel (\(x), \(y))")
        }
        for (x, y) in [(110.0, 70.0), (10.5, 70.0), (209.5, 70.0), (110.0, 20.5), (110.0, 119.5), (16.5, 26.5), (203.5, 113.5)] {
            #expect(covers(bands, x, y), "inside (\(x), \(y))")
        }
        // Bands only inside the frame, none overlapping, one per row of the arcs plus the middle.
        #expect(bands.allSatisfy { $0.x >= 10 && $0.y >= 20 && $0.x + $0.width <= 210 && $0.y + $0.height <= 120 })
        #expect(zip(bands, bands.dropFirst()).allSatisfy { $0.y + $0.height == $1.y }, "rows follow each other")
        #expect(bands.count <= 2 * 16 + 1)
        let trueArea = 200.0 * 100 - (4 - Double.pi) * 16 * 16
        #expect(abs(Double(area(bands)) - trueArea) / trueArea < 0.005, "area \(area(bands)) against \(trueArea)")
    }

    @Test func noRadiusIsOneRectangleAndTooLargeARadiusIsAPill() {
        #expect(RoundedShape.bands(Rect(x: 0.4, y: 0.6, width: 50, height: 20), radius: 0) == [RegionRect(x: 0, y: 1, width: 50, height: 20)])
        let pill = RoundedShape.bands(Rect(x: 0, y: 0, width: 100, height: 20), radius: 500)
        // The radius is cut to half the height: near the top the ends are inset, at mid-height not.
        #expect(!covers(pill, 1.5, 2.5) && covers(pill, 11, 2.5) && covers(pill, 0.5, 10))
        #expect(RoundedShape.bands(Rect(x: 0, y: 0, width: 0, height: 20), radius: 4).isEmpty)
        #expect(RoundedShape.bands(Rect(x: .nan, y: 0, width: 10, height: 20), radius: 4).isEmpty)
    }

    /// Rounded rectangles of many sizes and radii: the bands stay inside the frame, never overlap,
    /// and cover the true shape within one unit per arc row.
    @Test(arguments: [1, 2, 3, 7, 16, 33, 64, 150, 301])
    func bandsFollowAnyRoundedRect(w: Int) {
        for h in [1, 2, 5, 8, 17, 40, 99, 300] {
            for r in [0, 1, 3, 8, 12, 25, 60, 200] {
            let frame = Rect(x: 5, y: 7, width: Double(w), height: Double(h))
            let bands = RoundedShape.bands(frame, radius: Double(r))
            let radius = min(Double(r), Double(w) / 2, Double(h) / 2)
            #expect(bands.allSatisfy { $0.width > 0 && $0.height > 0 && $0.x >= 5 && $0.y >= 7
                && $0.x + $0.width <= 5 + Int32(w) && $0.y + $0.height <= 7 + Int32(h) })
            #expect(zip(bands, bands.dropFirst()).allSatisfy { $0.y + $0.height == $1.y })
            let trueArea = Double(w * h) - (4 - Double.pi) * radius * radius
            #expect(abs(Double(area(bands)) - trueArea) <= 4 * radius + 1, "w \(w) h \(h) r \(r): \(area(bands)) against \(trueArea)")
            }
        }
    }

    @Test func aViewTreesBlurMaterialIsARoundedShapeWhereItsItemIsDrawn() {
        let node = ViewNode(.text(TextContent("Frosted"))).padding(20).background(.blur(.regular)).cornerRadius(12)
        let laidOut = LaidOutView(node: node, layout: ViewLayoutResult(size: Size(width: 120, height: 60), placed: [
            PlacedView(part: .background(.blur(.regular)), frame: Rect(x: 0, y: 0, width: 120, height: 60), index: 0, parent: nil,
                       id: nil, cornerRadius: 12, opacity: 1),
            PlacedView(part: .background(.color(Color(hex: 0xFF0000))), frame: Rect(x: 10, y: 10, width: 20, height: 20), index: 1,
                       parent: 0, id: nil, cornerRadius: 0, opacity: 1),
        ]))
        let bounds = Rect(x: 0, y: 0, width: 400, height: 300)
        let list = RenderList(items: [RenderItem(id: ViewID(1), frame: Rect(x: 30, y: 40, width: 120, height: 60), z: 0),
                                      RenderItem(id: ViewID(2), frame: Rect(x: 0, y: 0, width: 50, height: 50), z: 1)])
        let shapes = CompositorBlurRegion.materials(of: list, bounds: bounds) { $0 == ViewID(1) ? laidOut : nil }
        #expect(shapes == [RoundedShape(frame: Rect(x: 30, y: 40, width: 120, height: 60), radius: 12)], "only the blur part of the tree")

        var scaled = list
        scaled.items[0].scale = 0.5  // around its centre (the default anchor)
        #expect(CompositorBlurRegion.materials(of: scaled, bounds: bounds) { $0 == ViewID(1) ? laidOut : nil }
            == [RoundedShape(frame: Rect(x: 60, y: 55, width: 60, height: 30), radius: 6)])

        let rects = CompositorBlurRegion.rects(frames: [], rounded: shapes, bounds: bounds)
        #expect(rects == RoundedShape.bands(shapes[0].frame, radius: 12))
        #expect(CompositorBlurRegion.rects(frames: [bounds], rounded: shapes, bounds: bounds) == [RegionRect(x: 0, y: 0, width: 400, height: 300)],
                "inside a container-wide blur backdrop the shape adds nothing")
    }
}
