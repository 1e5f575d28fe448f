import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-templates.ts';
import { createMailer } from './mailer.ts';

const silent = { info: () => {}, error: () => {} };

describe('mailer', () => {
  it('builds a message with exactly one recipient and the rendered template', async () => {
    const mailer = createMailer({ from: 'Medida <no-reply@medida.app>', sink: { kind: 'memory' }, logger: silent });
    await mailer.send(
      renderMail('welcome', 'pt', 'ana@example.com', {
        nombre: 'Ana\r\nBcc: x@evil.example',
        email: 'ana@example.com',
        loginUrl: 'http://x',
      }),
    );
    expect(mailer.sent).toHaveLength(1);
    const raw = mailer.sent[0]!.raw;
    expect(raw).toMatch(/^To: ana@example\.com$/m);
    expect(raw).not.toMatch(/^Bcc:/im);
    expect(raw).toMatch(/^Subject: =\?UTF-8\?|^Subject: Bem-vindo/m);
  });

  it('refuses a recipient or subject with a line break (header injection)', async () => {
    const mailer = createMailer({ from: 'Medida <no-reply@medida.app>', sink: { kind: 'memory' }, logger: silent });
    await expect(mailer.send({ to: 'a@example.com\r\nBcc: x@evil.example', subject: 's', text: 't' })).rejects.toThrow(
      /line break/,
    );
    await expect(mailer.send({ to: 'a@example.com', subject: 'hi\nBcc: x@evil.example', text: 't' })).rejects.toThrow(
      /line break/,
    );
    expect(mailer.sent).toHaveLength(0);
  });

  it('logs and swallows failures of queued messages; idle() waits for them', async () => {
    const errors: unknown[] = [];
    const mailer = createMailer({
      from: 'x@medida.app',
      sink: { kind: 'memory' },
      logger: { info: () => {}, error: (o) => errors.push(o) },
    });
    mailer.sendLater({ to: 'bad\n@example.com', subject: 's', text: 't' });
    mailer.sendLater({ to: 'good@example.com', subject: 's', text: 't' });
    await mailer.idle();
    expect(errors).toHaveLength(1);
    expect(mailer.sent.map((m) => m.to)).toEqual(['good@example.com']);
  });
});
