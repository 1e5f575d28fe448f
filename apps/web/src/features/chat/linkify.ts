/** A piece of a message: plain text, or an http(s) link to render as an anchor. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
// Punctuation that ends a sentence rather than the address.
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Splits a message into text and links. Only http and https addresses become links (never
 * javascript: or data:), and everything is rendered as text nodes, so a message cannot inject HTML.
 */
export function linkify(message: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of message.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const trailing = TRAILING.exec(raw)?.[0] ?? '';
    const text = raw.slice(0, raw.length - trailing.length);
    let href: string;
    try {
      const url = new URL(text);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      href = url.href;
    } catch {
      continue;
    }
    if (match.index > last) parts.push({ kind: 'text', text: message.slice(last, match.index) });
    parts.push({ kind: 'link', text, href });
    last = match.index + text.length;
  }
  if (last < message.length) parts.push({ kind: 'text', text: message.slice(last) });
  return parts;
}
