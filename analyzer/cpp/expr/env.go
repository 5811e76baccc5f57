package expr

// Macro is one #define.
type Macro struct {
	Name     string
	FuncLike bool
	Params   []string // for variadic macros the last is "__VA_ARGS__" (or the named variadic param)
	Variadic bool
	Body     string // replacement list text, as written after the name/params
}

// Env answers, for an identifier, whether it is a defined macro (True, with
// its *Macro), known to be undefined (False), or unknown (Unknown: we
// cannot tell whether/how it is defined).
//
// Eval never asks about "defined", "__has_include", "__has_include_next" or
// the C++ alternative operator spellings; it asks about "true" and "false"
// but only honours a True answer (a #define of them), treating them as the
// C++ keywords otherwise. Other compiler builtins (__has_builtin,
// __has_cpp_attribute, __LINE__, ...) are ordinary names to Eval: the Env
// decides, e.g. by reporting them Unknown, which makes __has_builtin(x)
// an unknown value. GCC's obsolete assertions (#if #cpu(x86_64)) are looked
// up as "#cpu(x86_64)", and "#cpu" for the bare form; the Macro is ignored.
type Env interface {
	Lookup(name string) (*Macro, Tri)
	HasInclude(header string, angled bool) Tri
}

// MapEnv is a simple Env: macros by name, a default answer for absent names
// and an optional __has_include oracle. The zero value is a closed world
// with no macros where every __has_include is Unknown.
type MapEnv struct {
	Macros  map[string]*Macro
	Default Tri // answer for names not in Macros: False (closed world) or Unknown

	// Include answers __has_include; nil means Unknown for every header.
	Include func(header string, angled bool) Tri
}

// Lookup implements Env.
func (e *MapEnv) Lookup(name string) (*Macro, Tri) {
	if m, ok := e.Macros[name]; ok {
		if m == nil {
			return nil, False
		}
		return m, True
	}
	return nil, e.Default
}

// HasInclude implements Env.
func (e *MapEnv) HasInclude(header string, angled bool) Tri {
	if e.Include == nil {
		return Unknown
	}
	return e.Include(header, angled)
}

// Define adds an object-like or function-like macro from the text of a
// #define after the directive name, e.g. `F(a, b) ((a)+(b))` or `X 1`.
// It is a convenience for tests and callers; it returns the macro.
func (e *MapEnv) Define(def string) *Macro {
	m := ParseDefine(def)
	if m == nil {
		return nil
	}
	if e.Macros == nil {
		e.Macros = make(map[string]*Macro)
	}
	e.Macros[m.Name] = m
	return m
}

// ParseDefine parses the text after "#define" into a Macro. A '(' directly
// after the name starts a parameter list; "..." and "name..." declare
// variadic macros. It returns nil when the text has no macro name or the
// parameter list is malformed.
func ParseDefine(def string) *Macro {
	i := 0
	for i < len(def) && (def[i] == ' ' || def[i] == '\t') {
		i++
	}
	j := i
	for j < len(def) && isIdentChar(def[j]) {
		j++
	}
	if j == i || isDigit(def[i]) {
		return nil
	}
	m := &Macro{Name: def[i:j]}
	if j < len(def) && def[j] == '(' {
		m.FuncLike = true
		k := j + 1
		for {
			for k < len(def) && (def[k] == ' ' || def[k] == '\t') {
				k++
			}
			if k < len(def) && def[k] == ')' && len(m.Params) == 0 {
				k++
				break
			}
			if k+3 <= len(def) && def[k:k+3] == "..." {
				m.Params = append(m.Params, "__VA_ARGS__")
				m.Variadic = true
				k += 3
			} else {
				p := k
				for k < len(def) && isIdentChar(def[k]) {
					k++
				}
				if p == k {
					return nil
				}
				m.Params = append(m.Params, def[p:k])
				if k+3 <= len(def) && def[k:k+3] == "..." {
					m.Variadic = true
					k += 3
				}
			}
			for k < len(def) && (def[k] == ' ' || def[k] == '\t') {
				k++
			}
			if k < len(def) && def[k] == ',' && !m.Variadic {
				k++
				continue
			}
			if k < len(def) && def[k] == ')' {
				k++
				break
			}
			return nil
		}
		j = k
	}
	m.Body = trimSpace(def[j:])
	return m
}

func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	for j > i && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	return s[i:j]
}

// noEnv stands in for a nil Env: no macros, every name undefined, every
// __has_include unknown.
type noEnv struct{}

func (noEnv) Lookup(string) (*Macro, Tri) { return nil, False }
func (noEnv) HasInclude(string, bool) Tri { return Unknown }
