// Package postings is Verity's inverted index: posting lists in immutable
// segments, and top-k retrieval over them that stops early. It is pure — it
// encodes, merges and searches byte slices — so that every store keeps the
// same bytes in its own tables (SQLite BLOBs, PostgreSQL bytea) and ranks
// with the same code to the same scores.
//
// A segment holds a run of chunks (docs) with consecutive, increasing ids.
// Its doc table gives each doc's id, record and length; each term has a
// posting list of (doc ordinal, term frequency) pairs in ordinal order, cut
// into blocks of [BlockSize]. Every block header carries the block's last
// ordinal, so a list skips a block without decoding it, and the block's
// largest frequency and smallest doc length, which bound what any doc in the
// block can score for the term whatever the collection statistics are; the
// list carries the same bound for all its blocks.
//
// Retrieval is MaxScore (Turtle and Flood, 1995) rather than WAND or
// impact-ordered lists. Queries here are short bags of terms whose weights
// differ by orders of magnitude (a rare name beside "data"), which is where
// MaxScore does well: once the k-th best score is above what the common
// terms could add together, only docs holding a rare term are visited and
// the common lists are merely probed, block by block, for those docs.
// Impact-ordered lists would have to be rewritten whenever the collection
// statistics move, which every ingest does; MaxScore's bounds are computed
// from the stored (frequency, length) at query time, so segments never
// change once written. Block bounds tighten the probes as in block-max
// MaxScore.
//
// Results are per record (a record's best chunk), as [rank.Records] ranks
// them, with the same tie-break (the lower chunk id). One traversal fills two
// top-k lists: the caller's readable records, and all records, from which
// the store draws content-free hints about unreadable records that would
// have ranked. A doc that its caller cannot read is dropped as soon as its
// bound cannot reach the all-records list, so the cost follows the few best
// documents, not every match. Lists that only the caller's own (lower) bar
// makes essential are, for a caller who reads few records, walked from one
// readable doc to the next ([Seg.Readable]) rather than posting by posting,
// and only probed, block bound first, for the docs it may not read; the
// all-records list still costs what it costs a caller who reads all, which
// is the floor of one traversal for both lists.
package postings
