/**
 * Owns: what a third party writes against the adapter's published types: the factory, the service accessor, a
 * registered authorizer and a formatter. The packaging suite compiles a copy inside a fresh install of the tarballs.
 * Never: runs; it only has to type-check, and its `@ts-expect-error` lines fail if a type degraded to `any`.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import piPermissions, {
	type Authorizer,
	type AuthorizerVerdict,
	getPermissionsService,
	PERMISSIONS_DECISION_CHANNEL,
	type PermissionState,
	type PermissionsService,
} from "@pi-permissions/pi-extension";

export const factory: (pi: ExtensionAPI) => void = piPermissions;
export const decisionChannel: string = PERMISSIONS_DECISION_CHANNEL;

const denyForcePush: Authorizer = {
	async authorize(details): Promise<AuthorizerVerdict> {
		return details.payload.kind === "bash" ? { verdict: "deny", reason: "no force pushes" } : { verdict: "defer" };
	},
};

export function install(): (() => void) | undefined {
	const service: PermissionsService | undefined = getPermissionsService();
	if (service === undefined) return undefined;
	const state: PermissionState = service.getToolPermission("bash");
	const disposeFormatter = service.registerToolInputFormatter("deploy", () => `deploy (${state})`);
	const disposeAuthorizer = service.registerAuthorizer("force-push-guard", denyForcePush);
	return () => {
		disposeFormatter();
		disposeAuthorizer();
	};
}

// @ts-expect-error a number is not a permission state; unused (an error) if `PermissionState` resolved to `any`
export const notAState: PermissionState = 42;

// @ts-expect-error `maybe` is not a verdict; unused (an error) if `AuthorizerVerdict` resolved to `any`
export const notAVerdict: AuthorizerVerdict = { verdict: "maybe" };
