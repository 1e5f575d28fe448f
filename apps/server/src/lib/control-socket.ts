import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';

/**
 * A Unix socket in DATA_DIR through which an operator's command asks the running server to do what needs its
 * database (decision 225): the embedded database admits one process, so `npm run backup` cannot open it while the
 * server runs. One JSON line in, one JSON line out. The socket is 0600 in the server's own directory: whoever may
 * use it may already read DATA_DIR.
 */
export interface ControlRequest {
  command: 'backup';
  /** Absolute path of the archive to write. */
  out: string;
}
export type ControlAnswer = { ok: true; result: unknown } | { ok: false; error: string };

export async function listenControlSocket(
  socketPath: string,
  handle: (request: ControlRequest) => Promise<unknown>,
): Promise<{ close(): Promise<void> }> {
  // The DATA_DIR lock is held by this process: a socket file left there is a killed server's.
  await rm(socketPath, { force: true });
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (!text.includes('\n') || text.length > 4096) return;
      let request: ControlRequest;
      try {
        request = JSON.parse(text.slice(0, text.indexOf('\n'))) as ControlRequest;
        if (request.command !== 'backup' || typeof request.out !== 'string') throw new Error('unknown command');
      } catch (error) {
        socket.end(`${JSON.stringify({ ok: false, error: String(error) })}\n`);
        return;
      }
      handle(request).then(
        (result) => socket.end(`${JSON.stringify({ ok: true, result })}\n`),
        (error: unknown) =>
          socket.end(
            `${JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) })}\n`,
          ),
      );
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

/** Sends one request to the server listening on `socketPath` and waits for its answer. */
export function askServer(socketPath: string, request: ControlRequest): Promise<ControlAnswer> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(text) as ControlAnswer);
      } catch {
        reject(new Error('the server closed the control socket without an answer'));
      }
    });
    socket.on('error', reject);
  });
}
