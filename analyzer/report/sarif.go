package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/rules"
	"github.com/owenrumney/go-sarif/v2/sarif"
)

// sarifSchema is the schema URI that GitHub and the SARIF multitool expect;
// go-sarif's default points at a raw GitHub file instead.
const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// Per-result caps from GitHub's SARIF upload limits: a result with more
// locations or thread-flow steps is cut by GitHub anyway (100 locations and
// 1,000 thread-flow locations are kept), and more than 20 tags on a rule gets
// the upload rejected.
const (
	maxRelated    = finding.MaxLocations
	maxFlows      = 3 // the caller orders flows shortest first
	maxFlowSteps  = 1000
	maxRuleTags   = 20
	defaultLevel  = finding.LevelWarning
	relatedNoText = "related location"
)

// WriteSARIF writes one SARIF 2.1.0 log with one run per Run, ready for
// GitHub code scanning: results beyond GitHub's per-run and per-file limits
// are dropped (the least severe first) and the drop is reported as a tool
// execution notification. The output is indented JSON ending in a newline,
// identical for identical input.
func WriteSARIF(w io.Writer, runs []Run) error {
	return writeSARIF(w, runs, githubLimits())
}

// sarifLog builds the log; keep[i] limits run i to its keep[i] most severe
// results (see limits.go).
func sarifLog(runs []Run, built []builtRun, keep []int) *sarif.Report {
	log := &sarif.Report{
		Version: string(sarif.Version210),
		Schema:  sarifSchema,
		Runs:    make([]*sarif.Run, 0, len(runs)),
	}
	for i := range runs {
		log.Runs = append(log.Runs, built[i].assemble(keep[i]))
	}
	return log
}

// marshal renders the log as indented JSON. HTML escaping is off so that
// conditions read as written ("__CUDA_ARCH__ >= 900", not "\u003e=");
// encoding/json sorts map keys, which keeps the bytes deterministic.
func marshal(log *sarif.Report) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(log); err != nil {
		return nil, fmt.Errorf("report: encoding SARIF: %w", err)
	}
	return buf.Bytes(), nil
}

// builtRun is a run with every result built, ready to be cut to size.
type builtRun struct {
	run           Run
	descriptors   []*sarif.ReportingDescriptor
	results       []*sarif.Result
	ranks         []int // severity rank of each result
	notifications []*sarif.Notification
	bases         []base
}

// Notification descriptors. toolExecutionNotifications name their kind by
// reference into tool.driver.notifications, so both ids live here.
const (
	notifyScanProblem = "ALN001"
	notifyTruncated   = "ALN002"
)

func notificationDescriptors() []*sarif.ReportingDescriptor {
	// GitHub requires shortDescription, fullDescription and help of every
	// reportingDescriptor, notification descriptors included (GH2012).
	d := func(id, name, short, full string) *sarif.ReportingDescriptor {
		return &sarif.ReportingDescriptor{
			ID:               id,
			Name:             &name,
			ShortDescription: sarif.NewMultiformatMessageString(short),
			FullDescription:  sarif.NewMultiformatMessageString(full),
			Help:             &sarif.MultiformatMessageString{Text: strPtr(full), Markdown: strPtr(full)},
			HelpURI:          strPtr(informationURI),
		}
	}
	return []*sarif.ReportingDescriptor{
		d(notifyScanProblem, "scan-problem",
			"archlint met a problem in the input and went past it.",
			"archlint met a problem in the input (an unreadable or binary file, an unterminated #if, a syntax error) "+
				"and went past it: findings in that part of the input may be missing."),
		d(notifyTruncated, "results-truncated",
			"archlint left results out to stay within GitHub code scanning's upload limits.",
			"GitHub code scanning rejects a SARIF run with more than 25,000 results, or a file of more than 10 MB "+
				"gzipped. archlint kept the most severe results that fit and left the rest out; run archlint with "+
				"text output, or on fewer files, to see them all."),
	}
}

// buildRun renders everything of one run except the final cut.
func buildRun(r Run, hashes lineHashTable) builtRun {
	b := builtRun{run: r}
	loc := newLocator(r.WorkDir, r.Roots)
	rs := r.ruleSet()
	index := map[string]int{}
	for _, rule := range rs {
		if _, dup := index[rule.ID]; dup {
			continue
		}
		index[rule.ID] = len(b.descriptors)
		b.descriptors = append(b.descriptors, ruleDescriptor(rule))
	}
	// A finding of a rule the run does not describe still needs a
	// descriptor for its ruleIndex: take it from the catalogue, or make a
	// bare one.
	for _, f := range r.Findings {
		if _, ok := index[f.RuleID]; ok {
			continue
		}
		rule, ok := rules.ByID(f.RuleID)
		if !ok {
			rule = rules.Rule{ID: f.RuleID, Short: "archlint rule " + f.RuleID + ".", Level: defaultLevel}
		}
		index[f.RuleID] = len(b.descriptors)
		rs = append(rs, rule)
		b.descriptors = append(b.descriptors, ruleDescriptor(rule))
	}

	b.results = make([]*sarif.Result, 0, len(r.Findings))
	b.ranks = make([]int, 0, len(r.Findings))
	for _, f := range r.Findings {
		level := effectiveLevel(f, rs)
		b.results = append(b.results, buildResult(f, level, index[f.RuleID], r, loc, hashes))
		b.ranks = append(b.ranks, level.Rank())
	}
	for _, n := range r.Notifications {
		b.notifications = append(b.notifications, buildNotification(n, loc))
	}
	b.bases = loc.bases()
	return b
}

// assemble makes the SARIF run with the keep most severe results.
func (b *builtRun) assemble(keep int) *sarif.Run {
	r := b.run
	driver := &sarif.ToolComponent{
		Name:           toolName,
		FullName:       strPtr(toolFullName),
		InformationURI: strPtr(informationURI),
		Rules:          b.descriptors,
		Notifications:  notificationDescriptors(),
	}
	if r.ToolVersion != "" {
		driver.Version = strPtr(r.ToolVersion)
		driver.SemanticVersion = strPtr(strings.TrimPrefix(r.ToolVersion, "v"))
	}
	run := sarif.NewRun(sarif.Tool{Driver: driver})

	results, dropped := keepMostSevere(b.results, b.ranks, keep)
	run.Results = results // never nil: an empty run still says "results": []

	notes := append([]*sarif.Notification(nil), b.notifications...)
	if dropped > 0 {
		notes = append(notes, truncationNotification(dropped, len(b.results)))
	}
	inv := &sarif.Invocation{
		ExecutionSuccessful:        boolPtr(r.Success),
		ToolExecutionNotifications: notes,
	}
	if r.CommandLine != "" {
		inv.CommandLine = strPtr(r.CommandLine)
	}
	if r.WorkDir != "" {
		inv.WorkingDirectory = &sarif.ArtifactLocation{URI: strPtr(fileURI(r.WorkDir))}
	}
	run.Invocations = []*sarif.Invocation{inv}

	// GitHub takes the part of automationDetails.id before its last "/" as
	// the analysis category: one category per target keeps the runs of a
	// multi-target scan apart (GitHub rejects two runs of one tool with the
	// same category in one upload).
	details := sarif.NewRunAutomationDetails().WithID(toolName + "/" + r.Target + "/")
	desc := "archlint scan for " + orUnknown(r.Target)
	if r.CUDAVersion != "" {
		desc += " with CUDA " + r.CUDAVersion
	}
	run.AutomationDetails = details.WithDescriptionText(desc + ".")

	if len(b.bases) > 0 {
		run.OriginalUriBaseIDs = map[string]*sarif.ArtifactLocation{}
		for _, base := range b.bases {
			al := &sarif.ArtifactLocation{}
			if base.uri != "" {
				al.URI = strPtr(base.uri)
			}
			run.OriginalUriBaseIDs[base.id] = al
		}
	}
	props := sarif.Properties{}
	if r.Target != "" {
		props["target"] = r.Target
	}
	if r.CUDAVersion != "" {
		props["cudaVersion"] = r.CUDAVersion
	}
	if len(props) > 0 {
		run.Properties = props
	}
	return run
}

// ruleDescriptor is a rule's tool.driver.rules entry.
func ruleDescriptor(r rules.Rule) *sarif.ReportingDescriptor {
	level := r.Level
	if level == "" {
		level = defaultLevel
	}
	d := &sarif.ReportingDescriptor{
		ID:               r.ID,
		ShortDescription: sarif.NewMultiformatMessageString(orText(r.Short, r.ID)),
		HelpURI:          strPtr(HelpURI(r.ID)),
		DefaultConfiguration: &sarif.ReportingConfiguration{
			Level: string(level),
		},
	}
	if r.Name != "" {
		d.Name = strPtr(r.Name)
	}
	// GitHub requires fullDescription and help.text (GH2012): a rule
	// without a Full paragraph repeats its Short sentence.
	if r.Full == "" {
		r.Full = orText(r.Short, r.ID)
	}
	d.FullDescription = sarif.NewMultiformatMessageString(r.Full)
	d.Help = &sarif.MultiformatMessageString{Text: strPtr(helpText(r)), Markdown: strPtr(helpMarkdown(r))}
	props := sarif.Properties{"problem.severity": problemSeverity(level)}
	if len(r.Tags) > 0 {
		props["tags"] = r.Tags[:min(len(r.Tags), maxRuleTags)]
	}
	if r.Precision != "" {
		props["precision"] = r.Precision
	}
	d.Properties = props
	return d
}

// problemSeverity maps a SARIF level to GitHub's "problem.severity" (the
// severity GitHub shows for non-security alerts): note is "recommendation".
func problemSeverity(l finding.Level) string {
	switch l {
	case finding.LevelError:
		return "error"
	case finding.LevelWarning:
		return "warning"
	}
	return "recommendation"
}

// buildResult renders one finding.
func buildResult(f finding.Finding, level finding.Level, ruleIndex int, r Run, loc *locator, hashes lineHashTable) *sarif.Result {
	primary := loc.place(f.Location)
	related := f.Related[:min(len(f.Related), maxRelated)]

	res := &sarif.Result{
		RuleID:    strPtr(f.RuleID),
		RuleIndex: uintPtr(ruleIndex),
		Level:     strPtr(string(level)),
		Message:   *sarif.NewTextMessage(resultMessage(f, related, loc)),
		Locations: []*sarif.Location{{PhysicalLocation: physical(primary, f.Location)}},
	}
	for i, rl := range related {
		l := &sarif.Location{
			PhysicalLocation: physical(loc.place(rl), rl),
			Message:          sarif.NewTextMessage(orText(rl.Message, relatedNoText)),
		}
		res.RelatedLocations = append(res.RelatedLocations, l.WithId(i+1))
	}
	for _, flow := range f.Flows[:min(len(f.Flows), maxFlows)] {
		if len(flow) == 0 {
			continue
		}
		tf := &sarif.ThreadFlow{}
		for _, step := range flow[:min(len(flow), maxFlowSteps)] {
			l := &sarif.Location{PhysicalLocation: physical(loc.place(step), step)}
			if step.Message != "" {
				l.Message = sarif.NewTextMessage(step.Message)
			}
			tf.Locations = append(tf.Locations, &sarif.ThreadFlowLocation{Location: l})
		}
		res.CodeFlows = append(res.CodeFlows, &sarif.CodeFlow{ThreadFlows: []*sarif.ThreadFlow{tf}})
	}

	for _, fx := range f.Fixes {
		res.Fixes = append(res.Fixes, sarifFix(fx, loc))
	}

	fp := map[string]interface{}{stableFingerprintKey: StableFingerprint(f, primary.rel)}
	if h := hashes.get(f.Location); h != "" {
		fp["primaryLocationLineHash"] = h
	}
	res.PartialFingerprints = fp
	res.Properties = resultProperties(f, r.Target)
	filterStates(res, f.Properties)
	return res
}

// filterStates turns the marks of the filters (package filter, which
// imports this one: hence the literal keys) into SARIF fields. GitHub
// ignores both (it drops nothing for a suppression), so the caller drops
// suppressed findings unless --show-suppressed.
func filterStates(res *sarif.Result, props map[string]any) {
	if why, ok := props["suppressed"].(string); ok {
		res.Suppressions = []*sarif.Suppression{{Kind: "inSource", Justification: strPtr(why)}}
	}
	if state, ok := props["baselineState"].(string); ok {
		res.BaselineState = strPtr(state)
	}
}

// resultProperties are the machine-readable facts of a finding. The named
// facts win over Finding.Properties entries of the same name.
func resultProperties(f finding.Finding, runTarget string) sarif.Properties {
	p := sarif.Properties{}
	for k, v := range f.Properties {
		p[k] = v
	}
	set := func(k, v string) {
		if v != "" {
			p[k] = v
		}
	}
	list := func(k string, v []string) {
		if len(v) > 0 {
			p[k] = v
		}
	}
	set("condition", f.Condition)
	list("admits", f.Admits)
	list("excludes", f.Excludes)
	list("flavors", f.Flavors)
	set("gets", f.Gets)
	set("target", orText(f.Target, runTarget))
	if len(p) == 0 {
		return nil
	}
	return p
}

// resultMessage is the finding's message with its related locations linked.
// GitHub shows a related location only through a "[text](id)" link in the
// result message, so each one gets a link in a closing "See ..." sentence;
// the first sentence, written by the rule, still stands alone.
func resultMessage(f finding.Finding, related []finding.Location, loc *locator) string {
	msg := strings.TrimSpace(f.Message)
	if msg == "" {
		msg = "archlint rule " + f.RuleID + " matched here."
	}
	msg = escapeMessage(msg)
	if len(related) == 0 {
		return msg
	}
	if !strings.HasSuffix(msg, ".") && !strings.HasSuffix(msg, "!") && !strings.HasSuffix(msg, "?") {
		msg += "."
	}
	links := make([]string, len(related))
	for i, rl := range related {
		text := rl.Message
		if text == "" {
			text = loc.place(rl).display
			if rl.Line > 0 {
				text += ":" + strconv.Itoa(rl.Line)
			}
		}
		links[i] = "[" + escapeLinkText(text) + "](" + strconv.Itoa(i+1) + ")"
	}
	return msg + " See " + strings.Join(links, ", ") + "."
}

// escapeMessage keeps plain message text from reading as an embedded link:
// SARIF (3.11.6) treats "[text](n)" as a link, so a "](" in the text gets its
// bracket escaped.
func escapeMessage(s string) string {
	return strings.ReplaceAll(s, "](", `\](`)
}

// escapeLinkText escapes what SARIF requires inside link text: brackets
// (and the backslash that escapes them).
func escapeLinkText(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `[`, `\[`, `]`, `\]`)
	return r.Replace(strings.Join(strings.Fields(s), " "))
}

// physical is the physicalLocation of a place.
func physical(p place, l finding.Location) *sarif.PhysicalLocation {
	return &sarif.PhysicalLocation{
		ArtifactLocation: &sarif.ArtifactLocation{URI: strPtr(p.uri), URIBaseId: strPtr(p.baseID)},
		Region:           region(l),
	}
}

// region converts 1-based inclusive line and column bounds into a SARIF
// region, whose endColumn is exclusive. A location without a line gets no
// region: GitHub then treats it as a whole-file location (and the upload
// action computes no line hash for it).
func region(l finding.Location) *sarif.Region {
	if l.Line <= 0 {
		return nil
	}
	reg := &sarif.Region{StartLine: intPtr(l.Line)}
	if l.Col > 0 {
		reg.StartColumn = intPtr(l.Col)
	}
	endLine := l.Line
	if l.EndLine >= l.Line {
		endLine = l.EndLine
		reg.EndLine = intPtr(endLine)
	}
	// An end column before the start column on one line would make the
	// region inconsistent (SARIF1007): leave the end out then.
	if l.EndCol > 0 && (endLine > l.Line || l.EndCol >= l.Col) {
		reg.EndColumn = intPtr(l.EndCol + 1)
	}
	if l.Snippet != "" {
		reg.Snippet = sarif.NewArtifactContent().WithText(l.Snippet)
	}
	return reg
}

// buildNotification renders a scan problem as a toolExecutionNotification.
func buildNotification(n finding.Notification, loc *locator) *sarif.Notification {
	level := n.LevelOrWarning()
	out := &sarif.Notification{
		Level:      string(level),
		Message:    sarif.NewTextMessage(orText(strings.TrimSpace(n.Message), "archlint met a problem in the input.")),
		Descriptor: descriptorRef(notifyScanProblem, 0),
	}
	switch {
	case len(n.Locations) > 0:
		// One cause met in many places: each place, with what is there.
		for _, l := range n.Locations[:min(len(n.Locations), maxRelated)] {
			sl := &sarif.Location{PhysicalLocation: physical(loc.place(l), l)}
			if l.Message != "" {
				sl.Message = sarif.NewTextMessage(l.Message)
			}
			out.Locations = append(out.Locations, sl)
		}
	case n.Where.Path != "":
		out.Locations = []*sarif.Location{{PhysicalLocation: physical(loc.place(n.Where), n.Where)}}
	}
	return out
}

func truncationNotification(dropped, total int) *sarif.Notification {
	msg := fmt.Sprintf("archlint left out %d of %d results to stay within GitHub code scanning's upload limits "+
		"(%d results per run, %d MB of gzipped SARIF per file); it kept the most severe.",
		dropped, total, maxResultsPerRun, maxGzippedBytes/1_000_000)
	return &sarif.Notification{
		Level:      string(finding.LevelWarning),
		Message:    sarif.NewTextMessage(msg),
		Descriptor: descriptorRef(notifyTruncated, 1),
	}
}

func descriptorRef(id string, index int) *sarif.ReportingDescriptorReference {
	return sarif.NewReportingDescriptorReference().WithId(id).WithIndex(index)
}

func strPtr(s string) *string { return &s }
func intPtr(i int) *int       { return &i }
func boolPtr(b bool) *bool    { return &b }
func uintPtr(i int) *uint {
	u := uint(i)
	return &u
}

// orText returns s, or def when s is empty.
func orText(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func orUnknown(target string) string {
	return orText(target, "an unnamed target")
}

// sarifFix renders a whole-line edit as a SARIF fix: the deleted region
// spans the old lines from column 1 to the end of the last one, and the
// inserted content is the new text.
func sarifFix(fx finding.Fix, loc *locator) *sarif.Fix {
	out := sarif.NewFix().WithDescriptionText(fx.Description)
	for _, e := range fx.Edits {
		p := loc.place(finding.Location{Root: e.Root, Path: e.Path, Line: e.Line})
		lines := strings.Split(e.Old, "\n")
		last := lines[len(lines)-1]
		reg := &sarif.Region{StartLine: intPtr(e.Line), StartColumn: intPtr(1), EndLine: intPtr(e.EndLine),
			EndColumn: intPtr(len(last) + 1)}
		rep := sarif.NewReplacement(reg).WithInsertedContent(sarif.NewArtifactContent().WithText(e.New))
		ch := sarif.NewArtifactChange(&sarif.ArtifactLocation{URI: strPtr(p.uri), URIBaseId: strPtr(p.baseID)}).WithReplacement(rep)
		out.AddArtifactChanges(ch)
	}
	return out
}
