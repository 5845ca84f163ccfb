// Package receipttest generates large receipt graphs, deterministically, for
// benchmarks and tests of package receipt: a random bulk in which every
// record stays alive on a grounding set, plus planted regions whose
// revocation kills an exact number of records. It also builds the view a
// pipeline's test hands the pipeline ([View]).
//
// It is for tests and benchmarks only and must never be imported by
// production code.
package receipttest
