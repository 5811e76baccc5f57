package report

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/rules"
	"github.com/fatih/color"
	"github.com/mattn/go-isatty"
)

// TextOptions control WriteText.
type TextOptions struct {
	// Color turns on ANSI colors; when false the output has no escape codes
	// at all. ShouldColor gives the usual default for a terminal.
	Color bool
	// Verbose shows each finding's whole message, every chain, and its other
	// properties.
	Verbose bool
}

// ShouldColor is the default for TextOptions.Color when writing to f: on for
// a terminal, off when NO_COLOR is set (https://no-color.org) or TERM is
// "dumb".
func ShouldColor(f *os.File) bool {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	fd := f.Fd()
	return isatty.IsTerminal(fd) || isatty.IsCygwinTerminal(fd)
}

// palette holds this call's colors. Each color is switched on or off per
// instance, so color.NoColor (global) is neither read nor written.
type palette struct {
	error, warning, note, path, dim *color.Color
}

func newPalette(on bool) palette {
	p := palette{
		error:   color.New(color.FgRed, color.Bold),
		warning: color.New(color.FgYellow),
		note:    color.New(color.FgCyan),
		path:    color.New(color.Bold),
		dim:     color.New(color.Faint),
	}
	for _, c := range []*color.Color{p.error, p.warning, p.note, p.path, p.dim} {
		if on {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
	}
	return p
}

// level is the level word in its color.
func (p palette) level(l finding.Level) string {
	return p.paint(l, string(l))
}

// paint colors text the way level l is colored.
func (p palette) paint(l finding.Level, text string) string {
	switch l {
	case finding.LevelError:
		return p.error.Sprint(text)
	case finding.LevelWarning:
		return p.warning.Sprint(text)
	case finding.LevelNote:
		return p.note.Sprint(text)
	}
	return text
}

// WriteText writes findings for people: one block per finding, then the
// notifications as one-line warnings, then a summary, for each run.
func WriteText(w io.Writer, runs []Run, opt TextOptions) error {
	bw := bufio.NewWriter(w)
	pal := newPalette(opt.Color)
	for i, r := range runs {
		if i > 0 {
			fmt.Fprintln(bw)
		}
		// With several targets, say which one the blocks below belong to.
		if len(runs) > 1 {
			head := "== " + orUnknown(r.Target)
			if r.CUDAVersion != "" {
				head += " (CUDA " + r.CUDAVersion + ")"
			}
			fmt.Fprintln(bw, head+" ==")
		}
		writeTextRun(bw, r, opt, pal)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("report: writing text: %w", err)
	}
	return nil
}

func writeTextRun(w io.Writer, r Run, opt TextOptions, pal palette) {
	loc := newLocator(r.WorkDir, r.Roots)
	rs := r.ruleSet()
	for _, f := range r.Findings {
		writeFinding(w, f, effectiveLevel(f, rs), loc, opt, pal)
		fmt.Fprintln(w)
	}
	for _, n := range r.Notifications {
		level := n.LevelOrWarning()
		msg := oneLine(n.Message)
		if n.Where.Path != "" {
			fmt.Fprintf(w, "%s: %s: %s\n", pal.level(level), pal.path.Sprint(position(loc, n.Where)), msg)
		} else {
			fmt.Fprintf(w, "%s: %s\n", pal.level(level), msg)
		}
	}
	if len(r.Notifications) > 0 {
		fmt.Fprintln(w)
	}
	writeSummary(w, r, rs, loc, opt, pal)
}

// writeFinding writes one block:
//
//	path:line:col: level[RULE] first sentence of the message
//	    condition
//	    admits: ...   excludes: ...
//	    flavors: ...   gets: ...
//	    comment: ...
//	    on purpose: ...
//	    override: ...
//	    verdict: ...
//	    chain: a.py:12 -> csrc/x.cu -> include/y.cuh:42
//	    related: include/y.cuh:10: #define HAS_PDL
func writeFinding(w io.Writer, f finding.Finding, level finding.Level, loc *locator, opt TextOptions, pal palette) {
	const in = "    "
	// The header carries the first sentence, which rules write to stand
	// alone; the rest is in SARIF and in verbose output.
	msg := oneLine(f.Message)
	if !opt.Verbose {
		msg = firstSentence(msg)
	}
	fmt.Fprintf(w, "%s: %s[%s] %s\n", pal.path.Sprint(position(loc, f.Location)), pal.level(level), f.RuleID, msg)

	shown := f.Condition
	if shown == "" {
		shown = f.Location.Snippet
	}
	for _, l := range strings.Split(strings.TrimRight(shown, "\n"), "\n") {
		if strings.TrimSpace(l) != "" {
			fmt.Fprintf(w, "%s%s\n", in, strings.TrimRight(l, " \t\r"))
		}
	}
	pairs := func(a, b [2]string) {
		var parts []string
		for _, p := range [][2]string{a, b} {
			if p[1] != "" {
				parts = append(parts, p[0]+": "+p[1])
			}
		}
		if len(parts) > 0 {
			fmt.Fprintf(w, "%s%s\n", in, strings.Join(parts, "   "))
		}
	}
	pairs([2]string{"admits", strings.Join(f.Admits, ", ")}, [2]string{"excludes", strings.Join(f.Excludes, ", ")})
	pairs([2]string{"flavors", strings.Join(f.Flavors, ", ")}, [2]string{"gets", f.Gets})
	for _, pl := range propertyLines {
		if v, ok := f.Properties[pl.key]; ok {
			fmt.Fprintf(w, "%s%s: %s\n", in, pl.label, oneLine(fmt.Sprint(v)))
		}
	}
	if v, ok := f.Properties["verdictEvidence"]; ok {
		fmt.Fprintf(w, "%sverdict: %s\n", in, oneLine(fmt.Sprint(v)))
	} else if v, ok := f.Properties["verdict"]; ok {
		fmt.Fprintf(w, "%sverdict: %s\n", in, oneLine(fmt.Sprint(v)))
	}
	// A finding that holds only under a build-configuration assumption says
	// so up front: it is the one condition the reader must check.
	if v, ok := f.Properties["assumes"]; ok {
		fmt.Fprintf(w, "%swhen: %s (set by the build; defined nowhere in the scanned code)\n", in, oneLine(fmt.Sprint(v)))
	}
	flows := f.Flows
	if !opt.Verbose && len(flows) > 1 {
		flows = flows[:1]
	}
	for _, flow := range flows {
		if len(flow) == 0 {
			continue
		}
		// A step in the same file as the one before shows only its line
		// (":24"), so a chain through one file stays readable.
		steps := make([]string, len(flow))
		for i, s := range flow {
			if i > 0 && s.Root == flow[i-1].Root && s.Path == flow[i-1].Path && s.Line > 0 {
				steps[i] = fmt.Sprintf(":%d", s.Line)
				continue
			}
			steps[i] = position(loc, finding.Location{Root: s.Root, Path: s.Path, Line: s.Line})
		}
		fmt.Fprintf(w, "%schain: %s\n", in, strings.Join(steps, " -> "))
	}
	for _, rl := range f.Related {
		text := oneLine(rl.Message)
		if text == "" {
			text = oneLine(rl.Snippet)
		}
		pos := position(loc, finding.Location{Root: rl.Root, Path: rl.Path, Line: rl.Line})
		if text == "" {
			fmt.Fprintf(w, "%srelated: %s\n", in, pos)
		} else {
			fmt.Fprintf(w, "%srelated: %s: %s\n", in, pos, text)
		}
	}
	if opt.Verbose {
		keys := make([]string, 0, len(f.Properties))
		for k := range f.Properties {
			if !ownLine(k) {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(w, "%s%s: %s\n", in, k, oneLine(fmt.Sprint(f.Properties[k])))
		}
	}
}

// propertyLines are the properties a finding's text block gives a line of
// their own, in this order, under these labels:
//   - within: the conditions of the ifs around a Python check, which
//     hold wherever it decides;
//   - comment: what the code's authors wrote about a gate is often its
//     reason ("not available on SM120"), past the first sentence;
//   - namesTarget: a gate that names the target routes it on purpose,
//     why the finding is a note;
//   - byDesign: a range that is the window its definition is named for,
//     why the finding is a note;
//   - otherFamily: a host check whose admitted arms name another
//     family's kernels, which the target cannot run, why it is a note;
//   - override: a list that is a build setting's default changes with
//     the setting, so the reader checks the build before the code;
//   - toolkit: a build script's list set for some toolkits only, which
//     tells apart arms whose lists read alike;
//   - projectBuilds: the flavors the project builds, which the finding
//     does not affect, why it is a note;
//   - generator: a list in a kernel generator tags what it writes, why
//     it is a note;
//   - benchmark: a check in a benchmark keeps the target from a
//     measurement, why it is a note;
//   - example: a check in an example keeps the target from running the
//     example, not the library, why it is a note;
//   - ciBuild: a workflow's list that builds for CI only leaves the
//     project's tests without code for the target, not users' builds,
//     why it is a note;
//   - reportedAs: a list a function reports as what is supported, which
//     compiles nothing, why it is a note;
//   - bitcode: a list that names the GPU of an LLVM bitcode library,
//     whose IR every program that links it compiles for its own GPU, why
//     it is a note.
var propertyLines = []struct{ key, label string }{
	{"within", "within"},
	{"comment", "comment"},
	{"namesTarget", "on purpose"},
	{"byDesign", "by design"},
	{"otherFamily", "other family"},
	{"projectBuilds", "project builds"},
	{"generator", "generator"},
	{"benchmark", "benchmark"},
	{"example", "example"},
	{"ciBuild", "ci build"},
	{"reportedAs", "reported"},
	{"bitcode", "bitcode"},
	{"override", "override"},
	{"toolkit", "toolkit"},
}

// ownLine: property k has a line of its own in the text block (above, or
// verdict and assumes), so --verbose does not list it again.
func ownLine(k string) bool {
	switch k {
	case "verdict", "verdictEvidence", "assumes":
		return true
	}
	for _, pl := range propertyLines {
		if pl.key == k {
			return true
		}
	}
	return false
}

// position is "path:line:col" with what is known of line and column.
func position(loc *locator, l finding.Location) string {
	s := loc.place(l).display
	if l.Line > 0 {
		s += ":" + strconv.Itoa(l.Line)
		if l.Col > 0 {
			s += ":" + strconv.Itoa(l.Col)
		}
	}
	return s
}

// writeSummary writes the per-rule table and the closing line:
//
//	rule   level    findings
//	AL101  warning         8
//	archlint: 8 findings (8 warnings) in 3 files for sm_120, 1 notification
func writeSummary(w io.Writer, r Run, rs []rules.Rule, loc *locator, opt TextOptions, pal palette) {
	type row struct {
		rule  string
		level finding.Level
		n     int
	}
	var rows []row
	at := map[[2]string]int{}
	byLevel := map[finding.Level]int{}
	files := map[string]int{}
	var fileOrder []string
	for _, f := range r.Findings {
		level := effectiveLevel(f, rs)
		k := [2]string{f.RuleID, string(level)}
		i, ok := at[k]
		if !ok {
			i = len(rows)
			at[k] = i
			rows = append(rows, row{rule: f.RuleID, level: level})
		}
		rows[i].n++
		byLevel[level]++
		file := loc.place(f.Location).display
		if files[file] == 0 {
			fileOrder = append(fileOrder, file)
		}
		files[file]++
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if rows[i].rule != rows[j].rule {
			return rows[i].rule < rows[j].rule
		}
		return rows[i].level.Rank() > rows[j].level.Rank()
	})

	if len(rows) > 0 {
		wRule, wLevel := len("rule"), len("level")
		for _, x := range rows {
			wRule = max(wRule, len(x.rule))
			wLevel = max(wLevel, len(x.level))
		}
		fmt.Fprintf(w, "%-*s  %-*s  %s\n", wRule, "rule", wLevel, "level", "findings")
		for _, x := range rows {
			// Pad before coloring: escape codes have no width.
			lvl := pal.paint(x.level, fmt.Sprintf("%-*s", wLevel, x.level))
			fmt.Fprintf(w, "%-*s  %s  %*d\n", wRule, x.rule, lvl, len("findings"), x.n)
		}
		if opt.Verbose {
			fmt.Fprintln(w, "files with findings:")
			for _, f := range fileOrder {
				fmt.Fprintf(w, "    %s: %d\n", pal.path.Sprint(f), files[f])
			}
		}
	}
	fmt.Fprintln(w, closingLine(r, len(r.Findings), byLevel, len(files)))
}

// closingLine is the last line of a run's text output, e.g.
// "archlint: 12 findings (3 errors, 8 warnings, 1 note) in 5 files for sm_120, 2 notifications".
func closingLine(r Run, total int, byLevel map[finding.Level]int, files int) string {
	target := orUnknown(r.Target)
	notes := ""
	if n := len(r.Notifications); n > 0 {
		notes = ", " + plural(n, "notification")
	}
	if total == 0 {
		return "archlint: no findings for " + target + notes
	}
	var parts []string
	for _, l := range []finding.Level{finding.LevelError, finding.LevelWarning, finding.LevelNote, finding.LevelNone} {
		switch n := byLevel[l]; {
		case n == 0:
		case l == finding.LevelNone:
			parts = append(parts, strconv.Itoa(n)+" of level none")
		default:
			parts = append(parts, plural(n, string(l)))
		}
	}
	return fmt.Sprintf("archlint: %s (%s) in %s for %s%s",
		plural(total, "finding"), strings.Join(parts, ", "), plural(files, "file"), target, notes)
}

// plural is "1 file", "2 files".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// oneLine folds white space (newlines included) into single spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// firstSentence cuts s after its first sentence: at ". ", "! " or "? ",
// unless the word before the stop is an abbreviation ("e.g. the"). A dot
// inside a word ("13.0", "sm_90.") followed by no space does not end it.
func firstSentence(s string) string {
	for i := 0; i+1 < len(s); i++ {
		if (s[i] != '.' && s[i] != '!' && s[i] != '?') || s[i+1] != ' ' {
			continue
		}
		word := s[strings.LastIndexByte(s[:i], ' ')+1 : i]
		if s[i] == '.' && isAbbreviation(word) {
			continue
		}
		return s[:i+1]
	}
	return s
}

// isAbbreviation reports whether word (without its final dot) may end in a
// dot inside a sentence.
func isAbbreviation(word string) bool {
	switch strings.ToLower(word) {
	case "e.g", "i.e", "etc", "vs", "cf", "approx":
		return true
	}
	return false
}
