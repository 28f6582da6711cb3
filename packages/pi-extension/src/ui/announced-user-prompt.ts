/**
 * Owns: `permissions:ui_prompt`: the `UserPrompt` decorator that publishes the ask's projection immediately before a
 * human is asked, once per ask, whichever terminal asks; and the sink that puts it on Pi's event bus.
 * Never: announces an ask nobody is shown (policy, session grants and authorizers never reach a `UserPrompt`), or lets
 * a listener's failure change the ask.
 */
import type { EventBus } from "@earendil-works/pi-coding-agent";
import type { AskDetails, GrantScope, UserAnswer, UserPrompt } from "@pi-permissions/authority";
import { projectUiPrompt, type UiPromptEvent } from "@pi-permissions/presentation";
import { PERMISSIONS_UI_PROMPT_CHANNEL } from "../service/permissions-service";

/** The `pi.events` channel the announcement goes out on (the published wire name). */
export const UI_PROMPT_EVENT = PERMISSIONS_UI_PROMPT_CHANNEL;

/** Where the `permissions:ui_prompt` projection goes. */
export interface UiPromptSink {
	emit(event: UiPromptEvent): void;
}

export function uiPromptEventSink(events: EventBus): UiPromptSink {
	return { emit: (event) => events.emit(UI_PROMPT_EVENT, event) };
}

export class AnnouncedUserPrompt implements UserPrompt {
	constructor(
		private readonly inner: UserPrompt,
		private readonly sink: UiPromptSink,
	) {}

	ask(details: AskDetails, scopes: readonly GrantScope[]): Promise<UserAnswer> {
		try {
			this.sink.emit(projectUiPrompt(details.payload, details.requestId));
		} catch {
			// A listener's failure never keeps the human from being asked.
		}
		return this.inner.ask(details, scopes);
	}
}
