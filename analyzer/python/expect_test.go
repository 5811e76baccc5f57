package python

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Fixtures carry their expectations in comments on the gate's line:
//
//	# gate: KIND [admits LIST] [takes N:LIST]... [unknown LIST] [env NAME] [helper NAME]
//	# gate: none
//
// LIST is comma-separated: "9.0", "9.x" (every minor), "8.0-9.0" (a range
// of the reference capabilities), "all", "none". Every gate must be
// expected, and every expectation met.

const fixtureDir = "../../testdata/python"

func loadFixtures(t testing.TB) []Source {
	t.Helper()
	var srcs []Source
	err := filepath.WalkDir(fixtureDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "chain" && p != fixtureDir {
				// Its own scan root: a two-repository layout (program_test.go).
				return filepath.SkipDir
			}
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(fixtureDir, p)
		srcs = append(srcs, Source{Root: fixtureDir, Path: filepath.ToSlash(rel), Src: b})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return srcs
}

func fixtureConfig() Config {
	return Config{Caps: DefaultCaps(), CUDAVersion: [2]int{13, 0}, CapabilityFuncs: []string{"mylib.get_sm", "caps.declared.device_arch"}}
}

type expectation struct {
	kind    string
	admits  []Capability
	takes   map[int][]Capability
	unknown []Capability
	env     string
	helper  string
	hasAdm  bool
}

// capList expands a LIST against the reference capabilities.
func capList(caps []Capability, s string) ([]Capability, error) {
	var out []Capability
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		switch {
		case item == "" || item == "none":
		case item == "all":
			out = append(out, caps...)
		case strings.Contains(item, "-"):
			lo, hi, _ := strings.Cut(item, "-")
			l, err1 := parseCap(lo)
			h, err2 := parseCap(strings.Replace(hi, ".x", ".9", 1))
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("bad range %q", item)
			}
			for _, c := range caps {
				if c.Age() >= l.Age() && c.Age() <= h.Age() {
					out = append(out, c)
				}
			}
		case strings.HasSuffix(item, ".x"):
			maj, err := strconv.Atoi(strings.TrimSuffix(item, ".x"))
			if err != nil {
				return nil, err
			}
			for _, c := range caps {
				if c.Major == maj {
					out = append(out, c)
				}
			}
		default:
			c, err := parseCap(item)
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
	}
	return out, nil
}

func parseCap(s string) (Capability, error) {
	a, b, ok := strings.Cut(s, ".")
	M, err1 := strconv.Atoi(a)
	m, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return Capability{}, fmt.Errorf("bad capability %q", s)
	}
	return Capability{M, m}, nil
}

func parseExpectations(caps []Capability, text string) ([]expectation, error) {
	var out []expectation
	for _, part := range strings.Split(text, ";") {
		f := strings.Fields(part)
		if len(f) == 0 {
			continue
		}
		if f[0] == "none" {
			continue
		}
		e := expectation{kind: f[0], takes: map[int][]Capability{}}
		// Join list tokens ("9.x," "10.x") back together per keyword.
		key := ""
		args := map[string]string{}
		var takes []string
		for _, tok := range f[1:] {
			switch tok {
			case "admits", "unknown", "env", "helper", "takes":
				key = tok
				if tok == "takes" {
					takes = append(takes, "")
				}
				continue
			}
			if key == "takes" {
				takes[len(takes)-1] += tok
			} else {
				args[key] += tok
			}
		}
		var err error
		if s, ok := args["admits"]; ok {
			e.hasAdm = true
			if e.admits, err = capList(caps, s); err != nil {
				return nil, err
			}
		}
		if e.unknown, err = capList(caps, args["unknown"]); err != nil {
			return nil, err
		}
		for _, t := range takes {
			n, list, _ := strings.Cut(t, ":")
			i, err := strconv.Atoi(n)
			if err != nil {
				return nil, fmt.Errorf("bad takes %q", t)
			}
			if e.takes[i], err = capList(caps, list); err != nil {
				return nil, err
			}
		}
		e.env, e.helper = args["env"], args["helper"]
		out = append(out, e)
	}
	return out, nil
}

func (e expectation) check(caps []Capability, g Gate) []string {
	var errs []string
	if g.Kind != e.kind {
		errs = append(errs, fmt.Sprintf("kind %s, want %s", g.Kind, e.kind))
	}
	if e.hasAdm && !slices.Equal(g.Admits, e.admits) {
		errs = append(errs, fmt.Sprintf("admits %v, want %v", g.Admits, e.admits))
	}
	for n, list := range e.takes {
		for _, c := range list {
			i := slices.Index(caps, c)
			if g.Branch[i] != n {
				errs = append(errs, fmt.Sprintf("%v takes %d, want %d", c, g.Branch[i], n))
			}
		}
	}
	for _, c := range e.unknown {
		if i := slices.Index(caps, c); g.Branch[i] != -2 {
			errs = append(errs, fmt.Sprintf("%v takes %d, want unknown", c, g.Branch[i]))
		}
	}
	if len(e.unknown) == 0 {
		for i, b := range g.Branch {
			if b == -2 && len(e.takes) > 0 {
				errs = append(errs, fmt.Sprintf("%v unknown", caps[i]))
			}
		}
	}
	if e.env != "" && g.EnvVar != e.env {
		errs = append(errs, fmt.Sprintf("env %q, want %q", g.EnvVar, e.env))
	}
	if e.helper != "" && g.Helper != e.helper {
		errs = append(errs, fmt.Sprintf("helper %q, want %q", g.Helper, e.helper))
	}
	return errs
}

func TestFixtures(t *testing.T) {
	srcs := loadFixtures(t)
	cfg := fixtureConfig()
	gates, notes := Analyze(srcs, cfg)
	type lineKey struct {
		path string
		line int
	}
	got := map[lineKey][]Gate{}
	for _, g := range gates {
		k := lineKey{g.Path, g.Line}
		got[k] = append(got[k], g)
	}
	seen := map[lineKey]bool{}
	for _, s := range srcs {
		for i, line := range strings.Split(string(s.Src), "\n") {
			_, text, ok := strings.Cut(line, "# gate:")
			if !ok {
				continue
			}
			k := lineKey{s.Path, i + 1}
			seen[k] = true
			want, err := parseExpectations(cfg.Caps, text)
			if err != nil {
				t.Errorf("%s:%d: %v", s.Path, i+1, err)
				continue
			}
			have := got[k]
			if len(have) != len(want) {
				t.Errorf("%s:%d: %d gates, want %d: %s", s.Path, i+1, len(have), len(want), dump(have))
				continue
			}
			for j := range want {
				if errs := want[j].check(cfg.Caps, have[j]); len(errs) > 0 {
					t.Errorf("%s:%d: %s\n%s", s.Path, i+1, strings.Join(errs, "; "), dump(have[j:j+1]))
				}
			}
		}
	}
	for k, gs := range got {
		if !seen[k] {
			t.Errorf("%s:%d: unexpected %s", k.path, k.line, dump(gs))
		}
	}
	// The damaged file is reported and its other functions still analyzed.
	found := false
	for _, n := range notes {
		if n.Path == "broken/syntax_error.py" && n.Line > 0 {
			found = true
		}
	}
	if !found {
		t.Errorf("no notification for the syntax error: %v", notes)
	}
	// An unclosed parenthesis makes tree-sitter's ERROR hold the file
	// from line 1: the line reported is the innermost error's, past the
	// parenthesis (line 8) that Python names.
	for _, n := range notes {
		if n.Path == "broken/unclosed.py" && n.Line < 8 {
			t.Errorf("unclosed parenthesis at line 8 reported at line %d", n.Line)
		}
	}
	// Valid Python that tree-sitter refuses is not reported as damaged.
	for _, n := range notes {
		if n.Path == "caps/splat_returns.py" {
			t.Errorf("notification for valid Python: %s:%d: %s", n.Path, n.Line, n.Msg)
		}
	}
}

func dump(gs []Gate) string {
	var sb strings.Builder
	for _, g := range gs {
		fmt.Fprintf(&sb, "  %s:%d:%d %s %q fn=%s branch=%v outcomes=%q refusal=%q helper=%s env=%s guards=%s@%d\n",
			g.Path, g.Line, g.Col, g.Kind, g.Expr, g.Function, g.Branch, g.Outcomes, g.Refusal, g.Helper, g.EnvVar, g.GuardsCall, g.GuardsCallLine)
	}
	return sb.String()
}

// TestLookupOutcomes: a subscript by the capability raises KeyError on a
// missing key, table.get(key) gets None; the gate quotes the whole lookup.
func TestLookupOutcomes(t *testing.T) {
	var srcs []Source
	for _, s := range loadFixtures(t) {
		if s.Path == "caps/tables.py" {
			srcs = append(srcs, s)
		}
	}
	if len(srcs) != 1 {
		t.Fatalf("caps/tables.py not found among the fixtures")
	}
	gates, _ := Analyze(srcs, fixtureConfig())
	want := map[int][2]string{
		15: {"KERNELS[(major, minor)]", "raises KeyError (no entry)"},
		20: {"TILE_BY_SM.get(major * 10 + minor)", "gets None (no entry)"},
	}
	for _, g := range gates {
		w, ok := want[g.Line]
		if !ok {
			continue
		}
		delete(want, g.Line)
		if g.Expr != w[0] || len(g.Outcomes) == 0 || g.Outcomes[len(g.Outcomes)-1] != w[1] {
			t.Errorf("line %d: expr %q, outcomes %q; want %q ending in %q", g.Line, g.Expr, g.Outcomes, w[0], w[1])
		}
	}
	for line := range want {
		t.Errorf("line %d: no gate", line)
	}
}
