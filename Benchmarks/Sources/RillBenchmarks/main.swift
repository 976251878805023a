import Foundation
import RillWorkloads

// rill-bench                       run every workload for every library, one process each
// rill-bench --only W1,W5 --libraries rill,plain --json results.json --time-limit 60
// rill-bench --run LIBRARY WORKLOAD  measure one pair in this process and print it as JSON
// rill-bench --iterate LIBRARY WORKLOAD N  run N untimed iterations, for instruction counts:
//     under `valgrind --tool=callgrind`, (Ir at N = 3 − Ir at N = 1) / 2 / units is the cost per unit

let arguments = Array(CommandLine.arguments.dropFirst())

func value(after flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("rill-bench: \(message)\n".utf8))
    exit(2)
}

if let index = arguments.firstIndex(of: "--run") {
    guard index + 2 < arguments.count,
        let library = Libraries.named(arguments[index + 1]),
        let workload = Workloads.named(arguments[index + 2])
    else { fail("--run needs a library and a workload") }
    let measurement = await Measure.run(library: library, workload: workload)
    FileHandle.standardOutput.write(try JSONEncoder().encode(measurement))
    exit(0)
}

func list<Item>(after flag: String, all: [Item], named lookup: (String) -> Item?) -> [Item] {
    guard let list = value(after: flag) else { return all }
    return list.split(separator: ",").map { name in
        guard let item = lookup(String(name)) else { fail("\(flag): unknown name \(name)") }
        return item
    }
}

if let index = arguments.firstIndex(of: "--iterate") {
    guard index + 3 < arguments.count,
        let library = Libraries.named(arguments[index + 1]),
        let workload = Workloads.named(arguments[index + 2]),
        let iterations = Int(arguments[index + 3])
    else { fail("--iterate needs a library, a workload and a count") }
    await Measure.iterate(library: library, workload: workload, iterations: iterations)
    exit(0)
}

let workloads = list(after: "--only", all: Workloads.all, named: Workloads.named)
let libraries = list(after: "--libraries", all: Libraries.all, named: Libraries.named)
let timeLimit: Int
if let seconds = value(after: "--time-limit") {
    guard let parsed = Int(seconds), parsed > 0 else {
        fail("--time-limit takes a positive number of seconds")
    }
    timeLimit = parsed
} else {
    timeLimit = 60
}

let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
let driver = Driver(executable: executable, timeLimit: timeLimit)
var report = Report(libraries: libraries, workloads: workloads)

for workload in workloads {
    for library in libraries where library.iterations[workload.id] != nil {
        let outcome = driver.run(library: library, workload: workload)
        report.outcomes[workload.id, default: [:]][library.name] = outcome
        FileHandle.standardError.write(Data("\(workload.id) \(library.name): \(outcome.cell)\n".utf8))
    }
}

print(
    "## Time, ns per unit (median of \(Measure.repetitions) repetitions of ~200 ms, one process per cell)\n")
print(report.timeTable())
print("\n## Peak resident memory, MiB\n")
print(report.memoryTable())

if let path = value(after: "--json") {
    try report.json().write(to: URL(fileURLWithPath: path))
}
