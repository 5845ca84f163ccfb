package storetest

import (
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/internal/sqlstore"
	"github.com/veritykb/verity/llm"
)

// The SQL store keeps what the pipelines persist in the root package's
// types, so it satisfies what each pipeline asks of a store without
// importing the pipeline (internal/sqlstore imports none but receipt).
// These assertions live here, where both may be imported, and keep it so.
var (
	_ extract.Store = (*sqlstore.DB)(nil)
	_ audit.Store   = (*sqlstore.DB)(nil)
	_ audit.Log     = (*sqlstore.DB)(nil)
	_ llm.Cache     = sqlstore.Cache{}
)
