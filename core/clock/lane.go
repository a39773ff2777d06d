package clock

import "github.com/kubeloop/kubeloop/core/fifo"

// nowLane holds, first in first out, the tasks Schedule queued for the
// current instant: watch deliveries and reconciles, most of a run's tasks
// (at 10,000 pods, about a million of them). Each was pushed onto and
// popped off the heap, sifting through its ~log₂ 20,000 levels of
// timers. They need no heap:
// each is due now and has a higher sequence than every task queued before
// it, so they run in the order they came — after the heap's tasks due now
// with a lower sequence, before every later one — and Step takes whichever
// of the lane's first task and the heap's comes first in (deadline,
// sequence) order, as one heap would. The lane is empty whenever time
// moves on: its tasks are due before anything later.
//
// No one holds these timers (Schedule does not return them), so none is
// ever stopped, and the lane never removes from its middle.
//
// The lane is a fifo.Queue of heap entries.
type nowLane = fifo.Queue[heapEntry]
