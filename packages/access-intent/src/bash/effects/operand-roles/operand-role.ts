/**
 * Owns: the role one word of a command plays for the path rules (a file, maybe a file, or not a file).
 * Never: assigns roles; `bash-operand-roles.ts` and `test-operand-roles.ts` do, from their tables.
 */

/**
 * `path`: certainly a file; `operand`: a file if it is path-shaped or exists; `skip`: a flag, pattern or value.
 * `attached` is the value text glued to an option word (`--file=x`, `-fx`); `null` means the whole word is the value.
 */
export type OperandRole =
	| { readonly kind: "path"; readonly attached: string | null }
	| { readonly kind: "operand"; readonly attached: string | null }
	| { readonly kind: "skip" };
