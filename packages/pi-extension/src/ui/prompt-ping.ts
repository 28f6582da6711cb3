/**
 * Owns: the ping of a permission dialog nobody is answering: after `promptPingDelaySeconds` without a key, the
 * terminal bell and/or a desktop notification escape (OSC 9 or OSC 777), sent once per dialog through the writer.
 * Never: answers, delays or changes the dialog; it is only armed for the interactive TUI, never in RPC or print mode.
 */
import type { PromptPingDesktop } from "@pi-permissions/policy";

export interface PromptPingSettings {
	readonly promptPingBell: boolean;
	readonly promptPingDesktop: PromptPingDesktop;
	readonly promptPingDelaySeconds: number;
}

const BEL = "\u0007";
const OSC = "\u001b]";

/** The most characters the notification body keeps. */
const BODY_MAX_LENGTH = 120;

/**
 * The bytes one ping writes: the bell (`BEL`), then `ESC ] 9 ; body BEL` (OSC 9) or
 * `ESC ] 777 ; notify ; title ; body BEL` (OSC 777); empty when both are off.
 */
export function pingSequence(settings: PromptPingSettings, title: string, body: string): string {
	let out = settings.promptPingBell ? BEL : "";
	const safeBody = notificationText(body).slice(0, BODY_MAX_LENGTH);
	switch (settings.promptPingDesktop) {
		case "off":
			break;
		case "osc9":
			out += `${OSC}9;${safeBody}${BEL}`;
			break;
		case "osc777":
			// `;` separates OSC 777's fields, so neither the title nor the body may hold one.
			out += `${OSC}777;notify;${notificationText(title).replaceAll(";", ",")};${safeBody.replaceAll(";", ",")}${BEL}`;
			break;
		default: {
			const unhandled: never = settings.promptPingDesktop;
			throw new Error(`unhandled desktop notification ${String(unhandled)}`);
		}
	}
	return out;
}

/** SECURITY: the text goes inside an escape sequence; a control character in it could end the sequence early. */
function notificationText(text: string): string {
	return [...text].map((char) => ((char.codePointAt(0) ?? 0) < 0x20 || char === "\u007f" ? " " : char)).join("");
}

export interface PromptPingTimers {
	/** Schedules `run` after `ms`. Must not throw. */
	readonly set: (run: () => void, ms: number) => unknown;
	/** Cancels what `set` returned. Must not throw. */
	readonly clear: (handle: unknown) => void;
}

/** One dialog's ping: armed when the dialog opens, disarmed by the first key or by the dialog closing. */
export class PromptPing {
	private handle: unknown = null;

	private constructor(private readonly timers: PromptPingTimers) {}

	/**
	 * Arms the ping of one dialog: `write` gets the sequence once, after the delay, unless a key or `stop` came first.
	 * Arms nothing when the sequence is empty (bell and desktop both off). Never throws.
	 */
	static arm(
		settings: PromptPingSettings,
		write: (data: string) => void,
		timers: PromptPingTimers,
		text: { readonly title: string; readonly body: string },
	): PromptPing {
		const ping = new PromptPing(timers);
		const sequence = pingSequence(settings, text.title, text.body);
		if (sequence === "") return ping;
		try {
			ping.handle = timers.set(() => {
				ping.handle = null;
				try {
					write(sequence);
				} catch {
					// A terminal that cannot be written to cannot be pinged; the dialog still waits.
				}
			}, settings.promptPingDelaySeconds * 1000);
		} catch {
			ping.handle = null;
		}
		return ping;
	}

	/** Disarms the ping (a key arrived, or the dialog closed). Idempotent; never throws. */
	stop(): void {
		if (this.handle === null) return;
		const handle = this.handle;
		this.handle = null;
		try {
			this.timers.clear(handle);
		} catch {
			// Nothing else to undo.
		}
	}
}
