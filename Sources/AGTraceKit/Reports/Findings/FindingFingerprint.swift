/// A finding's identity across runs: SHA-256 of its kind, view and subject, as hex. Counts,
/// labels and positions change from run to run and are left out, so a baseline and GitHub's
/// code scanning (`partialFingerprints`) recognise the same finding in the next recording.
enum FindingFingerprint {
    static func make(kind: FindingKind, view: String?, subject: String?) -> String {
        let text = [kind.rawValue, view ?? "", subject ?? ""].joined(separator: "\u{1F}")
        var hash = SHA256()
        hash.update(Array(text.utf8))
        return String(hash.finalizeHex().prefix(32))
    }
}
