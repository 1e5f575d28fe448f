import { CHAT_WS_PATH, CHAT_WS_PROTOCOL, type ChatServerFrame } from '@medida/contracts';
import { WebSocket } from 'ws';

/** A real WebSocket client for tests and the bench: collects frames and waits for the ones it needs. */
export interface ChatTestClient {
  socket: WebSocket;
  frames: ChatServerFrame[];
  send(frame: unknown): void;
  sendRaw(data: string | Buffer): void;
  /** Resolves with the first frame (already received or coming) that matches; rejects after `timeoutMs`. */
  next<T extends ChatServerFrame['type']>(
    type: T,
    match?: (frame: Extract<ChatServerFrame, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ChatServerFrame, { type: T }>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

function chatSocketUrl(baseUrl: string, after?: number, appLang?: string) {
  const url = new URL(CHAT_WS_PATH, baseUrl.replace(/^http/, 'ws'));
  if (after !== undefined) url.searchParams.set('after', String(after));
  if (appLang !== undefined) url.searchParams.set('lang', appLang);
  return url.toString();
}

export function connectChat(
  baseUrl: string,
  token: string,
  options: {
    after?: number;
    /** Accept-Language of the upgrade request (what a browser sends on its own). */
    lang?: string;
    /** `?lang=`: the language the web app shows, which wins over the header. */
    appLang?: string;
    onFrame?: (frame: ChatServerFrame) => void;
  } = {},
): Promise<ChatTestClient> {
  const url = chatSocketUrl(baseUrl, options.after, options.appLang);
  const socket = new WebSocket(url, [CHAT_WS_PROTOCOL, `bearer.${token}`], {
    headers: options.lang ? { 'accept-language': options.lang } : {},
  });
  const frames: ChatServerFrame[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as ChatServerFrame;
    if (options.onFrame) options.onFrame(frame);
    else frames.push(frame);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const client: ChatTestClient = {
    socket,
    frames,
    send: (frame) => socket.send(JSON.stringify(frame)),
    sendRaw: (data) => socket.send(data),
    next: (type, match = () => true, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const find = () => {
          const index = frames.findIndex((f) => f.type === type && match(f as never));
          if (index === -1) return false;
          const [frame] = frames.splice(index, 1);
          resolve(frame as never);
          return true;
        };
        if (find()) return;
        const wake = () => {
          if (find()) done();
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${type} frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        waiters.add(wake);
      }),
    closed,
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}
