/// The creation date stamped into PDFs: SOURCE_DATE_EPOCH when given, else a fixed date, so
/// the same scene gives the same bytes (docs/language.md §6).
enum PDFDate {
    static let fixedEpoch = 946_684_800  // 2000-01-01T00:00:00Z

    /// `YYYY-MM-DDThh:mm:ssZ` in UTC, as cairo's metadata call takes it.
    static func iso8601(epoch: Int?) -> String {
        let seconds = Swift.max(0, epoch ?? fixedEpoch)
        var days = seconds / 86_400
        let secs = seconds % 86_400
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        days += 719_468
        let era = days / 146_097
        let doe = days - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(secs / 3600)):\(two(secs / 60 % 60)):\(two(secs % 60))Z"
    }
}
