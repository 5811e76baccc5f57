package hostgate

import (
	"bytes"
	"context"
	"strings"

	"github.com/archlint/archlint/analyzer/cst"
	"github.com/archlint/archlint/analyzer/python"
)

// AnalyzeSource is Analyze with the caller's parser, parsing only what the
// analysis can use: tree-sitter's parse is nearly all of a host check's
// cost, and in a file that names a capability source the functions that
// read it are usually a few among many.
//
// cst.Split cuts the file into declarations. Only those whose text could
// read the capability (mayRead) are parsed, with the skeleton around them
// (namespaces, class headers, preprocessor lines), so each keeps the place
// and context it has in the file. That gives the same gates as the whole
// file, because nothing else can produce one: without a capability read,
// a function's values are all capability-free, so it records no gate,
// summarizes to no helper and assigns no capability to a member. What it
// can do is mark a member conflicted, which matters only once some
// function assigns that member a capability, and then also changes how
// often helper summaries repeat.
//
// So when the partial analysis finds a helper or a member, the
// declarations that analyze may look at are added (wideItems: those
// whose text names a capability source token or a helper or member found,
// a member lost to a conflict included; not a name only ever conflicted,
// which no round looks for)
// and the file is parsed and analyzed again, until the analysis finds no
// name whose declarations are not parsed yet. Then every function the
// whole file's analysis looks at, in any of its rounds, is parsed: the
// rounds look at the functions whose bodies name a source token or a
// name found so far, and each round, looking at the same functions in
// the same order from the same state, finds the same names (by
// induction over the rounds), so the analysis is the whole file's. The
// whole file is parsed instead when the split is unsure of the file
// (cst.Split), when a declaration to parse holds an #if group the split
// kept whole (cst.Piece.Merged), when a declaration parsed shows a parse
// error at its top (cst.Tree.CleanItems), and after maxWidenings.
//
// An error is the parser's, as ParseTree gives it: the caller's report
// names the file.
func AnalyzeSource(ctx context.Context, p *cst.Parser, root, path string, src []byte, cfg Config) ([]python.Gate, error) {
	a, err := analyzeSource(ctx, p, root, path, src, cfg, false)
	return a.gates, err
}

// AnalyzeKernelSource is AnalyzeSource for a kernel file whose kernels
// are wanted too: one parse of the declarations that may read the
// capability and of those cst.Parser.ParseKernels parses (cst.KernelItems)
// gives both, so such a file is parsed once, and in part. A kernel item
// reads no capability, so it adds no gate (AnalyzeSource says why), and
// the kernels of the parse are ParseKernels's, perhaps with a few more
// from the reading items; CleanItems checks every item kept.
// TestKernelSourceCorpus compares both with a whole parse's.
//
// kernels are the kernels of the parse; whole is the file's facts when it
// was parsed whole after all (the split unsure of the file, an item
// unclean, too many widenings), nil otherwise.
func AnalyzeKernelSource(ctx context.Context, p *cst.Parser, root, path string, src []byte, cfg Config) (gates []python.Gate, kernels []cst.Function, whole *cst.Facts, err error) {
	a, err := analyzeSource(ctx, p, root, path, src, cfg, true)
	return a.gates, a.kernels, a.whole, err
}

// maxWidenings bounds the partial parses of a file whose analysis finds
// helpers or members (AnalyzeSource) before it is parsed whole.
const maxWidenings = 3

// analysis is what analyzeSource gives: the gates, with kernels the
// kernels of the parse and whole the facts of a whole parse, if one was
// made; parsed counts the bytes handed to tree-sitter.
type analysis struct {
	gates   []python.Gate
	kernels []cst.Function
	whole   *cst.Facts
	parsed  int
}

// analyzeSource is AnalyzeSource, with kernels AnalyzeKernelSource.
func analyzeSource(ctx context.Context, p *cst.Parser, root, path string, src []byte, cfg Config, kernels bool) (analysis, error) {
	var a analysis
	if pieces, ok := cst.Split(src); ok {
		keep, any := readingItems(src, pieces)
		if kernels {
			for i, k := range cst.KernelItems(src, pieces) {
				keep[i] = keep[i] || k
				any = any || keep[i]
			}
		}
		if !any {
			// No gate (and no kernel a directive may empty).
			return a, nil
		}
		var norms []string // the items' texts, normalized, once asked for
		for range maxWidenings + 1 {
			kept := cst.KeptBytes(pieces, keep)
			if cst.NearlyWhole(kept, len(src)) {
				break
			}
			// Nil when a merged item is kept or an item parsed
			// unclean (cst.Parser.ParseItems): parse the whole file.
			t, err := p.ParseItems(ctx, src, pieces, keep)
			if err != nil {
				return a, err
			}
			if t == nil {
				break
			}
			a.parsed += kept
			gates, names := analyze(root, path, t, cfg)
			if names != nil {
				if norms == nil {
					norms = make([]string, len(pieces))
					for i, pc := range pieces {
						if pc.Item {
							norms[i] = norm(string(src[pc.Start:pc.End]))
						}
					}
				}
				if wideItems(src, pieces, norms, keep, names) {
					continue // parse again, with the items added
				}
			}
			// No helper or member, or every declaration the analysis
			// may look at is parsed: done.
			a.gates = gates
			if kernels {
				a.kernels = t.Facts().Kernels
			}
			return a, nil
		}
	}
	t, err := p.ParseTree(ctx, src)
	if err != nil {
		return a, err
	}
	a.parsed += len(src)
	a.gates = AnalyzeTree(root, path, t, cfg)
	if kernels {
		a.whole = t.Facts()
		a.kernels = a.whole.Kernels
	}
	return a, nil
}

// wideItems marks the items (pieces, with norms their normalized texts)
// whose text names a capability source token or one of names as a whole
// name (namesOne), and reports whether it marked one that keep did not
// hold. An item's text holds the bodies of the functions in it, and a
// name whole in a body is whole in the item (the body starts and ends
// with a brace), so every function whose body analyze finds naming one
// of them is in an item marked.
func wideItems(src []byte, pieces []cst.Piece, norms []string, keep []bool, names []string) bool {
	set := make(map[string]bool, len(names))
	for _, n := range names {
		set[n] = true
	}
	added := false
	for i, n := range norms {
		if !keep[i] && n != "" && (mentions(n, sourceTokens) || namesOne(src[pieces[i].Start:pieces[i].End], set)) {
			keep[i], added = true, true
		}
	}
	return added
}

// readingItems marks the items of a split that may read the capability
// (mayRead); any reports whether there is one.
func readingItems(src []byte, pieces []cst.Piece) (reads []bool, any bool) {
	reads = make([]bool, len(pieces))
	for i, pc := range pieces {
		if pc.Item && mayRead(src[pc.Start:pc.End]) {
			reads[i], any = true, true
		}
	}
	if any {
		// The constants a check may compare with (fileConsts).
		for i, pc := range pieces {
			if pc.Item && !reads[i] && constDeclText(src[pc.Start:pc.End]) {
				reads[i] = true
			}
		}
	}
	return reads, any
}

// readTokens are normalized (norm) fragments one of which the text of any
// capability read contains: a capability-named variable or member
// (isCapName), a capability helper call with a prefix (isCapHelper: getSM,
// cudaSM, ...), a device-properties type or call (isPropsType,
// isPropsFunc, cudaGetDeviceProperties) and a ComputeCapabilityMajor
// attribute (attrField). A helper named plain sm() is the one read none
// covers. They are the cheap first look of mayRead.
var readTokens = []string{"smver", "smarch", "computecapabilit", "archmajor", "smmajor", "ccmajor", "cudaarch",
	"archversion", "deviceprop", "getsm", "cudasm", "devicesm", "currentsm", "gpusm"}

// mayRead reports whether text could read the capability: whether one of
// its names is one the evaluator takes for a capability read (nameReads).
// A name is a run of name bytes (letters, digits, underscores); one with
// bytes of other UTF-8 characters, or that starts with a digit, may not
// be one name to tree-sitter, so there any readTokens fragment counts.
// Names on a preprocessor line the evaluator never reads (inertDirective:
// #if __CUDA_ARCH__ >= 900 in a kernel) do not count.
func mayRead(text []byte) bool {
	var buf []byte
	for i := 0; i < len(text); {
		if text[i] == '#' {
			if end, inert := inertDirective(text, i); inert {
				i = end
				continue
			}
		}
		if !isNameByte(text[i]) {
			i++
			continue
		}
		j, ascii := i, true
		for j < len(text) && isNameByte(text[j]) {
			ascii = ascii && text[j] < 0x80
			j++
		}
		buf = buf[:0]
		if ascii {
			for _, c := range text[i:j] {
				switch {
				case c == '_':
				case 'A' <= c && c <= 'Z':
					buf = append(buf, c+'a'-'A')
				default:
					buf = append(buf, c)
				}
			}
		} else {
			buf = append(buf, norm(string(text[i:j]))...)
		}
		if string(buf) == "sm" || string(buf) == "cc" || hasReadToken(buf) {
			exact := ascii && !('0' <= text[i] && text[i] <= '9')
			if !exact || nameReads(string(text[i:j]), text[j:]) {
				return true
			}
		}
		i = j
	}
	return false
}

// inertDirective reports whether the '#' at text[i] starts a preprocessor
// line whose names the evaluator never reads, and where that line ends
// (after its newline; line splices continue it). tree-sitter keeps the
// text of #define, #include, #pragma, #error and unknown directives
// opaque (preproc_arg, a path), and the walker reaches nothing in
// #ifdef/#ifndef (a name) or #else/#endif. Of #if/#elif it parses the
// condition as an expression, where the walker acts only on a ternary or
// a call (walker.visit): a condition with a '?' or a '(' after a name
// other than defined counts. It answers false, so the line's names
// count, where the '#' may not start a directive: with anything but
// blanks before it since the last newline of text (the start of text is
// not taken for a line start), or a quote or a comment's end on the line
// (the '#' may be inside a literal or a comment that ends there, and code
// follow). This is what lets a kernel that tests __CUDA_ARCH__ in #if
// lines stay out of the host checks' parse.
func inertDirective(text []byte, i int) (end int, inert bool) {
	for j := i - 1; ; j-- {
		if j < 0 {
			return 0, false
		}
		if c := text[j]; c == '\n' {
			break
		} else if c != ' ' && c != '\t' && c != '\f' && c != '\v' && c != '\r' {
			return 0, false
		}
	}
	end = i + 1
	for end < len(text) && text[end] != '\n' {
		if text[end] == '\\' && end+1 < len(text) && text[end+1] == '\n' {
			end++
		} else if text[end] == '\\' && end+2 < len(text) && text[end+1] == '\r' && text[end+2] == '\n' {
			end += 2
		}
		end++
	}
	line := text[i:end]
	if end < len(text) {
		end++
	}
	if bytes.ContainsAny(line, "\"'") || bytes.Contains(line, []byte("*/")) {
		return 0, false
	}
	k := 1
	for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
		k++
	}
	w := k
	for w < len(line) && isNameByte(line[w]) {
		w++
	}
	switch string(line[k:w]) {
	case "if", "elif":
		if bytes.IndexByte(line, '?') >= 0 || callsInCondition(line[w:]) {
			return 0, false
		}
	}
	return end, true
}

// callsInCondition reports whether a #if condition may hold a call: a
// '(' after a name (blanks and splices between) other than defined.
func callsInCondition(cond []byte) bool {
	for p := bytes.IndexByte(cond, '('); p >= 0; p = bytes.IndexByte(cond, '(') {
		j := p - 1
		for j >= 0 && (cond[j] == ' ' || cond[j] == '\t' || cond[j] == '\\' || cond[j] == '\n' || cond[j] == '\r') {
			j--
		}
		e := j + 1
		for j >= 0 && isNameByte(cond[j]) {
			j--
		}
		if name := string(cond[j+1 : e]); name != "" && name != "defined" {
			return true
		}
		cond = cond[p+1:]
	}
	return false
}

// hasReadToken reports whether b holds one of readTokens. Every token
// holds "sm", "arch", "major", "capabilit" or "deviceprop", and most names
// hold none: one pass looking for those first settles them (the fourteen
// searches per name were most of mayRead, 0.3 s of CPU on the six real
// trees).
func hasReadToken(b []byte) bool {
	if !hasReadTokenPart(b) {
		return false
	}
	for _, tok := range readTokens {
		if bytes.Contains(b, []byte(tok)) {
			return true
		}
	}
	return false
}

// nameReads reports whether the evaluator takes name for a capability
// read, with rest the text after it: a capability-named variable or
// member, a capability helper or device-properties function called
// (rest starts with its arguments or template arguments), a
// device-properties type, a ComputeCapabilityMajor attribute.
func nameReads(name string, rest []byte) bool {
	n := norm(name)
	switch {
	case isCapName(name), isWeakCapName(name),
		strings.Contains(name, "cudaDeviceProp"), strings.Contains(name, "hipDeviceProp"),
		strings.Contains(n, "computecapabilitymajor"), strings.Contains(n, "computecapabilityminor"):
		return true
	case isCapHelper(name), isCapMajorHelper(name), isPropsFunc(name), name == "cudaGetDeviceProperties", name == "hipGetDeviceProperties":
		return called(rest)
	}
	return false
}

// called reports whether rest, the text after a name, may open its call:
// the first byte after blanks is '(' or '<', or the start of a comment or
// something else that may hide one.
func called(rest []byte) bool {
	for _, c := range rest {
		switch c {
		case ' ', '\t', '\n', '\r', '\f', '\v':
		case '(', '<', '/', '\\', '#':
			return true
		default:
			return false
		}
	}
	return false
}

// hasReadTokenPart reports whether b holds "sm", "arch", "major",
// "capabilit" or "deviceprop": one of them is in every readTokens entry
// (TestReadTokenParts).
func hasReadTokenPart(b []byte) bool {
	for i, c := range b {
		var part string
		switch c {
		case 's':
			part = "sm"
		case 'a':
			part = "arch"
		case 'm':
			part = "major"
		case 'c':
			part = "capabilit"
		case 'd':
			part = "deviceprop"
		default:
			continue
		}
		if bytes.HasPrefix(b[i:], []byte(part)) {
			return true
		}
	}
	return false
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 0x80 || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9')
}
