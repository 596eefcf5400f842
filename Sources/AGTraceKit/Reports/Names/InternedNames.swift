/// Names numbered in the order they are first seen, each stored once: rows hold the small
/// number, `names[number]` gives the name back.
struct InternedNames {
    private(set) var names: [String] = []
    private var numbers: [String: Int32] = [:]

    /// The number of `name`, given the next one when it is new.
    mutating func number(_ name: String) -> Int32 {
        if let known = numbers[name] { return known }
        let number = Int32(names.count)
        numbers[name] = number
        names.append(name)
        return number
    }
}
