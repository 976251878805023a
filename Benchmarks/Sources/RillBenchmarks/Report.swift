import Foundation
import RillWorkloads

/// The results of a whole run, printed as Markdown tables and optionally written as JSON.
struct Report {
    let libraries: [Library]
    let workloads: [Workload]
    var outcomes: [String: [String: Outcome]] = [:]

    static func format(_ nanoseconds: Double) -> String {
        nanoseconds >= 100 ? String(format: "%.0f", nanoseconds) : String(format: "%.1f", nanoseconds)
    }

    func outcome(_ library: String, _ workload: String) -> Outcome? {
        outcomes[workload]?[library]
    }

    func nanoseconds(_ library: String, _ workload: String) -> Double? {
        outcome(library, workload)?.measurement?.nanosecondsPerUnit
    }

    func timeTable() -> String {
        let names = libraries.map(\.name)
        var lines = [
            "| workload | unit | " + names.joined(separator: " | ")
                + " | Rill target | met | Rill ÷ plain | Rill ÷ OpenCombine |",
            "|---|---|" + String(repeating: "---|", count: names.count + 4),
        ]
        for workload in workloads {
            let cells = names.map { outcome($0, workload.id)?.cell ?? "–" }
            let rill = nanoseconds("rill", workload.id)
            let target = workload.target.isFinite ? Report.format(workload.target) : "–"
            let met: String
            if !workload.target.isFinite {
                met = "–"
            } else if let rill {
                met = rill <= workload.target ? "met" : "not met"
            } else {
                met = outcome("rill", workload.id) == nil ? "–" : "not met"
            }
            let overPlain = ratio(rill, nanoseconds("plain", workload.id))
            let overCombine = ratio(rill, bestOpenCombine(workload.id))
            lines.append(
                "| \(workload.id) | ns/\(workload.unitName) | " + cells.joined(separator: " | ")
                    + " | ≤ \(target) | \(met) | \(overPlain) | \(overCombine) |")
        }
        if let stages = stagesWithoutSink() { lines.append(stages) }
        return lines.joined(separator: "\n")
    }

    /// W1 minus W0 for each library: the cost of the four stages without the benchmark's own sink.
    func stagesWithoutSink() -> String? {
        guard workloads.contains(where: { $0.id == "W0" }), workloads.contains(where: { $0.id == "W1" })
        else { return nil }
        let cells = libraries.map { library -> String in
            guard let pipeline = nanoseconds(library.name, "W1"), let sink = nanoseconds(library.name, "W0")
            else { return "–" }
            return Report.format(pipeline - sink)
        }
        return "| W1 − W0 | ns/element, stages only | " + cells.joined(separator: " | ") + " | | | | |"
    }

    func memoryTable() -> String {
        let names = libraries.map(\.name)
        var lines = [
            "| workload | " + names.joined(separator: " | ") + " |",
            "|---|" + String(repeating: "---|", count: names.count),
        ]
        for workload in workloads {
            let cells = names.map { name -> String in
                guard let kib = outcome(name, workload.id)?.measurement?.peakResidentKiB else { return "–" }
                return String(format: "%.1f", Double(kib) / 1024)
            }
            lines.append("| \(workload.id) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    private func bestOpenCombine(_ workload: String) -> Double? {
        [nanoseconds("opencombine", workload), nanoseconds("opencombine-erased", workload)].compactMap { $0 }
            .min()
    }

    private func ratio(_ numerator: Double?, _ denominator: Double?) -> String {
        guard let numerator, let denominator, denominator > 0 else { return "–" }
        return String(format: "%.2f×", numerator / denominator)
    }

    func json() throws -> Data {
        var rows: [[String: String]] = []
        for workload in workloads {
            for library in libraries {
                guard let outcome = outcome(library.name, workload.id) else { continue }
                var row = ["library": library.name, "workload": workload.id, "result": outcome.cell]
                if let measurement = outcome.measurement {
                    row["nanosecondsPerUnit"] = String(measurement.nanosecondsPerUnit)
                    row["repetitions"] = measurement.repetitionNanosecondsPerUnit.map { String($0) }
                        .joined(separator: ",")
                    row["peakResidentKiB"] = String(measurement.peakResidentKiB)
                }
                if library.name == "rill", workload.target.isFinite {
                    row["target"] = String(workload.target)
                }
                rows.append(row)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(rows)
    }
}
