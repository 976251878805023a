import Foundation
import RillWorkloads

/// What one (library, workload) process measured.
struct Measurement: Codable, Sendable {
    let library: String
    let workload: String
    /// Median of the repetitions, in nanoseconds per unit.
    let nanosecondsPerUnit: Double
    let repetitionNanosecondsPerUnit: [Double]
    let iterationsPerRepetition: Int
    let peakResidentKiB: Int
}

/// Times one workload of one library in this process: a warm-up, a calibration so that one
/// repetition lasts about 200 ms, then `repetitions` repetitions whose median is reported.
enum Measure {
    static let repetitionTarget: UInt64 = 200_000_000
    static let repetitions = 5

    static func makeInputs() -> Inputs { Inputs.make() }

    static func iteration(of library: Library, _ workload: Workload) -> Iteration {
        guard let iteration = library.iterations[workload.id] else {
            fatalError("rill-bench: \(library.name) does not define \(workload.id)")
        }
        return iteration
    }

    static func iterate(library: Library, workload: Workload, iterations: Int) async {
        _ = await time(iterations: iterations, iteration(of: library, workload), makeInputs(), workload)
    }

    static func run(library: Library, workload: Workload) async -> Measurement {
        let iteration = iteration(of: library, workload)
        let inputs = makeInputs()

        var single = await time(iterations: 1, iteration, inputs, workload)
        if single < 20_000_000 { single = await time(iterations: 1, iteration, inputs, workload) }
        let iterations = max(1, Int(repetitionTarget / max(single, 1)))

        var perUnit: [Double] = []
        for _ in 0..<repetitions {
            perUnit.append(
                Double(await time(iterations: iterations, iteration, inputs, workload))
                    / Double(iterations) / Double(workload.units))
        }
        return Measurement(
            library: library.name, workload: workload.id,
            nanosecondsPerUnit: perUnit.sorted()[perUnit.count / 2],
            repetitionNanosecondsPerUnit: perUnit, iterationsPerRepetition: iterations,
            peakResidentKiB: peakResidentKiB())
    }

    /// Runs `iterations` iterations and returns the elapsed nanoseconds; every sum is checked.
    /// A synchronous iteration is timed by the synchronous loop, as before the async column.
    static func time(
        iterations: Int, _ iteration: Iteration, _ inputs: Inputs, _ workload: Workload
    ) async -> UInt64 {
        switch iteration {
        case .sync(let body): return time(iterations: iterations, body, inputs, workload)
        case .async(let body):
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<iterations { check(await body(inputs), workload) }
            return DispatchTime.now().uptimeNanoseconds - start
        }
    }

    static func check(_ sum: Int, _ workload: Workload) {
        if sum != workload.expectedSum {
            FileHandle.standardError.write(
                Data("rill-bench: \(workload.id) summed \(sum), expected \(workload.expectedSum)\n".utf8))
            exit(3)
        }
    }

    static func time(
        iterations: Int, _ iteration: (Inputs) -> Int, _ inputs: Inputs, _ workload: Workload
    ) -> UInt64 {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations {
            check(iteration(inputs), workload)
        }
        return DispatchTime.now().uptimeNanoseconds - start
    }

    /// The process's peak resident set size (`VmHWM`), or 0 where `/proc` is not available.
    static func peakResidentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
