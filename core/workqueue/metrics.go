package workqueue

// Metrics is a snapshot of a queue for the page's machinery view. Counts are
// plain ints so the page can render them without conversion.
type Metrics struct {
	Name string `json:"name"`
	// Depth is the number of ready items.
	Depth int `json:"depth"`
	// Processing is the number of items between Get and Done.
	Processing int `json:"processing"`
	// Waiting is the number of items with a pending delayed add.
	Waiting int `json:"waiting"`
	// Adds counts adds that made an item dirty. Duplicates that collapsed
	// into a pending add are not counted: they cost no reconcile.
	Adds int `json:"adds"`
	// Retries counts AddRateLimited calls: failed reconciles being retried.
	Retries int `json:"retries"`
}

// Metrics returns the queue's current counts.
func (q *Queue[T]) Metrics() Metrics {
	return Metrics{
		Name:       q.name,
		Depth:      q.Len(),
		Processing: len(q.processing),
		Waiting:    len(q.waiting),
		Adds:       q.adds,
		Retries:    q.retries,
	}
}
