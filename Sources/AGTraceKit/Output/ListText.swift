extension Array where Element == String {
    /// "a, b or c" (`conjunction` "or"), "a nor b", "a": the items as a sentence lists them.
    public func listed(_ conjunction: String) -> String {
        count <= 1 ? joined() : dropLast().joined(separator: ", ") + " \(conjunction) " + last!
    }
}
