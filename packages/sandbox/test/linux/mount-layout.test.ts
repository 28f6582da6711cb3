import { describe, expect, it } from "vitest";
import { mountArguments } from "../../src/linux/mount-layout";

/** The arguments as `[flag, path]` pairs after the read-only root (the flags here all take one or two paths). */
function mounts(args: readonly string[]): string[] {
	const out: string[] = [];
	for (let index = 0; index < args.length; ) {
		const flag = args[index] ?? "";
		if (flag === "--tmpfs") {
			out.push(`tmpfs ${args[index + 1]}`);
			index += 2;
		} else {
			out.push(`${flag.replace(/^--/, "")} ${args[index + 1]} ${args[index + 2]}`);
			index += 3;
		}
	}
	return out;
}

describe("mountArguments", () => {
	it("binds the root read-only, the writable roots writable, then hides denies shallow first: a file by /dev/null, a directory by tmpfs", () => {
		const args = mountArguments({
			writeRoots: ["/p", "/tmp"],
			readDenies: [
				{ path: "/p/.env", isDirectory: false },
				{ path: "/home/u/.ssh", isDirectory: true },
			],
			writeDenies: [],
		});
		expect(mounts(args)).toEqual([
			"ro-bind / /",
			"bind /p /p",
			"bind /tmp /tmp",
			"ro-bind /dev/null /p/.env",
			"tmpfs /home/u/.ssh",
		]);
	});

	it("makes a write deny inside a writable root read-only and pins each directory between it and the root", () => {
		const args = mountArguments({ writeRoots: ["/p"], readDenies: [], writeDenies: ["/p/.git/hooks", "/outside/x"] });
		expect(mounts(args)).toEqual([
			"ro-bind / /",
			"ro-bind /p/.git /p/.git",
			"bind /p /p",
			"ro-bind /p/.git/hooks /p/.git/hooks",
		]);
	});

	it("never binds host content back into a denied directory, but restores a writable root inside it", () => {
		const args = mountArguments({
			writeRoots: ["/home/u/.cache/w"],
			readDenies: [{ path: "/home/u/.cache", isDirectory: true }],
			writeDenies: ["/home/u/.cache/secret"],
		});
		expect(mounts(args)).toEqual([
			"ro-bind / /",
			"bind /home/u/.cache/w /home/u/.cache/w",
			"tmpfs /home/u/.cache",
			"bind /home/u/.cache/w /home/u/.cache/w",
		]);
	});

	it("mounts nothing inside /dev or /proc, and never over /", () => {
		const args = mountArguments({
			writeRoots: [],
			readDenies: [
				{ path: "/proc/self", isDirectory: true },
				{ path: "/", isDirectory: true },
			],
			writeDenies: ["/dev/null"],
		});
		expect(args).toEqual(["--ro-bind", "/", "/"]);
	});
});
