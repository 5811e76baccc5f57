package python

import (
	"bytes"
	"math/bits"
	"slices"
	"strings"
	"sync"
)

// The byte scan decides which Python files are parsed and interpreted at
// all (select.go). It reads a file once, without tree-sitter, and keeps a
// small Digest: whether the file mentions anything the interpreter treats
// as a capability source, a JIT builder or an arch list, and the hashes of
// the words in it, so that later rounds can ask "does this file mention
// name N?" without the source. Every question it answers errs towards yes:
// a file wrongly kept costs time, a file wrongly dropped costs findings.

// Digest is what the byte scan keeps of one Python file.
type Digest struct {
	// Seed: the file mentions a capability source, a capability-named
	// parameter, a JIT builder, supported_major_versions, or a decorator
	// named like a capability list.
	Seed bool
	// ArchList: the file may hold an arch-list literal (archlist.go).
	ArchList bool
	// StarImport: the file has "from ... import *", so it may re-export
	// names it never spells.
	StarImport bool
	// words are the hashes of the identifier-like words of code and
	// strings (comments left out), sorted and unique.
	words []uint64
	// defs are the hashes of the names after "def" in code, sorted, with
	// repeats (a name defined twice is counted twice).
	defs []uint64
	// imports are the hashes of the first word after "import" or "from"
	// in code: the top package of most modules the file imports (and a
	// few other words), for the order roots run in (rootorder.go).
	imports []uint64
}

// mentions says whether the file has the word with hash h.
func (d *Digest) mentions(h uint64) bool {
	_, ok := slices.BinarySearch(d.words, h)
	return ok
}

// Lexer builds Digests; it holds the trigger words of one configuration
// and is safe for concurrent use.
type Lexer struct {
	seeds map[string]bool // exact words
	fold  map[string]bool // lower-case words (capability-named parameters)
	// seedBits has bit wordHash(w)%seedFilterBits set for every seed
	// word w: most words of a file miss it, and then need no lookup in
	// seeds (a map lookup per word was a sixth of the byte scan).
	seedBits [seedFilterBits / 64]uint64
	// foldBits is seedBits for the words of fold.
	foldBits [seedFilterBits / 64]uint64
	// scratch holds *lexScratch: a scan's working slices, reused from
	// file to file (what a Digest keeps is copied out of them; the
	// allocations of a scan each were most of its garbage).
	scratch sync.Pool
}

// lexScratch is one scan's working slices: words, the hash set behind
// them (seenAll is the whole array, seen the part in use), the open
// brackets, defs and imports.
type lexScratch struct {
	words, seenAll, defs, imports []uint64
	brackets                      []bracket
	strip                         []byte  // a string's text without escapes and braces
	buckets                       []int32 // sortedCopy's bucket bounds
}

// sortedCopy returns ws (each hash once) sorted, in a slice of its own.
// The hashes are FNV-1a values, spread evenly over their top bits, so
// one pass puts each in the bucket of its top bits (about one a bucket)
// and sorting the buckets is linear: pdqsort of the words was a tenth of
// the scan. A bucket that is not small still gets pdqsort.
func (sc *lexScratch) sortedCopy(ws []uint64) []uint64 {
	n := len(ws)
	if n == 0 {
		return nil
	}
	out := make([]uint64, n)
	if n < 64 {
		copy(out, ws)
		slices.Sort(out)
		return out
	}
	b := bits.Len(uint(n - 1)) // 1<<b buckets, at least n
	nb := 1 << b
	shift := 64 - b
	if cap(sc.buckets) < nb+1 {
		sc.buckets = make([]int32, nb+1)
	}
	start := sc.buckets[:nb+1]
	clear(start)
	for _, h := range ws {
		start[h>>shift+1]++
	}
	for i := 1; i <= nb; i++ {
		start[i] += start[i-1]
	}
	// start[k] is where bucket k begins; it moves to where the bucket
	// ends as the bucket fills.
	for _, h := range ws {
		k := h >> shift
		out[start[k]] = h
		start[k]++
	}
	lo := int32(0)
	for k := range nb {
		hi := start[k]
		switch {
		case hi-lo > 16:
			slices.Sort(out[lo:hi])
		case hi-lo > 1:
			for i := lo + 1; i < hi; i++ {
				x := out[i]
				j := i
				for ; j > lo && out[j-1] > x; j-- {
					out[j] = out[j-1]
				}
				out[j] = x
			}
		}
		lo = hi
	}
	return out
}

const seedFilterBits = 1024

// capSourceNames are the external calls callExt reads as the capability.
var capSourceNames = []string{
	"get_device_capability", "get_compute_capability", "get_device_compute_capability", "get_cuda_capability",
	"get_device_properties", "get_sm_version", "get_device_sm", "sm_version", "get_sm", "get_cuda_arch",
	"get_gpu_arch", "get_arch_version", "has_device_capability", "is_device_capability", "is_device_capability_family",
	// The runtime's device properties, from cuda-python and CuPy (capforms.go).
	"cudaGetDeviceProperties", "getDeviceProperties",
	// The GPU's product name (devname.go).
	"get_device_name", "nvmlDeviceGetName",
}

// Hashes of the words that make a file mentioning compute_capability a
// seed: CuPy's, cuda.core's and numba's device attribute (capforms.go).
// The word alone is no trigger: it names variables and parameters all
// over code that reads the capability by other means.
var (
	hComputeCapability = wordHashString("compute_capability")
	hDeviceLibs        = []uint64{wordHashString("cupy"), wordHashString("numba"), wordHashString("Device")}
)

// capParamNames are the parameter names capParam reads as the capability
// (compared lower-cased, leading underscores aside).
var capParamNames = []string{
	"sm_version", "sm", "arch", "cuda_arch", "gpu_arch", "sm_arch", "compute_capability", "device_capability",
	"capability", "cc", "sm_ver", "arch_version", "device_sm",
	"major", "sm_major", "cc_major", "arch_major", "capability_major",
	"minor", "sm_minor", "cc_minor", "arch_minor", "capability_minor",
}

// jitNames are the builders jitKind knows by name; load and load_inline
// count only through cpp_extension, which is a word of its own.
var jitNames = []string{"gen_jit_spec", "CUDAExtension", "CppExtension", "cpp_extension"}

// capListWords are what capListName looks for in a decorator's name.
var capListWords = []string{"capabilit", "arch", "compute_cap", "sm_version", "supported_sm"}

// archContextWords are what archContext looks for in a literal's context.
var archContextWords = []string{"arch", "capab", "sm", "cc", "compute", "gencode", "gpu"}

// NewLexer returns a Lexer for the configuration's capability and JIT
// functions.
func NewLexer(cfg Config) *Lexer {
	lx := &Lexer{seeds: map[string]bool{"supported_major_versions": true}, fold: map[string]bool{}}
	for _, s := range capSourceNames {
		lx.seeds[s] = true
	}
	for _, s := range jitNames {
		lx.seeds[s] = true
	}
	for _, list := range [][]string{cfg.CapabilityFuncs, cfg.JITFuncs} {
		for _, s := range list {
			// A dotted name is matched by its last word, which any
			// mention of the whole name contains.
			lx.seeds[lastName(s)] = true
		}
	}
	for _, s := range capParamNames {
		lx.fold[s] = true
	}
	for s := range lx.seeds {
		h := wordHashString(s) % seedFilterBits
		lx.seedBits[h/64] |= 1 << (h % 64)
	}
	for s := range lx.fold {
		h := wordHashString(s) % seedFilterBits
		lx.foldBits[h/64] |= 1 << (h % 64)
	}
	return lx
}

// maybeSeed says whether the word with hash h may be a seed word: false
// only when it is none.
func (lx *Lexer) maybeSeed(h uint64) bool {
	h %= seedFilterBits
	return lx.seedBits[h/64]&(1<<(h%64)) != 0
}

// seedPath says whether a dotted external path names a trigger, for
// values (an alias of torch.cuda.get_device_capability) that carry one
// under another name.
func (lx *Lexer) seedPath(p string) bool {
	for _, part := range strings.Split(p, ".") {
		if lx.seeds[part] {
			return true
		}
	}
	return false
}

// wordHash is FNV-1a; a collision only makes a file look like it
// mentions a name, which keeps it.
func wordHash(b []byte) uint64 {
	h := uint64(fnvOffset)
	for _, c := range b {
		h ^= uint64(c)
		h *= fnvPrime
	}
	return h
}

func wordHashString(s string) uint64 {
	h := uint64(fnvOffset)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

// Byte classes of the byte scan: code dispatches on one table lookup a
// byte instead of a chain of comparisons (the scan reads every byte of
// every .py file of a tree).
const (
	clOther     uint8 = iota
	clSpace           // ' ', '\t', '\r', '\f'
	clWord            // a word's first byte: '_', letters, any non-ASCII byte
	clDigit           // '0'-'9'
	clQuote           // '"', '\''
	clHash            // '#'
	clNewline         // '\n'
	clBackslash       // '\\'
	clOpen            // '(', '[', '{'
	clClose           // ')', ']', '}'
	clComma           // ','
	clDot             // '.'
	clAt              // '@'
)

// lexClass is each byte's class; wordByte says whether a byte continues
// a word (a word start or a digit).
var lexClass, wordByte = func() (cl [256]uint8, wb [256]bool) {
	for c := range 256 {
		b := byte(c)
		switch {
		case b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80:
			cl[c] = clWord
		case b >= '0' && b <= '9':
			cl[c] = clDigit
		case b == ' ' || b == '\t' || b == '\r' || b == '\f':
			cl[c] = clSpace
		case b == '"' || b == '\'':
			cl[c] = clQuote
		case b == '#':
			cl[c] = clHash
		case b == '\n':
			cl[c] = clNewline
		case b == '\\':
			cl[c] = clBackslash
		case b == '(' || b == '[' || b == '{':
			cl[c] = clOpen
		case b == ')' || b == ']' || b == '}':
			cl[c] = clClose
		case b == ',':
			cl[c] = clComma
		case b == '.':
			cl[c] = clDot
		case b == '@':
			cl[c] = clAt
		}
		wb[c] = cl[c] == clWord || cl[c] == clDigit
	}
	return cl, wb
}()

// strStop marks, for each quote, the bytes a string literal's scan must
// look at: a backslash, the quote, a newline (the end of a one-line
// string) and '{' (an f-string's interpolation); str skips the others a
// run at a time.
var strStop = func() (st [2][256]bool) {
	for k, q := range []byte{'"', '\''} {
		for _, c := range []byte{'\\', q, '\n', '{'} {
			st[k][c] = true
		}
	}
	return st
}()

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func isWordStart(c byte) bool { return lexClass[c] == clWord }

func isWordByte(c byte) bool { return wordByte[c] }

// lexState is one scan of one file.
//
// The scan reads each byte once through lexClass and hashes a word as it
// reads it; the lexer it replaced (kept in lex_ref_test.go) compared
// every byte against each case in turn and hashed each word again, at
// about 60 MB/s. TestDigestSameAsReference compares the two.
type lexState struct {
	lx    *Lexer
	src   []byte
	d     *Digest
	sc    *lexScratch
	words []uint64
	// defs and imports become the Digest's (sorted, copied to size).
	defs, imports []uint64
	// seen holds the hashes already in words (open addressing, 0 for
	// empty; the hash 0 itself goes to zero), so that words is unique
	// before it is sorted: a file repeats its words about six times,
	// and sorting every occurrence was a fifth of the byte scan.
	seen []uint64
	zero bool
	// brackets are the open brackets of the logical line; ints says
	// whether everything inside one so far is an integer an arch list
	// may hold.
	brackets []bracket
	// lineStart is where the logical line began; needCtx: it holds a
	// literal that is an arch list only in an architecture context.
	lineStart int
	needCtx   bool
	// lineFirst: no token yet on this logical line; decorator: the line
	// started with '@' and no '(' came yet.
	lineFirst bool
	decorator bool
	afterDef  bool
	// defName: the last token was a def's name, so a '(' opens its
	// parameters; params counts the open parameter lists.
	defName     bool
	params      int
	afterImport bool
	afterFrom   bool
}

type bracket struct {
	ints   bool
	params bool
	n      int
}

// Digest scans one file.
func (lx *Lexer) Digest(src []byte) *Digest {
	sc, _ := lx.scratch.Get().(*lexScratch)
	if sc == nil {
		sc = &lexScratch{}
	}
	d := &Digest{}
	s := &lexState{lx: lx, src: src, d: d, lineFirst: true, sc: sc,
		words: sc.words[:0], brackets: sc.brackets[:0], defs: sc.defs[:0], imports: sc.imports[:0]}
	s.code(0, false)
	s.endLine(len(src))
	// Copied to size: the digests of every file are held until the
	// selection is made (and the slices are the scratch's).
	d.words = sc.sortedCopy(s.words)
	if !d.Seed && d.mentions(hComputeCapability) && slices.ContainsFunc(hDeviceLibs, d.mentions) {
		d.Seed = true
	}
	slices.Sort(s.defs)
	d.defs = own(s.defs)
	slices.Sort(s.imports)
	d.imports = own(slices.Compact(s.imports))
	sc.words, sc.brackets, sc.defs, sc.imports = s.words, s.brackets, s.defs, s.imports
	lx.scratch.Put(sc)
	return d
}

// own copies a scratch slice to size; nil when it is empty (a clone of
// an empty slice would point into the scratch's array and hold it).
func own(s []uint64) []uint64 {
	if len(s) == 0 {
		return nil
	}
	return slices.Clone(s)
}

// addWord adds h to words unless it is there already.
func (s *lexState) addWord(h uint64) {
	if h == 0 {
		if !s.zero {
			s.zero = true
			s.words = append(s.words, 0)
		}
		return
	}
	if 2*(len(s.words)+1) > len(s.seen) {
		s.grow()
	}
	if s.insert(h) {
		s.words = append(s.words, h)
	}
}

// grow makes seen larger and puts the words back: it is kept at most
// half full. It takes the room from the scratch's array when that is
// large enough (cleared: a scan starts with an empty set).
func (s *lexState) grow() {
	n := max(256, 4*len(s.seen))
	if cap(s.sc.seenAll) < n {
		s.sc.seenAll = make([]uint64, n)
	}
	s.seen = s.sc.seenAll[:n]
	clear(s.seen)
	for _, w := range s.words {
		if w != 0 {
			s.insert(w)
		}
	}
}

// insert puts h into seen and says whether it was new.
func (s *lexState) insert(h uint64) bool {
	mask := uint64(len(s.seen) - 1)
	for i := (h ^ h>>29) & mask; ; i = (i + 1) & mask {
		switch s.seen[i] {
		case h:
			return false
		case 0:
			s.seen[i] = h
			return true
		}
	}
}

// code scans code from i; inBrace: inside an f-string interpolation,
// which ends at its closing brace (the position after it is returned).
func (s *lexState) code(i int, inBrace bool) int {
	src := s.src
	depth := 0
	for i < len(src) {
		c := src[i]
		switch lexClass[c] {
		case clSpace:
			// Indentation comes in runs (a fifth of the bytes).
			i++
			for i < len(src) && lexClass[src[i]] == clSpace {
				i++
			}
		case clWord:
			// The word's hash as it is read (wordHash).
			h := (fnvOffset ^ uint64(c)) * fnvPrime
			j := i + 1
			for j < len(src) && wordByte[src[j]] {
				h = (h ^ uint64(src[j])) * fnvPrime
				j++
			}
			if j-i <= 2 && j < len(src) && lexClass[src[j]] == clQuote {
				if q := s.stringPrefix(i, j); q >= 0 {
					i = s.str(i, q)
					continue
				}
			}
			s.word(src[i:j], h, true)
			i = j
		case clNewline:
			if len(s.brackets) == 0 && !inBrace {
				s.endLine(i)
				s.lineStart = i + 1
			}
			i++
		case clHash:
			if k := bytes.IndexByte(src[i:], '\n'); k >= 0 {
				i += k
			} else {
				i = len(src)
			}
		case clQuote:
			i = s.str(i, i)
		case clDigit:
			i = s.numberAt(i)
		case clDot:
			if i+1 < len(src) && lexClass[src[i+1]] == clDigit {
				i = s.numberAt(i)
				continue
			}
			s.token()
			i++
		case clOpen:
			params := c == '(' && s.defName
			s.token()
			if c == '(' {
				s.decorator = false
			}
			if c == '{' && inBrace {
				depth++
			}
			if params {
				s.params++
			}
			s.brackets = append(s.brackets, bracket{ints: true, params: params})
			i++
		case clClose:
			if c == '}' && inBrace {
				if depth == 0 {
					return i + 1
				}
				depth--
			}
			if n := len(s.brackets); n > 0 {
				b := s.brackets[n-1]
				s.brackets = s.brackets[:n-1]
				if b.params {
					s.params--
				}
				if b.ints && b.n > 0 {
					s.needCtx = true
				}
				s.token()
			}
			i++
		case clComma:
			i++
		case clBackslash:
			if i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r') {
				i += 2 // line continuation
				continue
			}
			s.token()
			i++
		case clAt:
			if s.lineFirst {
				s.lineFirst = false
				s.decorator = true
				i++
				continue
			}
			s.token()
			i++
		default:
			if c == '*' && s.afterImport {
				s.d.StarImport = true
			}
			s.token()
			i++
		}
	}
	return i
}

// numberAt scans the numeric literal at i and returns the position after
// it.
func (s *lexState) numberAt(i int) int {
	src := s.src
	j := i + 1
	for j < len(src) && (wordByte[src[j]] || src[j] == '.') {
		j++
	}
	s.number(src[i:j])
	return j
}

// token notes a token that is neither an integer nor a comma: the
// innermost bracket is then no integer list.
func (s *lexState) token() {
	s.lineFirst = false
	s.afterDef = false
	s.defName = false
	s.afterImport = false
	s.afterFrom = false
	if n := len(s.brackets); n > 0 {
		s.brackets[n-1].ints = false
	}
}

// word notes a word of code (code) or of a string, with its hash h.
func (s *lexState) word(w []byte, h uint64, code bool) {
	s.addWord(h)
	lx := s.lx
	if !s.d.Seed {
		if lx.maybeSeed(h) && lx.seeds[string(w)] || code && s.params > 0 && len(w) <= 18 && lx.foldWord(w) {
			s.d.Seed = true
		}
		if s.decorator && code {
			for _, sub := range capListWords {
				if containsFold(string(w), sub) {
					s.d.Seed = true
				}
			}
		}
	}
	if !code {
		return
	}
	named := s.afterDef
	if named {
		s.defs = append(s.defs, h)
	}
	if s.afterImport || s.afterFrom {
		s.imports = append(s.imports, h)
	}
	isDef := string(w) == "def"
	s.token()
	s.afterDef = isDef
	s.defName = named
	s.afterImport = string(w) == "import"
	s.afterFrom = string(w) == "from"
}

// foldWord says whether w, lower-cased, is a capability-named parameter.
// An ASCII word is looked up only when the hash of its lower-case form
// hits foldBits (every word of a parameter list comes here, type names
// included). A word with other bytes is lowered only when it has an
// ASCII upper-case letter, as before the filter (strings.ToLower lowers
// some runes to ASCII letters: U+0130 to 'i').
func (lx *Lexer) foldWord(w []byte) bool {
	// Leading underscores aside, as capParam reads them (`_arch`).
	for len(w) > 1 && w[0] == '_' {
		w = w[1:]
	}
	h := uint64(fnvOffset)
	upper := false
	for _, c := range w {
		if c >= 0x80 {
			return lx.foldSlow(w)
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
			upper = true
		}
		h = (h ^ uint64(c)) * fnvPrime
	}
	if h %= seedFilterBits; lx.foldBits[h/64]&(1<<(h%64)) == 0 {
		return false
	}
	if upper {
		return lx.fold[strings.ToLower(string(w))]
	}
	return lx.fold[string(w)]
}

// foldSlow is foldWord without the filter.
func (lx *Lexer) foldSlow(w []byte) bool {
	for _, c := range w {
		if c >= 'A' && c <= 'Z' {
			return lx.fold[strings.ToLower(string(w))]
		}
	}
	return lx.fold[string(w)]
}

// number notes a numeric literal: one an integer arch list may hold keeps
// the innermost bracket an integer list.
func (s *lexState) number(t []byte) {
	n := len(s.brackets)
	if n == 0 {
		s.token()
		return
	}
	b := &s.brackets[n-1]
	ok := b.ints
	if ok {
		v := parseIntLit(string(t))
		_, arch := parseArch(string(t))
		ok = v.known() && v.i >= 20 && v.i <= 1300 && arch
	}
	s.lineFirst, s.afterDef, s.defName = false, false, false
	if !ok {
		b.ints = false
		return
	}
	b.n++
}

// stringPrefix returns where the quote is when the word src[i:j] is a
// string prefix (r, b, f, rb, ...) right before a quote, else -1.
func (s *lexState) stringPrefix(i, j int) int {
	if j-i > 2 || j >= len(s.src) || s.src[j] != '"' && s.src[j] != '\'' {
		return -1
	}
	for _, c := range s.src[i:j] {
		switch c {
		case 'r', 'R', 'b', 'B', 'u', 'U', 'f', 'F', 't', 'T':
		default:
			return -1
		}
	}
	return j
}

// str scans a string literal whose prefix starts at start and whose quote
// is at q; it returns the position after the literal.
func (s *lexState) str(start, q int) int {
	src := s.src
	prefix := src[start:q]
	fstr := bytes.ContainsAny(prefix, "fFtT")
	quote := src[q]
	stop := &strStop[0]
	if quote == '\'' {
		stop = &strStop[1]
	}
	triple := q+2 < len(src) && src[q+1] == quote && src[q+2] == quote
	i := q + 1
	if triple {
		i = q + 3
	}
	cs := i
	ce := -1
	for i < len(src) {
		// Bytes no case below looks at, a run at a time.
		for i < len(src) && !stop[src[i]] {
			i++
		}
		if i >= len(src) {
			break
		}
		c := src[i]
		switch {
		case c == '\\':
			i += 2
			continue
		case c == quote:
			if !triple {
				ce = i
				i++
			} else if i+2 < len(src) && src[i+1] == quote && src[i+2] == quote {
				ce = i
				i += 3
			}
		case c == '\n' && !triple:
			// An unterminated string ends at the line, as
			// tree-sitter recovers.
			ce = i
		case fstr && c == '{':
			if i+1 < len(src) && src[i+1] == '{' {
				i += 2
				continue
			}
			i = s.code(i+1, true)
			continue
		}
		if ce >= 0 {
			break
		}
		i++
	}
	if ce < 0 {
		ce = len(src)
		i = len(src)
	}
	s.stringContent(src[cs:ce])
	s.token()
	return min(i, len(src))
}

// stringContent notes the words of a string and whether it may be an arch
// list (specsOf reads it).
func (s *lexState) stringContent(b []byte) {
	digits := false
	for i := 0; i < len(b); {
		c := b[i]
		if lexClass[c] != clWord {
			digits = digits || lexClass[c] == clDigit
			i++
			continue
		}
		h := (fnvOffset ^ uint64(c)) * fnvPrime
		j := i + 1
		for j < len(b) && wordByte[b[j]] {
			digits = digits || lexClass[b[j]] == clDigit
			h = (h ^ uint64(b[j])) * fnvPrime
			j++
		}
		s.word(b[i:j], h, false)
		i = j
	}
	if s.d.ArchList || len(b) > 4096 || !digits {
		return
	}
	// The checks read the bytes: a string of each literal with a digit
	// and strconv's errors for every field that is no arch were half of
	// the scan's allocations.
	if bytes.Contains(b, []byte("arch=compute_")) || bytes.Contains(b, []byte("code=sm_")) {
		s.d.ArchList = true
		return
	}
	// A list set on a command line (`-DTORCH_CUDA_ARCH_LIST=8.0;9.0`,
	// defineListSpecs).
	if bytes.Contains(b, []byte("TORCH_CUDA_ARCH_LIST=")) || bytes.Contains(b, []byte("CMAKE_CUDA_ARCHITECTURES=")) {
		s.d.ArchList = true
		return
	}
	for k := range 2 {
		v := b
		if k == 1 {
			if !bytes.ContainsAny(b, `\{}`) {
				break
			}
			// tree-sitter's string_content leaves escapes and f-string
			// braces out; try the text without them too.
			s.sc.strip = appendStripped(s.sc.strip[:0], b)
			v = s.sc.strip
		}
		if !specsOK(v) {
			continue
		}
		l := strings.ToLower(strings.TrimSpace(string(v)))
		if strings.HasPrefix(l, "sm") || strings.HasPrefix(l, "compute_") || strings.Contains(l, "arch=") ||
			strings.HasPrefix(l, "-arch") || strings.HasPrefix(l, "--gpu-architecture") {
			s.d.ArchList = true
			return
		}
		s.needCtx = true
	}
}

// specsOK says whether specsOf(string(v)) reads arch specs from v,
// without the list: a plain list fails at its first field that is no
// arch, and most strings with a digit in them are prose, which specsOf
// would split whole first.
func specsOK(v []byte) bool {
	if bytes.Contains(v, []byte("arch=")) || bytes.Contains(v, []byte("code=")) ||
		bytes.HasPrefix(v, []byte("-arch")) || bytes.HasPrefix(v, []byte("--gpu-architecture")) {
		_, ok := specsOf(string(v))
		return ok
	}
	// specsOf's fields (strings.FieldsFunc on ASCII separators, which
	// no byte of a multi-byte rune is).
	n := 0
	for i := 0; i < len(v); {
		if isSpecSep(v[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(v) && !isSpecSep(v[j]) {
			j++
		}
		if !archFieldOK(v[i:j]) {
			return false
		}
		n++
		i = j
	}
	return n > 0
}

// isSpecSep is a separator of specsOf's list fields.
func isSpecSep(c byte) bool { return c == ' ' || c == ';' || c == ',' || c == '\t' || c == '\n' }

// archFieldOK says whether parseArch(string(f)) reads an arch spec. An
// ASCII field is read here, step by step as parseArch reads it, without
// its copies and strconv's error values; a field with other bytes goes
// to parseArch (TrimSpace and ToLower treat some runes of their own).
// TestArchFieldOK and FuzzArchFieldOK compare the two.
func archFieldOK(f []byte) bool {
	for _, c := range f {
		if c >= 0x80 {
			_, ok := parseArch(string(f))
			return ok
		}
	}
	// strings.TrimSpace(strings.Trim(strings.TrimSpace(s), `"'`)): the
	// bytes package's do the same on ASCII, without copies.
	f = bytes.TrimSpace(bytes.Trim(bytes.TrimSpace(f), `"'`))
	f, _ = bytes.CutSuffix(f, []byte("+PTX"))
	// The prefixes, compared lower-cased.
	switch {
	case len(f) >= 2 && bytes.EqualFold(f[:2], []byte("sm")):
		f = f[2:]
		if len(f) > 0 && f[0] == '_' {
			f = f[1:]
		}
	case len(f) >= 8 && bytes.EqualFold(f[:8], []byte("compute_")):
		f = f[8:]
	}
	if len(f) == 0 {
		return false
	}
	if c := f[len(f)-1]; c == 'a' || c == 'A' || c == 'f' || c == 'F' {
		f = f[:len(f)-1]
	}
	if k := bytes.IndexByte(f, '.'); k >= 0 {
		maj, ok1 := atoiBytes(f[:k])
		_, ok2 := atoiBytes(f[k+1:])
		return ok1 && ok2 && len(f)-k-1 == 1 && maj >= 1 && maj <= 20
	}
	n, ok := atoiBytes(f)
	return ok && n >= 10 && n <= 199 && len(f) >= 2
}

// atoiBytes is strconv.Atoi for the checks of archFieldOK: ok as Atoi's
// error is nil (an optional sign and at least one decimal digit), except
// that a value beyond int64 is not refused but held at 1<<40, which
// every check above refuses too.
func atoiBytes(b []byte) (int64, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '+' || b[0] == '-') {
		neg = b[0] == '-'
		b = b[1:]
	}
	if len(b) == 0 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = min(n*10+int64(c-'0'), 1<<40)
	}
	if neg {
		n = -n
	}
	return n, true
}

// appendStripped appends s without backslashes (and the byte after
// each) and braces.
func appendStripped(dst, s []byte) []byte {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '{', '}':
		default:
			dst = append(dst, s[i])
		}
	}
	return dst
}

// endLine closes a logical line: a literal that needs an architecture
// context makes the file an arch-list candidate when the line names one
// anywhere (contextName reads a name of the same statement).
func (s *lexState) endLine(end int) {
	if s.needCtx && !s.d.ArchList && s.lineStart <= end {
		line := strings.ToLower(string(s.src[s.lineStart:end]))
		for _, w := range archContextWords {
			if strings.Contains(line, w) {
				s.d.ArchList = true
				break
			}
		}
	}
	s.needCtx = false
	s.lineFirst = true
	s.decorator = false
	s.afterDef = false
	s.defName = false
	s.params = 0
	s.brackets = s.brackets[:0]
}
