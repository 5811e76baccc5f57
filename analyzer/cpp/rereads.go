package cpp

import (
	"encoding/binary"
	"slices"
	"unsafe"
)

// Re-reads: a header without include guard or #pragma once (CCCL's
// prologue.h and epilogue.h, X-macro tables) is read again at every
// #include, hundreds of times per unit, and each reading only changes the
// macro state: its results were recorded at the first visit. Two readings
// that start from the same state of every name they can read end in the
// same state, so the first reading's effect (the final state of the names
// it changed) is stored under its starting state and replayed on later
// readings from that state.
//
// The starting state is keyed over the identifiers of the header and of
// every header it includes, except an included header that cannot be
// entered: #pragma once already seen, or an include guard that no other
// file mentions (so the reading cannot change it first) and that is
// defined, or undecided after a visit (process skips such a header).

// rereadInfo is what the engine knows about the files of the scan.
type rereadInfo struct {
	// guardAlone[f] is set when f's include guard is mentioned by no other
	// file.
	guardAlone []bool
	// candidate[f] is set for headers worth remembering: included by some
	// file, neither guarded nor #pragma once, and not reaching a computed
	// #include.
	candidate []bool
}

func (sh *fsShared) newRereads(fs *FileSet) *rereadInfo {
	n := len(fs.Files)
	ri := &rereadInfo{guardAlone: make([]bool, n), candidate: make([]bool, n)}
	graph := fs.IncludeGraph()
	mentions := make([]int32, len(sh.nameList))
	included := make([]bool, n)
	for _, f := range fs.Files {
		for _, id := range sh.identIDs[f.ID] {
			mentions[id]++
		}
		for _, w := range graph[f.ID] {
			included[w] = true
		}
	}
	for _, f := range fs.Files {
		ri.guardAlone[f.ID] = sh.guardID[f.ID] >= 0 && mentions[sh.guardID[f.ID]] == 1
	}
	for _, f := range fs.Files {
		if !included[f.ID] || f.Once || f.St.Guard != "" {
			continue
		}
		ok := !slices.ContainsFunc(Reach(f.ID, graph), func(id int) bool { return sh.opaque[id] })
		ri.candidate[f.ID] = ok
	}
	return ri
}

// rereadEffect is the state a reading leaves: the final state of every
// name it changed and the files it marked #pragma once.
type rereadEffect struct {
	names   []int32
	defs    []*macroDef // nil: not defined
	undef   []bool
	unknown []bool
	once    []int
	cudaH   bool
	cutlass bool
	// reads are the state the first reading read before changing it
	// (visitmemo.go): a replay logs them for an enclosing capture.
	reads []stateEvent
}

// rereadKey is the starting state of a reading of f, in the worker's
// scratch (valid until the next call): the map is probed with
// string(key), which does not allocate, and a key is copied only when a
// reading is stored. Building a string and a seen map per re-read was
// 180 MB of CCCL's 1.7 GB of allocations.
func (ps *passState) rereadKey(f *File, active Tri) []byte {
	w := ps.w
	b := append(w.keyBuf[:0], byte(active), boolByte(ps.cudaH)|boolByte(ps.cutlass)<<1)
	w.keyGen++
	if w.keyGen == 0 { // wrapped: old stamps could read as this walk's
		clear(w.keySeen)
		w.keyGen = 1
	}
	b = ps.keyWalk(b, f.ID)
	w.keyBuf = b
	return b
}

// keyWalk appends file id's part of a re-read key to b: the state of its
// identifiers, then, per include, whether it can be entered, walking
// those that can.
func (ps *passState) keyWalk(b []byte, id int) []byte {
	w := ps.w
	w.keySeen[id] = w.keyGen
	b = binary.LittleEndian.AppendUint32(b, uint32(id))
	for _, n := range ps.e.identIDs[id] {
		s := &w.st[n]
		b = binary.LittleEndian.AppendUint64(b, uint64(uintptr(unsafe.Pointer(s.def))))
		b = append(b, boolByte(s.undef)|boolByte(s.unknown)<<1)
	}
	for _, g := range ps.e.fs.IncludeGraph()[id] {
		var gs nameState
		if gid := ps.e.guardID[g]; gid >= 0 {
			gs = w.st[gid]
		}
		switch {
		case w.keySeen[g] == w.keyGen:
			b = append(b, 'v')
		case ps.e.fs.Files[g].Once && w.once[g]:
			b = append(b, 'o')
		case ps.e.rereads.guardAlone[g] && gs.def != nil && !gs.unknown:
			b = append(b, 'g')
		case ps.e.rereads.guardAlone[g] && w.seen[g] && gs.unknown:
			b = append(b, 'u') // skipped like a decided guard (process)
		default:
			b = append(b, 'r')
			b = ps.keyWalk(b, g)
		}
	}
	return b
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// touch logs a name about to change while a reading is captured.
func (ps *passState) touch(id int32) {
	ps.logEvent(stateEvent{key: id, write: true})
	if ps.capturing > 0 {
		ps.touched = append(ps.touched, id)
	}
}

// captureEffect reads the final state of the names a reading changed.
func (ps *passState) captureEffect(touched []int32, once []int) *rereadEffect {
	names := slices.Clone(touched)
	slices.Sort(names)
	names = slices.Compact(names)
	ef := &rereadEffect{names: names, defs: make([]*macroDef, len(names)), undef: make([]bool, len(names)),
		unknown: make([]bool, len(names)), once: slices.Clone(once), cudaH: ps.cudaH, cutlass: ps.cutlass}
	for i, n := range names {
		s := &ps.w.st[n]
		ef.defs[i], ef.undef[i], ef.unknown[i] = s.def, s.undef, s.unknown
	}
	return ef
}

// replay puts the state a stored reading left, logging the changes for an
// enclosing capture.
func (ps *passState) replay(ef *rereadEffect) {
	for i, n := range ef.names {
		ps.touch(n)
		ps.set(n, ef.defs[i], ef.undef[i], ef.unknown[i])
	}
	for _, id := range ef.once {
		ps.writeFile(id, true)
		ps.setOnce(id)
		if ps.capturing > 0 {
			ps.touchedOnce = append(ps.touchedOnce, id)
		}
	}
	ps.cudaH, ps.cutlass = ef.cudaH, ef.cutlass
}
