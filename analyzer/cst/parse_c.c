// The copy of a C/C++/CUDA syntax tree, in C: see Parser.ParseContext.
#include <stdlib.h>

#include "parse_c.h"

typedef uint16_t TSFieldId;

typedef struct TSNode {
	uint32_t context[4];
	const void *id;
	const TSTree *tree;
} TSNode;

typedef struct TSTreeCursor {
	const void *tree;
	const void *id;
	uint32_t context[3];
} TSTreeCursor;

TSNode ts_tree_root_node(const TSTree *self);
TSSymbol ts_node_symbol(TSNode self);
uint32_t ts_node_start_byte(TSNode self);
uint32_t ts_node_end_byte(TSNode self);
TSPoint ts_node_start_point(TSNode self);
TSPoint ts_node_end_point(TSNode self);
bool ts_node_has_error(TSNode self);
bool ts_node_is_missing(TSNode self);
bool ts_node_is_named(TSNode self);
TSTreeCursor ts_tree_cursor_new(TSNode node);
void ts_tree_cursor_delete(TSTreeCursor *self);
TSNode ts_tree_cursor_current_node(const TSTreeCursor *self);
TSFieldId ts_tree_cursor_current_field_id(const TSTreeCursor *self);
bool ts_tree_cursor_goto_parent(TSTreeCursor *self);
bool ts_tree_cursor_goto_next_sibling(TSTreeCursor *self);
bool ts_tree_cursor_goto_first_child(TSTreeCursor *self);

// level is one node on the path from the root to the cursor: its record
// and the record of its last child so far (-1 = none yet).
typedef struct level {
	int32_t rec, last;
} level;

// record fills out[n] (when it fits) for the cursor's node.
static void record(archlint_cst_rec *out, int64_t n, uint32_t cap, TSNode node, TSFieldId fid, int32_t parent) {
	if (n >= (int64_t)cap) {
		return;
	}
	uint32_t flags = 0;
	if (ts_node_is_missing(node)) {
		flags |= ARCHLINT_CST_MISSING;
	}
	if (ts_node_has_error(node)) {
		flags |= ARCHLINT_CST_HAS_ERROR;
	}
	if (ts_node_is_named(node)) {
		flags |= ARCHLINT_CST_NAMED;
	}
	TSPoint s = ts_node_start_point(node), e = ts_node_end_point(node);
	out[n] = (archlint_cst_rec){ts_node_symbol(node), fid, flags, ts_node_start_byte(node), ts_node_end_byte(node),
		s.row, s.column, e.row, e.column, parent, -1, -1};
}

// archlint_cst_walk copies the whole tree in pre-order into out (as many
// records as fit in cap) and returns how many records the tree takes, or
// -1 when memory ran out. The path to the cursor lives on a heap stack,
// and the cursor keeps its own, so deep nesting costs memory, not C stack.
// (Leaving out the subtrees the facts never read saved only 4% of the
// records on real host files, and the host checks read them all.)
int64_t archlint_cst_walk(TSTree *tree, archlint_cst_rec *out, uint32_t cap) {
	TSNode root = ts_tree_root_node(tree);
	TSTreeCursor c = ts_tree_cursor_new(root);
	size_t scap = 256, sp = 0;
	level *stack = malloc(scap * sizeof(level));
	if (stack == NULL) {
		ts_tree_cursor_delete(&c);
		return -1;
	}
	record(out, 0, cap, root, 0, -1);
	int64_t n = 1;
	stack[sp++] = (level){0, -1};
	for (;;) {
		if (ts_tree_cursor_goto_first_child(&c)) {
			if (sp == scap) {
				scap *= 2;
				level *s = realloc(stack, scap * sizeof(level));
				if (s == NULL) {
					free(stack);
					ts_tree_cursor_delete(&c);
					return -1;
				}
				stack = s;
			}
			// The node just visited is the parent of the cursor's now.
			stack[sp++] = (level){(int32_t)(n - 1), -1};
		} else {
			for (;;) {
				if (ts_tree_cursor_goto_next_sibling(&c)) {
					break;
				}
				if (!ts_tree_cursor_goto_parent(&c)) {
					free(stack);
					ts_tree_cursor_delete(&c);
					return n;
				}
				sp--;
			}
		}
		if (n >= INT32_MAX) {
			// Records are indexed by int32_t.
			free(stack);
			ts_tree_cursor_delete(&c);
			return -1;
		}
		TSNode node = ts_tree_cursor_current_node(&c);
		level *top = &stack[sp - 1];
		record(out, n, cap, node, ts_tree_cursor_current_field_id(&c), top->rec);
		if (n < (int64_t)cap) {
			if (top->last < 0) {
				out[top->rec].first = (int32_t)n;
			} else {
				out[top->last].next = (int32_t)n;
			}
		}
		top->last = (int32_t)n;
		n++;
	}
}
