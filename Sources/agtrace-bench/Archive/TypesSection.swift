extension GraphWriter {
    /// `{"size":80,"id":21,"value":"ViewGeometry","flags":2,"name":"RootGeometry"}`, as real dumps.
    func writeTypes() throws {
        var r = SeededRandom(keys: seed, graph, 300, variant)
        for (i, type) in plan.catalog.types.enumerated() {
            comma(i)
            out.raw("{\"size\":"); out.int(type.size)
            out.raw(",\"id\":"); out.int(type.id)
            out.raw(",\"value\":\""); out.bytes(type.valueType)
            out.raw("\",\"flags\":"); out.int(type.flags)
            out.raw(",\"name\":\""); out.bytes(type.name); out.raw("\"")
            if options.profile && !type.isExternal {
                let updates = r.below(2000) + options.variant * r.below(50)
                out.raw(",\"profile\":")
                ProfileWriter.write(updates: updates, changes: updates / 3, meanCost: 2e-6 + r.unit() * 4e-5,
                                    to: out, random: &r)
            }
            out.raw("}")
            try out.flushIfNeeded()
        }
        counts.types += plan.catalog.types.count
    }
}
