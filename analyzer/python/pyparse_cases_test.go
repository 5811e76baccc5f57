package python

import (
	"strings"
	"testing"
)

// pyCases are tricky spots for the Go parser. Each either parses to
// tree-sitter's tree or is refused; mustAccept marks those it must take
// (the common constructs), so that a regression that makes the parser
// refuse them shows.
var pyCases = []struct {
	name       string
	src        string
	mustAccept bool
}{
	{"empty", "", true},
	// A list then a line starting with "[": tree-sitter may read it on
	// as a subscript of the list's last element (fuzz).
	{"rhs list then bracket line", "(a,)=c,2\n[a,]", false},
	{"rhs list then bracket assignment", "x = c, d\n[k] = v\n", false},
	{"statement list then bracket line", "c, 2\n[a]\n", false},
	{"statement patterns then bracket assignment", "a, b\n[k] = v\n", false},
	{"single rhs then bracket line", "x = c\n[a]\n", false},
	{"rhs literal then bracket line after a comment", "x = c, 2  # k\n\n[a]\n", false},
	{"rhs call then bracket line", "x = c, f()\n[a] = 1\n", false},
	{"augmented rhs then bracket line", "x += c, (d)\n[a]\n", false},
	{"rhs name then bracket line", "x = c, d.e\n[a]\n", true},
	// A next line starting with "(" may call the last element (fuzz).
	{"rhs call then call line", "x=f,f()\n()[a]", false},
	{"rhs literal then call line", "x = c, 's'\n()(a)\n", false},
	{"rhs name then call line", "x = c, d\n()[a]\n", true},
	{"single rhs then call line", "x = f()\n()[a]\n", true},
	{"blank", "   \n\n  ", true},
	{"only comment", "# c", true},
	{"bom", "\xEF\xBB\xBFx = 1\n", true},
	{"crlf", "x = 1  # c\r\ny = 2\r\nif a:\r\n    b\r\n", true},
	{"tabs", "if a:\n\tb\n\tif c:\n\t\td\n", true},
	{"no final newline", "def f():\n    return 1", true},
	{"semicolons", "x = 1; y = 2;\n", true},
	{"continuation", "x = 1 + \\\n  2\n", true},
	{"continuation before string", "x = \"a\" \\\n  \"b\"\n", true},
	{"continuation in call", "f(a, \\\n  b)\n", true},
	{"comments in blocks", "# lead\nif a:  # c0\n    # c1\n    x  # c2\n    # c3\n# c4\n    # c5\nelif b:\n    y\n    # c6\nelse:\n    z\n# c7\n", true},
	{"comment dedent", "class A:\n    def f(self):\n        x\n    # c\ny\n", true},
	{"comments in brackets", "x = (1,  # c\n     2)\nf(a,\n  # c9\n  b)  # c10\n", true},
	{"comment in decorator", "@dec(1)  # c\n@a.b\nclass A(B, metaclass=M):\n    pass\n", true},
	{"one-line blocks", "if a: pass\nelse: x = 1; y = 2\nclass B(): x = 1\n", true},
	{"fstrings", "f\"a{x!r:>{w}}b{{c\" 'd\\n' r\"\\d\" b\"\\N\"\n", true},
	{"fstring nested quotes", "f'{a[\"b\"]}' f\"{x=}\" f'{a:{b}.{c}f}' f'{x!s}' f\"{'a' if b else 'c'}\"\n", true},
	{"fstring dict", "f\"{ {'a': 1}['a'] }\"\n", false},
	{"fstring expr list", "f\"{a, b}\"\n", true},
	{"raw escapes", "r'\\'' rb'\\\\' r\"\\n\" rf\"\\{x}\"\n", false},
	{"bytes escapes", "b'\\u12' b'\\N{x}' b'\\x41'\n", true},
	{"triple strings", "s = \"\"\"a\"b\"\"c\nd\\\ne\"\"\" '''x'''\n", true},
	{"escapes", "u'\\x41\\u1234\\N{DASH}\\'\\0\\012\\8'\n", true},
	{"numbers", "x = 1.5e-3 + 0x1F + 0o7 + 0b1 + 1_000 + 1j + .5 + 5. + 1e5 + 10L\n", true},
	{"operators", "v = ~a + b * c @ d // e % f - g << h >> i & j ^ k | l\nw = -a ** -b\n", true},
	{"comparisons", "x = a not in b is not c < d <= e != f == g > h >= i in j is k\n", true},
	{"boolean", "y = not a and b or c and not d\n", true},
	{"conditional", "z = a if b else c if d else e\n", true},
	{"lambda", "f = lambda: 0\ng = lambda x, *y, z=1, **k: x if y else z\nh = lambda: (yield)\n", true},
	{"walrus", "if (n := len(a)) > 10: pass\nf(y := 1)\n[y := g(x), y ** 2]\n", true},
	// tree-sitter ends a named expression's value before "if" (the
	// conditional's precedence is lower): found by FuzzPyParse.
	{"walrus before if", "(z := a if b else c if d else e)\nf(y := lambda: a if b else c)\n(w := v := 1 if c else 2)\n", true},
	{"await async", "async def f():\n    async for x in y:\n        await z\n    async with a as b:\n        pass\n    r = await f(x) ** 2\n    return [i async for i in g()]\n", true},
	{"star expressions", "a, *b = c\nf(*a, **b, c=d)\nx = [*a, *b]\nx = (*a.b[:-1], 1)\nprint(*a.b if c else d)\n", true},
	{"star quirks", "x = [*self.a]\nx = *a.b + c, d\nx = [*a if b else c]\n", false},
	{"targets", "(a, b) = c, d\n[a, b] = c\na.b[0], c = 1, 2\nfor i, (a, b) in enumerate(x): pass\nx = (a.b) = 0\n", true},
	{"augmented", "x += 1\nx.y //= 2\nx[0] **= 3\n", true},
	{"type hints", "x: List[int] | None = None\ny: Callable[[int], str]\nz: Tuple[int, ...]\nw: \"Foo\"\nv: typing.List[int]\nu: List[int].x\nt: int | list[int]\ns: L[a] | D[b] | None\n", true},
	{"def", "def f(a, b: int = 1, *args: int, c, d=2, **kw) -> Dict[str, int]:\n    pass\ndef g(self, *, a=1, b, /, c): return a\n", true},
	{"decorators", "@property\n@functools.wraps(f)\nasync def f(): pass\n", true},
	{"global nonlocal", "def f():\n    global a, b\n    def g():\n        nonlocal c\n", true},
	{"imports", "import a.b as c, d\nfrom . import x\nfrom ..a.b import (c as d, e,)\nfrom a import *\nfrom __future__ import annotations\nfrom ... import z\n", true},
	{"try", "try:\n    x\nexcept (A, B) as e:\n    pass\nexcept E:\n    pass\nexcept:\n    pass\nelse:\n    pass\nfinally:\n    pass\n", true},
	{"except group", "try:\n    x\nexcept* E:\n    pass\n", false},
	{"with", "with open(f) as fh, g:\n    pass\nwith (a as b, c as d):\n    pass\nwith (a):\n    pass\nwith (a, b) as c, d:\n    pass\n", true},
	{"with tuple", "with (a,):\n    pass\n", false},
	{"while for else", "while a:\n    break\nelse:\n    continue\nfor x in y:\n    pass\nelse:\n    pass\n", true},
	{"simple statements", "assert x, \"m\"\ndel a, b\nraise\nraise E from e\nx = yield\ny = yield a, b\nyield from g\nreturn\n", true},
	{"collections", "x = {**a, 'b': c}\nx = {1, 2}\nx = {}\nx = ()\nx = (1,)\nx = (1)\nx = {a: b for a, b in c}\nx = {a for a in b}\nx = (a for a in b if a if b)\nf(a for a in b)\n", true},
	{"subscripts", "x = a[1:2, ::3, :, None, ...]\nx = a[b]\nx = a[1,]\n", true},
	{"print calls", "print(x)\nprint(a, b)\nprint (a), b\nprint\n", true},
	{"print statement", "print x\n", false},
	{"print chevron", "print >>f, x\n", false},
	{"exec", "exec(code)\nexec \"x\"\n", false},
	{"soft keywords", "match = 3\ntype = 3\nmatch(a)\ntype(x)\nx.type = 1\nf(type=1, match=2)\ntype: int = 1\n", true},
	{"type alias", "type X = int\n", false},
	{"type call assigned", "type(x).a = b\n", false},
	{"match statement", "match x:\n    case 1:\n        pass\n", false},
	{"syntax error", "x = (\n", false},
	{"unexpected indent", "x = 1\n    y = 2\n", false},
	{"bad dedent", "if a:\n        b\n    c\n", false},
	{"indented first line", "\tif a:\n\t\tb\n", false},
	{"dedent in brackets", "def f():\n    x = g(\na)\n", false},
	{"deep nesting", strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300) + "\n", false},
	{"trailing comma then assignment", "de,A0,\nA=A0000", false},
	{"one-line def with a return type", "def A()->0[0]:A[0]", false},
	{"one-line defs", "def A()->int: ...\ndef B()->X: f(x)\n", true},
	{"trailing comma after parentheses", "(A),\nA=00", false},
	{"trailing comma statement", "f(a),\nx = a,\ny = 1\n", true},
	{"NUL in a comment", "def A():#\x00\n 0", false},
	{"lone bracketed splat assigned", "A=*()\n[a]", false},
	{"name splats before a bracketed one", "def f():\n    return None, *r.grads, *(None,) * len(r.params)\n", true},
	{"name splats in a yield", "yield 0,*A[0]", false},
	{"name splat with an operator", "def f():\n    return a, *b * n, *c if d else e\n", true},
	{"lone name splat returned", "def f():\n    return *a.b\n", false},
	{"unicode identifier", "é = 1\n", false},
	{"unicode in strings and comments", "s = 'é'  # ü\n", true},
}

func TestPyParseCases(t *testing.T) {
	ps := newTestParser(t)
	for _, c := range pyCases {
		t.Run(c.name, func(t *testing.T) {
			if ok := checkPyParse(t, ps, c.name, []byte(c.src)); c.mustAccept && !ok {
				t.Errorf("refused %q", c.src)
			}
		})
	}
}

// FuzzPyParse: whenever the Go parser accepts an input, its tree is
// tree-sitter's.
func FuzzPyParse(f *testing.F) {
	for _, src := range pyFixtures(f) {
		f.Add(src)
	}
	for _, c := range pyCases {
		f.Add([]byte(c.src))
	}
	ps := newTestParser(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		checkPyParse(t, ps, "fuzz", src)
	})
}

// TestPyParseBracketSplats: splats whose operand opens with a bracket,
// valid Python that tree-sitter refuses, are read (bracketSplat) as
// tree-sitter reads the same source with the operand renamed
// (diffBracketSplats); other splats tree-sitter refuses still go to it.
func TestPyParseBracketSplats(t *testing.T) {
	ps := newTestParser(t)
	for _, src := range []string{
		"def f(a, b):\n    return a, b, *((None,) * 21)\n",
		"def f(a, b):\n    return a, *(b), c\n",
		"def f(a):\n    return *[a], 1\n",
		"def f(a):\n    return a, *(\n        b,\n        c,  # comment\n    )\n",
		"def f(a):\n    return a, *(b,);  x = 1\n",
		"def f(a):\n    yield a, *(b,)\n",
		"def f(a):\n    x = (yield a, *(b,))\n",
		"for x in a, *(b,):\n    pass\n",
		"for x in a, *[b, c]:\n    pass\n",
		"x = a, *(b,)\n",
		"def f(dx):\n    return dx, *[None] * 10\n",
		"def f(a):\n    return a, *(b) + c | d, e\n",
		"x = y = a, *[b], d\n",
		"x = 1; y = *(a,), b\n",
		"def f():\n    x = a, *(b,)\n    return x\n",
	} {
		want, err := ps.parse([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if want.syntaxErr == 0 {
			t.Errorf("tree-sitter accepts %q: the case tests nothing", src)
		}
		if !checkPyParse(t, ps, "bracket splat", []byte(src)) {
			t.Errorf("Go parser refuses %q", src)
		}
	}
	for _, src := range []string{
		"def f(a):\n    return *(a,)\n", // Python refuses a lone splat
		"del a, *(b,)\n",
		"a, *(b,)\n",        // a statement of its own: no one writes it
		"a, *(b, c) = x\n",  // a target
		"x = a, *(b) < c\n", // Python refuses it too
	} {
		if checkPyParse(t, ps, "bracket splat refused", []byte(src)) {
			t.Errorf("Go parser reads %q", src)
		}
	}
}
