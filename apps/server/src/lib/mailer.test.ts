import { createServer, type AddressInfo, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-templates.ts';
import { createMailer, smtpTransportUrl } from './mailer.ts';

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

/** A plain SMTP server that offers no STARTTLS and records the commands it receives. */
async function plainSmtpServer(): Promise<{ server: Server; port: number; commands: string[] }> {
  const commands: string[] = [];
  const server = createServer((socket) => {
    socket.write('220 test ESMTP\r\n');
    let buffer = '';
    let inData = false;
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          }
          continue;
        }
        commands.push(line);
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') socket.write('250-test\r\n250 8BITMIME\r\n');
        else if (verb === 'STARTTLS') socket.write('502 no TLS here\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, commands };
}

describe('SMTP transport security (issue 10 item 15)', () => {
  it('requires STARTTLS on smtp:// unless the URL says otherwise', () => {
    expect(smtpTransportUrl('smtp://u:p@mail.example:587')).toBe('smtp://u:p@mail.example:587?requireTLS=true');
    expect(smtpTransportUrl('smtp://mail.example:25?requireTLS=false')).toBe('smtp://mail.example:25?requireTLS=false');
    expect(smtpTransportUrl('smtp://mail.example:25?ignoreTLS=true')).toBe('smtp://mail.example:25?ignoreTLS=true');
    expect(smtpTransportUrl('smtps://u:p@mail.example:465')).toBe('smtps://u:p@mail.example:465');
  });

  it('refuses to send through a server without STARTTLS; sends when the URL opts out', async () => {
    const smtp = await plainSmtpServer();
    try {
      const message = renderMail('welcome', 'en', 'ana@example.com', {
        nombre: 'Ana',
        email: 'ana@example.com',
        loginUrl: 'http://x',
      });
      const strict = createMailer({
        from: 'Medida <no-reply@medida.app>',
        sink: { kind: 'smtp', url: `smtp://127.0.0.1:${smtp.port}` },
        logger: silent,
      });
      await expect(strict.send(message)).rejects.toThrow();
      expect(smtp.commands.some((c) => /^MAIL FROM/i.test(c))).toBe(false);

      const optedOut = createMailer({
        from: 'Medida <no-reply@medida.app>',
        sink: { kind: 'smtp', url: `smtp://127.0.0.1:${smtp.port}?requireTLS=false` },
        logger: silent,
      });
      await optedOut.send(message);
      expect(smtp.commands.some((c) => /^MAIL FROM/i.test(c))).toBe(true);
    } finally {
      smtp.server.close();
    }
  });
});
