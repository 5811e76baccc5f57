package scan

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/cpp/expr"
	"github.com/archlint/archlint/analyzer/target"
)

// TestFixtureConditionsAgainstCpp evaluates every #if/#elif condition of
// every fixture under testdata/, for every reference pass, with the pass's
// nvcc macros and the file's top-level #defines, in the closed world (names
// defined nowhere are 0), and compares value and error-ness with the real
// `cpp -x c++ -undef -P`. Agreement must be 100%.
func TestFixtureConditionsAgainstCpp(t *testing.T) {
	if _, err := exec.LookPath("cpp"); err != nil {
		t.Skip("cpp not on PATH")
	}
	tb, err := target.LoadTable()
	if err != nil {
		t.Fatal(err)
	}
	cv := target.DefaultCUDA()
	type cond struct {
		where string
		text  string
		defs  []string // top-level #define lines of the file, in order
	}
	var conds []cond
	err = filepath.WalkDir("../../testdata", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !isCFile(p) {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		st := cpp.Build(cpp.Scan(src))
		var defs []string
		for di, dir := range st.Src.Directives {
			if dir.Kind == cpp.DirDefine && st.DirOwner[di] < 0 {
				defs = append(defs, dir.Args)
			}
		}
		for _, dir := range st.Src.Directives {
			if (dir.Kind == cpp.DirIf || dir.Kind == cpp.DirElif) && !strings.Contains(dir.Args, "__has_include") {
				conds = append(conds, cond{fmt.Sprintf("%s:%d", p, dir.Line), dir.Args, defs})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(conds) < 30 {
		t.Fatalf("only %d fixture conditions found", len(conds))
	}
	checked, truths := 0, 0
	for _, pass := range tb.Reference(cv) {
		pm := tb.Macros(pass, cv, nil)
		var head strings.Builder
		names := make([]string, 0, len(pm.Defined))
		for k := range pm.Defined {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			fmt.Fprintf(&head, "#define %s %s\n", k, pm.Defined[k])
		}
		var file strings.Builder
		type block struct{ start, end int }
		var blocks []block
		line := 0
		write := func(s string) {
			file.WriteString(s)
			line += strings.Count(s, "\n")
		}
		for i, c := range conds {
			start := line + 1
			write(head.String())
			for _, d := range c.defs {
				write("#define " + d + "\n")
			}
			write(fmt.Sprintf("#if %s\nR %d 1\n#else\nR %d 0\n#endif\n", c.text, i, i))
			for _, d := range c.defs {
				if n := defineName(d); n != "" {
					write("#undef " + n + "\n")
				}
			}
			for _, k := range names {
				write("#undef " + k + "\n")
			}
			blocks = append(blocks, block{start, line})
		}
		cmd := exec.Command("cpp", "-x", "c++", "-undef", "-P", "-w")
		cmd.Stdin = strings.NewReader(file.String())
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		_ = cmd.Run() // errors are expected for some conditions; stderr says which
		cppTruth := map[int]bool{}
		sc := bufio.NewScanner(&stdout)
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) == 3 && f[0] == "R" {
				i, _ := strconv.Atoi(f[1])
				cppTruth[i] = f[2] == "1"
			}
		}
		cppErr := map[int]bool{}
		for _, m := range errLineRE.FindAllStringSubmatch(stderr.String(), -1) {
			ln, _ := strconv.Atoi(m[1])
			for i, b := range blocks {
				if ln >= b.start && ln <= b.end {
					cppErr[i] = true
				}
			}
		}
		for i, c := range conds {
			env := &expr.MapEnv{Macros: map[string]*expr.Macro{}, Default: expr.False,
				Include: func(string, bool) expr.Tri { return expr.False }}
			for _, k := range names {
				env.Macros[k] = &expr.Macro{Name: k, Body: pm.Defined[k]}
			}
			for _, d := range c.defs {
				if m := env.Define(d); m == nil {
					t.Fatalf("%s: cannot parse #define %s", c.where, d)
				}
			}
			r, err := expr.Eval(c.text, env)
			switch {
			case (err != nil) != cppErr[i]:
				t.Errorf("%s [%s]: #if %s: error-ness differs: ours %v, cpp error %v", c.where, pass.Name(), c.text, err, cppErr[i])
			case err == nil && (r.Truth == expr.True) != cppTruth[i]:
				t.Errorf("%s [%s]: #if %s: ours %v, cpp %v", c.where, pass.Name(), c.text, r.Truth == expr.True, cppTruth[i])
			}
			checked++
			if cppTruth[i] {
				truths++
			}
		}
	}
	// Guard against a harness that compares nothing: both outcomes occur.
	if truths == 0 || truths == checked {
		t.Fatalf("degenerate comparison: %d of %d conditions true", truths, checked)
	}
	t.Logf("%d fixture conditions x %d passes = %d evaluations agree with cpp", len(conds), len(tb.Reference(cv)), checked)
}

var errLineRE = regexp.MustCompile(`(?m)^<stdin>:(\d+):\d+: error:`)

func isCFile(p string) bool {
	switch filepath.Ext(p) {
	case ".cu", ".cuh", ".h", ".hpp", ".cc", ".cpp":
		return true
	}
	return false
}

func defineName(args string) string {
	i := 0
	for i < len(args) && (args[i] == '_' || args[i] >= 'a' && args[i] <= 'z' || args[i] >= 'A' && args[i] <= 'Z' || i > 0 && args[i] >= '0' && args[i] <= '9') {
		i++
	}
	return args[:i]
}
