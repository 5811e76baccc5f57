package python

import (
	"iter"
	"slices"
	"strings"
)

// env is one scope's bindings: a module's globals, a function's locals, a
// class body's names. Exploring a branch used to copy the whole map (and
// joining paths walked every name), which at a module's top level, with
// hundreds of globals and a try/except or an if around most imports, was a
// tenth of a flashinfer scan. Now a frame changes its one map in place, and
// a branch is a savepoint: the writes made after it are logged so that
// restore undoes them, and diff reads what the branch changed, so that a
// join only visits the names some path wrote. Savepoints nest (a branch
// inside a branch) and are always restored in reverse order.
//
// A call's locals are few, and each name read in a function is first
// looked for there (a global or a builtin misses): while an environment
// binds at most smallEnv names they are a slice scanned in place, which
// hashes nothing, and only a bigger one becomes a map (module globals are
// one from the start). The order of the slice means nothing.
type env struct {
	small []binding // the bindings while m is nil
	m     map[string]Value
	// spare is a cleared map an environment lent again by the worker's
	// pool (putEnv) reuses when it grows past smallEnv.
	spare map[string]Value
	log   []undo
	marks int // savepoints not yet restored: writes are logged while > 0
	// selfName and selfAttrs are a method call's self (callFunc): the
	// name selfName+"."+k reads selfAttrs[k] while the environment binds
	// no such name, as if each attribute were bound when the call
	// began. Binding them all (a string made per attribute per call)
	// grew most method calls' environments into maps.
	selfName  string
	selfAttrs map[string]Value
}

// smallEnv is the number of names up to which an environment is a slice.
const smallEnv = 8

// newEnv is an empty environment for a few names (a call's); newGlobals
// one for a module's globals or a class body's names, a map from the start.
func newEnv() *env { return &env{small: make([]binding, 0, smallEnv)} }

func newGlobals() *env { return &env{m: map[string]Value{}} }

func (e *env) get(name string) (Value, bool) {
	if e == nil {
		return Value{}, false
	}
	if v, ok := e.own(name); ok || e.selfAttrs == nil {
		return v, ok
	}
	return e.selfAttr(name)
}

// own is the value the environment binds to name itself (not as a self
// attribute).
func (e *env) own(name string) (Value, bool) {
	if e.m != nil {
		v, ok := e.m[name]
		return v, ok
	}
	for i := range e.small {
		if e.small[i].name == name {
			return e.small[i].v, true
		}
	}
	return Value{}, false
}

// selfAttr is the self attribute name reads, when it is one.
func (e *env) selfAttr(name string) (Value, bool) {
	if rest, ok := strings.CutPrefix(name, e.selfName); ok && len(rest) > 0 && rest[0] == '.' {
		v, ok := e.selfAttrs[rest[1:]]
		return v, ok
	}
	return Value{}, false
}

// getDotted is get(obj + "." + attr), built in buf: an attribute of a
// name is looked up as such a key at every read (self.x, bound by
// bindTarget), and the map lookup of a converted byte slice makes no
// string. A slice is scanned for the key's parts instead.
func (e *env) getDotted(buf *[]byte, obj, attr string) (Value, bool) {
	if e == nil {
		return Value{}, false
	}
	if e.m == nil {
		n := len(obj) + 1 + len(attr)
		for i := range e.small {
			k := e.small[i].name
			if len(k) == n && k[len(obj)] == '.' && k[:len(obj)] == obj && k[len(obj)+1:] == attr {
				return e.small[i].v, true
			}
		}
	} else {
		b := append(append(append((*buf)[:0], obj...), '.'), attr...)
		*buf = b
		if v, ok := e.m[string(b)]; ok {
			return v, true
		}
	}
	if e.selfAttrs != nil && obj == e.selfName {
		v, ok := e.selfAttrs[attr]
		return v, ok
	}
	return Value{}, false
}

func (e *env) set(name string, v Value) {
	if e.m == nil {
		for i := range e.small {
			if b := &e.small[i]; b.name == name {
				if e.marks > 0 {
					e.log = append(e.log, undo{name: name, old: b.v, had: true})
				}
				b.v = v
				return
			}
		}
		if e.marks > 0 {
			e.log = append(e.log, undo{name: name})
		}
		if len(e.small) < smallEnv {
			e.small = append(e.small, binding{name, v})
			return
		}
		e.grow()
		e.m[name] = v
		return
	}
	if e.marks > 0 {
		old, had := e.m[name]
		e.log = append(e.log, undo{name: name, old: old, had: had})
	}
	e.m[name] = v
}

// put binds name to v without logging (restore).
func (e *env) put(name string, v Value) {
	if e.m == nil {
		for i := range e.small {
			if e.small[i].name == name {
				e.small[i].v = v
				return
			}
		}
		if len(e.small) < smallEnv {
			e.small = append(e.small, binding{name, v})
			return
		}
		e.grow()
	}
	e.m[name] = v
}

// grow moves the slice's bindings into a map.
func (e *env) grow() {
	m := e.spare
	e.spare = nil
	if m == nil {
		m = make(map[string]Value, 2*smallEnv)
	}
	for _, b := range e.small {
		m[b.name] = b.v
	}
	clear(e.small)
	e.small = e.small[:0]
	e.m = m
}

// unset removes name's binding (restore).
func (e *env) unset(name string) {
	if e.m != nil {
		delete(e.m, name)
		return
	}
	for i := range e.small {
		if e.small[i].name == name {
			last := len(e.small) - 1
			e.small[i] = e.small[last]
			e.small[last] = binding{}
			e.small = e.small[:last]
			return
		}
	}
}

// all is every binding, in no particular order: a self attribute the
// environment does not bind as well (selfAttrs).
func (e *env) all() iter.Seq2[string, Value] {
	return func(yield func(string, Value) bool) {
		if e.m != nil {
			for k, v := range e.m {
				if !yield(k, v) {
					return
				}
			}
		} else {
			for _, b := range e.small {
				if !yield(b.name, b.v) {
					return
				}
			}
		}
		for k, v := range e.selfAttrs {
			name := e.selfName + "." + k
			if _, own := e.own(name); own {
				continue
			}
			if !yield(name, v) {
				return
			}
		}
	}
}

// bindings is the number of names bound.
func (e *env) bindings() int {
	if e.m != nil {
		return len(e.m)
	}
	return len(e.small)
}

// asMap is the bindings as a map: the environment's own once it has one
// (a class body's names become the class attributes).
func (e *env) asMap() map[string]Value {
	if e.m == nil {
		e.grow()
	}
	return e.m
}

// reset empties the environment for the worker's pool, keeping a small
// map to grow into again; ok is false for one not worth keeping (a big
// map would cost its size to clear at every reuse).
func (e *env) reset() (ok bool) {
	if e.marks != 0 || len(e.m) > 64 {
		return false
	}
	clear(e.small)
	e.small = e.small[:0]
	if e.m != nil {
		clear(e.m)
		e.spare, e.m = e.m, nil
	}
	e.selfName, e.selfAttrs = "", nil
	return true
}

// undo is a write to take back: the name had old (had) or was unbound.
type undo struct {
	name string
	old  Value
	had  bool
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
			e.put(u.name, u.old)
		} else {
			e.unset(u.name)
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
	var d []binding
	return e.diffOn(&d, mark)
}

// diffOn is diff with the bindings appended to *stack: the worker's
// stack of the paths being joined (branchStack), which a branch pops once
// it has joined, instead of a fresh slice per path.
func (e *env) diffOn(stack *[]binding, mark int) envDiff {
	if len(e.log) == mark {
		return envDiff{}
	}
	log := e.log[mark:]
	start := len(*stack)
	d := slices.Grow(*stack, len(log))
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
		} else if envDiff(d[start:]).index(u.name) >= 0 {
			continue
		}
		v, _ := e.get(u.name)
		d = append(d, binding{u.name, v})
	}
	*stack = d
	// A full slice expression: nothing appended to the stack later can
	// write into this path.
	return envDiff(d[start:len(d):len(d)])
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
			for name := range e.all() {
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
		return e.get(name)
	}
	out := js.out[:0]
	for _, name := range names {
		// The fold of the old joinEnv, path by path; a name bound on
		// one side only is oneSidedJoin's.
		cur, ok := lookup(0, name)
		for i := 1; i < len(paths); i++ {
			w, wok := lookup(i, name)
			switch {
			case ok && wok:
				cur = join(cur, w)
			case ok:
				cur = oneSidedJoin(cur)
			case wok:
				cur, ok = oneSidedJoin(w), true
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

// oneSidedJoin is the value at a join of a name that one path bound to v
// and the other did not bind. Where the other path was taken, reading the
// name raises NameError, so every read that goes on reads v; that is kept
// for a module (unsloth-zoo's `if not _IS_MLX: import torch` at a module's
// top level, torch read by every helper after it; a module imported in a
// try whose except skips the test). Any other value becomes unknown, as
// before: keeping those too followed 13% more interpreter steps on
// flashinfer (7.25 M -> 8.23 M) and changed no finding on the field trees
// (docs/performance.md, session 29).
func oneSidedJoin(v Value) Value {
	if v.k == vModule || v.k == vExt {
		return v
	}
	return unknownIf(v.Cap)
}
