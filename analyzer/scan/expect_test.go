package scan

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Fixture expectations live in the fixtures' own comments:
//
//	#if ... // want "AL101 admits sm_90..sm_110"   a finding on this line whose "RULE message" matches the regexp
//	#if ... // taken: sm_90..sm_110                 exactly these passes take the branch (archlint's set notation)
//	#if ... // undecided: host, sm_75..sm_121       exactly these passes are undecided
//
// Every finding must be wanted and every want found, so a false positive
// fails the test as surely as a miss.
var (
	wantRE   = regexp.MustCompile(`(?://|#)\s*want\s+((?:"(?:[^"\\]|\\.)*"\s*)+)`)
	wantArg  = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)
	passesRE = regexp.MustCompile(`//\s*(taken|undecided):\s*([^/]*?)\s*$`)
)

type expectation struct {
	file string
	line int
	kind string // "want", "taken", "undecided"
	text string
}

// readExpectations collects the expectations of every file under dir.
func readExpectations(t *testing.T, dir string) []expectation {
	t.Helper()
	var out []expectation
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		sc := bufio.NewScanner(bytes.NewReader(src))
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			if m := wantRE.FindStringSubmatch(line); m != nil {
				for _, a := range wantArg.FindAllStringSubmatch(m[1], -1) {
					s, err := strconv.Unquote(`"` + a[1] + `"`)
					if err != nil {
						t.Fatalf("%s:%d: bad want string: %v", rel, n, err)
					}
					out = append(out, expectation{filepath.ToSlash(rel), n, "want", s})
				}
			}
			if strings.Contains(line, "want: none") {
				out = append(out, expectation{filepath.ToSlash(rel), n, "none", ""})
			}
			if m := passesRE.FindStringSubmatch(line); m != nil {
				out = append(out, expectation{filepath.ToSlash(rel), n, m[1], strings.TrimSpace(m[2])})
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
