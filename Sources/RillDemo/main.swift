import Rill
import RillTesting

let a = Signal<Int, Never>.from([1, 2, 3]).concat(.just(4))
print(a.record().events)
let b = a.bind { { v in v == 3 ? .mergeThenStop(.just(v * 10)) : .merge(.from([v, v])) } }
print(b.name, b.record().events)
let z = a.zip(with: Signal<String, Never>.from(["x", "y"]))
print(z.name, z.record().events)
let c = Signal<Int, Never>.create { s in
    s.sendNext(1); s.sendNext(2); s.sendCompleted(); s.sendNext(3)
    return ActionDisposable { print("disposed") }
}
print(c.record().events)
