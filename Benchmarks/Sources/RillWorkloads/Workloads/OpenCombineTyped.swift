import OpenCombine

/// OpenCombine used idiomatically: statically typed pipelines on `Publishers.Sequence` and `Just`.
enum OpenCombineTyped {
    static let library = Library(
        name: "opencombine",
        iterations: ([
            "W0": sinkOnly, "W1": pipeline, "W2": deepChain, "W3": subscriptionChurn, "W4": fanOut,
            "W5": zipSequences, "W5x": zipMapped, "W6a": concatMany,
            "W6b": { _ in OpenCombineErased.leftNestedConcat(links: 10_000) },
            "W6c": { _ in OpenCombineErased.leftNestedConcat(links: 100_000) },
            "W6d": { _ in OpenCombineErased.leftNestedConcat(links: 1_000_000) }, "W14": mergeHalves,
            "W17": collectToArray, "W18": subscribedOnImmediate,
        ] as [String: @Sendable (Inputs) -> Int]).merging(OpenCombineHot.iterations) { cold, _ in cold })

    static func sinkOnly(_ inputs: Inputs) -> Int {
        var sum = 0
        let cancellable = inputs.million.publisher.sink { sum += $0 }
        cancellable.cancel()
        return sum
    }

    static func pipeline(_ inputs: Inputs) -> Int {
        var sum = 0
        let cancellable = inputs.million.publisher
            .map { $0 * 2 }
            .filter { $0 % 2 == 0 }
            .scan(0) { $0 + $1 }
            .prefix(Workloads.w1Take)
            .sink { sum += $0 }
        cancellable.cancel()
        return sum
    }

    /// One statement per stage: a single expression of 100 calls does not type-check in
    /// reasonable time.
    static func deepChain(_ inputs: Inputs) -> Int {
        var sum = 0
        let p0 = inputs.hundredThousand.publisher
        let p1 = p0.map { $0 + 1 }
        let p2 = p1.map { $0 + 1 }
        let p3 = p2.map { $0 + 1 }
        let p4 = p3.map { $0 + 1 }
        let p5 = p4.map { $0 + 1 }
        let p6 = p5.map { $0 + 1 }
        let p7 = p6.map { $0 + 1 }
        let p8 = p7.map { $0 + 1 }
        let p9 = p8.map { $0 + 1 }
        let p10 = p9.map { $0 + 1 }
        let p11 = p10.map { $0 + 1 }
        let p12 = p11.map { $0 + 1 }
        let p13 = p12.map { $0 + 1 }
        let p14 = p13.map { $0 + 1 }
        let p15 = p14.map { $0 + 1 }
        let p16 = p15.map { $0 + 1 }
        let p17 = p16.map { $0 + 1 }
        let p18 = p17.map { $0 + 1 }
        let p19 = p18.map { $0 + 1 }
        let p20 = p19.map { $0 + 1 }
        let p21 = p20.map { $0 + 1 }
        let p22 = p21.map { $0 + 1 }
        let p23 = p22.map { $0 + 1 }
        let p24 = p23.map { $0 + 1 }
        let p25 = p24.map { $0 + 1 }
        let p26 = p25.map { $0 + 1 }
        let p27 = p26.map { $0 + 1 }
        let p28 = p27.map { $0 + 1 }
        let p29 = p28.map { $0 + 1 }
        let p30 = p29.map { $0 + 1 }
        let p31 = p30.map { $0 + 1 }
        let p32 = p31.map { $0 + 1 }
        let p33 = p32.map { $0 + 1 }
        let p34 = p33.map { $0 + 1 }
        let p35 = p34.map { $0 + 1 }
        let p36 = p35.map { $0 + 1 }
        let p37 = p36.map { $0 + 1 }
        let p38 = p37.map { $0 + 1 }
        let p39 = p38.map { $0 + 1 }
        let p40 = p39.map { $0 + 1 }
        let p41 = p40.map { $0 + 1 }
        let p42 = p41.map { $0 + 1 }
        let p43 = p42.map { $0 + 1 }
        let p44 = p43.map { $0 + 1 }
        let p45 = p44.map { $0 + 1 }
        let p46 = p45.map { $0 + 1 }
        let p47 = p46.map { $0 + 1 }
        let p48 = p47.map { $0 + 1 }
        let p49 = p48.map { $0 + 1 }
        let p50 = p49.map { $0 + 1 }
        let p51 = p50.map { $0 + 1 }
        let p52 = p51.map { $0 + 1 }
        let p53 = p52.map { $0 + 1 }
        let p54 = p53.map { $0 + 1 }
        let p55 = p54.map { $0 + 1 }
        let p56 = p55.map { $0 + 1 }
        let p57 = p56.map { $0 + 1 }
        let p58 = p57.map { $0 + 1 }
        let p59 = p58.map { $0 + 1 }
        let p60 = p59.map { $0 + 1 }
        let p61 = p60.map { $0 + 1 }
        let p62 = p61.map { $0 + 1 }
        let p63 = p62.map { $0 + 1 }
        let p64 = p63.map { $0 + 1 }
        let p65 = p64.map { $0 + 1 }
        let p66 = p65.map { $0 + 1 }
        let p67 = p66.map { $0 + 1 }
        let p68 = p67.map { $0 + 1 }
        let p69 = p68.map { $0 + 1 }
        let p70 = p69.map { $0 + 1 }
        let p71 = p70.map { $0 + 1 }
        let p72 = p71.map { $0 + 1 }
        let p73 = p72.map { $0 + 1 }
        let p74 = p73.map { $0 + 1 }
        let p75 = p74.map { $0 + 1 }
        let p76 = p75.map { $0 + 1 }
        let p77 = p76.map { $0 + 1 }
        let p78 = p77.map { $0 + 1 }
        let p79 = p78.map { $0 + 1 }
        let p80 = p79.map { $0 + 1 }
        let p81 = p80.map { $0 + 1 }
        let p82 = p81.map { $0 + 1 }
        let p83 = p82.map { $0 + 1 }
        let p84 = p83.map { $0 + 1 }
        let p85 = p84.map { $0 + 1 }
        let p86 = p85.map { $0 + 1 }
        let p87 = p86.map { $0 + 1 }
        let p88 = p87.map { $0 + 1 }
        let p89 = p88.map { $0 + 1 }
        let p90 = p89.map { $0 + 1 }
        let p91 = p90.map { $0 + 1 }
        let p92 = p91.map { $0 + 1 }
        let p93 = p92.map { $0 + 1 }
        let p94 = p93.map { $0 + 1 }
        let p95 = p94.map { $0 + 1 }
        let p96 = p95.map { $0 + 1 }
        let p97 = p96.map { $0 + 1 }
        let p98 = p97.map { $0 + 1 }
        let p99 = p98.map { $0 + 1 }
        let p100 = p99.map { $0 + 1 }
        let cancellable = p100.sink { sum += $0 }
        cancellable.cancel()
        return sum
    }

    static func subscriptionChurn(_ inputs: Inputs) -> Int {
        var sum = 0
        for value in inputs.hundredThousand {
            let cancellable = Just(value).map { $0 + 1 }.sink { sum += $0 }
            cancellable.cancel()
        }
        return sum
    }

    static func fanOut(_ inputs: Inputs) -> Int {
        var sum = 0
        let cancellable = inputs.tenThousand.publisher
            .flatMap { outer in (outer * 100..<outer * 100 + 100).publisher }
            .sink { sum += $0 }
        cancellable.cancel()
        return sum
    }

    static func zipSequences(_ inputs: Inputs) -> Int {
        var sum = 0
        let cancellable = inputs.million.publisher.zip(inputs.secondMillion.publisher)
            .sink { sum += $0.0 + $0.1 }
        cancellable.cancel()
        return sum
    }

    static func zipMapped(_ inputs: Inputs) -> Int {
        var sum = 0
        let cancellable = inputs.million.publisher.map { $0 }.eraseToAnyPublisher()
            .zip(inputs.secondMillion.publisher.map { $0 }.eraseToAnyPublisher())
            .sink { sum += $0.0 + $0.1 }
        cancellable.cancel()
        return sum
    }

    /// OpenCombine has no n-ary concat; its idiom is a flatMap limited to one publisher at a time.
    static func concatMany(_ inputs: Inputs) -> Int {
        var sum = 0
        let sources = inputs.hundredThousand.map { Just($0) }
        let cancellable = sources.publisher.flatMap(maxPublishers: .max(1)) { $0 }.sink { sum += $0 }
        cancellable.cancel()
        return sum
    }

    /// OpenCombine 0.14 has no `merge`; its idiom is a `flatMap` of the sources, unlimited.
    static func mergeHalves(_ inputs: Inputs) -> Int {
        var sum = 0
        let halves = [inputs.million[..<Workloads.mergeHalf], inputs.million[Workloads.mergeHalf...]]
        let cancellable = halves.publisher.flatMap { $0.publisher }
            .sink { sum += $0 }
        cancellable.cancel()
        return sum
    }

    static func collectToArray(_ inputs: Inputs) -> Int {
        var values: [Int] = []
        let cancellable = inputs.million.publisher.collect().sink { values = $0 }
        cancellable.cancel()
        return values.reduce(0, &+)
    }

    static func subscribedOnImmediate(_ inputs: Inputs) -> Int {
        var sum = 0
        let cancellable = inputs.million.publisher.subscribe(on: ImmediateScheduler.shared).sink { sum += $0 }
        cancellable.cancel()
        return sum
    }
}
