package cpp

import (
	"crypto/sha256"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/archlint/archlint/analyzer/cpp/expr"
)

// Chain is one #if ... #elif ... #else ... #endif group.
type Chain struct {
	ID       int      // index into Structure.Chains (file order of the opening directive)
	Branches []Branch // one per #if/#elif/#else
	Endif    int      // directive index of #endif, -1 when unterminated
	Parent   int      // enclosing chain ID, -1 at top level
	ParentBr int      // branch index within the parent chain
	Depth    int
}

// Branch is one arm of a chain: the directive that opens it and the logical
// lines up to the next directive of the same chain.
type Branch struct {
	Dir       int // directive index
	FirstLine int // index into Source.Lines of the first line after the directive
	EndLine   int // index into Source.Lines of the next directive of the chain (exclusive)
	Children  []int
	Content   Content
}

// Content classifies what a branch holds, for the consequences of taking it
// or not.
type Content struct {
	Empty      bool // nothing but blank lines and comments
	DefineOnly bool // only #define/#undef (and nested chains that hold only those)
	Failure    string
	// PrintOnly is the first print call of a branch whose own code only
	// prints (printf, fprintf, puts, then perhaps return;) and holds no
	// nested code: CUTLASS's old `printf("ERROR : Arch conditional MMA
	// instruction used without targeting appropriate compute capability.
	// Aborting.\n");` for GPUs without wgmma. It does no work and stops
	// nothing, so the shut-out rules read it as no code (the kernel goes on
	// and returns), and say it printed.
	PrintOnly string
	// Refusal marks a branch whose own code is only arms that refuse,
	// mscclpp's FP8 stub for builds without FP8 multicast:
	//
	//	#if defined(__FP8_TYPES_EXIST__) && !defined(FP8_MULTIMEM_SUPPORTED)
	//	  if constexpr (is_fp8<T>) { MSCCLPP_ASSERT_DEVICE(false, "..."); return; } else
	//	#endif
	//	  { ...the working path... }
	//
	// A build that skips it reaches the working path: it lacks a refusal,
	// not code, so the shut-out rules read the branch as no code.
	Refusal bool
	// Stub marks a branch whose own code is one return of a constant
	// (`return 0;`, `return {};`, `return false;`) and nothing nested:
	// FBGEMM's FP4 conversion `fp32_vec_to_e2m1` returns 0 on every GPU
	// but sm_100a. A build that takes it computes nothing and goes on
	// with the constant (StubReturn in the rules reads which).
	Stub bool
	// Shape hashes the branch text with numbers replaced and space removed,
	// nested chains included: two branches with equal Shape differ only in
	// numbers (tuning). Only ever compared: a branch of a real chain
	// holds the SHA-256 sum's raw bytes (half the size of hex, for every
	// branch of the scan), one of an <nv/target> gate its body's shape.
	Shape string
	// AsmText is the branch's own code, comment-free, without nested
	// chains, when it holds inline assembly ("asm"): the one thing rules
	// read from a branch's text (AL106). Other branches keep none; a guard
	// branch would otherwise hold its header's whole text for the scan.
	AsmText string
}

// asmOnly is code when it holds inline assembly, else "".
func asmOnly(code string) string {
	if strings.Contains(code, "asm") {
		return code
	}
	return ""
}

// shapeOf is a line's contribution to a Shape: numbers replaced by '#'
// and white space removed.
func shapeOf(line string) string { return string(appendShape(nil, line)) }

// appendShape appends shapeOf(line) to dst: numbers replaced by '#' as
// numberRE.ReplaceAllString does (numberEnd), and white space removed as
// strings.Join(strings.Fields(...), "") does. Build hashes every line of
// every file this way: the regexp, the replaced string and the fields per
// line were three quarters of Build (1.9 s of CPU on the six real trees).
func appendShape(dst []byte, line string) []byte {
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c >= '0' && c <= '9' && (i == 0 || !isIdentByte(line[i-1])):
			if end := numberEnd(line, i); end > i {
				dst = append(dst, '#')
				i = end
				continue
			}
			// No number starts here, nor at the digits and letters
			// that follow: numberRE's match begins at a word boundary.
			j := i + 1
			for j < len(line) && isIdentByte(line[j]) {
				j++
			}
			dst = append(dst, line[i:j]...)
			i = j
		case c < utf8.RuneSelf:
			if !asciiSpace(c) {
				dst = append(dst, c)
			}
			i++
		default:
			// strings.Fields splits at Unicode white space too; an
			// invalid byte decodes as RuneError, which is none.
			r, size := utf8.DecodeRuneInString(line[i:])
			if !unicode.IsSpace(r) {
				dst = append(dst, line[i:i+size]...)
			}
			i += size
		}
	}
	return dst
}

// asciiSpace is the ASCII white space strings.Fields splits at.
func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// numberEnd is where numberRE's match at s[i:] ends, or i when there is
// none; s[i] is a digit at a word boundary. numberRE is
//
//	\b(0[xX][0-9a-fA-F']+|[0-9][0-9']*(\.[0-9]*)?([eE][-+]?[0-9]+)?)[uUlLfF]*\b
//
// and Go's regexp picks the match a backtracking matcher finds first:
// alternatives in order, each quantifier longest first. The final \b
// depends only on where a candidate ends, so numberEnd tries the ends in
// that order and returns the first at a word boundary
// (FuzzNumberEndLikeRegexp).
func numberEnd(s string, i int) int {
	n := len(s)
	boundary := func(e int) bool { return isIdentByte(s[e-1]) != (e < n && isIdentByte(s[e])) }
	// run is the end of the longest run of bytes in set from j.
	run := func(j int, in func(byte) bool) int {
		for j < n && in(s[j]) {
			j++
		}
		return j
	}
	// suffixed tries [uUlLfF]*\b after p, longest first.
	suffixed := func(p int) int {
		for q := run(p, isNumberSuffix); q >= p; q-- {
			if boundary(q) {
				return q
			}
		}
		return -1
	}
	if s[i] == '0' && i+1 < n && (s[i+1] == 'x' || s[i+1] == 'X') {
		for p := run(i+2, isHexOrQuote); p > i+2; p-- {
			if q := suffixed(p); q >= 0 {
				return q
			}
		}
	}
	// exponent tries ([eE][-+]?[0-9]+)? then the suffix after b: the
	// exponent taken (sign taken first), then not.
	exponent := func(b int) int {
		if b < n && (s[b] == 'e' || s[b] == 'E') {
			j := b + 1
			if j < n && (s[j] == '-' || s[j] == '+') {
				j++ // leaving the sign out leaves [0-9]+ at a sign: no match
			}
			for c := run(j, isDigit); c > j; c-- {
				if q := suffixed(c); q >= 0 {
					return q
				}
			}
		}
		return suffixed(b)
	}
	for a := run(i+1, isDigitOrQuote); a > i; a-- {
		if a < n && s[a] == '.' {
			for b := run(a+1, isDigit); b >= a+1; b-- {
				if q := exponent(b); q >= 0 {
					return q
				}
			}
		}
		if q := exponent(a); q >= 0 {
			return q
		}
	}
	return i
}

func isDigit(c byte) bool        { return c >= '0' && c <= '9' }
func isDigitOrQuote(c byte) bool { return isDigit(c) || c == '\'' }
func isHexOrQuote(c byte) bool   { return isHexDigit(c) || c == '\'' }
func isNumberSuffix(c byte) bool {
	switch c {
	case 'u', 'U', 'l', 'L', 'f', 'F':
		return true
	}
	return false
}

// Structure is the chain tree of one file, with the problems met building it.
type Structure struct {
	Src      *Source
	Chains   []Chain
	DirChain []int32 // per directive: the chain it belongs to (-1 for non-conditionals)
	DirOwner []int32 // per directive: the chain whose branch contains it (-1 at top level)
	// owners says which branch owns each logical line (see Owner): runs
	// of lines, far fewer than lines.
	owners   []ownerRun
	Problems []string
	// Defines is, per directive, its #define parsed once (nil for other
	// directives and malformed defines): a header's defines are replayed in
	// every pass of every unit that includes it, and parsing them each time
	// was a third of a CCCL scan.
	Defines []*expr.Macro
	// Idents are the identifiers the file's directives mention, sorted and
	// unique: what a reading of the file can look up or change (pass
	// groups and re-reads key on them).
	Idents []string
	// Guard is the file's include-guard macro (`#ifndef X` / `#define X`
	// around everything, optionally after #pragma once), "" when it has
	// none.
	Guard string
}

// BranchRef names one branch of one chain; Chain is -1 at top level.
type BranchRef struct{ Chain, Branch int }

// topLevel is the BranchRef of lines outside every chain, and of the
// directive lines of chains.
var topLevel = BranchRef{-1, -1}

// ownerRun is a run of logical lines with the same owner: from first to
// the next run's first (or the file's end).
type ownerRun struct {
	first int
	owner BranchRef
}

// Owner is the innermost branch that contains logical line li: {-1, -1}
// for a line outside every chain and for a chain's own directive lines.
func (st *Structure) Owner(li int) BranchRef {
	if li < 0 || li >= st.Src.NumLines() {
		panic(fmt.Sprintf("cpp: logical line %d of %d", li, st.Src.NumLines()))
	}
	runs := st.owners
	k := sort.Search(len(runs), func(k int) bool { return runs[k].first > li })
	if k == 0 {
		return topLevel
	}
	return runs[k-1].owner
}

// ownedSpan is lines first..end-1 owned by one branch, as classify finds
// them (branch by branch, not in line order).
type ownedSpan struct {
	first, end int
	owner      BranchRef
}

// ownerRuns turns the spans classify found into runs in line order,
// lines no span covers belonging to the top level.
func ownerRuns(spans []ownedSpan) []ownerRun {
	slices.SortFunc(spans, func(a, b ownedSpan) int { return a.first - b.first })
	var runs []ownerRun
	add := func(first int, owner BranchRef) {
		if len(runs) > 0 && runs[len(runs)-1].owner == owner {
			return
		}
		runs = append(runs, ownerRun{first: first, owner: owner})
	}
	at := 0
	for _, sp := range spans {
		if sp.first > at {
			add(at, topLevel)
		}
		add(sp.first, sp.owner)
		at = sp.end
	}
	add(at, topLevel)
	// The first run always starts at line 0; a top-level one says
	// nothing Owner does not say already.
	if len(runs) > 0 && runs[0].owner == topLevel {
		runs = runs[1:]
	}
	return slices.Clone(runs)
}

// Build pairs #if/#elif/#else/#endif into chains. An unterminated #if is
// closed at the end of the file and a stray #endif or #else is ignored; both
// are reported as problems so the scan goes on.
func Build(src *Source) *Structure {
	st := &Structure{Src: src, DirChain: make([]int32, len(src.Directives)), DirOwner: make([]int32, len(src.Directives)),
		Defines: make([]*expr.Macro, len(src.Directives))}
	var stack []int
	closeBranch := func(c *Chain, dirIdx int) {
		b := &c.Branches[len(c.Branches)-1]
		if dirIdx >= 0 {
			b.EndLine = src.Directives[dirIdx].LineIdx
		} else {
			b.EndLine = src.NumLines()
		}
	}
	for di := range src.Directives {
		d := &src.Directives[di]
		st.DirChain[di] = -1
		st.DirOwner[di] = -1
		if d.Kind == DirDefine {
			st.Defines[di] = expr.ParseDefine(d.Args)
		}
		if len(stack) > 0 {
			top := &st.Chains[stack[len(stack)-1]]
			st.DirOwner[di] = int32(top.ID)
		}
		switch {
		case d.Kind.Opens():
			c := Chain{ID: len(st.Chains), Endif: -1, Parent: -1, Depth: len(stack)}
			if len(stack) > 0 {
				p := &st.Chains[stack[len(stack)-1]]
				c.Parent, c.ParentBr = p.ID, len(p.Branches)-1
				p.Branches[len(p.Branches)-1].Children = append(p.Branches[len(p.Branches)-1].Children, c.ID)
			}
			c.Branches = []Branch{{Dir: di, FirstLine: d.LineIdx + 1}}
			st.Chains = append(st.Chains, c)
			st.DirChain[di] = int32(c.ID)
			stack = append(stack, c.ID)
		case d.Kind.Continues():
			if len(stack) == 0 {
				st.Problems = append(st.Problems, fmt.Sprintf("line %d: #%s without #if (ignored)", d.Line, d.Keyword))
				continue
			}
			c := &st.Chains[stack[len(stack)-1]]
			st.DirOwner[di] = int32(c.Parent)
			last := &src.Directives[c.Branches[len(c.Branches)-1].Dir]
			if last.Kind == DirElse {
				st.Problems = append(st.Problems, fmt.Sprintf("line %d: #%s after #else (line %d)", d.Line, d.Keyword, last.Line))
			}
			closeBranch(c, di)
			c.Branches = append(c.Branches, Branch{Dir: di, FirstLine: d.LineIdx + 1})
			st.DirChain[di] = int32(c.ID)
		case d.Kind == DirEndif:
			if len(stack) == 0 {
				st.Problems = append(st.Problems, fmt.Sprintf("line %d: #endif without #if (ignored)", d.Line))
				continue
			}
			c := &st.Chains[stack[len(stack)-1]]
			st.DirOwner[di] = int32(c.Parent)
			closeBranch(c, di)
			c.Endif = di
			st.DirChain[di] = int32(c.ID)
			stack = stack[:len(stack)-1]
		}
	}
	for len(stack) > 0 {
		c := &st.Chains[stack[len(stack)-1]]
		closeBranch(c, -1)
		st.Problems = append(st.Problems, fmt.Sprintf("line %d: unterminated #%s (closed at end of file)",
			src.Directives[c.Branches[0].Dir].Line, src.Directives[c.Branches[0].Dir].Keyword))
		stack = stack[:len(stack)-1]
	}
	// Kept for the whole scan: without what appending left spare.
	st.Chains = slices.Clone(st.Chains)
	st.Guard = includeGuard(st)
	for di := range src.Directives {
		forEachIdent(src.Directives[di].Args, func(tok string) { st.Idents = append(st.Idents, tok) })
	}
	slices.Sort(st.Idents)
	// The identifiers are kept for the whole scan: without what sorting
	// out duplicates left spare.
	st.Idents = slices.Clone(slices.Compact(st.Idents))
	// Children have higher IDs than their parents: walking backwards
	// classifies every child before the branch that contains it, and each
	// line is visited once, so deep nesting stays linear.
	var spans []ownedSpan
	for ci := len(st.Chains) - 1; ci >= 0; ci-- {
		for bi := range st.Chains[ci].Branches {
			spans = st.classify(ci, bi, spans)
		}
	}
	st.owners = ownerRuns(spans)
	return st
}

var (
	// failureRE finds code that fails hard when it runs or compiles:
	// #error is handled as a directive; CUTE_INVALID_CONTROL_PATH is
	// CuTe's assert-and-trap, CUTLASS_NOT_IMPLEMENTED() CUTLASS's
	// print-and-`brkpt` on the device (a breakpoint with no debugger
	// attached ends the kernel with a launch failure); a static_assert of a dependent false
	// (kDependentFalse, dependent_false<T>::value, always_false_v<T>,
	// sizeof(T) == 0) fails the build wherever the template is used, as
	// static_assert(false) does.
	failureRE = regexp.MustCompile(failureAlts)
	// failureAtRE is failureRE anchored at the start of its input.
	failureAtRE = regexp.MustCompile(`^(?:` + failureAlts + `)`)
)

// failureAlts are failureRE's alternatives. Each begins with \b and one of
// failureWords, which findFailure relies on.
const failureAlts = `\bstatic_assert\s*\(\s*(false\b|0\b|!\s*sizeof\b|sizeof\s*\([^()]*\)\s*==\s*0\b|[\w:]*(?i:dependent_?false|always_?false)\w*)|\b__trap\s*\(\s*\)|\b__brkpt\s*\(\s*\)|\basm\s*(volatile\s*)?\(\s*"\s*(trap|brkpt);?(\\n)?"|\b__builtin_trap\s*\(\s*\)|\bassert\s*\(\s*(false|0)\s*[,)&]|\bCUTE_INVALID_CONTROL_PATH\s*\(|\bCUTLASS_NOT_IMPLEMENTED\s*\(`

// failureWords are the words a failureRE match can begin with.
var failureWords = []string{"static_assert", "__trap", "__brkpt", "asm", "__builtin_trap", "assert", "CUTE_INVALID_CONTROL_PATH", "CUTLASS_NOT_IMPLEMENTED"}

// findFailure is failureRE.FindString. A branch's text is often a whole
// header (the include guard's branch), and "assert" is in most of them, so
// running the regexp over all of it was 1% of a scan of the six real trees.
// Every match begins at a word boundary with one of failureWords, so the
// anchored regexp runs only where one of them starts a word, leftmost
// first, which is the match FindString returns.
func findFailure(s string) string {
	_, m := findFailureAt(s)
	return m
}

// findFailureAt is findFailure with the offset of the match.
func findFailureAt(s string) (int, string) {
	if !strings.Contains(s, "assert") && !strings.Contains(s, "trap") && !strings.Contains(s, "brkpt") &&
		!strings.Contains(s, "CUTE_INVALID_CONTROL_PATH") && !strings.Contains(s, "CUTLASS_NOT_IMPLEMENTED") {
		return -1, ""
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 's', '_', 'a', 'C':
		default:
			continue
		}
		if i > 0 && isIdentByte(s[i-1]) {
			continue
		}
		for _, w := range failureWords {
			if strings.HasPrefix(s[i:], w) {
				// Every alternative goes on with "(" after spaces, or
				// asm with "volatile".
				rest := strings.TrimLeft(s[i+len(w):], " \t\n\v\f\r")
				if rest != "" && (rest[0] == '(' || w == "asm" && rest[0] == 'v') {
					if m := failureAtRE.FindString(s[i:]); m != "" {
						return i, m
					}
				}
				break
			}
		}
	}
	return -1, ""
}

// branchFailure is the first failure in a branch's own code that runs
// whenever the branch does: one at the branch's own brace level. A failure
// inside braces the branch opens is an arm of run-time code (`else {
// assert(0); }` after a working asm path, `if constexpr` arms), so the
// branch as a whole works; counting it made branches with a full
// implementation read as failing. The exception is a block only one
// thread enters (`if (cute::thread0()) { CUTE_INVALID_CONTROL_PATH(...);
// }`, FlashMLA's fallback for every other GPU): one thread's trap ends the
// whole kernel with an error.
func branchFailure(s string) string {
	depth, at := 0, 0
	stmt := 0          // where the statement at depth 0 being read starts
	oneThread := false // the depth-1 block being read is entered by one thread
	for off := 0; off < len(s); {
		i, m := findFailureAt(s[off:])
		if m == "" {
			return ""
		}
		for ; at < off+i; at++ {
			switch s[at] {
			case '{':
				if depth == 0 {
					oneThread = oneThreadIfRE.MatchString(s[stmt:at])
				}
				depth++
			case '}':
				depth--
				if depth == 0 {
					stmt = at + 1
				}
			case ';':
				if depth == 0 {
					stmt = at + 1
				}
			}
		}
		if depth <= 0 || depth == 1 && oneThread {
			return m
		}
		off += i + len(m)
	}
	return ""
}

// oneThreadIfRE is the head of an if that only one thread of the grid or
// the block passes: cute::thread0(), threadIdx.x == 0 (with blockIdx's),
// on a line of its own (comment lines may come before it).
var oneThreadIfRE = regexp.MustCompile(`(?:^|\n)\s*if\s*\(\s*(?:(?:cute::)?thread0\s*\(\s*\)|(?:(?:threadIdx|blockIdx)\.[xyz]\s*==\s*0\s*(?:&&\s*)?)+)\s*\)\s*$`)

// classify fills in a branch's Content from its own lines and its nested
// chains (already classified), and appends the spans of lines it owns.
func (st *Structure) classify(ci, bi int, spans []ownedSpan) []ownedSpan {
	b := &st.Chains[ci].Branches[bi]
	owner := BranchRef{ci, bi}
	own1 := func(li int) {
		if n := len(spans); n > 0 && spans[n-1].owner == owner && spans[n-1].end == li {
			spans[n-1].end++
			return
		}
		spans = append(spans, ownedSpan{first: li, end: li + 1, owner: owner})
	}
	dirs := st.Src.Directives
	// The branch's directive is the one before its first line: the next
	// directive is the first that can lie in the branch.
	d := b.Dir + 1
	var own strings.Builder
	shape := sha256.New()
	var line []byte // one line's shape, reused
	code, nonDefine := false, false
	nestedCode := false
	failure := ""
	child := 0
	for li := b.FirstLine; li < b.EndLine; li++ {
		for d < len(dirs) && dirs[d].LineIdx < li {
			d++
		}
		dir := -1
		if d < len(dirs) && dirs[d].LineIdx == li {
			dir = d
		}
		if dir >= 0 && child < len(b.Children) && dirs[st.Chains[b.Children[child]].Branches[0].Dir].LineIdx == li {
			// A nested chain: take its summary and skip its lines.
			nc := &st.Chains[b.Children[child]]
			child++
			for _, nb := range nc.Branches {
				shape.Write([]byte(nb.Content.Shape))
				shape.Write([]byte{0})
				if !nb.Content.Empty {
					code, nestedCode = true, true
					if !nb.Content.DefineOnly {
						nonDefine = true
					}
				}
			}
			if nc.Endif >= 0 {
				li = dirs[nc.Endif].LineIdx
			} else {
				li = b.EndLine
			}
			continue
		}
		own1(li)
		t := strings.TrimSpace(st.Src.text(li))
		if t == "" {
			continue
		}
		own.WriteString(t)
		own.WriteByte('\n')
		line = append(appendShape(line[:0], t), '\n')
		shape.Write(line)
		code = true
		if dir >= 0 {
			switch d := dirs[dir]; d.Kind {
			case DirDefine, DirUndef:
			case DirError:
				if failure == "" {
					failure = "#error " + d.Args
				}
				nonDefine = true
			default:
				nonDefine = true
			}
			continue
		}
		nonDefine = true
	}
	if failure == "" {
		// A copy: the match is a slice of the branch's whole text.
		failure = strings.Clone(branchFailure(own.String()))
	}
	printOnly, refusal, stub := "", false, false
	if code && !nestedCode && failure == "" {
		printOnly = strings.Clone(printCallsOnly(own.String()))
		refusal = printOnly == "" && refusalArmsOnly(own.String())
		stub = StubReturn(own.String()) != ""
	}
	b.Content = Content{
		Empty:      !code,
		DefineOnly: code && !nonDefine,
		Failure:    failure,
		PrintOnly:  printOnly,
		Refusal:    refusal,
		Stub:       stub,
		Shape:      string(shape.Sum(nil)),
		AsmText:    asmOnly(own.String()),
	}
	return spans
}

// printCallRE is one print statement at the start of a branch's code:
// printf, fprintf or puts with its arguments, up to the ';' that ends it.
var printCallRE = regexp.MustCompile(`^(?:std::)?(?:printf|fprintf|puts)\s*\((?:[^;"]|"(?:[^"\\]|\\.)*")*\)\s*;`)

// printCallsOnly is the first print call of code made only of print
// statements and bare returns (at least one print), else "".
func printCallsOnly(code string) string {
	first := ""
	for rest := strings.TrimSpace(code); rest != ""; rest = strings.TrimSpace(rest) {
		if r, ok := strings.CutPrefix(rest, "return"); ok {
			if r = strings.TrimSpace(r); strings.HasPrefix(r, ";") {
				rest = r[1:]
				continue
			}
		}
		m := printCallRE.FindString(rest)
		if m == "" {
			return ""
		}
		if first == "" {
			first = m
		}
		rest = rest[len(m):]
	}
	return first
}

// refusalArmRE is one run-time arm that only refuses: `[else] if
// [constexpr] (cond) { <refusal>; [return;] } [else]`, the refusal an
// assert, a project's ASSERT macro or a trap on false.
var refusalArmRE = regexp.MustCompile(`^(?:else\s+)?if\s*(?:constexpr\s*)?\((?:[^{};]|\([^{};]*\))*\)\s*\{\s*` +
	`(?:(?:assert|[A-Z][A-Z0-9_]*ASSERT[A-Z0-9_]*)\s*\(\s*(?:false|0)\b(?:[^;"]|"(?:[^"\\]|\\.)*")*\)|__trap\s*\(\s*\)|__builtin_trap\s*\(\s*\))\s*;` +
	`\s*(?:return\s*;)?\s*\}\s*(?:else\b)?`)

// stubReturnRE is code that is one return of a constant: a zero, a
// bool, a null pointer, or a value-initialized object (`{}`, `T{}`, `T()`,
// `T(0)`), perhaps in parentheses.
var stubReturnRE = regexp.MustCompile(`^return\s*\(?\s*(0[uUlL]*|0?\.0*[fF]?|0\.0*[fF]?|false|true|nullptr|NULL|\{\s*\}|[A-Za-z_][\w:]*(?:<[\w:, ]*>)?\s*(?:\{\s*0?\s*\}|\(\s*0?\s*\)))\s*\)?\s*;$`)

// StubReturn is the constant code returns when it is nothing but one
// return of a constant (stubReturnRE), else "".
func StubReturn(code string) string {
	m := stubReturnRE.FindStringSubmatch(strings.TrimSpace(code))
	if m == nil {
		return ""
	}
	return m[1]
}

// refusalArmsOnly says code is one or more arms that only refuse
// (refusalArmRE), nothing else.
func refusalArmsOnly(code string) bool {
	rest := strings.TrimSpace(code)
	if rest == "" {
		return false
	}
	for rest != "" {
		m := refusalArmRE.FindString(rest)
		if m == "" {
			return false
		}
		rest = strings.TrimSpace(rest[len(m):])
	}
	return true
}

// includeGuard recognizes the include-guard idiom: the first directive
// (after any #pragma) is `#ifndef X` or `#if !defined(X)`, the next one
// is `#define X`, and the #endif closing it is the file's last directive.
func includeGuard(st *Structure) string {
	dirs := st.Src.Directives
	i := 0
	for i < len(dirs) && dirs[i].Kind == DirPragma {
		i++
	}
	if i+1 >= len(dirs) || st.DirChain[i] < 0 {
		return ""
	}
	var name string
	switch d := dirs[i]; d.Kind {
	case DirIfndef:
		name = strings.TrimSpace(d.Args)
	case DirIf:
		a := strings.ReplaceAll(d.Args, " ", "")
		if inner, ok := strings.CutPrefix(a, "!defined("); ok && strings.HasSuffix(inner, ")") {
			name = strings.TrimSuffix(inner, ")")
		} else if inner, ok := strings.CutPrefix(a, "!defined"); ok {
			name = inner
		}
	}
	if name == "" || !isIdent(name) || dirs[i+1].Kind != DirDefine || st.Defines[i+1] == nil || st.Defines[i+1].Name != name {
		return ""
	}
	c := st.Chains[st.DirChain[i]]
	if len(c.Branches) != 1 || c.Endif != len(dirs)-1 {
		return ""
	}
	return name
}

func isIdent(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isIdentByte(s[i]) || (i == 0 && s[i] >= '0' && s[i] <= '9') {
			return false
		}
	}
	return s != ""
}

// NoWork says the branch runs no code of its own: it is empty, it only
// prints (PrintOnly), or it only refuses in run-time arms (Refusal).
func (c Content) NoWork() bool { return c.Empty || c.PrintOnly != "" || c.Refusal }
