import Rill
import Testing

/// The error recovery and async/await example of README.md, as written there.
@Suite("README error and async example")
struct ReadmeAsyncExampleTests {
    struct ParseError: Error { var text: String }

    @Test("the parsed numbers fail at the first non-number, and recovering ends with the fallback")
    func errorsAndAsyncAwait() async {
        var printed: [String] = []

        let parsed = Signal<String, ParseError>.from(["1", "2", "x"])
            .tryMap { (text) throws(ParseError) -> Int in
                guard let number = Int(text) else { throw ParseError(text: text) }
                return number
            }

        do {
            for try await number in parsed.values { printed.append("\(number)") }  // 1  2
        } catch {
            printed.append("not a number: \(error.text)")  // error is a ParseError
        }

        let recovered = parsed.catch { _ in Signal<Int, Never>.just(0) }
        for await number in recovered.values { printed.append("\(number)") }  // 1  2  0: it cannot fail

        #expect(printed == ["1", "2", "not a number: x", "1", "2", "0"])
    }
}
