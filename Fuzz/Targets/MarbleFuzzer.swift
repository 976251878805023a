import RillMarbles

/// libFuzzer target over the marble parser: any text either fails with a column inside it, or
/// parses to a diagram whose canonical rendering parses back to the same diagram.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarbles(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    do {
        let diagram = try MarbleDiagram(parsing: text)
        let rendered = diagram.description
        guard let again = try? MarbleDiagram(parsing: rendered), again == diagram else {
            preconditionFailure(
                "\(text.debugDescription) renders as \(rendered.debugDescription), which does not parse back")
        }
    } catch {
        precondition(
            error.column >= 1 && error.column <= max(1, text.count + 1),
            "column \(error.column) outside \(text.debugDescription)")
    }
    return 0
}
