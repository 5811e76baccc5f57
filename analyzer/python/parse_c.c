// The Python parse and the copy of its tree, in C: see parser.parse.
#include <stdlib.h>

#include "parse_c.h"

typedef enum {
	TSSymbolTypeRegular,
	TSSymbolTypeAnonymous,
	TSSymbolTypeSupertype,
	TSSymbolTypeAuxiliary,
} TSSymbolType;

uint32_t ts_language_symbol_count(const TSLanguage *self);
TSSymbolType ts_language_symbol_type(const TSLanguage *self, TSSymbol symbol);
TSSymbol ts_node_symbol(TSNode self);
uint32_t ts_node_start_byte(TSNode self);
uint32_t ts_node_end_byte(TSNode self);
TSPoint ts_node_start_point(TSNode self);
bool ts_node_has_error(TSNode self);
bool ts_node_is_error(TSNode self);
bool ts_node_is_missing(TSNode self);
uint32_t ts_node_child_count(TSNode self);
TSNode ts_node_child(TSNode self, uint32_t child_index);
bool ts_node_is_null(TSNode self);
TSTreeCursor ts_tree_cursor_new(TSNode node);
void ts_tree_cursor_delete(TSTreeCursor *self);
TSNode ts_tree_cursor_current_node(const TSTreeCursor *self);
TSFieldId ts_tree_cursor_current_field_id(const TSTreeCursor *self);
bool ts_tree_cursor_goto_parent(TSTreeCursor *self);
bool ts_tree_cursor_goto_next_sibling(TSTreeCursor *self);
bool ts_tree_cursor_goto_first_child(TSTreeCursor *self);

// first_error_line descends towards the first damaged child; tree-sitter
// marks every ancestor of an ERROR or MISSING node with has_error. An ERROR
// node may hold most of the file (an unclosed parenthesis can make the
// whole module one ERROR from line 1): the descent goes on into its first
// damaged child, the innermost ERROR being nearer where parsing failed.
static int first_error_line(TSNode n) {
	for (;;) {
		if (ts_node_is_missing(n)) {
			return (int)ts_node_start_point(n).row + 1;
		}
		bool found = false;
		uint32_t count = ts_node_child_count(n);
		for (uint32_t i = 0; i < count; i++) {
			TSNode c = ts_node_child(n, i);
			if (!ts_node_is_null(c) && (ts_node_has_error(c) || ts_node_is_missing(c))) {
				n = c;
				found = true;
				break;
			}
		}
		if (!found) {
			return (int)ts_node_start_point(n).row + 1;
		}
	}
}

// archlint_py_parse parses src; *err_line is the 1-based line of the
// first ERROR or MISSING node, 0 when there is none.
TSTree *archlint_py_parse(TSParser *p, const char *src, uint32_t len, int *err_line) {
	*err_line = 0;
	TSTree *tree = ts_parser_parse_string(p, NULL, src, len);
	if (tree == NULL) {
		return NULL;
	}
	TSNode root = ts_tree_root_node(tree);
	if (ts_node_has_error(root)) {
		*err_line = first_error_line(root);
	}
	return tree;
}

static bool is_named(const TSLanguage *lang, uint32_t count, TSSymbol sym) {
	// ERROR (0xFFFF) is outside the kind table and named.
	return sym >= count || ts_language_symbol_type(lang, sym) == TSSymbolTypeRegular;
}

// archlint_py_walk copies the tree in pre-order into out (as many records
// as fit in cap) and returns how many records the whole tree takes, or -1
// when memory ran out. The root and every named node are kept, and an
// anonymous token only when it sits in a field; the subtree of a token
// that is not kept is skipped.
int64_t archlint_py_walk(TSTree *tree, archlint_py_rec *out, uint32_t cap) {
	const TSLanguage *lang = ts_tree_language(tree);
	uint32_t count = ts_language_symbol_count(lang);
	TSNode root = ts_tree_root_node(tree);
	TSTreeCursor c = ts_tree_cursor_new(root);
	// stack holds the records of the kept nodes from the root to the
	// cursor (every node the cursor descends into is kept).
	size_t scap = 256, sp = 0;
	int32_t *stack = malloc(scap * sizeof(int32_t));
	if (stack == NULL) {
		ts_tree_cursor_delete(&c);
		return -1;
	}
	int64_t n = 0;
	if (cap > 0) {
		out[0] = (archlint_py_rec){ts_node_symbol(root), 0, ts_node_start_byte(root), ts_node_end_byte(root), -1};
	}
	n = 1;
	stack[sp++] = 0;
	bool kept = true; // whether the cursor's node is kept (on the stack)
	for (;;) {
		bool moved = kept && ts_tree_cursor_goto_first_child(&c);
		if (!moved) {
			for (;;) {
				if (kept) {
					sp--;
				}
				if (sp == 0) {
					free(stack);
					ts_tree_cursor_delete(&c);
					return n;
				}
				if (ts_tree_cursor_goto_next_sibling(&c)) {
					moved = true;
					break;
				}
				ts_tree_cursor_goto_parent(&c);
				kept = true;
			}
		}
		TSNode node = ts_tree_cursor_current_node(&c);
		TSSymbol sym = ts_node_symbol(node);
		TSFieldId fid = ts_tree_cursor_current_field_id(&c);
		if (!is_named(lang, count, sym) && fid == 0) {
			kept = false;
			continue;
		}
		if (n < (int64_t)cap) {
			out[n] = (archlint_py_rec){sym, fid, ts_node_start_byte(node), ts_node_end_byte(node), stack[sp - 1]};
		}
		if (sp == scap) {
			scap *= 2;
			int32_t *s = realloc(stack, scap * sizeof(int32_t));
			if (s == NULL) {
				free(stack);
				ts_tree_cursor_delete(&c);
				return -1;
			}
			stack = s;
		}
		stack[sp++] = (int32_t)n;
		n++;
		kept = true;
	}
}
