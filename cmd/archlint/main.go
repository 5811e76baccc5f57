// Command archlint finds every place a Python + C++/CUDA codebase shuts a GPU
// architecture out, and says why.
//
//	archlint --target sm_120 ./repos
//	archlint trace --target sm_120 include/x.cuh
//	archlint explain AL101 | archlint rules | archlint targets
//
// This file only wires flags to the analyzer; everything else lives there.
package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
)

// version is set by the release build (-ldflags "-X main.version=...").
var version = "0.1.0-dev"

// Exit codes: 0 nothing at or above --fail-on, 1 findings, 2 usage or fatal error.
const (
	exitClean    = 0
	exitFindings = 1
	exitError    = 2
)

func main() {
	// ARCHLINT_CPUPROFILE=FILE writes a CPU profile, for scripts/bench.sh
	// and performance work (go tool pprof).
	stopCPU := func() {}
	if p := os.Getenv("ARCHLINT_CPUPROFILE"); p != "" {
		f, err := os.Create(p)
		if err == nil && pprof.StartCPUProfile(f) == nil {
			stopCPU = func() { pprof.StopCPUProfile(); f.Close() }
			// An interrupted scan still leaves its profile: the slow scans
			// are the ones worth profiling.
			sig := make(chan os.Signal, 1)
			signal.Notify(sig, os.Interrupt)
			go func() {
				<-sig
				stopCPU()
				os.Exit(130)
			}()
		}
	}
	// ARCHLINT_PEAKPROFILE=FILE writes a heap profile of the largest live
	// heap (watchPeakHeap).
	stopPeak := func() {}
	if p := os.Getenv("ARCHLINT_PEAKPROFILE"); p != "" {
		stopPeak = watchPeakHeap(p)
	}
	code := run(os.Args[1:], os.Stdout, os.Stderr)
	stopPeak()
	stopCPU()
	// ARCHLINT_MEMPROFILE=FILE writes a heap profile at exit.
	if p := os.Getenv("ARCHLINT_MEMPROFILE"); p != "" {
		if f, err := os.Create(p); err == nil {
			_ = pprof.WriteHeapProfile(f)
			f.Close()
		}
	}
	os.Exit(code)
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "trace":
			return runTrace(args[1:], stdout, stderr)
		case "explain":
			return runExplain(args[1:], stdout, stderr)
		case "rules":
			return runRules(args[1:], stdout, stderr)
		case "targets":
			return runTargets(args[1:], stdout, stderr)
		case "version", "--version":
			fmt.Fprintln(stdout, "archlint", version)
			return exitClean
		case "help", "-h", "--help":
			usage(stdout)
			return exitClean
		}
	}
	return runScan(args, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprint(w, `archlint finds where a Python + C++/CUDA codebase shuts a GPU architecture out.

Usage:
  archlint --target sm_120 [flags] PATH...     scan (text; --format sarif -o FILE for code scanning)
  archlint trace --target sm_120 FILE...       every arch directive, evaluated per arch and flavor
  archlint explain AL101                       what a rule means, with before/after
  archlint rules                               the rule catalogue
  archlint targets                             known targets and their macros

Run 'archlint --help' for scan flags, 'archlint trace --help' for trace flags.
Exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage or fatal error.
`)
}
