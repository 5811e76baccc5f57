package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestHeapAdvisedHugePages checks that after adviseHugePages the memory
// the runtime hands out next lies in a mapping Linux may back with huge
// pages (smaps' THPeligible), where the machine's THP mode is madvise.
func TestHeapAdvisedHugePages(t *testing.T) {
	t.Setenv("ARCHLINT_HUGEPAGES", "")
	if reason := hugePagesSkipped(); reason != "" {
		t.Skip("no advice here:", reason)
	}
	adviseHugePages()
	b := make([]byte, 8<<20)
	if !thpEligible(t, uintptr(unsafe.Pointer(&b[0]))) {
		t.Error("a heap allocation after adviseHugePages is not in a THP-eligible mapping")
	}
}

// thpEligible reads /proc/self/smaps for the mapping holding addr.
func thpEligible(t *testing.T, addr uintptr) bool {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	in := false
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		if len(fields) > 0 && strings.Contains(fields[0], "-") && !strings.HasSuffix(fields[0], ":") {
			lo, hi, ok := strings.Cut(fields[0], "-")
			l, err1 := strconv.ParseUint(lo, 16, 64)
			h, err2 := strconv.ParseUint(hi, 16, 64)
			in = ok && err1 == nil && err2 == nil && uintptr(l) <= addr && addr < uintptr(h)
			continue
		}
		if in && strings.HasPrefix(line, "THPeligible:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "THPeligible:")) == "1"
		}
	}
	t.Fatalf("no mapping holds %#x", addr)
	return false
}
