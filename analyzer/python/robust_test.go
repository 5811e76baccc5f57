package python

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// genSource writes a Python file of about n lines mixing the shapes the
// analyzer looks for with plain code.
func genSource(n int) []byte {
	var sb strings.Builder
	sb.WriteString("import os\nimport torch\nfrom torch.cuda import get_device_capability\n\nTABLE = {(8, 0): 'a', (9, 0): 'b', (10, 0): 'c'}\n\n")
	for i := 0; sb.Len() == 0 || strings.Count(sb.String(), "\n") < n; i++ {
		fmt.Fprintf(&sb, `
def helper_%[1]d(device=None):
    major, minor = get_device_capability(device)
    return major == %[2]d and torch.version.cuda >= "12.8"


def kernel_%[1]d(x, y):
    total = 0
    for item in range(x):
        total += item * %[1]d
    major, minor = torch.cuda.get_device_capability()
    sm = major * 10 + minor
    if helper_%[1]d():
        return TABLE[(major, minor)]
    elif sm >= 90:
        flags = ["-gencode=arch=compute_90a,code=sm_90a"]
        return gen_jit_spec("k%[1]d", [], supported_major_versions=[9, 10])
    else:
        raise ValueError("unsupported sm%%d" %% sm)


class Layer%[1]d:
    def __init__(self):
        self.fast = torch.cuda.get_device_capability()[0] >= 9
        self.name = "layer%[1]d"

    def forward(self, x):
        if self.fast:
            return x + 1
        return [v for v in x if v]
`, i, 8+i%5)
	}
	return []byte(sb.String())
}

func TestDeterministic(t *testing.T) {
	srcs := loadFixtures(t)
	srcs = append(srcs, Source{Root: "gen", Path: "gen/big.py", Src: genSource(400)})
	g1, n1 := Analyze(srcs, fixtureConfig())
	// Reverse the input order: the result must not change.
	rev := make([]Source, len(srcs))
	for i, s := range srcs {
		rev[len(srcs)-1-i] = s
	}
	for range 3 {
		g2, n2 := Analyze(rev, fixtureConfig())
		if !reflect.DeepEqual(g1, g2) || !reflect.DeepEqual(n1, n2) {
			t.Fatal("results depend on input order or scheduling")
		}
	}
	if len(g1) < 100 {
		t.Errorf("only %d gates on the generated file", len(g1))
	}
}

func TestPathological(t *testing.T) {
	cases := map[string]string{
		"deep":      "x = " + strings.Repeat("(", 3000) + "1" + strings.Repeat(")", 3000) + "\n",
		"recursive": "import torch\ndef f(n):\n    return f(n) and torch.cuda.get_device_capability()[0] == 9\nif f(1):\n    pass\n",
		"cycle_a":   "from cycle_b import x\ny = x\n",
		"empty":     "",
		"binary":    "\x00\xff\xfe",
		"longloop":  "import torch\nmajor = torch.cuda.get_device_capability()[0]\nwhile True:\n    if major == 9:\n        break\n",
		"ladderbig": "import torch\nm = torch.cuda.get_device_capability()[0]\n" + strings.Repeat("if m == 9:\n    pass\nelif m == 10:\n    raise ValueError('x')\n", 2000),
	}
	var srcs []Source
	for name, src := range cases {
		srcs = append(srcs, Source{Root: "r", Path: name + ".py", Src: []byte(src)})
	}
	srcs = append(srcs, Source{Root: "r", Path: "cycle_b.py", Src: []byte("from cycle_a import y\nx = y\n")})
	gates, _ := Analyze(srcs, Config{})
	if len(gates) == 0 {
		t.Error("no gates found in the big ladder file")
	}
}

func FuzzAnalyze(f *testing.F) {
	f.Add([]byte("import torch\nif torch.cuda.get_device_capability()[0] == 9:\n    raise ValueError()\n"))
	f.Add([]byte("x = gen_jit_spec('a', supported_major_versions=[9, 10])\n"))
	f.Add([]byte("A = ['sm_90a', 'sm_100a']\nos.environ.get('TORCH_CUDA_ARCH_LIST', '8.0 9.0')\n"))
	f.Add([]byte("set(CUDA_ARCHS \"9.0a;10.0a\")\n"))
	f.Add([]byte("def f(:\n  return )("))
	f.Add([]byte("import torch\nn = torch.cuda.get_device_name().lower()\nif x and ('h100' in n or not n.startswith(('a', 'b'))):\n    raise ValueError()\nok = any(t in n for t in ('gb200',))\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		srcs := []Source{{Root: "r", Path: "a.py", Src: src}, {Root: "r", Path: "CMakeLists.txt", Src: src}}
		g1, n1 := Analyze(srcs, Config{})
		g2, n2 := Analyze(srcs, Config{})
		if !reflect.DeepEqual(g1, g2) || !reflect.DeepEqual(n1, n2) {
			t.Fatal("not deterministic")
		}
	})
}

func BenchmarkAnalyze5000Lines(b *testing.B) {
	src := genSource(5000)
	srcs := []Source{{Root: "r", Path: "big.py", Src: src}}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var n int
	for b.Loop() {
		g, _ := Analyze(srcs, Config{})
		n = len(g)
	}
	b.ReportMetric(float64(n), "gates")
}

// TestPanicBecomesNotification: a panic in the interpreter (a bug met on
// some input) costs a notification and the Python results, never the
// process or a deadlock, with and without the selection, and the
// notification is the same on every run.
func TestPanicBecomesNotification(t *testing.T) {
	srcs := []Source{
		{Root: "r", Path: "pkg/__init__.py", Src: []byte("")},
		{Root: "r", Path: "pkg/a.py", Src: []byte("import torch\n\ndef f():\n    if torch.cuda.get_device_capability()[0] < 9:\n        raise RuntimeError('old')\n\ndef g():\n    return 1\n")},
		{Root: "r", Path: "CMakeLists.txt", Src: []byte("set(CMAKE_CUDA_ARCHITECTURES 80 90)\n")},
	}
	for _, always := range []bool{false, true} {
		cfg := fixtureConfig()
		cfg.alwaysSelect = always
		clean, _ := AnalyzeProgram(srcs, cfg)
		if len(clean.Gates) < 2 {
			t.Fatalf("select=%v: the clean run found %d gates, want the Python one and the CMake one", always, len(clean.Gates))
		}
		cfg.panicIn = "pkg.a.g"
		var first []Notification
		for run := range 3 {
			prog, notes := AnalyzeProgram(srcs, cfg)
			var faults []Notification
			for _, n := range notes {
				if strings.Contains(n.Msg, "internal error in the Python analysis") {
					faults = append(faults, n)
				}
			}
			if len(faults) == 0 || !strings.Contains(faults[0].Msg, "analyzing pkg.a.g") {
				t.Fatalf("select=%v: notes %+v, want the fault named", always, notes)
			}
			for _, g := range prog.Gates {
				if g.Kind != KindCMakeArchs {
					t.Errorf("select=%v: Python gate %s:%d kept after a fault", always, g.Path, g.Line)
				}
			}
			if len(prog.Gates) == 0 {
				t.Errorf("select=%v: the CMake gate went with the Python ones", always)
			}
			if run == 0 {
				first = faults
			} else if !reflect.DeepEqual(faults, first) {
				t.Errorf("select=%v: run %d notes %+v, first %+v", always, run, faults, first)
			}
		}
	}
}
