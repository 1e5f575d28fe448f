/** Reads the reset token from the link's fragment (`#token=…`): fragments never reach server logs. */
export function tokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get('token')?.trim();
  return token ? token : null;
}

/** The link of a portal invitation (`#token=…&invitation=1`): the same step, worded as a first password. */
export function isInvitationHash(hash: string): boolean {
  return new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash).get('invitation') === '1';
}
