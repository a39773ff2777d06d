package engine

// Table is the first rows of one of the page's tables (the DNS names, the
// volume claims) and how many rows were left out. The page draws each row
// as markup: a StatefulSet of 10,000 replicas has 10,000 claims and, behind
// its headless Service, 10,000 names, more than anyone reads and a long
// task to decode and lay out on the page's thread. The page says how many
// more there are; kubectl lists them all.
type Table[T any] struct {
	Rows []T `json:"rows,omitempty"`
	More int `json:"more,omitempty"`
}

// MaxTableRows bounds a Table's rows.
const MaxTableRows = 100

// firstRows is a table of the first MaxTableRows of rows.
func firstRows[T any](rows []T) Table[T] {
	if len(rows) <= MaxTableRows {
		return Table[T]{Rows: rows}
	}
	return Table[T]{Rows: rows[:MaxTableRows:MaxTableRows], More: len(rows) - MaxTableRows}
}
