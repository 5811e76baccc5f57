package python

import (
	"strconv"
	"strings"
)

// CMake files choose their arch lists by toolkit version:
//
//	if(${CMAKE_CUDA_COMPILER_VERSION} VERSION_GREATER_EQUAL 13.0)
//	  cuda_archs_loose_intersection(SCALED_MM_ARCHS "10.0f;11.0f" ...)
//	else()
//	  cuda_archs_loose_intersection(SCALED_MM_ARCHS "10.0a;10.1a;10.3a" ...)
//	endif()
//
// Under the assumed toolkit (--cuda-version) one arm is never configured,
// and a list there is no gate: vllm's CMakeLists.txt had seven such
// findings, each a copy of the arm taken. cmakeBlocks follows the
// if/elseif/else/endif blocks and decides the conditions that compare the
// CUDA toolkit's version (and NOT, AND, OR of them); any other condition is
// undecided, and its arms count as configured.

// cmakeBlocks is the stack of if blocks around a command.
type cmakeBlocks struct {
	cuda  [2]int
	stack []cmakeArm
	next  int // the next arm's number
}

// cmakeArm is the arm of an if block being read: whether it is configured
// (cur), whether an earlier arm of the block was (taken), and its number
// in the file.
type cmakeArm struct {
	cur, taken tri
	id         int
}

// step reads one command: if, elseif, else and endif move through the
// blocks.
func (b *cmakeBlocks) step(src []byte, cmd cmakeCmd) {
	switch cmd.name {
	case "if":
		v := b.cond(src, cmd)
		b.next++
		b.stack = append(b.stack, cmakeArm{cur: v, taken: v, id: b.next})
	case "elseif", "else":
		if len(b.stack) == 0 {
			return // an else without its if: nothing to decide
		}
		top := &b.stack[len(b.stack)-1]
		v := triTrue
		if cmd.name == "elseif" {
			v = b.cond(src, cmd)
		}
		top.cur = triAnd(not(top.taken), v)
		top.taken = triOr(top.taken, v)
		b.next++
		top.id = b.next
	case "endif":
		if len(b.stack) > 0 {
			b.stack = b.stack[:len(b.stack)-1]
		}
	}
}

// arms are the numbers of the arms around the commands read now, outermost
// first: a command in the same arm as another, or in one nested in it,
// has that one's arms as a prefix.
func (b *cmakeBlocks) arms() []int {
	out := make([]int, len(b.stack))
	for i, a := range b.stack {
		out[i] = a.id
	}
	return out
}

// configured says whether the commands read now are configured: false
// when an enclosing arm is certainly not.
func (b *cmakeBlocks) configured() bool {
	for _, a := range b.stack {
		if a.cur == triFalse {
			return false
		}
	}
	return true
}

// cond decides an if or elseif condition; parentheses (which the command
// reader does not keep) leave it undecided.
func (b *cmakeBlocks) cond(src []byte, cmd cmakeCmd) tri {
	text := string(src[cmd.sb:cmd.eb])
	open := strings.IndexByte(text, '(')
	if open < 0 || !strings.HasSuffix(text, ")") || strings.ContainsAny(text[open+1:len(text)-1], "()") {
		// Unterminated (the file ends inside it), or grouped.
		return triUnknown
	}
	toks := make([]string, len(cmd.args))
	for i, a := range cmd.args {
		toks[i] = a.text
	}
	p := cmakeCondParser{toks: toks, cuda: b.cuda}
	v := p.or()
	if p.i != len(toks) {
		return triUnknown
	}
	return v
}

// cmakeCondParser reads a condition's tokens by CMake's precedence: NOT,
// then AND, then OR, left to right.
type cmakeCondParser struct {
	toks []string
	i    int
	cuda [2]int
}

func (p *cmakeCondParser) or() tri {
	v := p.and()
	for p.i < len(p.toks) && p.toks[p.i] == "OR" {
		p.i++
		v = triOr(v, p.and())
	}
	return v
}

func (p *cmakeCondParser) and() tri {
	v := p.not()
	for p.i < len(p.toks) && p.toks[p.i] == "AND" {
		p.i++
		v = triAnd(v, p.not())
	}
	return v
}

func (p *cmakeCondParser) not() tri {
	if p.i < len(p.toks) && p.toks[p.i] == "NOT" {
		p.i++
		return not(p.not())
	}
	return p.test()
}

// test reads one test: a version comparison of the toolkit is decided; a
// unary test (DEFINED x), another binary one (x STREQUAL y) or a lone
// value is not.
func (p *cmakeCondParser) test() tri {
	if p.i >= len(p.toks) {
		return triUnknown
	}
	if p.i+2 < len(p.toks) && cmakeBinary(p.toks[p.i+1]) {
		l, op, r := p.toks[p.i], p.toks[p.i+1], p.toks[p.i+2]
		p.i += 3
		return p.version(l, op, r)
	}
	if cmakeUnary(p.toks[p.i]) && p.i+1 < len(p.toks) {
		p.i += 2
		return triUnknown
	}
	p.i++
	return triUnknown
}

// version decides l op r when one side is the toolkit's version and the
// other a version number.
func (p *cmakeCondParser) version(l, op, r string) tri {
	if !strings.HasPrefix(op, "VERSION_") {
		return triUnknown
	}
	sw := false
	if cudaVersionVar(r) {
		l, r, sw = r, l, true
	}
	want, ok := cmakeVersion(r)
	if !cudaVersionVar(l) || !ok {
		return triUnknown
	}
	c := cmpVersion([]int{p.cuda[0], p.cuda[1]}, want)
	if sw {
		c = -c
	}
	return orderHolds(cmakeVersionOps[op], c)
}

// cmakeVersionOps are CMake's version comparisons as orderHolds names them.
var cmakeVersionOps = map[string]string{"VERSION_LESS": "<", "VERSION_LESS_EQUAL": "<=", "VERSION_GREATER": ">",
	"VERSION_GREATER_EQUAL": ">=", "VERSION_EQUAL": "=="}

// cudaVersionVar reports a reference to the CUDA toolkit's (or nvcc's)
// version, as a variable name or ${...}.
func cudaVersionVar(s string) bool {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "${"), "}")
	switch s {
	case "CMAKE_CUDA_COMPILER_VERSION", "CUDAToolkit_VERSION", "CUDA_VERSION", "CUDA_VERSION_STRING", "CUDAToolkit_VERSION_STRING":
		return true
	}
	return false
}

// cmakeVersion reads a version number: 12, 12.8, 12.8.1.
func cmakeVersion(s string) ([]int, bool) {
	var out []int
	for _, part := range strings.Split(s, ".") {
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 {
			return nil, false
		}
		out = append(out, n)
	}
	return out, len(out) > 0
}

// cmpVersion compares versions component by component, a missing one
// read as 0 (CMake's VERSION_ comparisons).
func cmpVersion(a, b []int) int {
	for i := range max(len(a), len(b)) {
		var x, y int
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

func cmakeBinary(op string) bool {
	switch op {
	case "EQUAL", "LESS", "LESS_EQUAL", "GREATER", "GREATER_EQUAL", "STREQUAL", "STRLESS", "STRLESS_EQUAL",
		"STRGREATER", "STRGREATER_EQUAL", "VERSION_EQUAL", "VERSION_LESS", "VERSION_LESS_EQUAL", "VERSION_GREATER",
		"VERSION_GREATER_EQUAL", "MATCHES", "IN_LIST", "PATH_EQUAL", "IS_NEWER_THAN":
		return true
	}
	return false
}

func cmakeUnary(op string) bool {
	switch op {
	case "DEFINED", "EXISTS", "COMMAND", "POLICY", "TARGET", "TEST", "IS_DIRECTORY", "IS_SYMLINK", "IS_ABSOLUTE", "IS_READABLE",
		"IS_WRITABLE", "IS_EXECUTABLE":
		return true
	}
	return false
}

func triAnd(a, b tri) tri {
	switch {
	case a == triFalse || b == triFalse:
		return triFalse
	case a == triTrue && b == triTrue:
		return triTrue
	}
	return triUnknown
}

func triOr(a, b tri) tri {
	switch {
	case a == triTrue || b == triTrue:
		return triTrue
	case a == triFalse && b == triFalse:
		return triFalse
	}
	return triUnknown
}
