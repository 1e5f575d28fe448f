import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The messages the server wrote to DATA_DIR/outbox (no SMTP_URL), newest last. */
async function readOutbox(dataDir: string): Promise<{ file: string; raw: string }[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (file) => ({ file, raw: await readFile(path.join(dir, file), 'utf8') })));
}

/** Decodes quoted-printable soft breaks and escapes enough to find links in a message body. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function waitForMail(dataDir: string, to: string, match: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = await readOutbox(dataDir);
    for (const mail of mails.reverse()) {
      const text = decodeQuotedPrintable(mail.raw);
      if (text.toLowerCase().includes(`to: ${to.toLowerCase()}`) && match.test(text)) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} matching ${match} in the outbox`);
}

/** Path and fragment of the newest `/pages/<page>#token=…` link mailed to `to`, to open in the app under test. */
export async function mailedLinkPath(dataDir: string, to: string, page: string): Promise<string> {
  const mail = await waitForMail(dataDir, to, new RegExp(`/pages/${page}#token=`));
  const link = new RegExp(`https?://[^\\s"<>]+/pages/${page}#token=[A-Za-z0-9_-]+`).exec(mail)![0];
  const url = new URL(link);
  return url.pathname + url.hash;
}
