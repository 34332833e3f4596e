/// A count with commas between groups of three digits, as the reports print counts: `100,000`.
func groupedCount(_ count: Int) -> String {
    let digits = String(count.magnitude)
    var out = count < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
        out.append(digit)
    }
    return out
}
