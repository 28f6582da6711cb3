import { describe, expect, it } from "vitest";
import { readPathFallbacks } from "../../src/path/read-path-fallbacks";

/** Pi 1.6 `resolveReadPath`'s fallbacks, in its order; the input itself is never listed. */
const ROWS: readonly { readonly id: string; readonly path: string; readonly fallbacks: readonly string[] }[] = [
	{ id: "a plain ASCII path has none", path: "/p/src/index.ts", fallbacks: [] },
	{ id: "an apostrophe becomes U+2019", path: "/p/it's secret.txt", fallbacks: ["/p/it\u2019s secret.txt"] },
	{
		id: "every apostrophe, the directory's too",
		path: "/p/Bob's/it's.txt",
		fallbacks: ["/p/Bob\u2019s/it\u2019s.txt"],
	},
	{ id: "a composed letter gives its NFD form", path: "/p/caf\u00e9.txt", fallbacks: ["/p/cafe\u0301.txt"] },
	{
		id: "NFD and U+2019 together, as macOS names French screenshots",
		path: "/p/Capture d'\u00e9cran.png",
		fallbacks: [
			"/p/Capture d'e\u0301cran.png",
			"/p/Capture d\u2019\u00e9cran.png",
			"/p/Capture d\u2019e\u0301cran.png",
		],
	},
	{
		id: "a space before AM. or PM. becomes a narrow no-break space",
		path: "/p/Screenshot 2026-01-01 at 9.41.02 PM.png",
		fallbacks: ["/p/Screenshot 2026-01-01 at 9.41.02\u202fPM.png"],
	},
	{ id: "am. in lower case too", path: "/p/x am.png", fallbacks: ["/p/x\u202fam.png"] },
];

describe("readPathFallbacks", () => {
	it.each(ROWS)("$id", ({ path, fallbacks }) => {
		expect(readPathFallbacks(path)).toEqual(fallbacks);
	});
});

describe("readPathFallbacks on paths with nothing to vary", () => {
	it.each(["/p/README.md", "/p/a b/c-d_e.ts", "/p/tab\there", "/p/AMPM.txt", "/p/x AM"])(
		"gives no fallback for %j (ASCII, no apostrophe, no ` AM.`/` PM.`)",
		(path) => {
			expect(readPathFallbacks(path)).toEqual([]);
		},
	);

	it("still varies an ASCII path once it holds an apostrophe or ` AM.`", () => {
		expect(readPathFallbacks("/p/it's.txt")).toEqual(["/p/it\u2019s.txt"]);
		expect(readPathFallbacks("/p/Shot 9.41.12 AM.png")).toEqual(["/p/Shot 9.41.12\u202fAM.png"]);
	});
});
