// The parts of tree-sitter's C API (api.h of go-tree-sitter v0.25.0,
// tree-sitter 0.25) that cst's C parse and walk use. The library itself is
// compiled and linked by go-tree-sitter.
#ifndef ARCHLINT_CST_PARSE_C_H
#define ARCHLINT_CST_PARSE_C_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint16_t TSSymbol;
typedef struct TSLanguage TSLanguage;
typedef struct TSParser TSParser;
typedef struct TSTree TSTree;

typedef struct TSPoint {
	uint32_t row;
	uint32_t column;
} TSPoint;

typedef struct TSRange {
	TSPoint start_point;
	TSPoint end_point;
	uint32_t start_byte;
	uint32_t end_byte;
} TSRange;

TSParser *ts_parser_new(void);
void ts_parser_delete(TSParser *self);
bool ts_parser_set_language(TSParser *self, const TSLanguage *language);
void ts_parser_reset(TSParser *self);
bool ts_parser_set_included_ranges(TSParser *self, const TSRange *ranges, uint32_t count);
void ts_parser_set_cancellation_flag(TSParser *self, const size_t *flag);
TSTree *ts_parser_parse_string(TSParser *self, const TSTree *old_tree, const char *string, uint32_t length);
void ts_tree_delete(TSTree *self);

// Flags of archlint_cst_rec.
enum {
	ARCHLINT_CST_MISSING = 1,   // ts_node_is_missing
	ARCHLINT_CST_HAS_ERROR = 2, // ts_node_has_error
	ARCHLINT_CST_NAMED = 4,     // ts_node_is_named
};

// archlint_cst_rec is one node of the tree: its symbol (0xFFFF = ERROR),
// field in its parent (0 = none), flags, byte range, start row and
// column, end row and column, and the records of its parent, first child
// and next sibling (-1 = none).
typedef struct archlint_cst_rec {
	uint16_t sym;
	uint16_t field;
	uint32_t flags;
	uint32_t sb, eb;
	uint32_t sr, sc, er, ec;
	int32_t parent, first, next;
} archlint_cst_rec;

int64_t archlint_cst_walk(TSTree *tree, archlint_cst_rec *out, uint32_t cap);

#endif
