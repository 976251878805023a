import Foundation
import Testing

@testable import RillSpec

/// Code written with RxSwift's, Combine's and ReactiveSwift's names, compiled against Rill with
/// its generated peer names: every name the generator declares must be answered with Rill's
/// name (and the fix-it that writes it) or with what to write instead, and Rill's own calls
/// must compile as before.
@Suite("Other libraries' names compile to Rill's fix-its")
struct PeerNameCompilationTests {
    /// How many names the generator declares from Rill's specs and its peer vocabulary. A change
    /// of the specs that adds or loses one changes this figure, and the snippet below.
    static let declaredNames = 103

    /// One call per declared name, as code coming from the other library writes it. Each line
    /// ends with the name it calls, as `// peer: name`.
    static let peerSnippet = #"""
        import Foundation
        import Synchronization

        struct Profile: Sendable { var name = "" }
        final class Screen: Sendable {
            let storage = Mutex(0)
            var count: Int {
                get { storage.withLock { $0 } }
                set { storage.withLock { $0 = newValue } }
            }
        }

        func migrating(
            numbers: Signal<Int, Never>, texts: Signal<String, Never>, flags: Signal<Bool, Never>,
            nested: Signal<Signal<Int, Never>, Never>, failing: Signal<Int, TestFailure>,
            never: Signal<Int, Never>, scheduler: any Scheduler, bag: DisposeBag, screen: Screen
        ) {
            // RxSwift
            _ = numbers.asObservable()  // peer: asObservable()
            _ = numbers.buffer(timeSpan: 1.0, count: 10, scheduler: scheduler)  // peer: buffer(timeSpan:count:scheduler:)
            _ = failing.catchAndReturn(0)  // peer: catchAndReturn(_:)
            _ = texts.debounce(0.3, scheduler: scheduler)  // peer: debounce(_:scheduler:)
            _ = numbers.debug("numbers")  // peer: debug(_:)
            _ = numbers.delay(0.5, scheduler: scheduler)  // peer: delay(_:scheduler:)
            _ = numbers.distinctUntilChanged { $0 == $1 }  // peer: distinctUntilChanged(_:)
            _ = numbers.do(onCompleted: { print("done") })  // peer: do(onCompleted:)
            _ = numbers.do(onDispose: { print("disposed") })  // peer: do(onDispose:)
            _ = failing.do(onError: { error in print(error) })  // peer: do(onError:)
            _ = numbers.do(onNext: { value in print(value) })  // peer: do(onNext:)
            _ = numbers.do(onSubscribe: { print("subscribed") })  // peer: do(onSubscribe:)
            _ = numbers.flatMap { value in Signal<Int, Never>.just(value) }  // peer: flatMap(_:)
            _ = numbers.groupBy(keySelector: { $0 % 2 })  // peer: groupBy(keySelector:)
            _ = numbers.ignoreElements()  // peer: ignoreElements()
            _ = nested.merge()  // peer: merge()
            _ = nested.merge(maxConcurrent: 2)  // peer: merge(maxConcurrent:)
            _ = numbers.observe(on: scheduler)  // peer: observe(on:)
            _ = numbers.replay(1)  // peer: replay(_:)
            _ = numbers.replayAll()  // peer: replayAll()
            _ = failing.retry(3)  // peer: retry(_:)
            _ = numbers.sample(never)  // peer: sample(_:)
            _ = numbers.share(replay: 1, scope: 0)  // peer: share(replay:scope:)
            _ = numbers.startWith(0)  // peer: startWith(_:)
            _ = numbers.subscribe(onCompleted: { print("done") })  // peer: subscribe(onCompleted:)
            _ = failing.subscribe(onError: { error in print(error) })  // peer: subscribe(onError:)
            _ = numbers.subscribe(onNext: { value in print(value) })  // peer: subscribe(onNext:)
            _ = failing.subscribe(onNext: { print($0) }, onError: { print($0) })  // peer: subscribe(onNext:onError:)
            _ = failing.subscribe(onNext: { print($0) }, onError: { print($0) }, onCompleted: {})  // peer: subscribe(onNext:onError:onCompleted:)
            _ = numbers.subscribe(onNext: { _ in }, onError: { _ in }, onCompleted: {}, onDisposed: {})  // peer: subscribe(onNext:onError:onCompleted:onDisposed:)
            _ = nested.switchLatest()  // peer: switchLatest()
            _ = numbers.take(until: { $0 > 2 }, behavior: 0)  // peer: take(until:behavior:)
            _ = numbers.take(while: { value in value < 3 }, behavior: 0)  // peer: take(while:behavior:)
            _ = texts.throttle(0.3, latest: true, scheduler: scheduler)  // peer: throttle(_:latest:scheduler:)
            _ = texts.throttle(0.3, scheduler: scheduler)  // peer: throttle(_:scheduler:)
            _ = numbers.timeout(5.0, scheduler: scheduler)  // peer: timeout(_:scheduler:)
            _ = Signal<Int, Never>.combineLatest([numbers, numbers], resultSelector: { $0.count })  // peer: combineLatest(_:resultSelector:)
            _ = Signal<Int, Never>.deferred { .just(1) }  // peer: deferred(_:)
            _ = Signal<Date, Never>.interval(1.0, scheduler: scheduler)  // peer: interval(_:scheduler:)
            _ = Signal<Int, Never>.zip([numbers, numbers], resultSelector: { $0.count })  // peer: zip(_:resultSelector:)
            numbers.subscribe().disposed(by: bag)  // peer: disposed(by:)

            // Combine
            _ = numbers.allSatisfy { $0 > 0 }  // peer: allSatisfy(_:)
            _ = numbers.append(numbers)  // peer: append(_:)
            _ = numbers.map { _ in 1 }.assign(to: \.count, on: screen)  // peer: assign(to:on:)
            _ = numbers.collect(1.0, options: 0)  // peer: collect(_:options:)
            _ = numbers.contains(where: { $0 > 2 })  // peer: contains(where:)
            _ = texts.debounce(for: 0.3, scheduler: scheduler)  // peer: debounce(for:scheduler:)
            _ = numbers.delay(for: 0.5, scheduler: scheduler)  // peer: delay(for:scheduler:)
            _ = numbers.drop(untilOutputFrom: never)  // peer: drop(untilOutputFrom:)
            _ = numbers.drop(while: { $0 < 2 })  // peer: drop(while:)
            _ = numbers.dropFirst(2)  // peer: dropFirst(_:)
            _ = numbers.eraseToAnyPublisher()  // peer: eraseToAnyPublisher()
            _ = numbers.flatMap(maxPublishers: 1) { value in Signal<Int, Never>.just(value) }  // peer: flatMap(maxPublishers:_:)
            _ = numbers.handleEvents(receiveCancel: { print("cancelled") })  // peer: handleEvents(receiveCancel:)
            _ = failing.handleEvents(receiveCompletion: { _ in })  // peer: handleEvents(receiveCompletion:)
            _ = numbers.handleEvents(receiveOutput: { value in print(value) })  // peer: handleEvents(receiveOutput:)
            _ = numbers.handleEvents(receiveSubscription: { print("subscribed") })  // peer: handleEvents(receiveSubscription:)
            _ = numbers.ignoreOutput()  // peer: ignoreOutput()
            _ = numbers.makeConnectable()  // peer: makeConnectable()
            _ = numbers.multicast(subject: 0)  // peer: multicast(subject:)
            _ = numbers.output(at: 2)  // peer: output(at:)
            _ = numbers.prefix(3)  // peer: prefix(_:)
            _ = numbers.prefix(untilOutputFrom: never)  // peer: prefix(untilOutputFrom:)
            _ = numbers.prefix(while: { $0 < 3 })  // peer: prefix(while:)
            _ = numbers.print("numbers", to: 0)  // peer: print(_:to:)
            _ = numbers.receive(on: scheduler)  // peer: receive(on:)
            _ = numbers.sink(receiveCompletion: { _ in }, receiveValue: { value in print(value) })  // peer: sink(receiveCompletion:receiveValue:)
            _ = numbers.sink(receiveValue: { value in print(value) })  // peer: sink(receiveValue:)
            _ = texts.throttle(for: 0.3, scheduler: scheduler, latest: true)  // peer: throttle(for:scheduler:latest:)
            _ = numbers.timeout(5.0, scheduler: scheduler, options: 0, customError: 0)  // peer: timeout(_:scheduler:options:customError:)

            // ReactiveSwift
            _ = numbers.attemptMap { value in value * 2 }  // peer: attemptMap(_:)
            _ = numbers.collect(every: 1.0, on: scheduler)  // peer: collect(every:on:)
            _ = numbers.combinePrevious(0)  // peer: combinePrevious(_:)
            _ = texts.debounce(0.3, on: scheduler)  // peer: debounce(_:on:)
            _ = failing.flatMapError { _ in Signal<Int, Never>.just(0) }  // peer: flatMapError(_:)
            _ = numbers.logEvents(identifier: "numbers", events: 0)  // peer: logEvents(identifier:events:)
            _ = flags.negate()  // peer: negate()
            _ = numbers.observeValues { value in print(value) }  // peer: observeValues(_:)
            _ = failing.on(failed: { error in print(error) })  // peer: on(failed:)
            _ = numbers.on(disposed: { print("disposed") })  // peer: on(disposed:)
            _ = numbers.on(starting: { print("starting") })  // peer: on(starting:)
            _ = failing.retry(upTo: 2, interval: 1.0, on: scheduler)  // peer: retry(upTo:interval:on:)
            _ = numbers.on(terminated: { print("terminated") })  // peer: on(terminated:)
            _ = numbers.on(value: { value in print(value) })  // peer: on(value:)
            _ = numbers.prefix(value: 0)  // peer: prefix(value:)
            _ = never.promoteError(TestFailure.self)  // peer: promoteError(_:)
            _ = numbers.repeat(3)  // peer: repeat(_:)
            _ = numbers.replayLazily(upTo: 1)  // peer: replayLazily(upTo:)
            _ = numbers.sample(on: never)  // peer: sample(on:)
            _ = numbers.skip(first: 2)  // peer: skip(first:)
            _ = numbers.skipRepeats()  // peer: skipRepeats()
            _ = numbers.skipRepeats { $0 == $1 }  // peer: skipRepeats(_:)
            _ = numbers.start()  // peer: start()
            _ = numbers.start(on: scheduler)  // peer: start(on:)
            _ = numbers.startWithCompleted { print("done") }  // peer: startWithCompleted(_:)
            _ = failing.startWithFailed { error in print(error) }  // peer: startWithFailed(_:)
            _ = numbers.startWithValues { value in print(value) }  // peer: startWithValues(_:)
            _ = numbers.take(first: 2)  // peer: take(first:)
            _ = numbers.take(last: 2)  // peer: take(last:)
            _ = numbers.timeout(after: 5.0, raising: 0, on: scheduler)  // peer: timeout(after:raising:on:)
            _ = numbers.uniqueValues()  // peer: uniqueValues()
            _ = numbers.uniqueValues { $0 % 3 }  // peer: uniqueValues(_:)
            _ = Signal<Date, Never>.timer(interval: 1.0, on: scheduler)  // peer: timer(interval:on:)
        }

        struct TestFailure: Error {}
        """#

    /// Rill's own calls of the names the peers share, spelled in every way the declarations
    /// could capture: trailing closures, defaulted arguments, packs. It must compile cleanly.
    static let rillSnippet = #"""
        import Foundation

        struct RillFailure: Error {}

        func rill(
            numbers: Signal<Int, Never>, texts: Signal<String, Never>, nested: Signal<Signal<Int, Never>, Never>,
            failing: Signal<Int, RillFailure>, scheduler: any Scheduler, bag: DisposeBag
        ) {
            _ = texts.throttle(0.3, on: scheduler)
            _ = texts.throttle(0.3)
            _ = numbers.delay(0.5, on: scheduler)
            _ = numbers.delay(0.5)
            _ = numbers.reduce(0) { $0 + $1 }
            _ = numbers.reduce(0, +)
            _ = numbers.scan(0) { total, value in total + value }
            _ = numbers.scan(0, +)
            _ = numbers.take(2)
            _ = numbers.take(while: { $0 < 3 })
            _ = numbers.take(untilTrigger: numbers)
            _ = numbers.skip(2)
            _ = numbers.skip(while: { $0 < 3 })
            _ = numbers.removeDuplicates()
            _ = numbers.removeDuplicates { $0 == $1 }
            _ = numbers.flatMap(.latest) { Signal<Int, Never>.just($0) }
            _ = numbers.flattenMap { Signal<Int, Never>.just($0) }
            _ = numbers.flatMapLatest { Signal<Int, Never>.just($0) }
            _ = nested.flatten()
            _ = nested.flatten(.merge)
            _ = nested.switchToLatest()
            _ = numbers.on(next: { print($0) })
            _ = failing.on(error: { print($0) })
            _ = numbers.on(completed: {})
            _ = numbers.collect()
            _ = numbers.replay()
            _ = numbers.replayLast()
            _ = numbers.replayLazily()
            _ = failing.retry()
            _ = failing.retry(upTo: 2)
            _ = numbers.sample(with: texts)
            _ = numbers.prepend(0)
            _ = numbers.map { $0 * 2 }
            _ = numbers.deliver(on: scheduler)
            _ = numbers.subscribe(on: scheduler)
            _ = Signal<(Int, String), Never>.combineLatest(numbers, texts)
            _ = Signal<Int, Never>.combineLatest([numbers, numbers])
            _ = Signal<Int, Never>.combineLatest([numbers, numbers]) { $0.count }
            _ = Signal<(Int, Int, String), Never>.zip(numbers, numbers, texts)
            _ = Signal<Int, Never>.zip([numbers, numbers]) { $0.count }
            _ = Signal<Int, Never>.defer { .just(1) }
            _ = Signal<Int, Never>.empty
            _ = Signal<Int, Never>.never
            _ = Signal<Int, Never>.just(1)
            _ = Signal<Date, Never>.interval(1.0, on: scheduler)
            numbers.subscribe { print($0) }.store(in: bag)
            numbers.subscribe(next: { print($0) }).store(in: bag)
            failing.subscribe(next: { print($0) }, error: { print($0) }, completed: {}).store(in: bag)
            numbers.subscribe().store(in: bag)
        }
        """#

    struct Diagnostics {
        /// Line → the text of each error reported there, with its source and fix-it lines.
        var errors: [Int: [String]] = [:]
        var output = ""
    }

    /// Type-checks `snippets` as files of Rill's module, with its sources, the generated
    /// operators and the generated peer names, and returns each snippet's errors.
    static func typecheck(_ snippets: [String: String]) throws -> [String: Diagnostics] {
        let package = MutantCompilationTests.package
        let paths = SpecPaths(root: package.path)
        let specs = try Checker.check(try SpecParser.parse(RobustnessTests.realSpecs))
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var files = try FileManager.default.subpathsOfDirectory(
            atPath: package.appendingPathComponent("Sources/Rill").path
        )
        .filter { $0.hasSuffix(".swift") }.map { package.appendingPathComponent("Sources/Rill/\($0)").path }
        let generated = [
            "Operators.swift": LibraryEmitter.emit(specs, paths: paths, importing: []),
            "PeerNames.swift": PeerNameEmitter.emit(specs, paths: paths),
        ]
        for (name, text) in generated.merging(snippets, uniquingKeysWith: { $1 }) {
            let url = directory.url.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            files.append(url.path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "swiftc", "-typecheck", "-swift-version", "6", "-module-name", "Rill", "-package-name",
                "Rill",
                "-parse-as-library", "-diagnostic-style", "llvm", "-continue-building-after-errors",
                // Rill's own C module, which reads the stack pointer for its depth checks.
                "-I", "Sources/RillStackPointer/include",
            ] + files
        process.currentDirectoryURL = package
        let standardError = Pipe()
        process.standardError = standardError
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: standardError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // A diagnostic starts with `PATH:LINE:COL: kind: …`; its source and fix-it lines follow.
        var result = snippets.mapValues { _ in Diagnostics(output: output) }
        var current: (file: String, line: Int, text: [String])?
        func finish() {
            guard let block = current, result[block.file] != nil else { return }
            result[block.file]?.errors[block.line, default: []].append(block.text.joined(separator: "\n"))
        }
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            if parts.count == 5, let number = Int(parts[1]), Int(parts[2]) != nil,
                parts[0].hasPrefix("/") || parts[0].hasPrefix(".")
            {
                finish()
                let file = URL(fileURLWithPath: String(parts[0])).lastPathComponent
                current = parts[3] == " error" ? (file, number, [line]) : nil
            } else if current != nil {
                current?.text.append(line)
            }
        }
        finish()
        return result
    }

    @Test(
        "Code written with RxSwift, Combine and ReactiveSwift names gets, for each of the 103 names, Rill's name with a fix-it or what to write instead; Rill's own calls compile as before"
    )
    func peerNamesCompile() throws {
        let specs = try Checker.check(try SpecParser.parse(RobustnessTests.realSpecs))
        let plan = PeerNameEmitter.plan(specs, paths: SpecPaths(root: MutantCompilationTests.package.path))
        #expect(plan.declarations.count == Self.declaredNames)

        let marker = "// peer: "
        var called: [Int: String] = [:]
        for (index, line) in Self.peerSnippet.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            if let range = line.range(of: marker) { called[index + 1] = String(line[range.upperBound...]) }
        }
        // The snippet calls every declared name, once.
        #expect(Set(called.values) == Set(plan.declarations.map(\.name.fullName)))
        #expect(called.count == Self.declaredNames)

        let diagnostics = try Self.typecheck([
            "PeerSnippet.swift": Self.peerSnippet, "RillSnippet.swift": Self.rillSnippet,
        ])
        let peer = try #require(diagnostics["PeerSnippet.swift"])
        let rill = try #require(diagnostics["RillSnippet.swift"])
        #expect(rill.errors.isEmpty, "Rill's own calls no longer compile:\n\(rill.output.prefix(4_000))")

        let declarations = Dictionary(
            plan.declarations.map { ($0.name.fullName, $0) }, uniquingKeysWith: { a, _ in a })
        var answered = 0
        for (line, name) in called.sorted(by: { $0.key < $1.key }) {
            guard let declaration = declarations[name] else { continue }
            let errors = peer.errors[line] ?? []
            let base = declaration.name.base
            let expected: String
            if let renamed = declaration.renamed {
                expected = "has been renamed to '\(renamed)'"
            } else {
                expected = "is unavailable: \(declaration.message ?? "")"
            }
            let answer = errors.first { $0.contains("'\(base)") && $0.contains(expected) }
            #expect(
                answer != nil && errors.count == 1,
                "line \(line), \(name): expected one error '\(expected)', got:\n\(errors.joined(separator: "\n"))"
            )
            guard let answer else { continue }
            answered += 1
            // A rename to another name comes with the fix-it that writes Rill's name.
            if let renamed = declaration.renamed, let rillBase = renamed.split(separator: "(").first,
                rillBase != base
            {
                let fixIt = answer.split(separator: "\n").dropFirst(3).first ?? ""
                #expect(
                    fixIt.split(separator: " ").contains(Substring(rillBase)),
                    "line \(line), \(name): no fix-it writing '\(rillBase)':\n\(answer)")
            }
        }
        #expect(answered == Self.declaredNames)
        let stray = peer.errors.filter { called[$0.key] == nil }
        #expect(stray.isEmpty, "errors on lines that call no peer name:\n\(stray)")
    }
}
