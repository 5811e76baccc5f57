package cst

// calleeName is the unqualified name of the function a call_expression's
// "function" child designates:
//
//	f(x)              f
//	ns::T<int>::f(x)  f
//	g<T>(x)           g
//	p->m(), s.m()     m
//	s.template m<T>() m
//	k<<<g, b>>>(x)    k (the grammar makes launches call_expressions)
//
// Calls through expressions ((*fp)(x), table[i](x), lambda()) have no
// name and give "".
func (t *Tree) calleeName(fn int32) string {
	// Bounded loop rather than recursion; each step goes one level down.
	for range 64 {
		if fn < 0 {
			return ""
		}
		switch t.kind(fn) {
		case "identifier":
			name := t.text(fn)
			if isCast(name) {
				return ""
			}
			return name
		case "field_identifier", "destructor_name", "operator_name":
			return t.text(fn)
		case "field_expression":
			fn = t.childByField(fn, t.kinds.fField)
		case "dependent_name":
			// obj.template m<T>(): the template keyword, then the name.
			fn = t.lastNamedChild(fn)
		case "qualified_identifier", "template_function", "template_method":
			fn = t.childByField(fn, t.kinds.fName)
		default:
			return ""
		}
	}
	return ""
}

// isCast reports the C++ cast keywords, which the grammar parses as calls of
// template functions (static_cast<T>(x)) but which call nothing.
func isCast(name string) bool {
	switch name {
	case "static_cast", "reinterpret_cast", "const_cast", "dynamic_cast":
		return true
	}
	return false
}
