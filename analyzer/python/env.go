package python

import "slices"

// env is one scope's bindings: a module's globals, a function's locals, a
// class body's names. Exploring a branch used to copy the whole map (and
// joining paths walked every name), which at a module's top level, with
// hundreds of globals and a try/except or an if around most imports, was a
// tenth of a flashinfer scan. Now a frame changes its one map in place, and
// a branch is a savepoint: the writes made after it are logged so that
// restore undoes them, and diff reads what the branch changed, so that a
// join only visits the names some path wrote. Savepoints nest (a branch
// inside a branch) and are always restored in reverse order.
type env struct {
	m     map[string]Value
	log   []undo
	marks int // savepoints not yet restored: writes are logged while > 0
}

// undo is a write to take back: the name had old (had) or was unbound.
type undo struct {
	name string
	old  Value
	had  bool
}

func newEnv() *env { return &env{m: map[string]Value{}} }

func (e *env) get(name string) (Value, bool) {
	if e == nil {
		return Value{}, false
	}
	v, ok := e.m[name]
	return v, ok
}

// getDotted is get(obj + "." + attr), built in buf: an attribute of a
// name is looked up as such a key at every read (self.x, bound by
// bindTarget), and the map lookup of a converted byte slice makes no
// string.
func (e *env) getDotted(buf *[]byte, obj, attr string) (Value, bool) {
	if e == nil {
		return Value{}, false
	}
	b := append(append(append((*buf)[:0], obj...), '.'), attr...)
	*buf = b
	v, ok := e.m[string(b)]
	return v, ok
}

func (e *env) set(name string, v Value) {
	if e.marks > 0 {
		old, had := e.m[name]
		e.log = append(e.log, undo{name: name, old: old, had: had})
	}
	e.m[name] = v
}

// save starts a branch; restore(mark) ends it.
func (e *env) save() int {
	e.marks++
	return len(e.log)
}

// restore takes back every write since the mark.
func (e *env) restore(mark int) {
	for i := len(e.log) - 1; i >= mark; i-- {
		u := &e.log[i]
		if u.had {
			e.m[u.name] = u.old
		} else {
			delete(e.m, u.name)
		}
	}
	clear(e.log[mark:]) // the old values are garbage now
	e.log = e.log[:mark]
	e.marks--
}

// envDiff is a path's environment as the names it bound since the branch
// began, with their values at its end, each name once; nil is the
// environment the branch began with. A slice, not a map: most paths bind
// a few names, and a diff is read once, by join.
type envDiff []binding

type binding struct {
	name string
	v    Value
}

// smallDiff is the size up to which diff and join find names by a linear
// scan instead of a map.
const smallDiff = 16

// diff is what the writes since the mark left bound.
func (e *env) diff(mark int) envDiff {
	if len(e.log) == mark {
		return envDiff{}
	}
	log := e.log[mark:]
	d := make(envDiff, 0, len(log))
	var seen map[string]bool
	if len(log) > smallDiff {
		seen = make(map[string]bool, len(log))
	}
	for _, u := range log {
		if seen != nil {
			if seen[u.name] {
				continue
			}
			seen[u.name] = true
		} else if d.index(u.name) >= 0 {
			continue
		}
		d = append(d, binding{u.name, e.m[u.name]})
	}
	return d
}

// index is where d binds name, or -1.
func (d envDiff) index(name string) int {
	for i := range d {
		if d[i].name == name {
			return i
		}
	}
	return -1
}

// join sets the environment to the join of paths that all began where the
// environment is now (each path's diff, nil for one that changed nothing),
// exactly as joining every name of full copies would: a name no path wrote
// has the same value on every path, and the join of a value with itself is
// the value, except for a float NaN (not equal to itself), which is why a
// worker that ever made one (nan) joins every name.
func (e *env) join(paths []envDiff, nan bool) {
	e.joinIn(paths, nan, &joinScratch{})
}

// joinScratch is join's working space, which a worker keeps between
// joins (they never nest): the names and the joined values of each.
type joinScratch struct {
	names []string
	out   []binding
}

// joinIn is join with its working space in js.
func (e *env) joinIn(paths []envDiff, nan bool, js *joinScratch) {
	if len(paths) == 1 {
		// One path: it is the result, with no join of values.
		for _, b := range paths[0] {
			e.set(b.name, b.v)
		}
		return
	}
	// The names some path wrote, each once; the fold below reads every
	// path's value of each, through a map for a big diff.
	total := 0
	for _, d := range paths {
		total += len(d)
	}
	names := js.names[:0]
	var index []map[string]int
	if total > smallDiff || nan {
		seen := make(map[string]bool, total)
		index = make([]map[string]int, len(paths))
		for i, d := range paths {
			if len(d) > smallDiff {
				index[i] = make(map[string]int, len(d))
			}
			for j, b := range d {
				if index[i] != nil {
					index[i][b.name] = j
				}
				if !seen[b.name] {
					seen[b.name] = true
					names = append(names, b.name)
				}
			}
		}
		if nan {
			for name := range e.m {
				if !seen[name] {
					seen[name] = true
					names = append(names, name)
				}
			}
		}
	} else {
		for _, d := range paths {
			for _, b := range d {
				if !slices.Contains(names, b.name) {
					names = append(names, b.name)
				}
			}
		}
	}
	lookup := func(i int, name string) (Value, bool) {
		d := paths[i]
		j := -1
		if index != nil && index[i] != nil {
			if k, ok := index[i][name]; ok {
				j = k
			}
		} else {
			j = d.index(name)
		}
		if j >= 0 {
			return d[j].v, true
		}
		v, ok := e.m[name]
		return v, ok
	}
	out := js.out[:0]
	for _, name := range names {
		// The fold of the old joinEnv, path by path: a name bound on
		// one side only becomes unknown.
		cur, ok := lookup(0, name)
		for i := 1; i < len(paths); i++ {
			w, wok := lookup(i, name)
			switch {
			case ok && wok:
				cur = join(cur, w)
			case ok:
				cur = unknownIf(cur.Cap)
			case wok:
				cur, ok = unknownIf(w.Cap), true
			}
		}
		if ok {
			out = append(out, binding{name, cur})
		}
	}
	// Every fold reads the environment as the paths began; write after.
	for _, b := range out {
		e.set(b.name, b.v)
	}
	// No stale references for the collector.
	clear(names)
	clear(out)
	js.names, js.out = names[:0], out[:0]
}
