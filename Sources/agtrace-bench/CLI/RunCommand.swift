enum RunCommand { static func run(_ words: [String]) throws { throw UsageError("not yet") } }
