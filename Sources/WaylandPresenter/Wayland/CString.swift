/// Converts a C string from libwayland (nil: empty).
func string(_ cString: UnsafePointer<CChar>?) -> String {
    cString.map { String(cString: $0) } ?? ""
}
