// Package walk finds and reads the files archlint scans.
//
// The trees it walks are untrusted forks, so every step is defensive: a
// symlink is followed only while it stays inside its scan root, a directory
// is entered at most once (no cycles, no duplicates), unreadable entries and
// binary or oversized files become Problems instead of errors, ignore-file
// globs are matched in linear time, and the output order never depends on
// the file system or on scheduling.
//
// Ignore rules follow git (ignore.go, wildmatch.go): .gitignore files at
// every level, and, when the root lies inside a repository, the .gitignore
// files between the repository top and the root plus .git/info/exclude. A
// nested repository (a directory holding .git) starts afresh with its own
// rules, as git does. VCS metadata directories (.git, .hg, .svn, ...) are
// always skipped. The global core.excludesFile is deliberately not read: it
// lives on the machine running the scan, and results must not change from
// one machine to another. Symlinked .gitignore files are not followed,
// as in git.
//
// Because ignore files come from the fork being scanned, a fork can hide a
// tracked file from the scan by naming it in a .gitignore (git lets ignored
// files stay tracked). Runs that must see every file set Options.NoGitignore.
package walk
