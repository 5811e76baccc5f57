package cpp

// Runs for some files only: a scan's assumption runs
// (scan.conditionalFindings) evaluate units again with a configuration
// macro assumed, and read the results of the few files whose chains the
// macro alone leaves undecided, often headers the units include early.
// Only a file's first visit in a pass records results (process), so a
// pass may stop once every such file it can still reach has had its whole
// first visit.
//
// What a pass can still reach: K, the unit's static include closure, is
// closed under literal #includes. A file with a computed #include (a
// header name from a macro: opaque) can reach files outside it. While no
// opaque file is being read, every file on the stack of open readings is
// in K (each was included literally by the one below it), so what the
// pass would read from here on is files of K, except through an opaque
// file of K read again. The pass stops, after an #include, when
//   - every wanted file of K is seen and none is being read: their first
//     visits are whole (a replayed visit sets the seen flags of every file
//     it visited), and
//   - no opaque file is being read, and every opaque file of K is
//     #pragma once and seen: process never reads it again.
//
// Then no later first visit can be one of a wanted file. CCCL's opaque
// files (thrust's `#include __THRUST_HOST_SYSTEM_ALGORITH_DETAIL_HEADER_INCLUDE(x.h)`)
// are all #pragma once. TestRunForSameResults compares with full runs.

// partialRun is what a run for some files only keeps across its units.
type partialRun struct {
	e      *Engine
	only   []bool // the files the caller reads, by ID
	opaque []bool // fsShared.opaque
	reach  *Reacher
	cur    partialUnit
	// stops counts the passes that stopped early (for the tests).
	stops int
}

// partialUnit is what the passes of a unit check: the wanted and the
// opaque files of its static closure, in closure order.
type partialUnit struct {
	run            *partialRun
	wanted, opaque []int
	pass1          partialPass
}

// partialPass is what one pass of a unit tracks to stop: how many of
// the unit's wanted and opaque files, in order, are done, and how many
// wanted (first visits) and opaque files are being read.
type partialPass struct {
	u                      *partialUnit
	wantedDone, opaqueDone int
	openWanted, openOpaque int
}

// NewRunFor starts a run whose results the caller reads for the files
// marked in only (by file ID), and for no other: their results are those
// of NewRun; the other files' are partial (see partial.go), and their
// observations are not recorded (passState.observes).
func (e *Engine) NewRunFor(only []bool) *Run {
	r := e.NewRun()
	r.part = &partialRun{e: e, only: only, opaque: e.fs.sharedInfo().opaque, reach: NewReacher(e.fs.IncludeGraph())}
	return r
}

// unit prepares the passes of unit u; nil when it can reach no wanted
// file: its closure holds none and no computed #include.
func (pr *partialRun) unit(u *File) *partialUnit {
	pu := &pr.cur
	pu.run = pr
	pu.wanted, pu.opaque = pu.wanted[:0], pu.opaque[:0]
	for _, id := range pr.reach.Reach(u.ID) {
		if pr.only[id] {
			pu.wanted = append(pu.wanted, id)
		}
		if pr.opaque[id] {
			pu.opaque = append(pu.opaque, id)
		}
	}
	if len(pu.wanted) == 0 && len(pu.opaque) == 0 {
		return nil
	}
	return pu
}

// pass starts the tracking of one pass of the unit.
func (pu *partialUnit) pass() *partialPass {
	pu.pass1 = partialPass{u: pu}
	return &pu.pass1
}

// enter notes that the pass starts reading f (record: its first visit);
// it reports whether leave must be called when the reading ends.
func (pp *partialPass) enter(f *File, record bool) bool {
	pr := pp.u.run
	w, o := record && pr.only[f.ID], pr.opaque[f.ID]
	if w {
		pp.openWanted++
	}
	if o {
		pp.openOpaque++
	}
	return w || o
}

// leave notes that a reading enter reported ends.
func (pp *partialPass) leave(f *File, record bool) {
	pr := pp.u.run
	if record && pr.only[f.ID] {
		pp.openWanted--
	}
	if pr.opaque[f.ID] {
		pp.openOpaque--
	}
}

// done reports whether nothing the pass would read from here on can
// record results for a wanted file (the rules above). The files found
// done stay done for the rest of the pass: seen and once flags are never
// cleared within it.
func (pp *partialPass) done(w *worker) bool {
	if pp.openWanted > 0 || pp.openOpaque > 0 {
		return false
	}
	u := pp.u
	for pp.wantedDone < len(u.wanted) && w.seen[u.wanted[pp.wantedDone]] {
		pp.wantedDone++
	}
	if pp.wantedDone < len(u.wanted) {
		return false
	}
	files := u.run.e.fs.Files
	for pp.opaqueDone < len(u.opaque) {
		if id := u.opaque[pp.opaqueDone]; !files[id].Once || !w.once[id] {
			return false
		}
		pp.opaqueDone++
	}
	return true
}

// observes reports whether the pass records the observations of file id:
// a run for some files only records those of its files alone. The other
// files' results would be read by no one, and recording them (and their
// evaluation info) was most of what the assumption runs kept alive: each
// run's results hold every file it visits, its stored visits every
// observation, and the runs of two macros at once held 137 MB of the
// six-tree set's 306 MB at the C++ phase's peak.
func (ps *passState) observes(id int32) bool {
	return ps.only == nil || ps.only[id]
}

// sameFilter reports whether two runs record the same files: the same
// filter (NewRunFor's only, nil for every file), by identity. A stored
// visit holds the observations of its run's files only (visitEntry.only),
// so it is replayed only by runs that record those files and no other:
// those of its filter, or, for a complete visit, any run (replayItems
// leaves out what a run does not record).
func sameFilter(a, b []bool) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
