import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type StreamTransport from 'nodemailer/lib/stream-transport';

interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Answers go to this address (the professional who sent a report), not to the no-reply sender. */
  replyTo?: { name: string; address: string };
  attachments?: MailAttachment[];
}

interface SentMail extends MailMessage {
  raw: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Fire and forget (failures are logged): keeps response time independent of the mail server. */
  sendLater(message: MailMessage): void;
  /** Resolves when every sendLater message has been handed over (tests, graceful shutdown). */
  idle(): Promise<void>;
  /** Messages given to sendLater and not handed over yet (the readiness check's queue). */
  pending(): number;
  /** Memory sink only: every message sent so far. */
  readonly sent: SentMail[];
  close(): void;
}

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type MailSink = { kind: 'smtp'; url: string } | { kind: 'outbox'; dir: string } | { kind: 'memory' };

/** Header values never carry CR/LF: refuse rather than let a name add a `Bcc:` (security.md R21). */
function assertHeaderSafe(value: string, what: string): void {
  if (/[\r\n\0]/.test(value)) throw new Error(`Refusing to send e-mail: ${what} contains a line break`);
}

/**
 * The SMTP URL nodemailer gets: on `smtp://` the session must be upgraded with STARTTLS (`requireTLS`), so
 * passwords and health-data reports never cross the network in clear (issue 10 item 15), unless the URL
 * says otherwise (`?requireTLS=false`, `?ignoreTLS=true`, `?secure=…`). `smtps://` is TLS from the start.
 */
export function smtpTransportUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'smtp:') return url;
  for (const key of ['requireTLS', 'ignoreTLS', 'secure']) if (parsed.searchParams.has(key)) return url;
  parsed.searchParams.set('requireTLS', 'true');
  return parsed.toString();
}

export function createMailer(options: { from: string; sink: MailSink; logger: Logger }): Mailer {
  const { sink, logger } = options;
  // nodemailer (~14 MB of resident memory) loads with the first e-mail, not at start-up (issue 11 item 6).
  let transport:
    Promise<Transporter<SMTPTransport.SentMessageInfo> | Transporter<StreamTransport.SentMessageInfo>> | undefined;
  const openTransport = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      sink.kind === 'smtp'
        ? nodemailer.createTransport(smtpTransportUrl(sink.url))
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const pending = new Set<Promise<void>>();
  const sent: SentMail[] = [];

  async function send(message: MailMessage): Promise<void> {
    assertHeaderSafe(message.to, 'recipient');
    assertHeaderSafe(message.subject, 'subject');
    if (message.replyTo) {
      assertHeaderSafe(message.replyTo.name, 'reply-to name');
      assertHeaderSafe(message.replyTo.address, 'reply-to');
    }
    for (const a of message.attachments ?? []) assertHeaderSafe(a.filename, 'attachment name');
    const info = await (
      await openTransport()
    ).sendMail({
      from: options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.attachments ? { attachments: message.attachments } : {}),
    });
    if (sink.kind === 'smtp') {
      logger.info({ messageId: info.messageId }, 'e-mail sent through SMTP');
      return;
    }
    // The stream transport with `buffer: true` answers with the whole message as a Buffer.
    if (!('message' in info) || !Buffer.isBuffer(info.message)) throw new Error('the stream transport sent no message');
    const raw = info.message.toString('utf8');
    if (sink.kind === 'memory') {
      sent.push({ ...message, raw });
      return;
    }
    await mkdir(sink.dir, { recursive: true });
    const file = path.join(sink.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
    await writeFile(file, raw, { mode: 0o600 });
    logger.info({ file }, 'e-mail written to the outbox');
  }

  return {
    send,
    sendLater(message) {
      const job = send(message)
        .catch((error: unknown) => logger.error({ err: error }, 'e-mail could not be sent'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
    pending: () => pending.size,
    sent,
    close: () => void transport?.then((opened) => opened.close()),
  };
}
