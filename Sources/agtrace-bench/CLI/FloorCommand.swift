enum FloorCommand { static func run(_ words: [String]) throws { throw UsageError("not yet") } }
