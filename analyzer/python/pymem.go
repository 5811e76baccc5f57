package python

import "sync"

// unloadUnused drops the syntax trees, definitions and sources of the
// modules that prefetch loaded ahead and no one asked for (ensure), once
// the selection is made: the interpretation rarely asks for them, and
// held they were 272 modules (0.18 M nodes, 1.4 MB of source, 1,252
// defs) through its peak on the six-tree set. One asked for later is
// loaded again, to the same tree. It returns how many it dropped.
//
// It must run while no worker runs: ensure reads the fields it resets.
func (p *program) unloadUnused() int {
	n := 0
	for _, m := range p.mods {
		if m.used.Load() || m.parsed == nil && m.note == nil {
			continue
		}
		if m.open != nil {
			m.src = nil
		}
		m.tab, m.parsed, m.lines, m.note = nil, nil, lineIndex{}, nil
		m.funcs, m.classes, m.main = nil, nil, noNode
		m.once = sync.Once{}
		n++
	}
	return n
}
