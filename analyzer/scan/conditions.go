package scan

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/finding"
)

// conditionErrors turns preprocessor errors in conditions into
// notifications: the directive is treated as undecided and the scan goes
// on. Conditions that fail for one cause, an identifier archlint has no
// working definition of where it reads them, give one notification per
// cause and scan root, which counts them and lists where they are, as
// compilers do with repeated diagnostics: CCCL's libcu++ configuration
// macros, defined in headers without an extension that archlint does not
// scan, gave 1,356 notifications. The causes are a function-like macro
// with no definition (clang's "function-like macro "X" is not defined")
// and an identifier gcc reports "missing binary operator" before (a macro
// whose definition is undecided, left unexpanded as an argument). Other
// errors keep one notification per condition.
func conditionErrors(fs *cpp.FileSet, r *cpp.Results) []finding.Notification {
	var out []finding.Notification
	causes := map[causeKey]*cause{}
	for _, f := range fs.Files {
		if r.Stopped[f.ID] {
			out = append(out, notification(f.Root, f.Path, 0, fmt.Sprintf("translation unit stopped after %d header readings in one pass "+
				"(headers without include guards that include each other): conditions it alone reaches may be missed", cpp.MaxReadsPerPass)))
		}
		for di, dr := range r.ByFile[f.ID] {
			if dr == nil || dr.Err == "" {
				continue
			}
			d := f.St.Src.Directives[di]
			text := fmt.Sprintf("#%s %s", d.Keyword, d.Args)
			if name := namedCause(dr.Err); name != "" {
				k := causeKey{root: f.Root, err: dr.Err, macro: name}
				c := causes[k]
				if c == nil {
					c = &cause{}
					causes[k] = c
				}
				c.add(f, d.Line, text)
				continue
			}
			out = append(out, notification(f.Root, f.Path, d.Line, fmt.Sprintf("%s: %s (treated as undecided)", text, dr.Err)))
		}
	}
	if len(causes) == 0 {
		return out
	}
	defs := definitions(fs, causes)
	for k, c := range causes {
		out = append(out, c.notification(k, defs[k]))
	}
	return out
}

// The evaluator's errors that name their cause (expr.Error's text).
const (
	undefinedPrefix = `#if: function-like macro "`
	undefinedSuffix = `" is not defined`
	operatorPrefix  = `#if: missing binary operator before token "`
)

// namedCause is the identifier an error names as its cause (see
// conditionErrors), or "".
func namedCause(err string) string {
	var name string
	switch {
	case strings.HasPrefix(err, undefinedPrefix) && strings.HasSuffix(err, undefinedSuffix):
		name = err[len(undefinedPrefix) : len(err)-len(undefinedSuffix)]
	case strings.HasPrefix(err, operatorPrefix) && strings.HasSuffix(err, `"`):
		name = err[len(operatorPrefix) : len(err)-1]
	}
	if name == "" || definedName(name) != name || name[0] >= '0' && name[0] <= '9' {
		return "" // a number or punctuator: nothing to group by
	}
	return name
}

// undefinedMacro reports whether an error is an undefined function-like
// macro's.
func undefinedMacro(err string) bool { return strings.HasPrefix(err, undefinedPrefix) }

// causeKey groups condition errors: one error naming one identifier, in one
// scan root (repositories scanned side by side have causes of their own).
type causeKey struct{ root, err, macro string }

// cause is the conditions one cause (causeKey) left undecided.
type cause struct {
	conditions int
	files      int
	lastFile   *cpp.File
	places     []finding.Location
}

func (c *cause) add(f *cpp.File, line int, text string) {
	c.conditions++
	if f != c.lastFile {
		// conditionErrors reads the files one after another.
		c.files++
		c.lastFile = f
	}
	c.places = append(c.places, finding.Location{Root: f.Root, Path: f.Path, Line: line, Message: text})
}

// notification is the cause's one notification: at the first condition in
// path order, naming the cause, for an undefined macro where the scanned
// code #defines it (def, "" for nowhere), and how many conditions in how
// many files it left undecided, with the first finding.MaxLocations of them
// as its locations.
func (c *cause) notification(k causeKey, def string) finding.Notification {
	slices.SortFunc(c.places, func(a, b finding.Location) int { return a.Compare(b) })
	what := "1 condition in 1 file"
	if c.conditions > 1 {
		what = fmt.Sprintf("%d conditions in %s", c.conditions, plural(c.files, "file"))
	}
	// Either way the sentence names the identifier and says what
	// archlint met; the evaluator's own words follow in parentheses.
	why := fmt.Sprintf("identifier %s is left unexpanded where archlint reads it (%s)", k.macro, strings.TrimPrefix(k.err, "#if: "))
	if undefinedMacro(k.err) {
		where := "#defined nowhere in the scan roots"
		if def != "" {
			where = "#defined at " + def + ", which archlint's reading of the includes and branches does not bring into effect here"
		}
		why = fmt.Sprintf("function-like macro %s is not defined where archlint reads it (%s)", k.macro, where)
	}
	first := c.places[0]
	n := notification(first.Root, first.Path, first.Line, fmt.Sprintf("%s: %s treated as undecided, the first here: %s", why, what, first.Message))
	n.Locations = slices.Clip(c.places[:min(len(c.places), finding.MaxLocations)])
	return n
}

// definitions finds, for each undefined-macro cause, the first #define of
// its macro (in path order) in its own scan root, else in any root, as
// "root/path:line"; causes whose macro no file defines are left out.
func definitions(fs *cpp.FileSet, causes map[causeKey]*cause) map[causeKey]string {
	wanted := map[string]bool{}
	for k := range causes {
		if undefinedMacro(k.err) {
			wanted[k.macro] = true
		}
	}
	// first holds each macro's first #define in each root, and under
	// root "" in any root.
	type rootMacro struct{ root, macro string }
	first := map[rootMacro]finding.Location{}
	keep := func(k rootMacro, l finding.Location) {
		if o, ok := first[k]; !ok || l.Compare(o) < 0 {
			first[k] = l
		}
	}
	for _, f := range fs.Files {
		for _, d := range f.St.Src.Directives {
			if d.Kind != cpp.DirDefine {
				continue
			}
			name := definedName(d.Args)
			if !wanted[name] {
				continue
			}
			l := finding.Location{Root: f.Root, Path: f.Path, Line: d.Line}
			keep(rootMacro{f.Root, name}, l)
			keep(rootMacro{"", name}, l)
		}
	}
	out := map[causeKey]string{}
	for k := range causes {
		l, ok := first[rootMacro{k.root, k.macro}]
		if !ok {
			l, ok = first[rootMacro{"", k.macro}]
		}
		if ok && undefinedMacro(k.err) {
			out[k] = fmt.Sprintf("%s:%d", path.Join(finding.MessageRoot(l.Root), l.Path), l.Line)
		}
	}
	return out
}

// definedName is the macro name a #define's arguments start with.
func definedName(args string) string {
	args = strings.TrimLeft(args, " \t")
	end := strings.IndexFunc(args, func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '$')
	})
	if end < 0 {
		end = len(args)
	}
	return args[:end]
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
