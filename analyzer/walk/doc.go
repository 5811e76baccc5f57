// Package walk finds and reads the files archlint scans.
//
// The trees it walks are untrusted forks, so every step is defensive: a
// symlink is followed only while it stays inside its scan root, a directory
// is entered at most once (no cycles, no duplicates), unreadable entries and
// binary or oversized files become Problems instead of errors, and the output
// order never depends on the file system or on scheduling.
//
// Ignore rules follow git: .gitignore files at every level, the enclosing
// repository's .gitignore files above the scan root and .git/info/exclude,
// with git's wildmatch semantics (see ignore.go and wildmatch.go). The global
// core.excludesFile is deliberately not read: it lives on the machine running
// the scan, and results must not change from one machine to another.
//
// Because ignore files come from the fork being scanned, a fork can hide a
// tracked file from the scan by naming it in a .gitignore (git lets ignored
// files stay tracked). Runs that must see every file set Options.NoGitignore.
package walk
