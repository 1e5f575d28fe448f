/** The browser's IANA zone: the portal invitation e-mail gives the link's expiry in it (decision 132). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
