// This folder is a target only so that SwiftPM notices spec files being added, removed or
// renamed; the operator plugin checks the specs here. The operators are generated into `FeedFeature`.
