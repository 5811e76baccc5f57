package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/archlint/archlint/analyzer/scan"
	"github.com/archlint/archlint/analyzer/target"
)

func runTrace(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("archlint trace", flag.ContinueOnError)
	var tf targetFlags
	tf.register(fs)
	format := fs.String("format", "text", "output format: text, or json (one object per directive per line)")
	all := fs.Bool("all", false, "print every conditional directive, not only arch-relevant ones")
	stats := fs.Bool("stats", false, "print only a summary: directives found, tree-sitter cross-check, undecided values and why")
	var roots stringList
	fs.Var(&roots, "root", "scan root for #include resolution (repeatable; default: the enclosing git work tree of each file)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: archlint trace --target sm_120 [--format json] [--root DIR] FILE...")
		fs.PrintDefaults()
	}
	files, ok := parseFlags(fs, args, stderr)
	if !ok {
		return exitError
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "archlint trace: no file given")
		return exitError
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "archlint trace: unknown --format %q: want text or json\n", *format)
		return exitError
	}
	r, err := tf.resolve()
	if err != nil {
		fmt.Fprintln(stderr, "archlint:", err)
		return exitError
	}
	if len(roots) == 0 {
		seen := map[string]bool{}
		for _, f := range files {
			if d := scan.DefaultRoot(f); !seen[d] {
				seen[d] = true
				roots = append(roots, d)
			}
		}
	}
	tr, err := scan.Trace(scan.TraceOptions{Options: scan.Options{Roots: roots, Targets: r.targets, CUDA: r.cuda,
		BuildList: r.build, Jobs: tf.jobs, Table: r.table}, Files: files, All: *all})
	if err != nil {
		fmt.Fprintln(stderr, "archlint trace:", err)
		return exitError
	}
	for _, n := range tr.Project.Notifications {
		fmt.Fprintf(stderr, "archlint: %s: %s\n", n.LevelOrWarning(), notificationText(n))
	}
	var buf bytes.Buffer
	if *stats {
		writeStats(&buf, tr.Project.Stats(tr.Entries, tr.Files))
		_, err := stdout.Write(buf.Bytes())
		if err != nil {
			return exitError
		}
		return exitClean
	}
	for _, e := range tr.Entries {
		if *format == "json" {
			writeTraceJSON(&buf, e)
		} else {
			writeTraceText(&buf, e, r.table.Flavors(r.targets[0], r.cuda))
		}
	}
	if _, err := stdout.Write(buf.Bytes()); err != nil {
		return exitError
	}
	return exitClean
}

// writeTraceJSON prints one object per line with the passes in arch order
// (encoding/json would sort map keys alphabetically: sm_100 before sm_75).
func writeTraceJSON(w *bytes.Buffer, e scan.TraceEntry) {
	str := func(s string) string {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false) // conditions are full of < and >
		_ = enc.Encode(s)
		return strings.TrimSuffix(b.String(), "\n")
	}
	b := func(v *bool) string {
		if v == nil {
			return "null"
		}
		if *v {
			return "true"
		}
		return "false"
	}
	fmt.Fprintf(w, `{"file":%s,"line":%d,"directive":%s,"condition":%s,"arches":{`, str(e.File), e.Line, str(e.Directive), str(e.Condition))
	for i, p := range e.Passes {
		if i > 0 {
			w.WriteByte(',')
		}
		fmt.Fprintf(w, `%s:{"reached":%s,"taken":%s}`, str(p.Name()), b(e.States[i].Reached), b(e.States[i].Taken))
	}
	w.WriteString("}")
	if e.Err != "" {
		fmt.Fprintf(w, `,"error":%s`, str(e.Err))
	}
	for _, names := range []struct {
		key  string
		list []string
	}{{"unknowns", e.Unknowns}, {"conditionalMacros", e.Conditional}} {
		if len(names.list) > 0 {
			quoted := make([]string, len(names.list))
			for i, n := range names.list {
				quoted[i] = str(n)
			}
			fmt.Fprintf(w, `,%s:[%s]`, str(names.key), strings.Join(quoted, ","))
		}
	}
	w.WriteString("}\n")
}

func writeTraceText(w *bytes.Buffer, e scan.TraceEntry, flavors []target.Arch) {
	fmt.Fprintf(w, "%s:%d: %s %s\n", e.File, e.Line, e.Directive, e.Condition)
	class := func(want string) []string {
		return target.FormatSet(e.Passes, func(p int) bool { return stateName(e.States[p]) == want })
	}
	hostState := stateName(e.States[0])
	for _, k := range []string{"taken", "not taken", "unreached", "undecided"} {
		set := class(k)
		if hostState == k {
			set = append([]string{"host"}, set...)
		}
		if len(set) > 0 {
			fmt.Fprintf(w, "    %-10s %s\n", k+":", strings.Join(set, ", "))
		}
	}
	var tgt []string
	for _, f := range flavors {
		for i, p := range e.Passes {
			if p == f {
				tgt = append(tgt, f.Name()+" "+stateName(e.States[i]))
			}
		}
	}
	fmt.Fprintf(w, "    %-10s %s\n", "target:", strings.Join(tgt, ", "))
	if len(e.Unknowns) > 0 {
		fmt.Fprintf(w, "    %-10s %s (configuration macros defined nowhere in the scan roots)\n", "depends:", strings.Join(e.Unknowns, ", "))
	}
	if len(e.Conditional) > 0 {
		fmt.Fprintf(w, "    %-10s %s (defined in the scanned code, but under a condition left undecided here)\n", "depends:", strings.Join(e.Conditional, ", "))
	}
	if e.Disagree {
		fmt.Fprintf(w, "    %-10s the translation units that include this file disagree here\n", "note:")
	}
	if e.Err != "" {
		fmt.Fprintf(w, "    %-10s %s\n", "error:", e.Err)
	}
}

func stateName(s scan.PassState) string {
	switch {
	case s.Reached != nil && !*s.Reached:
		return "unreached"
	case s.Taken == nil:
		return "undecided"
	case *s.Taken:
		return "taken"
	}
	return "not taken"
}

func writeStats(w *bytes.Buffer, s scan.TraceStats) {
	fmt.Fprintf(w, "files traced:                 %d\n", s.Files)
	fmt.Fprintf(w, "conditional directives:       %d (line scanner)\n", s.Conditionals)
	fmt.Fprintf(w, "  recognized by tree-sitter:  %d\n", s.TreeSitterSeen)
	fmt.Fprintf(w, "  lost by tree-sitter:        %d (kept by the line scanner)\n", s.TreeSitterLost)
	fmt.Fprintf(w, "  tree-sitter ERROR nodes:    %d\n", s.TreeSitterErrors)
	fmt.Fprintf(w, "arch-relevant directives:     %d\n", s.ArchRelevant)
	fmt.Fprintf(w, "  undecided for some pass:    %d\n", s.Undecided)
	fmt.Fprintf(w, "  preprocessor errors:        %d\n", s.Errors)
	fmt.Fprintf(w, "  units disagree:             %d (the header depends on who includes it)\n", s.UnitsDisagree)
	fmt.Fprintf(w, "  other undecided:            %d (unresolved __has_include, defined or included only conditionally)\n", s.UndecidedOther)
	for _, m := range s.TopUnknowns(15) {
		fmt.Fprintf(w, "  depends on %-40s %d\n", m, s.UnknownMacros[m])
	}
}
