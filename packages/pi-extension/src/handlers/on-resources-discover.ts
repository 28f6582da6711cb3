/**
 * Owns: the `resources_discover` handler: reload the config through the open session, so a changed config file or a
 * newly trusted project applies from the next decision.
 * Never: contributes resources, or lets a failure escape into Pi (a failed reload keeps the previous policy).
 */
import type { ExtensionContext, ResourcesDiscoverEvent } from "@earendil-works/pi-coding-agent";
import type { ExtensionState } from "../extension-state";

export function onResourcesDiscover(state: ExtensionState) {
	return async (_event: ResourcesDiscoverEvent, ctx: ExtensionContext): Promise<void> => {
		try {
			await state.reload(ctx);
		} catch (error) {
			if (ctx.hasUI) {
				const message = error instanceof Error ? error.message : String(error);
				ctx.ui.notify(`pi-permissions could not reload its config; the previous policy stays: ${message}`, "error");
			}
		}
	};
}
