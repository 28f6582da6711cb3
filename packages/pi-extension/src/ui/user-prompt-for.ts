/**
 * Owns: choosing the session's `UserPrompt` once: the inline dialog in Pi's interactive TUI, the `select`/`input`
 * fallback in every other mode with UI (RPC), both announced on `permissions:ui_prompt` when a sink is given.
 * Never: inspects anything but the mode Pi reports; an unknown mode gets the fallback, which every UI supports.
 */
import type { ExtensionContext, ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import type { AskDetails, Clock, UserPrompt } from "@pi-permissions/authority";
import type { AlwaysOffer } from "../grants/always-offer";
import { AnnouncedUserPrompt, type UiPromptSink } from "./announced-user-prompt";
import { FallbackUserPrompt } from "./fallback-user-prompt";
import { type DialogPromptSettings, TuiUserPrompt } from "./tui-user-prompt";

interface UserPromptChoice {
	/** Pi's run mode; `undefined` when the host did not say (the fallback is used). */
	readonly mode: ExtensionContext["mode"] | undefined;
	readonly ui: ExtensionUIContext;
	readonly settings: () => DialogPromptSettings;
	/** The session's clock: the dialog measures its typing windows on it (ADR 0049). */
	readonly clock: Clock;
	readonly announce: UiPromptSink | undefined;
	/** The "always" choices an ask offers; absent: none. Must not throw. */
	readonly always?: (details: AskDetails) => AlwaysOffer;
}

export function userPromptFor(choice: UserPromptChoice): UserPrompt {
	const prompt =
		choice.mode === "tui"
			? new TuiUserPrompt(choice.ui, choice.settings, choice.clock, choice.always)
			: new FallbackUserPrompt(choice.ui, choice.settings, choice.always);
	return choice.announce === undefined ? prompt : new AnnouncedUserPrompt(prompt, choice.announce);
}
