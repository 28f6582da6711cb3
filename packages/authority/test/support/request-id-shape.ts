/** The shape every request id has: `perm-` and 128 random bits as 32 lowercase hex digits. */
export const REQUEST_ID_SHAPE = /^perm-[0-9a-f]{32}$/;
