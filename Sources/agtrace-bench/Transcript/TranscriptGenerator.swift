import Foundation

/// `generate transcript`: sessions of simulated app activity written in the chosen shape
/// (`mixed` rotates through all of them), until --hits or --bytes is reached.
enum TranscriptGenerator {
    static func run(_ options: TranscriptOptions) throws -> TranscriptCounts {
        let started = Date()
        let out = OutputBuffer(sink: try FileSink(path: options.output))
        var counts = TranscriptCounts()
        var random = SeededRandom(keys: options.seed, 0x7C)
        let rotation: [TranscriptShape] = [.frameInfo, .interactive, .btRegisters, .expressions, .logLines]
        var hits: [Hit] = []
        let dump = options.dump.map { _ in NamingDump(time: AppModel.timeAttribute, environment: AppModel.environmentAttribute) }

        func done() -> Bool {
            if let limit = options.hits { return counts.hits >= limit }
            if let limit = options.bytes { return out.totalBytes + out.position >= limit }
            return true
        }

        let firstShape = random.below(rotation.count)
        var session = 0
        while !done() {
            let shape = options.shape == .mixed ? rotation[(firstShape + session) % rotation.count] : options.shape
            let flavor: Flavor
            switch shape {
            case .btRegisters: flavor = random.chance(50) ? .iagStripped : .apple
            case .expressions: flavor = random.chance(70) ? .iagDebug : .apple
            case .logLines: flavor = .apple
            default: flavor = .iagDebug
            }
            // Mixed transcripts hold several sessions; a single shape is one long session.
            var sessionLimit = Int.max
            if options.shape == .mixed {
                let scale = options.hits ?? (options.bytes ?? 0) / 150
                sessionLimit = max(20, scale / random.within(10...20))
            }
            let writer = SessionWriter(shape: shape, flavor: flavor, out: out, seed: options.seed, session: session)
            try writer.header()
            var model = AppModel(seed: options.seed, session: session)
            model.dump = dump
            var inSession = 0
            while inSession < sessionLimit && !done() {
                hits.removeAll(keepingCapacity: true)
                let said = model.episode(into: &hits)
                if let dump {
                    for hit in hits where hit.kind == .addInput { dump.edge(input: hit.input, reader: hit.attribute) }
                }
                for hit in hits where writer.records(hit.kind) {
                    if done() { break }
                    try writer.hit(hit)
                    counts.perKind[hit.kind.rawValue] += 1
                    counts.perShape[shape.rawValue, default: 0] += 1
                    inSession += 1
                }
                try writer.programOutput(said)
                counts.programLines += 1
            }
            try writer.footer()
            counts.sessions += 1
            session += 1
        }
        counts.bytes = try out.finish()
        if let dump, let path = options.dump { try dump.write(to: path) }
        counts.seconds = Date().timeIntervalSince(started)
        return counts
    }
}
