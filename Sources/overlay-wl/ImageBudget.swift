import DBusService
import OverlayEngine

extension NotificationLimits {
    /// `image-data` pixels kept across every open, held, hidden and history notification
    /// (256 MiB: sixteen of the largest images one notification may carry).
    static let totalImageBytes = 256 << 20
}

extension NotifyRequest {
    /// The request without its `image-data` hint (and the hint's older names).
    var withoutImage: NotifyRequest {
        var r = self
        for key in ["image-data", "image_data", "icon_data"] { r.hints[key] = nil }
        return r
    }
}

extension NotificationRecord {
    /// The same notification without its image: what history keeps once the image budget is spent.
    var withoutImage: NotificationRecord {
        NotificationRecord(id: id, request: request.withoutImage, created: created, updated: updated)
    }
}

extension NotificationFrontend {
    /// Keeps the `image-data` pixels of all notifications within `imageBytesLimit`. Past it,
    /// history entries lose their images first, oldest first (the entry stays, without its
    /// image); if that is not enough, the oldest non-critical open notifications with an image
    /// close as expired (reason 1, one signal each) and go to history without it.
    func keepImagesWithinBudget() {
        var total = registry.imageBytes + history.items.reduce(0) { $0 + $1.record.imageBytes }
        guard total > imageBytesLimit else { return }
        for index in history.items.indices where total > imageBytesLimit {
            let bytes = history.items[index].record.imageBytes
            guard bytes > 0 else { continue }
            total -= bytes
            updateHistory(at: index) { $0 = HistoryEntry(record: $0.record.withoutImage, reason: $0.reason) }
        }
        guard total > imageBytesLimit else { return }
        let oldestFirst = registry.records.values.compactMap(\.notification)
            .filter { $0.imageBytes > 0 && $0.urgency != .critical }
            .sorted { ($0.created, $0.id) < ($1.created, $1.id) }
        for record in oldestFirst where total > imageBytesLimit {
            total -= record.imageBytes
            registry.remove(record.viewID)  // gone before the engine reports it: one signal
            screen.dismiss(record.viewID, reason: .autoDismiss, animated: false)
            closed(record.withoutImage, .expired)
        }
    }
}
