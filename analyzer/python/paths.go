package python

import (
	"path"
	"strings"
)

// Path values. JIT builders name their sources through pathlib and
// os.path: CSRC = Path(__file__).resolve().parents[2] / "csrc". A vPath is
// such a path as a slash string: exact (i == 1) when it is anchored at the
// scan root (it starts at __file__, whose place within the root is known),
// or a tail (i == 0) when only its last components are known, as in
// jit_env.UNKNOWN_DIR / "x.cu". The chain resolves both to files by suffix.

func vpathExact(p string) Value {
	v := textValue(vPath, p)
	v.i = 1
	return v
}

// vpathTail is a path whose leading part is unknown; leading "../" and "/"
// say nothing about the file, so they go.
func vpathTail(p string) Value {
	p = strings.TrimLeft(path.Clean("/"+p), "/")
	if p == "" {
		return unknown
	}
	return textValue(vPath, p)
}

func (v Value) exactPath() bool { return v.k == vPath && v.i == 1 }

// pathJoin is a / b and os.path.join(a, b).
func pathJoin(a, b Value) Value {
	var rel string
	switch b.k {
	case vStr:
		rel = b.text()
	case vPath:
		if !b.exactPath() || a.k != vPath && a.k != vStr {
			return b
		}
		rel = b.text()
	default:
		return unknownIf(a.Cap || b.Cap)
	}
	if strings.HasPrefix(rel, "/") {
		return vstr(rel) // an absolute part starts over
	}
	switch {
	case a.exactPath():
		j := path.Join(a.text(), rel)
		if j == "." {
			j = ""
		}
		if j == ".." || strings.HasPrefix(j, "../") {
			// Above the scan root: only the part below is known.
			return vpathTail(strings.TrimLeft(strings.ReplaceAll(j, "../", ""), "."))
		}
		return vpathExact(j)
	case a.k == vPath:
		return vpathTail(a.text() + "/" + rel)
	case a.k == vStr:
		return vstr(path.Join(a.text(), rel))
	}
	return vpathTail(rel)
}

// pathParent is p.parent and os.path.dirname(p); the root's parent is
// outside what the scan knows.
func pathParent(v Value) Value {
	switch v.k {
	case vPath:
		if v.text() == "" || !strings.Contains(v.text(), "/") && !v.exactPath() {
			return unknown
		}
		if !strings.Contains(v.text(), "/") {
			return vpathExact("")
		}
		d := path.Dir(v.text())
		if v.exactPath() {
			return vpathExact(d)
		}
		return vpathTail(d)
	case vStr:
		d := path.Dir(v.text())
		if d == "." {
			d = ""
		}
		return vstr(d)
	}
	return unknown
}

// pathParents is p.parents: the ancestors, nearest first, down to the root.
func pathParents(v Value) Value {
	var elems []Value
	for p := pathParent(v); p.k == vPath || p.k == vStr && p.text() != ""; p = pathParent(p) {
		elems = append(elems, p)
		if p.text() == "" {
			break
		}
	}
	return seqValue(vTuple, elems, false)
}

// pathAttr is an attribute of a path value.
func pathAttr(v Value, name string) (Value, bool) {
	switch name {
	case "parent":
		return pathParent(v), true
	case "parents":
		return pathParents(v), true
	case "name":
		return vstr(path.Base(v.text())), true
	case "stem":
		b := path.Base(v.text())
		return vstr(strings.TrimSuffix(b, path.Ext(b))), true
	case "suffix":
		return vstr(path.Ext(v.text())), true
	}
	return unknown, false
}

// pathMethod is a method of a path value that keeps or joins it.
func pathMethod(v Value, name string, a callArgs) (Value, bool) {
	switch name {
	case "resolve", "absolute", "expanduser", "as_posix", "__str__", "__fspath__":
		return v, true
	case "joinpath":
		for _, x := range a.pos {
			v = pathJoin(v, x)
		}
		return v, true
	}
	return unknown, false
}

// pathCall gives the meaning of pathlib / os.path calls; ok is false for
// other callees.
func pathCall(p string, a callArgs) (Value, bool) {
	arg := unknown
	if len(a.pos) > 0 {
		arg = a.pos[0]
	}
	last := lastName(p)
	switch last {
	case "Path", "PurePath", "PosixPath", "PurePosixPath":
		if len(a.pos) == 0 {
			return unknown, true
		}
		v := arg
		for _, x := range a.pos[1:] {
			v = pathJoin(v, x)
		}
		return v, true
	case "join":
		if !strings.HasSuffix(p, "path.join") || len(a.pos) == 0 {
			return unknown, false
		}
		v := arg
		for _, x := range a.pos[1:] {
			v = pathJoin(v, x)
		}
		return v, true
	case "dirname":
		if strings.Contains(p, "path") {
			return pathParent(arg), true
		}
	case "abspath", "realpath", "normpath", "fspath", "expanduser":
		if strings.HasPrefix(p, "os") && (arg.k == vPath || arg.k == vStr) {
			return arg, true
		}
	}
	return unknown, false
}

// pathOperands says whether a / b joins paths: a string or path on the
// right of a path, a string, or something unknown (a directory object
// from outside the scan), never numbers.
func pathOperands(a, b Value) bool {
	if b.k != vStr && b.k != vPath {
		return false
	}
	switch a.k {
	case vPath, vStr, vUnknown, vExt, vObj:
		return true
	}
	return false
}
