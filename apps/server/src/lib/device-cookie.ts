/**
 * The httpOnly cookie that marks a browser that signed in before (decision 015). Only the sign-in
 * route reads it (Path), scripts cannot (HttpOnly), other sites do not send it (SameSite=Strict).
 */
export const DEVICE_COOKIE = 'medida_device';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The device token from a Cookie header, or null when absent or not shaped like one of ours. */
export function deviceTokenFrom(cookieHeader: string | undefined): string | null {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, value] = part.trim().split('=', 2);
    if (name === DEVICE_COOKIE && value && TOKEN.test(value)) return value;
  }
  return null;
}

export function deviceCookie(token: string, options: { secure: boolean; maxAgeDays: number }): string {
  const attributes = [
    `${DEVICE_COOKIE}=${token}`,
    'Path=/web/authenticate',
    `Max-Age=${options.maxAgeDays * 24 * 3600}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}
