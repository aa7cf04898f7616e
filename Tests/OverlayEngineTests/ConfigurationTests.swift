// Merge rules for view settings and runtime container changes.
import Testing
@testable import OverlayEngine

@Suite struct MergeTests {
    let container = ViewConfiguration.with {
        $0.alignment = .top; $0.tapToDismiss = true
        $0.background = .value(.color(.black)); $0.shadow = .value(Shadow(radius: 4))
        $0.transition = .opacity; $0.autoDismiss = .value(5); $0.dismissGesture = .value(.tap)
        $0.appearAction = "c"
    }

    @Test func viewValueThenContainerValueThenFallback() {
        let view = ViewConfiguration.with { $0.alignment = .bottomTrailing; $0.animation = .linear(duration: 1) }
        let r = ResolvedViewConfiguration(view: view, container: container, displayType: .stacking)
        #expect(r.alignment == .bottomTrailing)
        #expect(r.animation == .linear(duration: 1))
        #expect(r.transition == .opacity)
        #expect(r.autoDismiss == 5)
        #expect(r.backgroundTransition == .opacity)
        let bare = ResolvedViewConfiguration(view: .init(), container: .init(), displayType: .stacking)
        #expect(bare.alignment == .center && bare.tapToDismiss == false && bare.background == nil)
        #expect(bare.shadow == nil && bare.dismissGesture == nil && bare.transition == .identity)
        #expect(bare.animation == .default && bare.autoDismiss == nil && bare.appearActions.isEmpty)
    }

    @Test func explicitDisabledOnTheViewBeatsTheContainer() {
        let view = ViewConfiguration.with {
            $0.background = .disabled; $0.shadow = .disabled; $0.autoDismiss = .disabled; $0.dismissGesture = .disabled
        }
        let r = ResolvedViewConfiguration(view: view, container: container, displayType: .stacking)
        #expect(r.background == nil && r.shadow == nil && r.autoDismiss == nil && r.dismissGesture == nil)
    }

    @Test func groupsTakeAlignmentBackgroundShadowAndTapFromTheContainerOnly() {
        let view = ViewConfiguration.with {
            $0.alignment = .leading; $0.tapToDismiss = false; $0.background = .disabled; $0.shadow = .disabled
            $0.transition = .move(.top)
        }
        for type in [DisplayType.horizontal, .vertical] {
            let r = ResolvedViewConfiguration(view: view, container: container, displayType: type)
            #expect(r.alignment == .top && r.tapToDismiss && r.background == .color(.black))
            #expect(r.shadow == Shadow(radius: 4))
            #expect(r.transition == .move(.top))      // other settings still come from the view
        }
    }

    @Test func fallbackAlignmentDependsOnDisplayType() {
        #expect(ResolvedViewConfiguration(view: .init(), container: .init(), displayType: .horizontal).alignment == .leading)
        #expect(ResolvedViewConfiguration(view: .init(), container: .init(), displayType: .vertical).alignment == .bottom)
    }

    @Test func containerDefaults() {
        let c = ContainerConfiguration(name: "x", displayType: .stacking, queueType: .multiple)
        #expect(c.delayForShowingNext == 0.5 && c.maximumVisible == nil && c.spacing == 10)
        #expect(c.insets == .zero && !c.clipped && c.ignoresSafeArea == .none)
        #expect(c.displayOrder == .newestOnTop && c.queueControl == .none && c.defaults == ViewConfiguration())
    }
}

@Suite struct ContainerChangeTests {
    @Test func queueTypeClippingAndNameCannotChange() {
        var m = makeManager()
        func failure(_ name: String, _ change: (inout ContainerConfiguration) -> Void) -> EngineError? {
            do { try m.updateContainer(name, now: 0, change); return nil } catch { return error as? EngineError }
        }
        let queue = failure("c") { $0.queueType = .oneByOne }
        let clipped = failure("c") { $0.clipped = true }
        let renamed = failure("c") { $0.name = "d" }
        let unknown = failure("zz") { $0.spacing = 1 }
        let allowed = failure("c") { $0.spacing = 1 }
        #expect(queue == .immutableSetting("queueType"))
        #expect(clipped == .immutableSetting("clipped"))
        #expect(renamed == .immutableSetting("name"))
        #expect(unknown == .unknownContainer("zz"))
        #expect(allowed == nil)
        #expect(m.container("c")?.queueType == .multiple)
        #expect(m.container("c")?.spacing == 1)
    }

    @Test func changesApplyToViewsAlreadyPresent() throws {
        var m = makeManager()
        m.put(1)
        try m.updateContainer("c", now: 1) { $0.defaults.alignment = .topTrailing; $0.defaults.autoDismiss = .value(4) }
        #expect(m.resolvedConfiguration(of: ViewID(1))?.alignment == .topTrailing)
        #expect(m.nextDeadline == 4)        // counted from appearance at 0
    }

    @Test func viewsWithTheSameConfigurationShareOneMergedCopyUntilTheContainerChanges() throws {
        var m = makeManager()
        let toast = ViewConfiguration.with { $0.autoDismiss = .value(2) }
        m.put(1, toast); m.put(2, toast); m.put(3, .with { $0.autoDismiss = .value(3) })
        let settings = { (raw: UInt64) in m.containers[0].entries[ViewID(raw)]!.settings }
        #expect(settings(1) === settings(2))
        #expect(settings(3) !== settings(2))
        #expect(m.resolvedConfiguration(of: ViewID(3))?.autoDismiss == 3)

        try m.updateContainer("c", now: 1) { $0.defaults.alignment = .bottom }
        #expect(settings(1) === settings(2))            // merged again, still shared
        #expect(m.resolvedConfiguration(of: ViewID(1))?.alignment == .bottom)
        #expect(m.resolvedConfiguration(of: ViewID(1))?.autoDismiss == 2)
        #expect(m.resolvedConfiguration(of: ViewID(3))?.alignment == .bottom)
        m.put(2, .with { $0.autoDismiss = .value(9) }, at: 2)  // updated in place: its own copy
        #expect(settings(2) !== settings(1))
        #expect(m.resolvedConfiguration(of: ViewID(1))?.autoDismiss == 2)
        #expect(m.resolvedConfiguration(of: ViewID(2))?.autoDismiss == 9)
    }

    @Test func registeringTwiceIsAnError() {
        var m = makeManager()
        var thrown: EngineError?
        do { try m.register(ContainerConfiguration(name: "c", displayType: .vertical, queueType: .oneByOne), now: 0) }
        catch { thrown = error as? EngineError }
        #expect(thrown == .duplicateContainer("c"))
        #expect(m.container("c")?.displayType == .stacking)
    }
}
