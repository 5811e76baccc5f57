package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/archlint/archlint/analyzer/target"
)

// targetFlags are the flags every command that evaluates shares.
type targetFlags struct {
	targets   string
	cuda      string
	buildList string
	jobs      int
}

func (tf *targetFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&tf.targets, "target", "", "target GPU(s), comma-separated: sm_120, sm_120a, sm_121f, 12.0, compute_120 (required)")
	fs.StringVar(&tf.cuda, "cuda-version", "13.0", "assumed CUDA toolkit version (sets __CUDACC_VER_*; below 12.9 no family macros or f targets)")
	fs.StringVar(&tf.buildList, "build-archs", "", "the build's arch list for __CUDA_ARCH_LIST__, e.g. sm_80,sm_120 (default: the target alone)")
	fs.IntVar(&tf.jobs, "jobs", 0, "parallel workers (default: number of CPUs)")
}

// resolved is what targetFlags mean.
type resolved struct {
	table   *target.Table
	cuda    target.CUDAVersion
	targets []target.Target
	build   []target.Arch
}

func (tf *targetFlags) resolve() (*resolved, error) {
	tb, err := target.LoadTable()
	if err != nil {
		return nil, fmt.Errorf("loading the arch macro table: %w", err)
	}
	cv, err := target.ParseCUDAVersion(tf.cuda)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(tf.targets) == "" {
		return nil, fmt.Errorf("--target is required, e.g. --target sm_120; known targets: %s", knownNames(tb, cv))
	}
	tgs, err := tb.ParseTargets(tf.targets, cv)
	if err != nil {
		return nil, err
	}
	r := &resolved{table: tb, cuda: cv, targets: tgs}
	if tf.buildList != "" {
		bl, err := tb.ParseTargets(tf.buildList, cv)
		if err != nil {
			return nil, fmt.Errorf("--build-archs: %w", err)
		}
		for _, b := range bl {
			r.build = append(r.build, b.Arch)
		}
	}
	return r, nil
}

func knownNames(tb *target.Table, cv target.CUDAVersion) string {
	var names []string
	for _, a := range tb.Reference(cv) {
		if !a.Host {
			names = append(names, a.Name())
		}
	}
	return strings.Join(names, ", ")
}

// parseFlags parses with a usage line, reporting errors in one line.
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) ([]string, bool) {
	fs.SetOutput(stderr)
	// Go's flag package stops at the first positional argument; users write
	// flags after paths too (archlint ./repos --target sm_120), so collect
	// positionals and keep parsing.
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, false
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if rest[0] == "--" {
			pos = append(pos, rest[1:]...)
			break
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
	return pos, true
}
