// The parts of tree-sitter's C API (api.h of go-tree-sitter v0.25.0,
// tree-sitter 0.25) that the Python parser's C walk uses. The library
// itself is compiled and linked by go-tree-sitter.
#ifndef ARCHLINT_PY_PARSE_C_H
#define ARCHLINT_PY_PARSE_C_H

#include <stdbool.h>
#include <stdint.h>

typedef uint16_t TSSymbol;
typedef uint16_t TSFieldId;
typedef struct TSLanguage TSLanguage;
typedef struct TSParser TSParser;
typedef struct TSTree TSTree;

typedef struct TSPoint {
	uint32_t row;
	uint32_t column;
} TSPoint;

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

TSParser *ts_parser_new(void);
void ts_parser_delete(TSParser *self);
bool ts_parser_set_language(TSParser *self, const TSLanguage *language);
void ts_parser_reset(TSParser *self);
TSTree *ts_parser_parse_string(TSParser *self, const TSTree *old_tree, const char *string, uint32_t length);
void ts_tree_delete(TSTree *self);
TSNode ts_tree_root_node(const TSTree *self);
const TSLanguage *ts_tree_language(const TSTree *self);

// archlint_py_rec is one node kept from the tree: kind (the node's
// symbol), field (0 = none), byte range, and the index of its parent
// record (-1 for the root).
typedef struct archlint_py_rec {
	uint16_t kind;
	uint16_t field;
	uint32_t sb, eb;
	int32_t parent;
} archlint_py_rec;

TSTree *archlint_py_parse(TSParser *p, const char *src, uint32_t len, int *err_line);
int64_t archlint_py_walk(TSTree *tree, archlint_py_rec *out, uint32_t cap);

#endif
