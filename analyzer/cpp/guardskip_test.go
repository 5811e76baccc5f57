package cpp

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// TestGuardSkipSameResults checks that skipping a guarded header met
// again with its guard defined (process) records what reading it
// records, with and without the other shortcuts: on generated trees of
// guarded headers in both spellings of the guard, some after leading
// #pragmas (#pragma once among them), whose bodies define, undefine and
// test each other's guards, under decided and undecided conditions.
func TestGuardSkipSameResults(t *testing.T) {
	base := memoTestConfig(t)
	for seed := int64(1); seed <= 60; seed++ {
		fs := NewFileSet(guardTree(rand.New(rand.NewSource(seed))), nil)
		units := cuUnits(fs)
		for _, every := range []bool{false, true} {
			run := func(read bool) *Results {
				cfg := base
				cfg.EveryPass = every
				cfg.readGuarded = read
				return NewEngine(cfg, fs).Evaluate(units)
			}
			skip, read := run(false), run(true)
			if !reflect.DeepEqual(skip, read) {
				t.Fatalf("seed %d (every pass: %v): skipping guarded headers changes the results:\n%s", seed, every,
					strings.Join(diffResults(skip, read), "\n"))
			}
		}
	}
}

// guardTree makes a random tree of guarded headers and units that
// include them in different orders.
func guardTree(r *rand.Rand) []*File {
	const nh, nu = 10, 6
	conds := []string{"defined(CFG)", "__CUDA_ARCH__ >= 900", "defined(G%d)", "!defined(G%d)", "M%d > 1", "defined(M%d)"}
	cond := func() string {
		c := conds[r.Intn(len(conds))]
		if strings.Contains(c, "%d") {
			c = fmt.Sprintf(c, r.Intn(nh))
		}
		return c
	}
	body := func(n int) string {
		var b strings.Builder
		depth := 0
		for range n {
			switch k := r.Intn(12); {
			case k < 2:
				fmt.Fprintf(&b, "#if %s\n", cond())
				depth++
			case k == 2 && depth > 0:
				fmt.Fprintf(&b, "#elif %s\n", cond())
			case k == 3 && depth > 0:
				b.WriteString("#else\n")
			case k == 4 && depth > 0:
				b.WriteString("#endif\n")
				depth--
			case k == 5:
				fmt.Fprintf(&b, "#undef G%d\n", r.Intn(nh)) // a guard undone: the header reads again
			case k == 6:
				fmt.Fprintf(&b, "#define G%d\n", r.Intn(nh)) // a guard set before its header is read
			case k == 7:
				fmt.Fprintf(&b, "#define M%d %d\n", r.Intn(4), r.Intn(3))
			default:
				fmt.Fprintf(&b, "#include \"h%d.h\"\n", r.Intn(nh))
			}
		}
		for ; depth > 0; depth-- {
			b.WriteString("#endif\n")
		}
		return b.String()
	}
	var files []*File
	for i := range nh {
		var src strings.Builder
		switch r.Intn(4) {
		case 1:
			src.WriteString("#pragma GCC system_header\n")
		case 2:
			src.WriteString("#pragma once\n")
		}
		if r.Intn(2) == 0 {
			fmt.Fprintf(&src, "#ifndef G%d\n", i)
		} else {
			fmt.Fprintf(&src, "#if !defined(G%d)\n", i)
		}
		fmt.Fprintf(&src, "#define G%d\n%s#endif\n", i, body(6))
		files = append(files, &File{Root: "r", Path: fmt.Sprintf("h%d.h", i), Src: []byte(src.String())})
	}
	for i := range nu {
		files = append(files, &File{Root: "r", Path: fmt.Sprintf("u%d.cu", i), Src: []byte(body(10))})
	}
	for _, f := range files {
		f.St = Build(Scan(f.Src))
		f.Once = strings.Contains(string(f.Src), "#pragma once")
	}
	return files
}
