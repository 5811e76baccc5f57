package hostgate

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/python"
	"github.com/archlint/archlint/analyzer/target"
)

const fixtures = "../../testdata/hostgate"

// wantRE is an inline expectation: "// gate: none" or
// "// gate: admits 9.0, 10.0" (or "all"), then optionally "; branch 0 1 -1 ...",
// "; refusal TEXT", "; helper NAME", "; names A,B - C" (the names of
// architectures each outcome's code holds, "-" for none), "; def NAME:LINE"
// (the function the gate is in).
var wantRE = regexp.MustCompile(`//\s*gate:\s*(.*)$`)

// admits renders the capabilities a gate admits as the fixtures write them.
func admits(g python.Gate, caps []python.Capability) string {
	if len(g.Admits) == len(caps) {
		return "all"
	}
	var s []string
	for _, c := range g.Admits {
		s = append(s, c.String())
	}
	return strings.Join(s, ", ")
}

func branches(b []int) string {
	s := make([]string, len(b))
	for i, x := range b {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, " ")
}

// armNames renders a gate's ArmNames as the fixtures write them: per
// outcome, its names joined by commas or "-" for none.
func armNames(g python.Gate) string {
	s := make([]string, len(g.Outcomes))
	for i := range s {
		s[i] = "-"
		if i < len(g.ArmNames) && len(g.ArmNames[i]) > 0 {
			s[i] = strings.Join(g.ArmNames[i], ",")
		}
	}
	return strings.Join(s, " ")
}

// TestFixtures checks every gate against its line's expectation and fails
// on any gate where none is written.
func TestFixtures(t *testing.T) {
	caps := python.DefaultCaps()
	cfg := testConfig(t, caps)
	files, _ := filepath.Glob(filepath.Join(fixtures, "*"))
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			gates, err := Analyze(fixtures, filepath.Base(path), src, cfg)
			if err != nil {
				t.Fatal(err)
			}
			want := map[int]string{}
			for i, line := range strings.Split(string(src), "\n") {
				if m := wantRE.FindStringSubmatch(line); m != nil {
					want[i+1] = strings.TrimSpace(m[1])
				}
			}
			seen := map[int]bool{}
			for _, g := range gates {
				w, ok := want[g.Line]
				desc := fmt.Sprintf("%s:%d:%d %q branch [%s] outcomes %q refusal %q", g.Path, g.Line, g.Col, g.Expr, branches(g.Branch), g.Outcomes, g.Refusal)
				if !ok || w == "none" {
					t.Errorf("unexpected gate %s", desc)
					continue
				}
				seen[g.Line] = true
				for _, part := range strings.Split(w, ";") {
					key, arg, _ := strings.Cut(strings.TrimSpace(part), " ")
					var have string
					switch key {
					case "admits":
						have = admits(g, caps)
					case "branch":
						have = branches(g.Branch)
					case "refusal":
						have = g.Refusal
					case "helper":
						have = g.Helper
					case "names":
						have = armNames(g)
					case "def":
						have = fmt.Sprintf("%s:%d", g.DefName, g.DefLine)
					default:
						t.Errorf("%s: bad expectation %q", desc, part)
						continue
					}
					if have != arg {
						t.Errorf("%s: %s is %q, want %q", desc, key, have, arg)
					}
				}
				if g.Kind != Kind || g.Function == "" || g.Expr == "" || len(g.Outcomes) < 2 {
					t.Errorf("%s: incomplete gate %+v", desc, g)
				}
			}
			for line, w := range want {
				if w != "none" && !seen[line] {
					t.Errorf("%s:%d: no gate, want %s", path, line, w)
				}
			}
		})
	}
}

// testConfig is the build a scan assumes by default (scan.Load): caps,
// the host pass's macros and CUDA 13.0.
func testConfig(t testing.TB, caps []python.Capability) Config {
	t.Helper()
	tb, err := target.LoadTable()
	if err != nil {
		t.Fatal(err)
	}
	cv := target.DefaultCUDA()
	return Config{Caps: caps, Host: tb.Macros(target.HostPass, cv, nil), CUDA: cv}
}
