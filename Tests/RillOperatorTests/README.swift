// The tests of this target are generated from Specs/ by the operator plugin during the build:
// for every example, a test of the shipped operator, a test of its reference implementation
// (the derivation taken literally), and a comparison of the two on random marbles; for every
// model, a property test against the Swift model.
