package python

import (
	"fmt"
	"strings"
	"testing"
)

// render lists a YAML file's entries as path=value, one a line.
func renderYAML(src string) string {
	var b strings.Builder
	for _, e := range yamlEntries([]byte(src)) {
		v := e.val
		if e.block {
			v = "|" + strings.Join(strings.Fields(v), " ")
		}
		fmt.Fprintf(&b, "%s=%s\n", strings.Join(e.path, "."), v)
	}
	return b.String()
}

// TestYAMLEntries reads the subset workflows are written in.
func TestYAMLEntries(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"mapping", "a: 1\nb:\n  c: 'x # y'  # comment\n  d: \"q\\\"r\"\ne: plain # c\n",
			"a=1\nb=\nb.c=x # y\nb.d=q\"r\ne=plain\n"},
		{"sequence", "s:\n  - one\n  - k: v\n    l: w\n  -\n    m: n\n",
			"s=\ns.[0]=one\ns.[1].k=v\ns.[1].l=w\ns.[2].m=n\n"},
		{"compact sequence", "steps:\n- run: a\n- run: b\nnext: 1\n",
			"steps=\nsteps.[0].run=a\nsteps.[1].run=b\nnext=1\n"},
		{"flow mapping rows", "include:\n  - { os: u, cuda: '12.8', arch: '8.0 9.0+PTX' }\n  - {os: w, n: {a: 1, b: [x, 'y,z']}}\n",
			"include=\ninclude.[0].os=u\ninclude.[0].cuda=12.8\ninclude.[0].arch=8.0 9.0+PTX\ninclude.[1].os=w\ninclude.[1].n.a=1\ninclude.[1].n.b.[0]=x\ninclude.[1].n.b.[1]=y,z\n"},
		{"flow over lines", "py: [\n  '3.10', # old\n  '3.12'\n]\nafter: x\n",
			"py.[0]=3.10\npy.[1]=3.12\nafter=x\n"},
		{"block scalar", "run: |\n  export A=1\n\n  # c\n  make\nnext: x\n",
			"run=|export A=1 # c make\nnext=x\n"},
		{"block scalar in item", "steps:\n  - name: b\n    run: >-\n      a\n      b\n  - run: c\n",
			"steps=\nsteps.[0].name=b\nsteps.[0].run=|a b\nsteps.[1].run=c\n"},
		{"folded plain", "run: cmake -B b\n  -DX=1\nk: v\n", "run=cmake -B b -DX=1\nk=v\n"},
		{"quoted keys and on", "\"on\": [push, release]\n'k x': 2\n", "on.[0]=push\non.[1]=release\nk x=2\n"},
		{"expressions", "name: ${{ matrix.os }} P${{ matrix.py }}\nenv: { A: '${{ matrix.a }}' }\n",
			"name=${{ matrix.os }} P${{ matrix.py }}\nenv.A=${{ matrix.a }}\n"},
		{"documents", "a: 1\n---\nb: 2\n", "a=1\nb=2\n"},
		{"crlf", "a: 1\r\nb:\r\n  - x\r\n", "a=1\nb=\nb.[0]=x\n"},
		{"url value", "u: http://x:80/y\n", "u=http://x:80/y\n"},
	} {
		if got := renderYAML(c.src); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// TestYAMLSpans: an entry's offsets are its text in the file.
func TestYAMLSpans(t *testing.T) {
	src := "m:\n  include:\n    - { cuda: '12.8', arch: \"8.0;9.0\" }\n"
	for _, e := range yamlEntries([]byte(src)) {
		if e.key() == "arch" {
			if got := src[e.ks:e.ve]; got != `arch: "8.0;9.0"` {
				t.Errorf("arch entry spans %q", got)
			}
			return
		}
	}
	t.Error("no arch entry")
}

func TestWorkflowPublished(t *testing.T) {
	for _, c := range []struct {
		path, src string
		want      bool
	}{
		{".github/workflows/build-wheels.yml", "on: push\n", true},
		{".github/workflows/release.yaml", "", true},
		{".github/workflows/pypi.yml", "", true},
		{".github/workflows/nv-distributed.yml", "on: push\n", false},
		{".github/workflows/ci.yml", "on:\n  release:\n    types: [published]\n", true},
		{".github/workflows/ci.yml", "on: [push, release]\n", true},
		{".github/workflows/ci.yml", "on:\n  push:\n    tags: ['v*']\n", true},
		{".github/workflows/ci.yml", "on:\n  push:\n    branches: [main]\n  pull_request:\n", false},
	} {
		got := workflowPublished(c.path, yamlEntries([]byte(c.src)))
		if (got != "") != c.want {
			t.Errorf("%s %q: published %q, want %v", c.path, c.src, got, c.want)
		}
	}
}

// TestWorkflowGates: where a workflow's lists are read, and where not.
func TestWorkflowGates(t *testing.T) {
	src := "on: pull_request\n" +
		"env:\n  TORCH_CUDA_ARCH_LIST: 8.0;9.0\n" +
		"jobs:\n  b:\n    strategy:\n      matrix:\n" +
		"        include:\n          - { cuda: '12.8.1', arch: '8.0 10.0' }\n" +
		"        exclude:\n          - { arch: '7.0' }\n" +
		"    steps:\n" +
		"      - with:\n          description: \"TORCH_CUDA_ARCH_LIST=7.0\"\n" +
		"        run: |\n" +
		"          export TORCH_CUDA_ARCH_LIST=\"${{ matrix.arch }}\"\n" +
		"          echo \"TORCH_CUDA_ARCH_LIST=7.5\" >> $GITHUB_ENV\n" +
		"          unset TORCH_CUDA_ARCH_LIST\n" +
		"          python - <<'PY'\n" +
		"          TORCH_CUDA_ARCH_LIST=\"8.6\"\n" +
		"          PY\n"
	s := Source{Root: "r", Path: ".github/workflows/ci.yml", Src: []byte(src)}
	var got []string
	for _, g := range workflowGates([]Source{s}, DefaultCaps()) {
		if g.Kind != KindWorkflowArchs || g.Workflow == nil || g.Workflow.Published != "" {
			t.Errorf("gate %q: kind %q, facts %+v", g.Expr, g.Kind, g.Workflow)
		}
		got = append(got, fmt.Sprintf("%d:%s:%v", g.Line, g.Expr, g.Toolkits))
	}
	want := []string{"3:TORCH_CUDA_ARCH_LIST: 8.0;9.0:[]", "9:arch: '8.0 10.0':[12.8.1]", "17:TORCH_CUDA_ARCH_LIST=7.5:[]"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("workflowGates:\n got %q\nwant %q", got, want)
	}
}

// FuzzWorkflowGates: any input reads to the end, entries inside it, gates
// on its lines.
func FuzzWorkflowGates(f *testing.F) {
	f.Add("jobs:\n  b:\n    strategy:\n      matrix:\n        include:\n          - { cuda: '12.8', arch: '8.0' }\n    steps:\n      - run: |\n          $env:TORCH_CUDA_ARCH_LIST = '${{ matrix.arch }}'\n")
	f.Add("env: { TORCH_CUDA_ARCH_LIST: \"8.0\" }\non: [release]\nx: [\n  {a: 'b\n")
	f.Add("- - a: |\n  b\n\"k\": 'v''w'\n? q\n---\n...\n")
	f.Fuzz(func(t *testing.T, src string) {
		for _, e := range yamlEntries([]byte(src)) {
			if e.ks < 0 || e.ks > len(src) || e.vs > e.ve || e.ve > len(src) || e.vs < 0 {
				t.Fatalf("entry %+v outside %d bytes", e, len(src))
			}
		}
		lines := strings.Count(src, "\n") + 1
		s := Source{Root: "r", Path: ".github/workflows/release.yml", Src: []byte(src)}
		for _, g := range workflowGates([]Source{s}, DefaultCaps()) {
			if g.Line < 1 || g.Line > lines || g.EndLine < g.Line || len(g.Branch) != len(DefaultCaps()) {
				t.Fatalf("gate %+v outside the %d lines", g, lines)
			}
		}
	})
}
