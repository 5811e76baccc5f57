package python

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
// began, with their values at its end; nil is the environment the branch
// began with.
type envDiff map[string]Value

// diff is what the writes since the mark left bound.
func (e *env) diff(mark int) envDiff {
	if len(e.log) == mark {
		return envDiff{}
	}
	d := make(envDiff, len(e.log)-mark)
	for _, u := range e.log[mark:] {
		if _, ok := d[u.name]; !ok {
			d[u.name] = e.m[u.name]
		}
	}
	return d
}

// join sets the environment to the join of paths that all began where the
// environment is now (each path's diff, nil for one that changed nothing),
// exactly as joining every name of full copies would: a name no path wrote
// has the same value on every path, and the join of a value with itself is
// the value, except for a float NaN (not equal to itself), which is why a
// worker that ever made one (nan) joins every name.
func (e *env) join(paths []envDiff, nan bool) {
	if len(paths) == 1 {
		// One path: it is the result, with no join of values.
		for name, v := range paths[0] {
			e.set(name, v)
		}
		return
	}
	names := map[string]bool{}
	for _, d := range paths {
		for name := range d {
			names[name] = true
		}
	}
	if nan {
		for name := range e.m {
			names[name] = true
		}
	}
	lookup := func(d envDiff, name string) (Value, bool) {
		if v, ok := d[name]; ok {
			return v, true
		}
		v, ok := e.m[name]
		return v, ok
	}
	out := make([]struct {
		name string
		v    Value
	}, 0, len(names))
	for name := range names {
		// The fold of the old joinEnv, path by path: a name bound on
		// one side only becomes unknown.
		cur, ok := lookup(paths[0], name)
		for _, d := range paths[1:] {
			w, wok := lookup(d, name)
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
			out = append(out, struct {
				name string
				v    Value
			}{name, cur})
		}
	}
	// Every fold reads the environment as the paths began; write after.
	for _, kv := range out {
		e.set(kv.name, kv.v)
	}
}
