package python

/*
#include <stddef.h>

void ts_set_allocator(void *(*new_malloc)(size_t), void *(*new_calloc)(size_t, size_t),
	void *(*new_realloc)(void *, size_t), void (*new_free)(void *));

static void archlint_ts_libc_allocator(void) { ts_set_allocator(NULL, NULL, NULL, NULL); }
*/
import "C"

// go-tree-sitter routes every allocation of the C library through a Go
// callback (go_malloc), which calls C malloc back: two language crossings
// per node, a tenth of a scan's CPU on Python-heavy trees. Its callbacks
// only ever call libc, so pointing the library straight at libc (NULL
// selects tree-sitter's defaults) changes nothing but the cost. It runs
// once, after go-tree-sitter's own init and before any parser exists.
func init() {
	C.archlint_ts_libc_allocator()
}
