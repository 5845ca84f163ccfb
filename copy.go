package verity

// CopyReport is what copying a whole store into another did, table by
// table, and whether the two sides were found equal afterwards.
type CopyReport struct {
	Tables []CopyTable `json:"tables"`
	Copied int64       `json:"copied"` // rows this run wrote, over every table
	Before int64       `json:"before"` // rows an interrupted run had written already
	// Verified says every table has the same row count and checksum on
	// both sides.
	Verified bool `json:"verified"`
}

// CopyTable is one table of a [CopyReport]. The checksums are the hex
// SHA-256 of a canonical encoding of every row in primary-key order,
// computed on each side, so equal checksums mean equal rows whatever the
// two databases are.
type CopyTable struct {
	Table        string `json:"table"`
	Copied       int64  `json:"copied"`    // rows this run wrote
	Before       int64  `json:"before"`    // rows the destination held already: a copy resumed
	Rows         int64  `json:"rows"`      // rows in the source's snapshot
	DestRows     int64  `json:"dest_rows"` // rows in the destination afterwards
	Checksum     string `json:"checksum"`
	DestChecksum string `json:"dest_checksum"`
	Match        bool   `json:"match"` // the same count and checksum on both sides
}

// CopyProgress is how far a copy is: in its stage ("check" the
// destination, "copy" rows, "verify" both sides), rows of a table done of
// its total.
type CopyProgress struct {
	Stage string
	Table string
	Done  int64
	Total int64
}
