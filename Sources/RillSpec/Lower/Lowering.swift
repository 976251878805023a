/// Stage 4, lower: turns a derivation into Swift, in one of two flavours.
///
/// - The **reference** flavour is the derivation taken literally: every operator it names is
///   called, derived ones through their own reference implementations, down to the primitives.
///   Tests use it as the meaning of the operator.
/// - The **shipped** flavour calls the shipped operators, and lowers every `bind` or
///   `flattenMap` whose block only answers `just`, `empty`, `error`, `stop` or `last` into one
///   direct sink: the value is forwarded or dropped in place, with no signal per value.
struct Lowering {
    enum Flavor { case shipped, reference }

    let flavor: Flavor
    /// The spec being lowered; `nil` for example expressions.
    let spec: OperatorSpec?
    /// How `self` is spelled.
    var receiverName = "self"
    /// Whether `bind` and `flattenMap` blocks may become direct sinks (off for examples, which
    /// call the real operators).
    var lowersBlocks = true
    /// How a bare `Signal` is spelled where nothing else fixes its generic arguments.
    var bareSignal = "Signal"
    /// How spec locations are spelled in `#sourceLocation` directives; `nil` for none.
    var paths: SpecPaths?
    /// The debug name a top-level direct sink is created with. Naming at creation, not with
    /// `named(_:)` afterwards, leaves the producer visible to the optimizer.
    var sinkName: String?

    // MARK: Expressions

    /// Swift for `derivation`. `hasContext` tells whether the position has a contextual type,
    /// so that static members may be written `.just(x)`.
    func expression(_ derivation: Derivation, hasContext: Bool) -> String {
        switch derivation {
        case .receiver:
            return receiverName
        case .swift(let text):
            return text.text == "Signal" ? bareSignal : text.text
        case .conditional(let condition, let then, let otherwise):
            return
                "\(condition.text) ? \(expression(then, hasContext: true)) : \(expression(otherwise, hasContext: true))"
        case .call(let call):
            if flavor == .shipped, lowersBlocks, Self.isStepCall(call), let closure = call.trailingClosure,
                case .steps(let body) = closure.body, Self.isDirect(body)
            {
                return directSink(call, closure: closure, body: body, hasContext: hasContext)
            }
            return callExpression(call, hasContext: hasContext)
        }
    }

    /// Whether the operator's name can be given where its signal is created: the derivation is a
    /// direct sink, or a condition between a direct sink and a constant.
    func namesInPlace(_ derivation: Derivation) -> Bool {
        switch derivation {
        case .call(let call):
            return isDirectSink(call)
        case .conditional(_, let then, let otherwise):
            func sink(_ branch: Derivation) -> Bool {
                if case .call(let call) = branch { return isDirectSink(call) }
                return false
            }
            func constant(_ branch: Derivation) -> Bool {
                if case .call(let call) = branch {
                    return call.receiver == nil && call.resolution?.isStatic == true
                }
                return false
            }
            return (sink(then) || constant(then)) && (sink(otherwise) || constant(otherwise))
                && (sink(then) || sink(otherwise))
        default:
            return false
        }
    }

    func isDirectSink(_ call: Derivation.Call) -> Bool {
        guard flavor == .shipped, lowersBlocks, Self.isStepCall(call), let closure = call.trailingClosure,
            case .steps(let body) = closure.body
        else { return false }
        return Self.isDirect(body)
    }

    static func isStepCall(_ call: Derivation.Call) -> Bool {
        DerivationParser.stepCallees.contains(call.name) && call.arguments.isEmpty
            && call.resolution?.isStatic == false
    }

    /// Whether every answer of the block can be sent in place.
    static func isDirect(_ body: StepBody) -> Bool {
        body.steps.allSatisfy { step in
            if case .signal = step { return false }
            return true
        }
    }

    func name(of call: Derivation.Call) -> String {
        guard flavor == .reference, let resolution = call.resolution, !resolution.isPrimitive else {
            return call.name
        }
        return "reference" + call.name.capitalizedFirst
    }

    func callExpression(_ call: Derivation.Call, hasContext: Bool) -> String {
        var text: String
        let isStatic = call.resolution?.isStatic ?? false
        if let receiver = call.receiver {
            text = "\(expression(receiver, hasContext: false)).\(name(of: call))"
        } else if isStatic {
            text = hasContext ? ".\(name(of: call))" : "\(bareSignal).\(name(of: call))"
        } else {
            text = "\(receiverName).\(name(of: call))"
        }
        let isProperty = call.resolution?.isProperty ?? false
        if !isProperty && (!call.arguments.isEmpty || call.trailingClosure == nil) {
            text += "(" + call.arguments.map { argument($0, callee: call.name) }.joined(separator: ", ") + ")"
        }
        if let closure = call.trailingClosure {
            text += " " + self.closure(closure, callee: call.name)
        }
        return text
    }

    func argument(_ argument: Derivation.Argument, callee: String) -> String {
        let label = argument.label.map { "\($0): " } ?? ""
        switch argument.value {
        case .signal(let derivation): return label + expression(derivation, hasContext: true)
        case .swift(let text): return label + text.text
        case .closure(let closure): return label + self.closure(closure, callee: callee)
        }
    }

    func closure(_ closure: Derivation.Closure, callee: String) -> String {
        let head = closure.parameters.isEmpty ? "" : " \(closure.parameters) in"
        switch closure.body {
        case .swift(let text):
            if let mapped = mappedBody(text) { return "{\(head)" + mapped + "}" }
            return "{\(head)" + Self.indentedBody(text.text) + "}"
        case .steps(let body):
            let isBind = callee == "bind"
            if let mapped = mappedBlock(body, closure: closure, isBind: isBind) { return mapped }
            let rendered = render(body) { step in isBind ? bindStep(step) : signalStep(step) }
            if isBind {
                // bind takes a factory that makes the block once per subscription.
                let state = (spec?.state ?? []).map { $0.text + "\n" }.joined()
                return "{\n" + Self.indent(state + "return {\(head)" + Self.indentedBody(rendered) + "}")
                    + "\n}"
            }
            return "{\(head)" + Self.indentedBody(rendered) + "}"
        }
    }

    /// A step as the `BindStep` a reference `bind` block returns.
    func bindStep(_ step: Step) -> String {
        switch step {
        case .just(let value, _): ".merge(.just(\(value.text)))"
        case .empty: ".merge(.empty)"
        case .error(let failure, _): ".merge(.error(\(failure.text)))"
        case .signal(let signal, _): ".merge(\(signal.text))"
        case .stop: ".stop"
        case .last(let inner, _): ".mergeThenStop(\(signalStep(inner)))"
        case .conditional(let condition, let a, let b): "\(condition.text) ? \(bindStep(a)) : \(bindStep(b))"
        }
    }

    /// A step as the signal a `flattenMap` block returns.
    func signalStep(_ step: Step) -> String {
        switch step {
        case .just(let value, _): ".just(\(value.text))"
        case .empty: ".empty"
        case .error(let failure, _): ".error(\(failure.text))"
        case .signal(let signal, _): signal.text
        case .stop, .last: ".empty"  // rejected by the parser outside bind
        case .conditional(let condition, let a, let b):
            "\(condition.text) ? \(signalStep(a)) : \(signalStep(b))"
        }
    }

    func render(_ body: StepBody, _ step: (Step) -> String) -> String {
        body.pieces.map { piece in
            switch piece {
            case .swift(let text): text.text
            case .result(let result, let isReturn): (isReturn ? "return " : "") + step(result)
            }
        }.joined()
    }

    // MARK: Blocks shipped as calls

    /// A block shipped as a call to `bind` or `flattenMap`, with each character of its text at its
    /// spec line and column, as in a direct sink: each answer becomes `return` statements (an `if`
    /// for a conditional) laid out around the text copied from the step (see ``SpecLayout``).
    /// The state of a `bind` block stays in variables its block captures, which it uses under
    /// their own names, so the text needs no rewriting for them. `nil` without `paths`.
    func mappedBlock(_ body: StepBody, closure: Derivation.Closure, isBind: Bool) -> String? {
        guard let paths else { return nil }
        let head = closure.parameters.isEmpty ? "" : " \(closure.parameters) in"
        var layout = SpecLayout(paths: paths)
        for piece in body.pieces {
            switch piece {
            case .swift(let text):
                layout.copy(text)
            case .result(let step, _):
                // The spec's `return`, if any, is not copied: each answer returns on its own.
                layout.endStatement()
                returns(step, isBind: isBind, into: &layout)
            }
        }
        let back = Self.lineDirective(closure.location, paths: paths)
        let block = "{\(head)\n" + Self.verbatimLines(layout.text) + back + "}"
        guard isBind else { return block }
        // bind takes a factory that makes the block once per subscription.
        var state = SpecLayout(paths: paths)
        for line in spec?.state ?? [] { state.copy(line) }
        let declarations = state.text.isEmpty ? "" : Self.verbatimLines(state.text) + back
        return "{\n" + declarations + Self.indent("return " + block) + "\n}"
    }

    /// Each line of `text` marked to be written as it is, at the columns the layout gave it.
    static func verbatimLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
            .map { CodeWriter.verbatim + $0 + "\n" }.joined()
    }

    /// `return` statements that answer `step`, each piece of spec text in them at its spec column:
    /// a ``BindStep`` in a `bind` block, a signal in a `flattenMap` block. `wrap` is what holds the
    /// signal answered: `.merge(…)` or `.mergeThenStop(…)` in bind, nothing in flattenMap.
    func returns(_ step: Step, isBind: Bool, into layout: inout SpecLayout, wrap: (String, String)? = nil) {
        let (open, close) = wrap ?? (isBind ? (".merge(", ")") : ("", ""))
        switch step {
        case .just(let value, _):
            layout.statement("return \(open).just(", value, ")\(close)")
        case .empty:
            layout.statement("return \(open).empty\(close)")
        case .error(let failure, _):
            layout.statement("return \(open).error(", failure, ")\(close)")
        case .signal(let signal, _):
            // In parentheses, so that a signal on the line after the `return` is still its value,
            // with no warning that it is.
            layout.statement("return \(open.isEmpty ? "(" : open)", signal, open.isEmpty ? ")" : close)
        case .stop where isBind && wrap == nil:
            layout.statement("return .stop")
        case .stop:
            // What the reference answers outside bind, or inside `last`: nothing more is sent.
            layout.statement("return \(open).empty\(close)")
        case .last where !isBind || wrap != nil:
            layout.statement("return \(open).empty\(close)")
        case .last(.conditional(let condition, let a, let b), let location):
            // The same choice, made once either way.
            returns(
                .conditional(condition, .last(a, location), .last(b, location)), isBind: isBind, into: &layout
            )
        case .last(let inner, _):
            returns(inner, isBind: isBind, into: &layout, wrap: (".mergeThenStop(", ")"))
        case .conditional(let condition, let a, let b):
            layout.statement("if ", condition, " {")
            returns(a, isBind: isBind, into: &layout, wrap: wrap)
            layout.append(" } else {", endsStatement: true)
            returns(b, isBind: isBind, into: &layout, wrap: wrap)
            layout.append(" }", endsStatement: true)
        }
    }

    // MARK: The direct sink

    /// A `bind` or `flattenMap` lowered into one lifted signal that forwards or drops each value
    /// (a chain of them subscribes and releases in constant stack depth).
    ///
    /// Per-subscription state lives in `SinkState` cells rather than captured variables, which
    /// Swift would check for exclusive access on every event. The block gets each cell's value as
    /// an `inout` parameter named like the state, so that its text is copied as the spec has it:
    /// rewriting `taken` as `taken.value` would move every later column of the line, and with
    /// them where the compiler reports an error.
    func directSink(_ call: Derivation.Call, closure: Derivation.Closure, body: StepBody, hasContext: Bool)
        -> String
    {
        let upstream = call.receiver.map { expression($0, hasContext: false) } ?? receiverName
        let finishes = body.steps.contains { step in
            switch step {
            case .error, .stop, .last: true
            default: false
            }
        }
        let returnType = spec?.signature.returnType ?? "Signal"
        let head = closure.parameters.isEmpty ? "" : " \(closure.parameters) in"
        let stateLines = call.name == "bind" ? spec?.state ?? [] : []
        let cells = stateLines.compactMap { line in Self.stateCell(line.text).map { (line, $0) } }
        var layout = SpecLayout(paths: paths)
        for piece in body.pieces {
            switch piece {
            case .swift(let text):
                layout.copy(text)
            case .result(let step, let isReturn):
                layout.endStatement()
                statements(step, into: &layout)
                if isReturn { layout.append("; return;", endsStatement: true) }
            }
        }
        let downstream = Self.downstream
        let lifetime = Self.generated("lifetime")
        var code = CodeWriter()
        let name = hasContext ? sinkName.map { "name: \($0), " } ?? "" : ""
        // A sink that can finish before its upstream does subscribes the upstream in a lifetime
        // of its own and disposes it as it finishes, before it passes the terminal event on, as
        // the `bind` it lowers does: the upstream stops at once, however late the terminal event
        // reaches the subscriber (a `repeat` below a `take` must not subscribe again).
        let lifted = "\(hasContext ? returnType : "Signal")(\(name)lifting: \(upstream)"
        let (open, close) =
            finishes
            ? ("\(lifted), subscribingIn: { \(downstream), \(lifetime) in", "})")
            : ("\(lifted)) { \(downstream), \(lifetime) in", "}")
        code.block(open, close) { code in
            for (line, cell) in cells {
                code.sourceLocation(line.start, paths: paths)
                code.line(cell.declaration)
            }
            code.sourceLocation(closure.location, paths: paths)
            if finishes {
                code.line("let \(Self.isFinished) = SinkState(false)")
                code.line("let \(Self.upstreamLifetime) = \(lifetime).child()")
            }
            // In place: an event reaches the stage's observer without being converted between
            // its generic and its specialized form.
            let opening = "Observer(handlingInPlace: { \(Self.generated("event")) in"
            let observer =
                finishes
                ? ("return (\(opening)", "}), \(Self.upstreamLifetime))")
                : ("return \(opening)", "})")
            code.block(observer.0, observer.1) { code in
                if finishes { code.line("guard !\(Self.isFinished).value else { return }") }
                code.line("switch \(Self.generated("event")) {")
                code.line("case .next(let \(Self.generated("input"))):")
                code.indentation += 1
                for (_, cell) in cells { code.line("\(cell.name).withValue { \(cell.name) in") }
                code.line("{\(head)")
                code.verbatim(layout.text)
                code.sourceLocation(closure.location, paths: paths)
                code.line("}(\(Self.generated("input")))")
                for _ in cells { code.line("}") }
                code.indentation -= 1
                code.line("case .error(let \(Self.generated("failure"))):")
                code.line("    \(downstream).sendError(\(Self.generated("failure")))")
                code.line("case .completed:")
                code.line("    \(downstream).sendCompleted()")
                code.line("}")
            }
        }
        return String(code.text.dropLast())
    }

    /// A name of generated code, which no spec may declare (see ``SwiftNames/generatedPrefix``).
    static func generated(_ name: String) -> String { SwiftNames.generatedPrefix + name.capitalizedFirst }
    static let downstream = generated("downstream")
    static let isFinished = generated("isFinished")
    static let upstreamLifetime = generated("upstreamLifetime")

    /// `var taken = 0` → the cell `let taken = SinkState(0)`; `var seen: Set<Value> = []` →
    /// `let seen = SinkState<Set<Value>>([])`.
    static func stateCell(_ line: String) -> (name: String, declaration: String)? {
        guard let declaration = try? StateParser.parse(LocatedText(unlocated: line)) else { return nil }
        let type = declaration.type.map { "<\($0)>" } ?? ""
        return (declaration.name, "let \(declaration.name) = SinkState\(type)(\(declaration.initial))")
    }

    /// Statements that send what `step` answers, each piece of spec text in them at its spec
    /// column: the generated text is laid out around it (see ``SpecLayout``).
    func statements(_ step: Step, into layout: inout SpecLayout) {
        let downstream = Self.downstream
        // Disposes the upstream, then passes the terminal event on: RAC's order, and `bind`'s.
        let finish = "\(Self.isFinished).value = true; \(Self.upstreamLifetime).dispose()"
        switch step {
        case .just(let value, _):
            layout.statement("\(downstream).sendNext(", value, ")")
        case .empty, .signal:  // a signal is not lowered: see isDirect
            layout.statement("()")
        case .error(let failure, _):
            layout.statement("\(finish); \(downstream).sendError(", failure, ")")
        case .stop:
            layout.statement("\(finish); \(downstream).sendCompleted()")
        case .last(let inner, _):
            statements(inner, into: &layout)
            layout.append(
                "; if !\(Self.isFinished).value { \(finish); \(downstream).sendCompleted() }",
                endsStatement: true)
        case .conditional(let condition, let a, .empty):
            layout.statement("if ", condition, " {")
            statements(a, into: &layout)
            layout.append(" }", endsStatement: true)
        case .conditional(let condition, .empty, let b):
            layout.statement("if !(", condition, ") {")
            statements(b, into: &layout)
            layout.append(" }", endsStatement: true)
        case .conditional(let condition, let a, let b):
            layout.statement("if ", condition, " {")
            statements(a, into: &layout)
            layout.append(" } else {", endsStatement: true)
            statements(b, into: &layout)
            layout.append(" }", endsStatement: true)
        }
    }

    /// A closure body copied from the spec onto lines of its own, each character at its spec line
    /// and column (see ``SpecLayout``), so that the compiler reports a Swift error in it where the
    /// spec has it; the closing brace and what follows map to the body's last line. `nil` without
    /// `paths`, and for a body of white space only.
    func mappedBody(_ text: LocatedText) -> String? {
        guard let paths,
            let lastOffset = Array(text.text).lastIndex(where: { !$0.isWhitespace })
        else { return nil }
        var layout = SpecLayout(paths: paths)
        layout.copy(text.slice(0..<lastOffset + 1))
        return "\n" + Self.verbatimLines(layout.text)
            + Self.lineDirective(text.location(at: lastOffset), paths: paths)
    }

    /// A directive, written as it is, that has the compiler take the next line for `location`'s.
    static func lineDirective(_ location: SourceLocation, paths: SpecPaths) -> String {
        CodeWriter.verbatim
            + "#sourceLocation(file: \(paths.relative(location.file).swiftLiteral), line: \(location.line))\n"
    }

    // MARK: Text helpers

    /// The text indented, except lines written verbatim: their columns are the spec's.
    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty || $0.hasPrefix(CodeWriter.verbatim) ? String($0) : "    " + $0 }
            .joined(separator: "\n")
    }

    /// A closure body: one line stays on the line, several are indented on their own lines.
    static func indentedBody(_ text: String) -> String {
        let trimmed = text.trimmingSpaces
        // A line comment would swallow the closing brace of a one-line body.
        if !trimmed.contains("\n") && !trimmed.contains("//") { return " \(trimmed) " }
        return "\n" + indent(text.dedented.trimmingSpaces) + "\n"
    }
}
