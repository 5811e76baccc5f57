package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/rules"
	"github.com/owenrumney/go-sarif/v2/sarif"
)

func renderSARIF(t *testing.T, runs []Run) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, runs); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestSARIFGolden(t *testing.T) {
	golden(t, "report.sarif", renderSARIF(t, fixtureRuns()))
}

// catalogueRuns are the fixture runs described with the real catalogue.
func catalogueRuns() []Run {
	runs := fixtureRuns()
	for i := range runs {
		runs[i].Rules = nil // nil means rules.All()
	}
	return runs
}

func TestSARIFParsesBackWithEveryRule(t *testing.T) {
	out := renderSARIF(t, catalogueRuns())
	log, err := sarif.FromBytes(out)
	if err != nil {
		t.Fatalf("go-sarif cannot read the log back: %v", err)
	}
	if log.Version != "2.1.0" || log.Schema != "https://json.schemastore.org/sarif-2.1.0.json" {
		t.Errorf("version %q, $schema %q", log.Version, log.Schema)
	}
	if len(log.Runs) != 2 {
		t.Fatalf("%d runs, want 2", len(log.Runs))
	}
	for _, run := range log.Runs {
		have := map[string]bool{}
		for _, r := range run.Tool.Driver.Rules {
			have[r.ID] = true
		}
		for _, r := range rules.All() {
			if !have[r.ID] {
				t.Errorf("run %s: rule %s missing from tool.driver.rules", *run.AutomationDetails.ID, r.ID)
			}
		}
		d := run.Tool.Driver
		if d.Name != "archlint" || d.Version == nil || d.SemanticVersion == nil || d.InformationURI == nil || d.FullName == nil {
			t.Errorf("driver lacks identity: %+v", d)
		}
	}
	if got := len(log.Runs[0].Results); got != 5 {
		t.Errorf("first run: %d results, want 5", got)
	}
}

// TestSARIFShape checks, on the raw JSON, what GitHub relies on: every
// result has exactly one location with a uri and a region, a ruleIndex that
// points at its ruleId, related locations that the message links to, and
// notifications whose descriptors resolve.
func TestSARIFShape(t *testing.T) {
	for _, runs := range [][]Run{fixtureRuns(), catalogueRuns()} {
		var log map[string]any
		if err := json.Unmarshal(renderSARIF(t, runs), &log); err != nil {
			t.Fatal(err)
		}
		for ri, run := range log["runs"].([]any) {
			run := run.(map[string]any)
			driver := run["tool"].(map[string]any)["driver"].(map[string]any)
			ruleList := driver["rules"].([]any)
			results, ok := run["results"].([]any)
			if !ok {
				t.Fatalf("run %d: results is %T, want an array", ri, run["results"])
			}
			for i, res := range results {
				res := res.(map[string]any)
				where := fmt.Sprintf("run %d result %d", ri, i)
				locs := res["locations"].([]any)
				if len(locs) != 1 {
					t.Errorf("%s: %d locations, want exactly 1", where, len(locs))
				}
				pl := locs[0].(map[string]any)["physicalLocation"].(map[string]any)
				al := pl["artifactLocation"].(map[string]any)
				if al["uri"] == "" || al["uriBaseId"] == nil {
					t.Errorf("%s: artifactLocation %v", where, al)
				}
				if reg, ok := pl["region"].(map[string]any); !ok || reg["startLine"] == nil {
					t.Errorf("%s: region without startLine", where)
				}
				idx := int(res["ruleIndex"].(float64))
				if idx >= len(ruleList) || ruleList[idx].(map[string]any)["id"] != res["ruleId"] {
					t.Errorf("%s: ruleIndex %d does not point at %v", where, idx, res["ruleId"])
				}
				msg := res["message"].(map[string]any)["text"].(string)
				related, _ := res["relatedLocations"].([]any)
				for j, rl := range related {
					id := int(rl.(map[string]any)["id"].(float64))
					if id != j+1 {
						t.Errorf("%s: related location %d has id %d", where, j, id)
					}
					if !strings.Contains(msg, fmt.Sprintf("](%d)", id)) {
						t.Errorf("%s: message %q does not link related location %d", where, msg, id)
					}
				}
				fps := res["partialFingerprints"].(map[string]any)
				if fp, _ := fps["archlint/v1"].(string); len(fp) != 32 {
					t.Errorf("%s: archlint/v1 fingerprint %q", where, fp)
				}
			}
			notes := driver["notifications"].([]any)
			for _, inv := range run["invocations"].([]any) {
				tens, _ := inv.(map[string]any)["toolExecutionNotifications"].([]any)
				for _, n := range tens {
					d := n.(map[string]any)["descriptor"].(map[string]any)
					idx := int(d["index"].(float64))
					if idx >= len(notes) || notes[idx].(map[string]any)["id"] != d["id"] {
						t.Errorf("run %d: notification descriptor %v does not resolve", ri, d)
					}
				}
			}
		}
	}
}

func TestSARIFEmptyRun(t *testing.T) {
	out := renderSARIF(t, []Run{{ToolVersion: "0.1.0", Target: "sm_120", WorkDir: "/w", Success: true}})
	if !bytes.Contains(out, []byte(`"results": []`)) {
		t.Errorf("an empty run must say \"results\": []:\n%s", out)
	}
	// A JSON null value, not the word in a rule's text.
	if regexp.MustCompile(`[:\[,]\s*null\b`).Match(out) {
		t.Errorf("null in output:\n%s", out)
	}
	var log sarif.Report
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	if n := len(log.Runs[0].Tool.Driver.Rules); n != len(rules.All()) {
		t.Errorf("%d rules, want the whole catalogue (%d)", n, len(rules.All()))
	}
}

func TestSARIFDeterministic(t *testing.T) {
	a := renderSARIF(t, fixtureRuns())
	for range 5 {
		if b := renderSARIF(t, fixtureRuns()); !bytes.Equal(a, b) {
			t.Fatal("two renders of the same runs differ")
		}
	}
}

func TestSARIFLineHash(t *testing.T) {
	var log sarif.Report
	if err := json.Unmarshal(renderSARIF(t, fixtureRuns()), &log); err != nil {
		t.Fatal(err)
	}
	res := log.Runs[0].Results
	content := []byte(fixtureFiles[".|include/flashinfer/comm/ar.cuh"])
	if got, want := res[0].PartialFingerprints["primaryLocationLineHash"], LineHash(content, 42); got != want || want == "" {
		t.Errorf("line hash %v, want %q", got, want)
	}
	// third_party/cutlass/... is not served by ReadFile: no line hash.
	if h, ok := res[3].PartialFingerprints["primaryLocationLineHash"]; ok {
		t.Errorf("unreadable file got a line hash %v", h)
	}
	// No ReadFile at all: no line hash anywhere.
	runs := fixtureRuns()
	runs[0].ReadFile = nil
	if bytes.Contains(renderSARIF(t, runs), []byte("primaryLocationLineHash")) {
		t.Error("line hash without ReadFile")
	}
}

func TestSARIFURIs(t *testing.T) {
	var log sarif.Report
	if err := json.Unmarshal(renderSARIF(t, fixtureRuns()), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	uri := func(i int) string {
		al := run.Results[i].Locations[0].PhysicalLocation.ArtifactLocation
		return *al.URIBaseId + " " + *al.URI
	}
	want := []string{
		"%SRCROOT% include/flashinfer/comm/ar.cuh",
		"%SRCROOT% csrc/my%20kernels/gemm%20%C3%BC.cu",
		"ROOT2 tuning/sm90.h",
		"%SRCROOT% third_party/cutlass/include/cutlass/arch/config.h",
		"%SRCROOT% setup.py",
	}
	for i, w := range want {
		if got := uri(i); got != w {
			t.Errorf("result %d: %q, want %q", i, got, w)
		}
	}
	bases := run.OriginalUriBaseIDs
	if got := *bases["%SRCROOT%"].URI; got != "file:///work/repo/" {
		t.Errorf("%%SRCROOT%% = %q", got)
	}
	if got := *bases["ROOT2"].URI; got != "file:///opt/other%20lib/" {
		t.Errorf("ROOT2 = %q", got)
	}
	if len(bases) != 2 {
		t.Errorf("originalUriBaseIds has %d entries, want 2", len(bases))
	}
}

func TestEscapePath(t *testing.T) {
	cases := map[string]string{
		"a/b.cu":          "a/b.cu",
		"my dir/x.cu":     "my%20dir/x.cu",
		"ü.cu":            "%C3%BC.cu",
		"c++/a:b.h":       "c%2B%2B/a%3Ab.h",
		"50%/x#y?.h":      "50%25/x%23y%3F.h",
		"under_score~-.h": "under_score~-.h",
	}
	for in, want := range cases {
		if got := escapePath(in); got != want {
			t.Errorf("escapePath(%q) = %q, want %q", in, got, want)
		}
	}
	if got := fileURI(`/work/my repo`); got != "file:///work/my%20repo/" {
		t.Errorf("fileURI = %q", got)
	}
}

// TestSARIFResultCap renders 25,010 findings: GitHub's cap is 25,000 per
// run, so the 10 least severe go and a notification says so.
func TestSARIFResultCap(t *testing.T) {
	const n = 25_010
	fs := make([]finding.Finding, n)
	for i := range fs {
		level := finding.LevelWarning
		switch {
		case i%1000 == 7 && i < 11_000: // 11 notes, spread out
			level = finding.LevelNote
		case i >= n-3:
			level = finding.LevelError
		}
		fs[i] = finding.Finding{
			RuleID:   "AL101",
			Level:    level,
			Message:  fmt.Sprintf("finding %d.", i),
			Location: finding.Location{Root: ".", Path: "a.cu", Line: i + 1},
		}
	}
	out := renderSARIF(t, []Run{{ToolVersion: "0.1.0", Target: "sm_120", WorkDir: "/w", Roots: []string{"."}, Findings: fs, Success: true}})
	var log sarif.Report
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	res := log.Runs[0].Results
	if len(res) != 25_000 {
		t.Fatalf("%d results, want 25000", len(res))
	}
	notes, prev := 0, -1
	for _, r := range res {
		var i int
		fmt.Sscanf(*r.Message.Text, "finding %d.", &i)
		if i <= prev {
			t.Fatalf("results out of original order: %d after %d", i, prev)
		}
		prev = i
		if *r.Level == "note" {
			notes++
		}
	}
	if notes != 1 {
		t.Errorf("%d notes kept, want 1 (the last of the 11; ties keep original order)", notes)
	}
	if *res[len(res)-1].Level != "error" {
		t.Error("errors were dropped")
	}
	tens := log.Runs[0].Invocations[0].ToolExecutionNotifications
	if len(tens) != 1 || !strings.Contains(*tens[0].Message.Text, "left out 10 of 25010 results") {
		t.Errorf("want one truncation notification, got %d", len(tens))
	} else if *tens[0].Descriptor.Id != "ALN002" {
		t.Errorf("truncation descriptor %s", *tens[0].Descriptor.Id)
	}
}

// TestSARIFSizeCap shrinks the size cap to force the gzip-size loop.
func TestSARIFSizeCap(t *testing.T) {
	var fs []finding.Finding
	for i := range 2000 {
		fs = append(fs, finding.Finding{
			RuleID:   "AL101",
			Level:    []finding.Level{finding.LevelWarning, finding.LevelError, finding.LevelNote}[i%3],
			Message:  fmt.Sprintf("finding %d with some text %x.", i, i*7919),
			Location: finding.Location{Root: ".", Path: fmt.Sprintf("f%d.cu", i), Line: 1},
		})
	}
	runs := []Run{{Target: "sm_120", WorkDir: "/w", Roots: []string{"."}, Findings: fs}}
	var buf bytes.Buffer
	lim := limits{resultsPerRun: maxResultsPerRun, gzippedBytes: 40_000}
	if err := writeSARIF(&buf, runs, lim); err != nil {
		t.Fatal(err)
	}
	size, _ := gzippedSize(buf.Bytes(), 0) // 0: always compress, for the exact size
	if size > lim.gzippedBytes {
		t.Errorf("gzipped size %d over the cap %d", size, lim.gzippedBytes)
	}
	var log sarif.Report
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	kept := log.Runs[0].Results
	if len(kept) == 0 || len(kept) >= 2000 {
		t.Fatalf("kept %d results", len(kept))
	}
	errorsKept := 0
	for _, r := range kept {
		if *r.Level == "error" {
			errorsKept++
		}
	}
	if want := min(len(kept), 667); errorsKept != want {
		t.Errorf("kept %d errors out of %d results, want %d: the most severe go first", errorsKept, len(kept), want)
	}
	msg := *log.Runs[0].Invocations[0].ToolExecutionNotifications[0].Message.Text
	if !regexp.MustCompile(`left out [0-9]+ of 2000 results`).MatchString(msg) {
		t.Errorf("truncation notification: %q", msg)
	}
}

func TestRegion(t *testing.T) {
	cases := []struct {
		loc  finding.Location
		want string
	}{
		{finding.Location{Line: 3}, `{"startLine":3}`},
		{finding.Location{Line: 3, Col: 2, EndCol: 5}, `{"startLine":3,"startColumn":2,"endColumn":6}`},
		{finding.Location{Line: 3, Col: 2, EndLine: 4, EndCol: 1}, `{"startLine":3,"startColumn":2,"endLine":4,"endColumn":2}`},
		{finding.Location{Line: 3, Col: 9, EndLine: 3, EndCol: 2}, `{"startLine":3,"startColumn":9,"endLine":3}`},
		{finding.Location{Line: 5, EndLine: 2}, `{"startLine":5}`},
	}
	for _, c := range cases {
		got, _ := json.Marshal(region(c.loc))
		if string(got) != c.want {
			t.Errorf("region(%+v) = %s, want %s", c.loc, got, c.want)
		}
	}
	if region(finding.Location{Path: "x"}) != nil {
		t.Error("a location without a line must have no region")
	}
}

func TestResultMessage(t *testing.T) {
	loc := newLocator("/w", []string{"."})
	f := finding.Finding{RuleID: "AL101", Message: "Shut out"}
	rel := []finding.Location{
		{Root: ".", Path: "a.h", Line: 3, Message: "#define X [1]"},
		{Root: ".", Path: "b.h", Line: 9},
	}
	got := resultMessage(f, rel, loc)
	want := `Shut out. See [#define X \[1\]](1), [b.h:9](2).`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := resultMessage(finding.Finding{Message: "see [x](1) here."}, nil, loc); got != `see [x\](1) here.` {
		t.Errorf("plain brackets not escaped: %s", got)
	}
}

// A notification of one cause met in many places carries each place, with
// what is there, as a location: at most maxRelated, in the given order.
func TestSARIFNotificationLocations(t *testing.T) {
	n := finding.Notification{Level: finding.LevelWarning, Message: "function-like macro F is not defined ...",
		Where: finding.Location{Root: "/w/r", Path: "a.cu", Line: 3}}
	for i := range maxRelated + 5 {
		n.Locations = append(n.Locations, finding.Location{Root: "/w/r", Path: "a.cu", Line: 3 + i, Message: fmt.Sprintf("#if F(%d)", i)})
	}
	out := renderSARIF(t, []Run{{ToolVersion: "0.1.0", Target: "sm_120", WorkDir: "/w", Roots: []string{"/w/r"}, Success: true,
		Notifications: []finding.Notification{n}}})
	var log sarif.Report
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	locs := log.Runs[0].Invocations[0].ToolExecutionNotifications[0].Locations
	if len(locs) != maxRelated {
		t.Fatalf("%d locations, want %d", len(locs), maxRelated)
	}
	for i, l := range locs {
		if *l.PhysicalLocation.Region.StartLine != 3+i || l.Message == nil || *l.Message.Text != fmt.Sprintf("#if F(%d)", i) {
			t.Errorf("location %d: line %d, message %v", i, *l.PhysicalLocation.Region.StartLine, l.Message)
		}
	}
}
