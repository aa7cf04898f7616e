import Testing
@testable import overlay_wl

/// Which links the daemon hands to the opener.
struct LinkOpenerTests {
    let allowed = ["http", "https", "mailto"]

    func opens(_ url: String) -> Bool {
        if case .success = LinkOpener.check(url, allowed: allowed) { return true }
        return false
    }

    @Test func safeSchemesOnly() {
        #expect(opens("https://example.org/a?b=c"))
        #expect(opens("HTTP://example.org"))
        #expect(opens("mailto:someone@example.org"))
        #expect(!opens("javascript:alert(1)"))
        #expect(!opens("file:///etc/passwd"))
        #expect(!opens("example.org"))
        #expect(!opens("-e http://x"))
        #expect(!opens("https://x\ny"))
        #expect(!opens(""))
    }

    @Test func refusalsSayWhy() {
        guard case .failure(let refusal) = LinkOpener.check("javascript:alert(1)", allowed: allowed) else {
            Issue.record("javascript: was allowed")
            return
        }
        #expect(refusal.description.contains("scheme 'javascript'"))
        #expect(refusal.description.contains("general.link-schemes"))
    }
}
