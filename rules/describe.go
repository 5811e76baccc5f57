package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/target"
)

// archSet renders a set of passes (target.FormatSet).
func archSet(passes []target.Arch, in func(p int) bool) []string { return target.FormatSet(passes, in) }

// flavorNames lists the names of the target flavors selected by in.
func (c *Context) flavorNames(in func(i int) bool) []string {
	var out []string
	for i, p := range c.Flavors {
		if in(i) {
			out = append(out, c.Passes[p].Name())
		}
	}
	return out
}

// flavorPhrase says which builds a finding holds for: "every build (sm_120,
// sm_120a, sm_120f)" or "the sm_120 and sm_120f builds only".
func (c *Context) flavorPhrase(held []string) string {
	if len(held) == len(c.Flavors) {
		if len(held) == 1 {
			return held[0]
		}
		return "every build (" + strings.Join(held, ", ") + ")"
	}
	return fmt.Sprintf("the %s build%s only", andList(held), plural(len(held)))
}

// subject names the target in a message: the GPU when the finding holds for
// every build, else the builds it holds for.
func (c *Context) subject(held []string) string {
	if len(held) == len(c.Flavors) {
		return c.Passes[c.Flavors[0]].Base().Name()
	}
	return andList(held)
}

// andList joins names as a sentence does: "a", "a and b", "a, b and c".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// them is the object pronoun for n things: "it" or "them".
func them(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func singularVerb(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}

// directiveText is how a directive reads in a message: "#if (defined(...))".
func directiveText(d *cpp.Directive) string {
	if d.Macro {
		if d.Args == "" {
			return d.Keyword
		}
		return d.Keyword + "(" + d.Args + ", ...)"
	}
	if d.Args == "" {
		return "#" + d.Keyword
	}
	return "#" + d.Keyword + " " + d.Args
}

// loc is the location of a directive.
func loc(f *cpp.File, d *cpp.Directive, msg string) finding.Location {
	return finding.Location{Root: f.Root, Path: f.Path, Line: d.Line, Col: d.Col, EndLine: d.EndLine,
		Message: msg, Snippet: directiveText(d)}
}

// lineLoc is the location of a physical line.
func lineLoc(f *cpp.File, line int, msg string) finding.Location {
	return finding.Location{Root: f.Root, Path: f.Path, Line: line, Col: 1, Message: msg}
}

// defRelated turns derived-macro definitions into related locations.
func defRelated(dirs []*cpp.DirResult) []finding.Location {
	var out []finding.Location
	seen := map[string]bool{}
	for _, dr := range dirs {
		if dr == nil {
			continue
		}
		for _, d := range dr.Defs {
			key := fmt.Sprintf("%s:%d:%s", d.File.Name(), d.Line, d.Macro)
			if seen[key] {
				continue
			}
			seen[key] = true
			// Under a condition, not always the architecture's: mscclpp's
			// __FP8_TYPES_EXIST__ is defined under CUDART_VERSION >= 11080.
			out = append(out, lineLoc(d.File, d.Line, fmt.Sprintf("%s is defined here, under a preprocessor condition", d.Macro)))
		}
	}
	return out
}

// defMacros names the derived macros of dirs' conditions, in order.
func defMacros(dirs []*cpp.DirResult) string {
	var names []string
	for _, dr := range dirs {
		if dr == nil {
			continue
		}
		for _, d := range dr.Defs {
			if !slices.Contains(names, d.Macro) {
				names = append(names, d.Macro)
			}
		}
	}
	return andList(names)
}

// modelNote says when CUTLASS's arch macros came from the built-in model.
func modelNote(dirs []*cpp.DirResult) string {
	for _, dr := range dirs {
		if dr != nil && dr.CutlassModel {
			return " CUTLASS's arch macros come from archlint's built-in model of cutlass/arch/config.h (CUTLASS headers are not in the scan roots)."
		}
	}
	return ""
}

// oneArch reports whether a list of arch names (target.FormatSet) names a
// single architecture: "sm_90", not "sm_90..sm_110", "sm_103a/sm_103f" or
// two names, so that the verb after it agrees ("sm_90 gets").
func oneArch(names []string) bool {
	return len(names) == 1 && !strings.Contains(names[0], "..") && !strings.Contains(names[0], "/")
}

// failureText is how a message names the failure a branch holds. The
// failure pattern (cpp's failureRE) matches the start of the call only,
// "CUTE_INVALID_CONTROL_PATH(" or "static_assert(false": a message that
// quoted it read "holds CUTE_INVALID_CONTROL_PATH(, while". The call is
// completed with "...": "CUTE_INVALID_CONTROL_PATH(...)",
// "static_assert(false, ...)", `asm("trap;")`; whitespace is collapsed,
// and an #error line or a whole call is left as it is.
func failureText(f string) string {
	if strings.HasPrefix(f, "#") {
		return f
	}
	f = strings.Join(strings.Fields(f), " ")
	f = strings.TrimRight(f, " ,&|")
	if strings.Count(f, "(") <= strings.Count(f, ")") {
		return f
	}
	switch {
	case strings.HasSuffix(f, "("):
		return f + "...)"
	case strings.HasPrefix(f, "asm"):
		return f + ")"
	case strings.HasPrefix(f, "static_assert"):
		return f + ", ...)"
	}
	return f + " ...)"
}
