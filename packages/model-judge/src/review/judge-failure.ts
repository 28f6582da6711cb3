/**
 * Owns: `JudgeFailure`, every way a review can fail, and the one-line reason each one is logged with.
 * Never: decides; every failure is a `defer` (the ask goes on to the next link or the human).
 */

export type JudgeFailure =
	| { readonly kind: "no-config" }
	| { readonly kind: "config-invalid"; readonly detail: string }
	| { readonly kind: "model-not-found"; readonly detail: string }
	| { readonly kind: "credentials-missing"; readonly detail: string }
	| { readonly kind: "timeout"; readonly detail: string }
	| { readonly kind: "withdrawn" }
	| { readonly kind: "model-error"; readonly detail: string }
	| { readonly kind: "no-tool-call" }
	| { readonly kind: "malformed-arguments"; readonly detail: string }
	| { readonly kind: "verdict-out-of-range"; readonly detail: string }
	| { readonly kind: "threw"; readonly detail: string };

const MAX_DETAIL = 300;

/** Foreign text (an error message, a model's words) as a bounded single line. */
export function oneLine(text: string, limit = MAX_DETAIL): string {
	const flat = text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
	return flat.length <= limit ? flat : `${flat.slice(0, limit)}…`;
}

export function failureReason(failure: JudgeFailure): string {
	switch (failure.kind) {
		case "no-config":
			return "no model-judge.json is configured";
		case "config-invalid":
			return `the model-judge config is invalid: ${failure.detail}`;
		case "model-not-found":
			return `the model ${failure.detail} is not in Pi's model registry`;
		case "credentials-missing":
			return `no usable credentials for the judge's model: ${failure.detail}`;
		case "timeout":
			return `the model did not answer within ${failure.detail}`;
		case "withdrawn":
			return "the ask was withdrawn before the model answered";
		case "model-error":
			return `the model call failed: ${failure.detail}`;
		case "no-tool-call":
			return "the model's reply holds no tool call";
		case "malformed-arguments":
			return `the model's tool arguments are malformed: ${failure.detail}`;
		case "verdict-out-of-range":
			return `the model's verdict is outside what this review may return: ${failure.detail}`;
		case "threw":
			return `the review threw: ${failure.detail}`;
		default: {
			const unhandled: never = failure;
			throw new Error(`unhandled failure ${String(unhandled)}`);
		}
	}
}
