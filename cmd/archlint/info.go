package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/archlint/archlint/analyzer/report"
	"github.com/archlint/archlint/analyzer/target"
	"github.com/archlint/archlint/analyzer/verdict"
	"github.com/archlint/archlint/rules"
)

func runExplain(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: archlint explain RULE_ID   (e.g. archlint explain AL101; 'archlint rules' lists them)")
		return exitError
	}
	id := strings.ToUpper(strings.TrimSpace(args[0]))
	for _, r := range rules.All() {
		if r.ID == id || r.Name == strings.ToLower(args[0]) {
			fmt.Fprint(stdout, report.ExplainText(r))
			return exitClean
		}
	}
	fmt.Fprintf(stderr, "archlint: unknown rule %q; 'archlint rules' lists them\n", args[0])
	return exitError
}

func runRules(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("archlint rules", flag.ContinueOnError)
	md := fs.Bool("markdown", false, "print the catalogue as Markdown (docs/rules.md)")
	format := fs.String("format", "text", "text, markdown or json")
	if _, ok := parseFlags(fs, args, stderr); !ok {
		return exitError
	}
	if *md || *format == "markdown" {
		fmt.Fprint(stdout, report.RulesMarkdown(rules.All()))
		return exitClean
	}
	if *format == "json" {
		type jrule struct {
			ID, Name, Short, Full, Before, After, Level, Precision string
			Tags                                                   []string
			HelpURI                                                string
		}
		var out []jrule
		for _, r := range rules.All() {
			out = append(out, jrule{r.ID, r.Name, r.Short, r.Full, r.Before, r.After, string(r.Level), r.Precision, r.Tags, report.HelpURI(r.ID)})
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return exitError
		}
		return exitClean
	}
	if *format != "text" {
		fmt.Fprintf(stderr, "archlint rules: unknown --format %q: want text, markdown or json\n", *format)
		return exitError
	}
	for _, r := range rules.All() {
		fmt.Fprintf(stdout, "%s  %-28s %-7s  %s\n", r.ID, r.Name, r.Level, r.Short)
	}
	return exitClean
}

func runTargets(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("archlint targets", flag.ContinueOnError)
	cuda := fs.String("cuda-version", "13.0", "assumed CUDA toolkit version")
	if _, ok := parseFlags(fs, args, stderr); !ok {
		return exitError
	}
	tb, err := target.LoadTable()
	if err != nil {
		fmt.Fprintln(stderr, "archlint:", err)
		return exitError
	}
	cv, err := target.ParseCUDAVersion(*cuda)
	if err != nil {
		fmt.Fprintln(stderr, "archlint:", err)
		return exitError
	}
	kb, err := verdict.Load()
	if err != nil {
		fmt.Fprintln(stderr, "archlint:", err)
		return exitError
	}
	fmt.Fprintf(stdout, "Device-pass macros under CUDA %s (nvcc 13.0 table; every pass also gets the nvcc profile):\n", cv)
	for _, a := range tb.Reference(cv) {
		pm := tb.Macros(a, cv, nil)
		var ms []string
		for k, v := range pm.Defined {
			if strings.HasPrefix(k, "__CUDA_ARCH") {
				ms = append(ms, k+"="+v)
			}
		}
		sort.Strings(ms)
		if len(ms) == 0 {
			ms = []string{"(no __CUDA_ARCH__)"}
		}
		fmt.Fprintf(stdout, "  %-8s %s\n", a.Name(), strings.Join(ms, " "))
	}
	fmt.Fprintln(stdout, "\nDevice features that nvcc 13.0 does NOT compile for each target (measured; everything else in the knowledge base compiles):")
	for _, a := range tb.Reference(cv) {
		if a.Host {
			continue
		}
		var missing []string
		for _, f := range kb.Features {
			if !f.Supports(a) {
				missing = append(missing, f.Name)
			}
		}
		fmt.Fprintf(stdout, "  %-8s %s\n", a.Name(), strings.Join(missing, " "))
	}
	return exitClean
}
