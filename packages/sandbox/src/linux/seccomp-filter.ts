/**
 * Owns: the seccomp program every sandboxed command runs under on Linux, as the classic-BPF bytes bubblewrap loads
 * (`--seccomp FD`): a Unix socket cannot be made (it could reach a host daemon: docker, the session bus, an ssh agent),
 * io_uring cannot be used (it makes sockets without `socket(2)`), no namespace can be made or entered and nothing can
 * be mounted (a mount could uncover what the sandbox masks), and a system call of another architecture ends the process.
 * Never: reads the machine; the architecture is given. What sandbox-runtime's `apply-seccomp` refuses, this refuses too.
 */

/** The architectures a program is built for; anything else has no filter here. */
type SeccompArchitecture = "x64" | "arm64";

/** The system call numbers the program names, per architecture (from the kernel's tables). */
interface SyscallNumbers {
	readonly auditArch: number;
	readonly socket: number;
	readonly clone: number;
	readonly unshare: number;
	readonly setns: number;
	readonly mount: number;
	readonly umount2: number;
	readonly pivotRoot: number;
	/** x86-64's x32 ABI marks its calls with this bit; they must not pass as 64-bit calls. */
	readonly x32Bit: number | null;
}

const NUMBERS: Readonly<Record<SeccompArchitecture, SyscallNumbers>> = {
	x64: {
		auditArch: 0xc000003e,
		socket: 41,
		clone: 56,
		unshare: 272,
		setns: 308,
		mount: 165,
		umount2: 166,
		pivotRoot: 155,
		x32Bit: 0x40000000,
	},
	arm64: {
		auditArch: 0xc00000b7,
		socket: 198,
		clone: 220,
		unshare: 97,
		setns: 268,
		mount: 40,
		umount2: 39,
		pivotRoot: 41,
		x32Bit: null,
	},
};

/** Calls added since Linux 5.1 share one number on every architecture. */
const SINCE_5_1 = {
	ioUringSetup: 425,
	ioUringEnter: 426,
	ioUringRegister: 427,
	openTree: 428,
	moveMount: 429,
	fsopen: 430,
	fsconfig: 431,
	fsmount: 432,
	fspick: 433,
	clone3: 435,
	mountSetattr: 442,
	openTreeAttr: 467,
} as const;

const AF_UNIX = 1;
const EPERM = 1;
const ENOSYS = 38;
/** Every `CLONE_NEW*` flag: a `clone` carrying one makes a namespace. */
const CLONE_NAMESPACE_FLAGS =
	0x00000080 | 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000;

const RET_ALLOW = 0x7fff0000;
const RET_KILL_PROCESS = 0x80000000;
const retErrno = (errno: number) => 0x00050000 | errno;

// Classic BPF opcodes (linux/filter.h) and `struct seccomp_data` offsets.
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const JSET_K = 0x45;
const RET_K = 0x06;
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
const OFFSET_ARG0_LOW = 16;

/** One instruction before its jumps are resolved: a jump names the label it goes to when the test holds. */
type Step =
	| { readonly kind: "load"; readonly offset: number }
	| { readonly kind: "jump-if"; readonly op: number; readonly value: number; readonly to: string }
	| { readonly kind: "return"; readonly value: number }
	| { readonly kind: "label"; readonly name: string };

/** The program for `arch`, as the bytes `--seccomp` reads (eight bytes per instruction, little-endian). */
export function seccompProgram(arch: SeccompArchitecture): Uint8Array {
	const n = NUMBERS[arch];
	const refused = [
		n.unshare,
		n.setns,
		n.mount,
		n.umount2,
		n.pivotRoot,
		SINCE_5_1.ioUringSetup,
		SINCE_5_1.ioUringEnter,
		SINCE_5_1.ioUringRegister,
		SINCE_5_1.openTree,
		SINCE_5_1.moveMount,
		SINCE_5_1.fsopen,
		SINCE_5_1.fsconfig,
		SINCE_5_1.fsmount,
		SINCE_5_1.fspick,
		SINCE_5_1.mountSetattr,
		SINCE_5_1.openTreeAttr,
	];
	const steps: Step[] = [
		{ kind: "load", offset: OFFSET_ARCH },
		// SECURITY: a 32-bit call (`int 0x80`) numbers its calls differently (`socketcall`); it is not let through.
		{ kind: "jump-if", op: JEQ_K, value: n.auditArch, to: "native" },
		{ kind: "return", value: RET_KILL_PROCESS },
		{ kind: "label", name: "native" },
		{ kind: "load", offset: OFFSET_NR },
	];
	if (n.x32Bit !== null) steps.push({ kind: "jump-if", op: JGE_K, value: n.x32Bit, to: "kill" });
	steps.push({ kind: "jump-if", op: JEQ_K, value: n.socket, to: "socket" });
	steps.push({ kind: "jump-if", op: JEQ_K, value: n.clone, to: "clone" });
	// glibc falls back to `clone` when `clone3` is missing; `clone3`'s flags sit in memory a filter cannot read.
	steps.push({ kind: "jump-if", op: JEQ_K, value: SINCE_5_1.clone3, to: "enosys" });
	for (const call of refused) steps.push({ kind: "jump-if", op: JEQ_K, value: call, to: "eperm" });
	steps.push(
		{ kind: "return", value: RET_ALLOW },
		{ kind: "label", name: "socket" },
		{ kind: "load", offset: OFFSET_ARG0_LOW },
		{ kind: "jump-if", op: JEQ_K, value: AF_UNIX, to: "eperm" },
		{ kind: "return", value: RET_ALLOW },
		{ kind: "label", name: "clone" },
		{ kind: "load", offset: OFFSET_ARG0_LOW },
		{ kind: "jump-if", op: JSET_K, value: CLONE_NAMESPACE_FLAGS, to: "eperm" },
		{ kind: "return", value: RET_ALLOW },
		{ kind: "label", name: "eperm" },
		{ kind: "return", value: retErrno(EPERM) },
		{ kind: "label", name: "enosys" },
		{ kind: "return", value: retErrno(ENOSYS) },
		{ kind: "label", name: "kill" },
		{ kind: "return", value: RET_KILL_PROCESS },
	);
	return assemble(steps);
}

/** Resolves labels to forward jump offsets and encodes each instruction. */
function assemble(steps: readonly Step[]): Uint8Array {
	const at = new Map<string, number>();
	let index = 0;
	for (const step of steps) {
		if (step.kind === "label") at.set(step.name, index);
		else index += 1;
	}
	const out = new Uint8Array(index * 8);
	const view = new DataView(out.buffer);
	index = 0;
	for (const step of steps) {
		if (step.kind === "label") continue;
		const base = index * 8;
		switch (step.kind) {
			case "load":
				view.setUint16(base, LD_W_ABS, true);
				view.setUint32(base + 4, step.offset, true);
				break;
			case "jump-if": {
				const target = at.get(step.to);
				const offset = target === undefined ? -1 : target - index - 1;
				// INVARIANT: jumps only go forward and fit one byte; a filter that breaks this is a bug, never loaded.
				if (offset < 0 || offset > 255) throw new Error(`seccomp jump to ${step.to} cannot be encoded`);
				view.setUint16(base, step.op, true);
				view.setUint8(base + 2, offset);
				view.setUint8(base + 3, 0);
				view.setUint32(base + 4, step.value >>> 0, true);
				break;
			}
			case "return":
				view.setUint16(base, RET_K, true);
				view.setUint32(base + 4, step.value >>> 0, true);
				break;
			default: {
				const unhandled: never = step;
				throw new Error(`unhandled seccomp step ${String(unhandled)}`);
			}
		}
		index += 1;
	}
	return out;
}

/** The architecture of a `process.arch` value, or `null` when no program is written for it. */
export function seccompArchitecture(processArch: string): SeccompArchitecture | null {
	return processArch === "x64" || processArch === "arm64" ? processArch : null;
}
