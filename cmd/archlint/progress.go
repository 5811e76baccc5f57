package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/mattn/go-isatty"
)

// progress prints one line on a terminal's stderr for scans that take more
// than a second ("archlint: reading C/C++/CUDA files 812/2391"), rewritten
// in place at most ten times a second, and erased at the end. Off anywhere
// but a TTY, so logs and CI output stay clean.
type progress struct {
	mu      sync.Mutex
	w       io.Writer
	start   time.Time
	last    time.Time
	printed bool
}

func newProgress(w io.Writer) *progress {
	f, ok := w.(*os.File)
	if !ok || !(isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())) {
		return nil
	}
	return &progress{w: w, start: time.Now()}
}

// report is scan.Options.Progress.
func (p *progress) report(stage string, done, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if now.Sub(p.start) < time.Second || now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last, p.printed = now, true
	fmt.Fprintf(p.w, "\r\033[Karchlint: %s %d/%d", stage, done, total)
}

// done erases the line.
func (p *progress) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.printed {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
