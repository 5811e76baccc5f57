package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"strings"
	"syscall"
	"unsafe"
)

// A scan touches every page of its heap at least once, and on the virtual
// machines CI runs on a first touch is expensive: a 4 KiB page fault costs
// about 13 µs on the 2-core machine issue 8 is measured on (256 MiB touched
// page by page: 0.8-0.9 s). flashinfer's scan took 15-16 k faults, 0.2 s of
// its 1.2 s of CPU. Linux backs memory with 2 MiB transparent huge pages
// where a program asks for them (madvise, the default "enabled" mode of
// many distributions and of that machine), and the Go runtime no longer
// asks (Go 1.21.1 stopped: golang/go#63334). So archlint asks, for the heap
// a scan will use: it maps heapAdvised bytes of heap (address space only:
// nothing is touched), marks that range MADV_HUGEPAGE, and hands it back to
// the runtime, whose page allocator hands out the lowest free addresses
// first, so the scan's heap grows inside the marked range. flashinfer:
// 3-4 k faults instead of 15-16 k, 0.1 s of CPU less, the same peak RSS.
//
// ARCHLINT_HUGEPAGES=0 (or GODEBUG=disablethp=1, the runtime's own switch)
// leaves the heap as the runtime maps it; with THP "always" or "never" there
// is nothing to ask.
const heapAdvised = 1 << 30

// adviseHugePages marks the heap's first heapAdvised bytes for transparent
// huge pages (see above). It must run before the scan allocates much, and
// before a memory limit is set: the range is mapped memory for a moment.
func adviseHugePages() {
	if hugePagesSkipped() != "" {
		return
	}
	const hugePage = 2 << 20
	b := make([]byte, heapAdvised)
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b))) &^ (hugePage - 1)
	// The heap the runtime mapped before b (its first arena) lies below
	// b in the same mapping; the range's start, rounded down, may fall
	// outside the mapping, in which case madvise marks what is mapped
	// and says ENOMEM, which changes nothing here.
	_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, start, uintptr(unsafe.Pointer(unsafe.SliceData(b)))+heapAdvised-start, madvHugePage)
	// Free b and return its (untouched) pages to the system, so that
	// the runtime counts none of it against the memory limit: the
	// mapping, and its advice, stay.
	debug.FreeOSMemory()
}

// hugePagesSkipped says why adviseHugePages asks for nothing here, or ""
// when it asks.
func hugePagesSkipped() string {
	if os.Getenv("ARCHLINT_HUGEPAGES") == "0" || strings.Contains(os.Getenv("GODEBUG"), "disablethp=1") {
		return "turned off (ARCHLINT_HUGEPAGES=0 or GODEBUG=disablethp=1)"
	}
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || !strings.Contains(string(mode), "[madvise]") {
		return fmt.Sprintf("THP mode %q is not madvise", strings.TrimSpace(string(mode)))
	}
	// Mapping the range must not fail: the runtime cannot recover from
	// that. So not where address space is scarce or limited, nor under
	// strict overcommit accounting (mode 2), which counts untouched
	// memory too.
	var as syscall.Rlimit
	if unsafe.Sizeof(uintptr(0)) < 8 || syscall.Getrlimit(syscall.RLIMIT_AS, &as) != nil || as.Cur != rlimInfinity {
		return "address space is 32-bit or limited (RLIMIT_AS)"
	}
	if oc, err := os.ReadFile("/proc/sys/vm/overcommit_memory"); err != nil || strings.TrimSpace(string(oc)) == "2" {
		return "strict overcommit accounting (vm.overcommit_memory=2)"
	}
	return ""
}

// rlimInfinity is RLIM_INFINITY, an unlimited resource.
const rlimInfinity = ^uint64(0)

// madvHugePage is MADV_HUGEPAGE (linux/mman.h), which package syscall does
// not name.
const madvHugePage = 14
