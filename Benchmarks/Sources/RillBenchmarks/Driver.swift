import Foundation
import RillWorkloads

/// How a (library, workload) process ended.
enum Outcome: Sendable {
    case measured(Measurement)
    case timedOut(seconds: Int)
    case crashed(String)

    var cell: String {
        switch self {
        case .measured(let measurement): return Report.format(measurement.nanosecondsPerUnit)
        case .timedOut(let seconds): return "> \(seconds) s"
        case .crashed(let reason): return reason
        }
    }

    var measurement: Measurement? {
        if case .measured(let measurement) = self { return measurement }
        return nil
    }
}

/// Runs every (library, workload) pair in a process of its own, with a time limit.
struct Driver {
    let executable: URL
    let timeLimit: Int

    func run(library: Library, workload: Workload) -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--run", library.name, workload.id]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            return .crashed("could not start: \(error)")
        }
        if finished.wait(timeout: .now() + .seconds(timeLimit)) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            return .timedOut(seconds: timeLimit)
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        if process.terminationReason == .uncaughtSignal {
            return .crashed(
                process.terminationStatus == SIGSEGV
                    ? "crash (stack overflow)" : "crash (signal \(process.terminationStatus))")
        }
        guard process.terminationStatus == 0,
            let measurement = try? JSONDecoder().decode(Measurement.self, from: data)
        else {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return .crashed("failed (\(process.terminationStatus)) \(message.prefix(80))")
        }
        return .measured(measurement)
    }
}
