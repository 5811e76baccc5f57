package python

import (
	"fmt"
	"slices"
	"sync"
)

// faults are the internal errors (panics) the analysis's goroutines met.
// archlint is run on untrusted code: an input that trips a bug in the
// interpreter must cost a notification, not the scan. A panic is caught
// where the goroutine's work item began (guard); the Python results are
// then suspect as a whole (a worker stopped half way leaves its records
// half made), so analyze drops them all and says so, and the C/C++ scan
// goes on.
type faults struct {
	mu   sync.Mutex
	msgs []string
}

// guard, deferred at the top of a goroutine's work item, catches a panic
// in it and keeps its message.
func (p *program) guard(what string) {
	if r := recover(); r != nil {
		p.faults.mu.Lock()
		p.faults.msgs = append(p.faults.msgs, fmt.Sprintf("%s: %v", what, r))
		p.faults.mu.Unlock()
	}
}

// faultNotes is the caught panics as one notification (nil when there
// were none): the first message in sorted order (which goroutine met one
// first varies with scheduling) and how many more there were.
func (p *program) faultNotes() []Notification {
	p.faults.mu.Lock()
	msgs := slices.Clone(p.faults.msgs)
	p.faults.mu.Unlock()
	if len(msgs) == 0 {
		return nil
	}
	slices.Sort(msgs)
	msgs = slices.Compact(msgs)
	msg := msgs[0]
	if len(msgs) > 1 {
		msg += fmt.Sprintf(", and %d more", len(msgs)-1)
	}
	return []Notification{{Msg: "internal error in the Python analysis (" + msg +
		"); no Python gate, JIT module or call path is reported: please report this with the files scanned"}}
}

// faulted says whether a goroutine has caught a panic: the phases after
// one are not run (they would read what it left half made).
func (p *program) faulted() bool {
	p.faults.mu.Lock()
	defer p.faults.mu.Unlock()
	return len(p.faults.msgs) > 0
}
