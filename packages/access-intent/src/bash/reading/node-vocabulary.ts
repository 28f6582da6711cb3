/**
 * Owns: the tree-sitter-bash node vocabulary the collector branches on: statements, compounds and their nesting
 * labels, word nodes, inert nodes, and the reserved words that betray a misparse.
 * Never: holds behaviour; it is data read by `unit-collector.ts`.
 */

import type { CompoundLabel } from "./nesting-label";

/** Compound statements: listed whole, then their inner units. The value is the nesting label for the inner units. */
export const COMPOUND_LABELS: ReadonlyMap<string, CompoundLabel> = new Map<string, CompoundLabel>([
	["subshell", "subshell"],
	["compound_statement", "brace_group"],
	["if_statement", "if"],
	["while_statement", "while"],
	["for_statement", "for"],
	["c_style_for_statement", "for"],
	["case_statement", "case"],
	["function_definition", "function"],
	["negated_command", "negation"],
]);

/** Nodes that hold a word's value (an argument, a redirect target, an assignment value). */
export const WORD_NODES: ReadonlySet<string> = new Set([
	"word",
	"string",
	"raw_string",
	"ansi_c_string",
	"translated_string",
	"concatenation",
	"simple_expansion",
	"expansion",
	"command_substitution",
	"process_substitution",
	"arithmetic_expansion",
	"brace_expression",
	"number",
	"extglob_pattern",
	"test_operator",
	"regex",
	"command_name",
	"variable_name",
	"special_variable_name",
	"file_descriptor",
	"heredoc_start",
]);

/** Word pieces whose value is only known at run time and whose extent the reader takes from the tree. */
export const DYNAMIC_SPAN_NODES: ReadonlySet<string> = new Set([
	"command_substitution",
	"process_substitution",
	"expansion",
	"arithmetic_expansion",
	"brace_expression",
]);

export const REDIRECT_NODES: ReadonlySet<string> = new Set([
	"file_redirect",
	"heredoc_redirect",
	"herestring_redirect",
]);

/** Nodes whose children are statements: always entered. */
export const STATEMENT_CONTAINERS: ReadonlySet<string> = new Set([
	"program",
	"list",
	"pipeline",
	"redirected_statement",
	"do_group",
	"elif_clause",
	"else_clause",
	"case_item",
]);

/**
 * Unquoted words that bash never runs as a command name. tree-sitter-bash names a command this way only when it
 * misread a construct (`time { …; }`, `! { …; }`, `coproc { …; }`), so such a tree is not trusted.
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
	"{",
	"}",
	"if",
	"then",
	"elif",
	"else",
	"fi",
	"while",
	"until",
	"for",
	"select",
	"do",
	"done",
	"case",
	"esac",
	"function",
	"!",
	"]]",
]);

/** Reserved words that open a compound command after a `time`, `!` or `coproc` prefix. */
export const COMPOUND_OPENERS: ReadonlySet<string> = new Set([
	"{",
	"if",
	"while",
	"until",
	"for",
	"select",
	"case",
	"function",
]);
