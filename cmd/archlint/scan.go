package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/archlint/archlint/analyzer/cache"
	"github.com/archlint/archlint/analyzer/config"
	"github.com/archlint/archlint/analyzer/filter"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/fix"
	"github.com/archlint/archlint/analyzer/report"
	"github.com/archlint/archlint/analyzer/scan"
	"github.com/archlint/archlint/rules"
	"github.com/mattn/go-isatty"
)

type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

func runScan(args []string, stdout, stderr io.Writer) int {
	return runScanCache(args, stdout, stderr, nil)
}

// runScanCache is runScan with a hook told whether the result cache was
// hit (tests).
func runScanCache(args []string, stdout, stderr io.Writer, onCache func(cache.Status)) int {
	fs := flag.NewFlagSet("archlint", flag.ContinueOnError)
	var tf targetFlags
	tf.register(fs)
	format := fs.String("format", "text", "output format: text, sarif, json, github (workflow annotations)")
	output := fs.String("o", "", "write the report to this file instead of stdout")
	failOn := fs.String("fail-on", "warning", "exit 1 when a finding is at or above this level: note, warning, error, none")
	colorMode := fs.String("color", "auto", "color text output: auto (TTY and no NO_COLOR), always, never")
	verbose := fs.Bool("verbose", false, "text output: whole messages, every chain and the properties of each finding")
	baseline := fs.String("baseline", "", "a previous archlint SARIF file: report only results absent from it")
	newFromRev := fs.String("new-from-rev", "", "report only results whose locations touch lines changed since this git revision")
	newFromMergeBase := fs.String("new-from-merge-base", "", "like --new-from-rev, from the merge base of this revision and HEAD (pull requests)")
	includeVendored := fs.Bool("include-vendored", false, "also report findings in third-party trees (3rdparty/, third_party/, git submodules); they are always scanned for includes and macros")
	showSuppressed := fs.Bool("show-suppressed", false, "keep inline-suppressed results in SARIF (with suppressions[].kind = inSource)")
	diffMode := fs.Bool("diff", false, "print the fixes for arbitrary exclusions as a unified diff instead of the report")
	fixMode := fs.Bool("fix", false, "apply the fixes for arbitrary exclusions to the files (never for justified ones), then report")
	var excludes stringList
	fs.Var(&excludes, "exclude", "gitignore-style pattern of paths to skip (repeatable)")
	noGitignore := fs.Bool("no-gitignore", false, "do not read .gitignore files")
	var capFuncs, jitFuncs stringList
	fs.Var(&capFuncs, "capability-func", "a project function that returns the GPU capability, e.g. mylib.get_sm (repeatable)")
	fs.Var(&jitFuncs, "jit-func", "a project function that builds a JIT extension, e.g. mylib.build_ext (repeatable)")
	maxSize := fs.Int64("max-file-size", 0, "skip files larger than this many bytes (default 16 MiB)")
	memTarget := fs.String("memory-target", fmt.Sprintf("%dMiB", defaultMemoryTarget>>20), "keep the Go heap near this size while the live heap allows (e.g. 512MiB; off: no target, the Go default or GOMEMLIMIT); GOMEMLIMIT in the environment wins when this flag is not given")
	noCache := fs.Bool("no-cache", false, "neither read nor write the result cache (in the user cache dir, or $"+cache.EnvDir+"; see docs/cache.md)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: archlint --target sm_120 [flags] PATH...")
		fs.PrintDefaults()
	}
	paths, ok := parseFlags(fs, args, stderr)
	if !ok {
		return exitError
	}
	if len(paths) == 0 {
		fmt.Fprintln(stderr, "archlint: no path given; usage: archlint --target sm_120 PATH...")
		return exitError
	}
	cfg, err := config.Load(paths)
	if err != nil {
		fmt.Fprintln(stderr, "archlint:", err)
		return exitError
	}
	// Flags given on the command line win over the configuration file.
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["target"] && len(cfg.Targets) > 0 {
		tf.targets = strings.Join(cfg.Targets, ",")
	}
	if !set["cuda-version"] && cfg.CUDAVersion != "" {
		tf.cuda = cfg.CUDAVersion
	}
	if !set["build-archs"] && len(cfg.BuildArchs) > 0 {
		tf.buildList = strings.Join(cfg.BuildArchs, ",")
	}
	if !set["fail-on"] && cfg.FailOn != "" {
		*failOn = cfg.FailOn
	}
	excludes = append(excludes, cfg.Exclude...)
	capFuncs = append(capFuncs, cfg.CapabilityFuncs...)
	jitFuncs = append(jitFuncs, cfg.JITFunctions...)
	r, err := tf.resolve()
	if err != nil {
		fmt.Fprintln(stderr, "archlint:", err)
		return exitError
	}
	threshold, err := parseLevel(*failOn)
	if err != nil {
		fmt.Fprintln(stderr, "archlint: --fail-on:", err)
		return exitError
	}
	if *format != "text" && *format != "sarif" && *format != "json" && *format != "github" {
		fmt.Fprintf(stderr, "archlint: unknown --format %q: want text, sarif, json or github\n", *format)
		return exitError
	}
	if *newFromRev != "" && *newFromMergeBase != "" {
		fmt.Fprintln(stderr, "archlint: --new-from-rev and --new-from-merge-base exclude each other")
		return exitError
	}
	target, err := parseSize(*memTarget)
	if err != nil {
		fmt.Fprintln(stderr, "archlint: --memory-target:", err)
		return exitError
	}
	adviseHugePages()
	// The limit is the process's: a scan is the only thing archlint runs.
	defer startMemoryTarget(target, set["memory-target"])()
	var onProgress func(string, int, int)
	prog := newProgress(stderr)
	if prog != nil {
		onProgress = prog.report
	}
	co := cacheOptions{off: *noCache, onStatus: onCache}
	if *format == "text" {
		co.warn = stderr
	}
	sc, err := cachedScan(scan.Options{Progress: onProgress, Roots: paths, Targets: r.targets, CUDA: r.cuda, BuildList: r.build, Jobs: tf.jobs,
		Exclude: excludes, NoGitignore: *noGitignore, MaxFileSize: *maxSize, Table: r.table,
		CapabilityFuncs: capFuncs, JITFuncs: jitFuncs, IncludeDirs: cfg.IncludeDirs, Probe: []byte(suppressionProbe)}, co)
	if prog != nil {
		prog.done()
	}
	if err != nil {
		fmt.Fprintln(stderr, "archlint:", err)
		return exitError
	}
	res := sc.res
	applyRuleLevels(res, cfg.Rules)
	readFile := func(root, p string) ([]byte, error) { return os.ReadFile(filepath.Join(root, filepath.FromSlash(p))) }
	if err := postProcess(res, postOptions{read: sc.suppressionRead(readFile), baseline: *baseline, rev: *newFromRev, mergeBase: *newFromMergeBase,
		showSuppressed: *showSuppressed, roots: paths, includeVendored: *includeVendored}); err != nil {
		fmt.Fprintln(stderr, "archlint:", err)
		return exitError
	}
	var all []finding.Finding
	for _, tr := range res.Targets {
		all = append(all, tr.Findings...)
	}
	if *diffMode {
		d, errs := fix.Diff(all)
		for _, e := range errs {
			fmt.Fprintln(stderr, "archlint: warning:", e)
		}
		fmt.Fprint(stdout, d)
		if d == "" {
			fmt.Fprintln(stderr, "archlint: no fixes to offer (fixes are offered only for arbitrary exclusions)")
		}
		return exitClean
	}
	if *fixMode {
		changed, errs := fix.Apply(all)
		for _, e := range errs {
			fmt.Fprintln(stderr, "archlint: warning:", e)
		}
		for _, c := range changed {
			fmt.Fprintln(stderr, "archlint: fixed", c)
		}
		fmt.Fprintf(stderr, "archlint: %d file%s changed by --fix\n", len(changed), map[bool]string{true: "", false: "s"}[len(changed) == 1])
	}
	wd, _ := os.Getwd()
	var runs []report.Run
	for _, tr := range res.Targets {
		runs = append(runs, report.Run{
			ToolVersion: version, Target: tr.Target.String(), CUDAVersion: r.cuda.String(), Roots: paths,
			WorkDir: wd, Rules: rules.All(), Findings: tr.Findings, Notifications: res.Notifications,
			CommandLine: "archlint " + strings.Join(args, " "), Success: true,
			ReadFile: readFile,
		})
	}
	var buf bytes.Buffer
	switch *format {
	case "sarif":
		err = report.WriteSARIF(&buf, runs)
	case "json":
		err = writeJSON(&buf, runs)
	case "github":
		err = report.WriteGitHub(&buf, runs)
	default:
		out := stdout
		if *output != "" {
			out = nil
		}
		err = report.WriteText(&buf, runs, report.TextOptions{Color: useColor(*colorMode, out), Verbose: *verbose})
	}
	if err != nil {
		fmt.Fprintln(stderr, "archlint: writing the report:", err)
		return exitError
	}
	if *output != "" {
		if err := os.WriteFile(*output, buf.Bytes(), 0o644); err != nil {
			fmt.Fprintln(stderr, "archlint:", err)
			return exitError
		}
	} else if _, err := stdout.Write(buf.Bytes()); err != nil {
		return exitError
	}
	// Notifications go where a reader sees them: text reports and SARIF
	// and JSON documents on stdout hold them; a report written to a file,
	// and GitHub annotations (which have no place for them, and whose
	// per-step caps the findings need), leave them to one line each on
	// stderr, which the workflow log shows.
	if *format != "text" && (*output != "" || *format == "github") {
		for _, n := range res.Notifications {
			fmt.Fprintf(stderr, "archlint: %s: %s\n", n.LevelOrWarning(), notificationText(n))
		}
	}
	for _, tr := range res.Targets {
		for _, f := range tr.Findings {
			if _, hidden := f.Properties[filter.PropSuppressed]; hidden {
				continue
			}
			if threshold != "" && f.Level.Rank() >= threshold.Rank() {
				return exitFindings
			}
		}
	}
	return exitClean
}

func notificationText(n finding.Notification) string {
	if n.Where.Path == "" {
		return n.Message
	}
	p := filepath.ToSlash(filepath.Join(n.Where.Root, n.Where.Path))
	if n.Where.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", p, n.Where.Line, n.Message)
	}
	return p + ": " + n.Message
}

func parseLevel(s string) (finding.Level, error) {
	switch strings.ToLower(s) {
	case "error":
		return finding.LevelError, nil
	case "warning":
		return finding.LevelWarning, nil
	case "note":
		return finding.LevelNote, nil
	case "none", "never":
		return "", nil
	}
	return "", fmt.Errorf("unknown level %q: want note, warning, error or none", s)
}

// useColor follows the conventions of https://no-color.org and of most
// linters: color only on a terminal, never when NO_COLOR is set, unless
// forced.
func useColor(mode string, w io.Writer) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	if _, set := os.LookupEnv("NO_COLOR"); set {
		return false
	}
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// applyRuleLevels sets the levels the project's configuration chose per
// rule; "off" drops the rule's findings.
func applyRuleLevels(res *scan.Result, levels map[string]string) {
	if len(levels) == 0 {
		return
	}
	for i := range res.Targets {
		kept := res.Targets[i].Findings[:0]
		for _, f := range res.Targets[i].Findings {
			switch lvl := levels[f.RuleID]; lvl {
			case "off":
				continue
			case "":
			default:
				f.Level = finding.Level(lvl)
			}
			kept = append(kept, f)
		}
		res.Targets[i].Findings = kept
	}
}
