package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/finding"
	"github.com/fatih/color"
)

func renderText(t *testing.T, runs []Run, opt TextOptions) string {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteText(&buf, runs, opt); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func TestTextGolden(t *testing.T) {
	golden(t, "report.txt", []byte(renderText(t, fixtureRuns(), TextOptions{})))
	golden(t, "report_verbose.txt", []byte(renderText(t, fixtureRuns(), TextOptions{Verbose: true})))
}

// TestPropertyLinesOnce: a property with a line of its own (comment,
// override, ...) is not listed again among --verbose's properties.
func TestPropertyLinesOnce(t *testing.T) {
	for _, verbose := range []bool{false, true} {
		out := renderText(t, fixtureRuns(), TextOptions{Verbose: verbose})
		for _, want := range []string{"    comment: Hopper only for now\n", "    override: TORCH_CUDA_ARCH_LIST in the environment (this list is its default)\n",
			"    toolkit: the script's arm for CUDA 12.8\n"} {
			if n := strings.Count(out, want); n != 1 {
				t.Errorf("verbose=%v: %q appears %d times, want once", verbose, want, n)
			}
		}
		if strings.Contains(out, "gateKind") != verbose {
			t.Errorf("verbose=%v: other properties listed: %v", verbose, !verbose)
		}
	}
}

func TestTextColor(t *testing.T) {
	plain := renderText(t, fixtureRuns(), TextOptions{Color: false})
	if strings.Contains(plain, "\x1b") {
		t.Error("escape codes with Color off")
	}
	colored := renderText(t, fixtureRuns(), TextOptions{Color: true})
	for _, want := range []string{
		"\x1b[31;1merror\x1b[",                            // error: red bold
		"\x1b[33mwarning\x1b[",                            // warning: yellow
		"\x1b[36mnote\x1b[",                               // note: cyan
		"\x1b[1minclude/flashinfer/comm/ar.cuh:42:1\x1b[", // path: bold
	} {
		if !strings.Contains(colored, want) {
			t.Errorf("colored output lacks %q", want)
		}
	}
	// Same text once the escapes are gone.
	if stripANSI(colored) != plain {
		t.Error("colored output differs from plain output beyond the escape codes")
	}
	// The global switch is neither read nor changed.
	saved := color.NoColor
	defer func() { color.NoColor = saved }()
	color.NoColor = true
	if !strings.Contains(renderText(t, fixtureRuns(), TextOptions{Color: true}), "\x1b[") {
		t.Error("Color: true obeyed the global color.NoColor")
	}
	color.NoColor = false
	if strings.Contains(renderText(t, fixtureRuns(), TextOptions{Color: false}), "\x1b") {
		t.Error("Color: false obeyed the global color.NoColor")
	}
}

func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func TestClosingLine(t *testing.T) {
	r := Run{Target: "sm_120"}
	cases := []struct {
		total   int
		byLevel map[finding.Level]int
		files   int
		notes   int
		want    string
	}{
		{0, nil, 0, 0, "archlint: no findings for sm_120"},
		{0, nil, 0, 1, "archlint: no findings for sm_120, 1 notification"},
		{1, map[finding.Level]int{finding.LevelNote: 1}, 1, 0, "archlint: 1 finding (1 note) in 1 file for sm_120"},
		{12, map[finding.Level]int{finding.LevelError: 3, finding.LevelWarning: 8, finding.LevelNote: 1}, 5, 2,
			"archlint: 12 findings (3 errors, 8 warnings, 1 note) in 5 files for sm_120, 2 notifications"},
	}
	for _, c := range cases {
		r.Notifications = make([]finding.Notification, c.notes)
		if got := closingLine(r, c.total, c.byLevel, c.files); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
}

func TestFirstSentence(t *testing.T) {
	cases := map[string]string{
		"One. Two.":                          "One.",
		"Uses e.g. the sm_90 path. Then x.":  "Uses e.g. the sm_90 path.",
		"CUDA 13.0 is needed":                "CUDA 13.0 is needed",
		"Why? Because.":                      "Why?",
		"Shuts it out. sm_120 gets nothing.": "Shuts it out.",
		"Needs CUDA 13.0. Then x.":           "Needs CUDA 13.0.",
	}
	for in, want := range cases {
		if got := firstSentence(in); got != want {
			t.Errorf("firstSentence(%q) = %q, want %q", in, got, want)
		}
	}
}
