package cst

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/archlint/archlint/grammars"
)

// TestDeepNesting checks that 10,000 levels of nesting neither overflow a
// stack nor lose facts: the walk is iterative.
func TestDeepNesting(t *testing.T) {
	const depth = 10000
	cases := map[string]struct {
		src        string
		directives int
	}{
		"blocks": {
			src: "__global__ void deep() {\n" + strings.Repeat("{\n", depth) + "inner();\n" +
				strings.Repeat("}\n", depth) + "}\n",
		},
		"parens": {
			src: "__device__ int deep() { return " + strings.Repeat("(", depth) + "inner()" +
				strings.Repeat(")", depth) + "; }\n",
		},
		"conditionals": {
			src: "__global__ void deep() {\n" + strings.Repeat("#if A\n", depth) + "inner();\n" +
				strings.Repeat("#endif\n", depth) + "}\n",
			directives: 2 * depth,
		},
		"unbalanced": {
			src: "__global__ void deep() {\n" + strings.Repeat("{ if (x) ", depth),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			f := mustParse(t, []byte(tc.src))
			if name != "unbalanced" {
				fn := findFunction(t, f.Functions, "deep")
				if !slices.Equal(fn.Calls, []string{"inner"}) {
					t.Errorf("Calls = %q", fn.Calls)
				}
			}
			if len(f.DirectiveLines) != tc.directives {
				t.Errorf("%d directive lines, want %d", len(f.DirectiveLines), tc.directives)
			}
		})
	}
}

func TestConcurrentParsers(t *testing.T) {
	src := readFixture(t, "arch_guard.cu")
	want := mustParse(t, src)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for w := range 4 {
		wg.Go(func() {
			p := NewParser()
			defer p.Close()
			for i := range 100 {
				got, err := p.Parse(src)
				if err != nil {
					errs <- fmt.Errorf("worker %d parse %d: %w", w, i, err)
					return
				}
				if !equalFacts(got, want) {
					errs <- fmt.Errorf("worker %d parse %d: facts differ", w, i)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func equalFacts(a, b *Facts) bool {
	eqFn := func(x, y Function) bool {
		return x.Name == y.Name && x.QualifiedName == y.QualifiedName && x.Global == y.Global &&
			x.Device == y.Device && x.StartLine == y.StartLine && x.EndLine == y.EndLine &&
			x.BodyStart == y.BodyStart && x.BodyEnd == y.BodyEnd &&
			x.BodyStartLine == y.BodyStartLine && x.BodyEndLine == y.BodyEndLine &&
			slices.Equal(x.Calls, y.Calls) && x.Recovered == y.Recovered
	}
	return slices.EqualFunc(a.Kernels, b.Kernels, eqFn) &&
		slices.EqualFunc(a.Functions, b.Functions, eqFn) &&
		slices.Equal(a.DirectiveLines, b.DirectiveLines) &&
		a.ErrorNodes == b.ErrorNodes && slices.Equal(a.ErrorLines, b.ErrorLines)
}

func TestParserLifecycle(t *testing.T) {
	p := NewParser()
	if _, err := p.Parse(nil); err != nil {
		t.Fatalf("empty source: %v", err)
	}
	p.Close()
	p.Close() // idempotent
	if _, err := p.Parse([]byte("int x;")); !errors.Is(err, ErrClosed) {
		t.Errorf("Parse after Close: %v, want ErrClosed", err)
	}
}

func TestParseContextCancelled(t *testing.T) {
	p := NewParser()
	defer p.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// Big enough that tree-sitter checks for cancellation before it is done.
	big := bytes.Repeat([]byte("__device__ int f(int x) { return g(x) + h(x); }\n"), 20000)
	if _, err := p.ParseContext(ctx, big); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled parse: %v, want context.Canceled", err)
	}
	// The parser must start afresh, not resume the abandoned parse.
	f, err := p.Parse([]byte("__global__ void k() {}\n"))
	if err != nil || len(f.Kernels) != 1 || f.ErrorNodes != 0 {
		t.Fatalf("parse after cancel: %+v, %v", f, err)
	}
}

func TestEmptyAndBinaryInput(t *testing.T) {
	for name, src := range map[string][]byte{
		"empty":   {},
		"nul":     {0, 0, 0, '{', 0},
		"invalid": {0xff, 0xfe, '#', 'i', 'f', '\n', 0xc3},
		"crlf":    []byte("#if A\r\n__global__ void k() {\r\n}\r\n#endif\r\n"),
	} {
		t.Run(name, func(t *testing.T) {
			f := mustParse(t, src)
			if name == "crlf" {
				if !slices.Equal(f.DirectiveLines, []int{1, 4}) || len(f.Kernels) != 1 {
					t.Errorf("crlf: %+v", f)
				}
			}
		})
	}
}

// TestKindTable checks the id-based classification against node type names
// on every node of the fixtures, so an id collision or alias in the grammar
// cannot silently hide a node kind.
func TestKindTable(t *testing.T) {
	p := NewParser()
	defer p.Close()
	ref := refParser(t)
	defer ref.Close()
	for _, name := range []string{"kernels.cu", "arch_guard.cu", "messy.cu"} {
		src := readFixture(t, name)
		tree := ref.Parse(src, nil)
		c := tree.Walk()
		seen := map[kind]bool{}
		// opaqueDepth is the depth of the nearest kOpaque ancestor, or
		// -1: the walk skips such subtrees, so nothing inside may matter.
		depth, opaqueDepth := 0, -1
		for done := false; !done; {
			n := c.Node()
			want := classify(n.Kind(), n.IsNamed())
			if n.IsError() {
				want = kError
			}
			if got := p.kinds.of(n.KindId()); got != want {
				t.Errorf("%s: node %s (id %d) classified %d, want %d", name, n.Kind(), n.KindId(), got, want)
			}
			if opaqueDepth >= 0 && want != kOther && want != kOpaque {
				t.Errorf("%s:%d: %s inside an opaque node", name, refStartLine(n), n.Kind())
			}
			if want == kOpaque && opaqueDepth < 0 {
				opaqueDepth = depth
			}
			seen[want] = true
			if c.GotoFirstChild() {
				depth++
				continue
			}
			for !c.GotoNextSibling() {
				if !c.GotoParent() {
					done = true
					break
				}
				depth--
			}
			if opaqueDepth >= depth {
				opaqueDepth = -1
			}
		}
		c.Close()
		tree.Close()
		if !seen[kFunctionDefinition] || !seen[kGlobal] {
			t.Errorf("%s: no function_definition or __global__ seen", name)
		}
	}
	if len(p.kinds.roles) != int(grammars.CUDA().NodeKindCount()) {
		t.Errorf("kind table has %d entries, language %d", len(p.kinds.roles), grammars.CUDA().NodeKindCount())
	}
}
