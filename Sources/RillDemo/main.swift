import Rill
import RillTesting

// Every scene runs on its own virtual clock: one character of a marble diagram is one second of
// virtual time, so the whole demo finishes at once. `-` is a quiet second, a letter a value,
// `|` completion, `#` an error, `(ab)` two events in the same second; in the subscription lines,
// `^` is where a source was subscribed and `!` where that subscription was disposed.

struct DemoFailure: Error {}

func show(_ label: String, _ line: String) {
    print("  \(label.padding(toLength: 12, withPad: " ", startingAt: 0))\(line)")
}

func scene(
    _ title: String, inputs: [(label: String, marble: String)],
    _ run: (TestScheduler, [ColdSignal<String, DemoFailure>]) -> EventRecorder<String, DemoFailure>
) {
    print("── \(title)")
    let scheduler = TestScheduler()
    let sources = inputs.map { scheduler.createColdSignal($0.marble, error: DemoFailure()) }
    let recorder = run(scheduler, sources)
    for (input, source) in zip(inputs, sources) {
        show(input.label, input.marble)
        show("", source.subscriptionMarbles.joined(separator: "  "))
    }
    // One-letter values stand for themselves; a longer value is drawn as its capitalised initial.
    func symbol(_ value: String) -> Character {
        Character(value.count == 1 ? value : value.prefix(1).uppercased())
    }
    let legend = Dictionary(recorder.values.map { (symbol($0), $0) }) { first, _ in first }
    show("result", recorder.marble(values: legend))
    if recorder.values.contains(where: { $0.count > 1 }) {
        show("", "where " + recorder.values.map { "\(symbol($0)) = \($0)" }.joined(separator: ", "))
    }
    print()
}

print("Rill: the primitives on a virtual clock\n")

scene(
    "concat: the second signal is subscribed only when the first completes",
    inputs: [("first", "-a-b|"), ("second", "-c-d|")]
) { scheduler, sources in
    scheduler.start { sources[0].signal.concat(sources[1].signal) }
}

scene(
    "concat: an error ends everything; the second signal is never subscribed",
    inputs: [("first", "-a-#"), ("second", "-c-d|")]
) { scheduler, sources in
    scheduler.start { sources[0].signal.concat(sources[1].signal) }
}

scene(
    "bind: each value starts an inner signal; inner signals are merged",
    inputs: [("source", "-a-b|")]
) { scheduler, sources in
    scheduler.start {
        sources[0].signal.bind {
            { value in
                .merge(
                    scheduler.createColdSignal(
                        "x---y|", values: ["x": value, "y": value.uppercased()], error: DemoFailure()
                    ).signal)
            }
        }
    }
}

scene(
    "bind with a stop: take the first two values, then dispose the source",
    inputs: [("source", "-a-b-c-d|")]
) { scheduler, sources in
    scheduler.start {
        sources[0].signal.bind {
            var taken = 0
            return { value in
                taken += 1
                return taken < 2 ? .merge(.just(value)) : .mergeThenStop(.just(value))
            }
        }
    }
}

scene(
    "zip: pairs the n-th values; completes once a completed side has nothing left",
    inputs: [("letters", "-a-b-c|"), ("digits", "--1--2---3|")]
) { scheduler, sources in
    scheduler.start {
        sources[0].signal.zip(with: sources[1].signal).bind { { pair in .merge(.just(pair.0 + pair.1)) } }
    }
}

scene(
    "zip: an error ends the result at once, even with values waiting",
    inputs: [("letters", "-ab-c|"), ("digits", "--1-#")]
) { scheduler, sources in
    scheduler.start {
        sources[0].signal.zip(with: sources[1].signal).bind { { pair in .merge(.just(pair.0 + pair.1)) } }
    }
}

scene(
    "disposal: disposing at second 3 stops delivery and disposes every source",
    inputs: [("first", "-a-b-c|"), ("second", "--x--y|")]
) { scheduler, sources in
    scheduler.start(disposeAt: 3) {
        sources[0].signal.bind { { value in .merge(.just(value)) } }.zip(with: sources[1].signal)
            .bind { { pair in .merge(.just(pair.0 + pair.1)) } }
    }
}

scene(
    "generated from Specs/: filter, map and take(2); take disposes the source after its last value",
    inputs: [("source", "-a-b-c-d-e|")]
) { scheduler, sources in
    scheduler.start { sources[0].signal.filter { $0 != "b" }.map { $0.uppercased() }.take(2) }
}

scene(
    "generated from Specs/: scan keeps a running result; collect sends everything at the end",
    inputs: [("source", "-a-b-c|")]
) { scheduler, sources in
    scheduler.start { sources[0].signal.scan("") { $0 + $1 }.collect().map { $0.joined(separator: " ") } }
}

let chain = Signal<Int, Never>.from(0..<3).map { $0 * 2 }.filter { $0 > 0 }.zip(with: .from(["a", "b", "c"]))
print("A chain describes itself, as RAC's setNameWithFormat: does:\n  \(chain.name)")
