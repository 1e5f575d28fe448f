import {
  CHAT_CLOSE,
  CHAT_WS_PATH,
  CHAT_WS_PROTOCOL,
  chatServerFrameSchema,
  type ChatMessage,
  type ChatRoom,
  type ChatServerFrame,
} from '@medida/contracts';
import { useSyncExternalStore } from 'react';
import { currentLanguage } from '../../lib/i18n.ts';
import { apiErrorMessage, notifyError } from '../../lib/notify.ts';
import { chatApi } from './chat-api.ts';
import { playChatSound } from './chat-sound.ts';
import { reconnectDelay } from './reconnect.ts';

/** A message as the conversation shows it: stored, or still on its way (`sending`), or `failed` with a reason. */
export interface UiMessage extends ChatMessage {
  status: 'sent' | 'sending' | 'failed';
  client_id?: string;
  error?: string;
}

interface RoomMessages {
  items: UiMessage[];
  hasMore: boolean;
  loading: boolean;
}

type ConnectionStatus = 'offline' | 'connecting' | 'online' | 'reconnecting';

export interface ChatState {
  userId: number | null;
  status: ConnectionStatus;
  open: boolean;
  activeRoomId: string | null;
  rooms: ChatRoom[];
  roomsLoaded: boolean;
  unseenTotal: number;
  messages: Record<string, RoomMessages>;
}

/** How long a sent message may wait for its echo before it is shown as failed (with retry). */
const SEND_TIMEOUT_MS = 10_000;

const initialState: ChatState = {
  userId: null,
  status: 'offline',
  open: false,
  activeRoomId: null,
  rooms: [],
  roomsLoaded: false,
  unseenTotal: 0,
  messages: {},
};

const roomActivity = (room: ChatRoom) => room.lastMessage?.date ?? room.created_at;
const byActivity = (a: ChatRoom, b: ChatRoom) => roomActivity(b).localeCompare(roomActivity(a));
/** Stored messages by date then id; messages still being sent stay last, in the order they were typed. */
const byDateThenId = (a: UiMessage, b: UiMessage) => {
  const pendingA = a.status !== 'sent';
  const pendingB = b.status !== 'sent';
  if (pendingA || pendingB) return Number(pendingA) - Number(pendingB);
  return a.date.localeCompare(b.date) || a.id - b.id;
};

function newClientId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function socketUrl(after: number) {
  const url = new URL(CHAT_WS_PATH, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (after > 0) url.searchParams.set('after', String(after));
  // Error frames (limits) come back in the language the app shows, not the browser's Accept-Language.
  url.searchParams.set('lang', currentLanguage());
  return url.toString();
}

/**
 * The chat on the web side: one socket per tab (reconnecting by itself with backoff, backfilling what it
 * missed), the room list with the unread badge, each open room's pages and the messages being sent.
 * Components read it through `useChat` (useSyncExternalStore).
 */
function createChatClient() {
  let state = initialState;
  const listeners = new Set<() => void>();
  let socket: WebSocket | null = null;
  let token: string | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let lastSeenId = 0;
  const sendTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const set = (patch: Partial<ChatState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const setRoomMessages = (roomId: string, patch: Partial<RoomMessages>) => {
    const current = state.messages[roomId] ?? { items: [], hasMore: true, loading: false };
    set({ messages: { ...state.messages, [roomId]: { ...current, ...patch } } });
  };

  const upsertRoom = (room: ChatRoom) => {
    const rooms = [room, ...state.rooms.filter((r) => r.chat_room_id !== room.chat_room_id)].sort(byActivity);
    set({ rooms });
  };

  /** Adds stored messages to a loaded room, replacing the pending copy a client id matches. */
  const mergeMessages = (roomId: string, incoming: ChatMessage[], clientIds: (string | undefined)[] = []) => {
    for (const m of incoming) lastSeenId = Math.max(lastSeenId, m.id);
    const current = state.messages[roomId];
    if (!current) return;
    const ids = new Set(incoming.map((m) => m.id));
    const replaced = new Set(clientIds.filter(Boolean));
    for (const id of replaced) {
      clearTimeout(sendTimers.get(id!));
      sendTimers.delete(id!);
    }
    const kept = current.items.filter((m) => !ids.has(m.id) && !(m.client_id && replaced.has(m.client_id)));
    const added = incoming.map((m, i): UiMessage => ({
      ...m,
      status: 'sent',
      ...(clientIds[i] ? { client_id: clientIds[i] } : {}),
    }));
    setRoomMessages(roomId, { items: [...kept, ...added].sort(byDateThenId) });
  };

  const markFailed = (clientId: string, error: string) => {
    clearTimeout(sendTimers.get(clientId));
    sendTimers.delete(clientId);
    for (const [roomId, room] of Object.entries(state.messages)) {
      if (!room.items.some((m) => m.client_id === clientId && m.status === 'sending')) continue;
      setRoomMessages(roomId, {
        items: room.items.map((m) => (m.client_id === clientId ? { ...m, status: 'failed', error } : m)),
      });
    }
  };

  const isReading = (roomId: string) =>
    state.open &&
    state.activeRoomId === roomId &&
    typeof document !== 'undefined' &&
    document.visibilityState === 'visible';

  async function markRead(roomId: string) {
    try {
      const { room } = await chatApi.read(roomId);
      upsertRoom(room);
    } catch {
      /* the count stays; the next opening tries again */
    }
  }

  function onFrame(frame: ChatServerFrame) {
    switch (frame.type) {
      case 'message': {
        const m = frame.message;
        mergeMessages(m.room_id, [m], [frame.client_id]);
        if (m.user_id !== state.userId) {
          if (isReading(m.room_id)) void markRead(m.room_id);
          else playChatSound();
        }
        return;
      }
      case 'room-updated': {
        upsertRoom(frame.room);
        set({ unseenTotal: frame.unseen_total });
        return;
      }
      case 'read':
        return;
      case 'backfill': {
        const byRoom = new Map<string, ChatMessage[]>();
        for (const m of frame.messages) byRoom.set(m.room_id, [...(byRoom.get(m.room_id) ?? []), m]);
        for (const [roomId, list] of byRoom) mergeMessages(roomId, list);
        void loadRooms();
        if (!frame.complete && state.activeRoomId) void reloadRoom(state.activeRoomId);
        return;
      }
      case 'error': {
        if (frame.client_id) markFailed(frame.client_id, frame.message);
        else notifyError(frame.message);
      }
    }
  }

  function connect() {
    if (!token) return;
    set({ status: attempt === 0 && state.status !== 'reconnecting' ? 'connecting' : 'reconnecting' });
    const ws = new WebSocket(socketUrl(lastSeenId), [CHAT_WS_PROTOCOL, `bearer.${token}`]);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      set({ status: 'online' });
      // Sends typed while offline go out now, with their ids (a duplicate is stored once).
      for (const room of Object.values(state.messages))
        for (const m of room.items) if (m.status === 'sending' && m.client_id) sendFrame(m);
    };
    ws.onmessage = (event) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const parsed = chatServerFrameSchema.safeParse(data);
      if (parsed.success) onFrame(parsed.data);
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      if (!token) return set({ status: 'offline' });
      // A refused or ended session: the room list call answers 401 and the app logs out.
      if (event.code === CHAT_CLOSE.unauthenticated) {
        set({ status: 'offline' });
        void loadRooms();
        return;
      }
      set({ status: 'reconnecting' });
      retryTimer = setTimeout(() => {
        // The REST call doubles as a session check: a 401 logs the user out instead of retrying forever.
        void loadRooms().then(connect);
      }, reconnectDelay(attempt++));
    };
  }

  function sendFrame(m: UiMessage) {
    if (!m.client_id) return;
    clearTimeout(sendTimers.get(m.client_id));
    const clientId = m.client_id;
    sendTimers.set(
      clientId,
      setTimeout(() => markFailed(clientId, ''), SEND_TIMEOUT_MS),
    );
    if (socket?.readyState === WebSocket.OPEN)
      socket.send(JSON.stringify({ type: 'send', room_id: m.room_id, client_id: clientId, message: m.message }));
  }

  async function loadRooms() {
    try {
      const { user_rooms, unseen_total } = await chatApi.rooms();
      set({ rooms: [...user_rooms].sort(byActivity), unseenTotal: unseen_total, roomsLoaded: true });
    } catch {
      set({ roomsLoaded: true });
    }
  }

  async function reloadRoom(roomId: string) {
    setRoomMessages(roomId, { items: [], hasMore: true, loading: false });
    await loadOlder(roomId);
  }

  async function loadOlder(roomId: string) {
    const current = state.messages[roomId];
    if (current?.loading || current?.hasMore === false) return;
    setRoomMessages(roomId, { loading: true });
    const oldest = state.messages[roomId]?.items.find((m) => m.status === 'sent');
    try {
      const page = await chatApi.messages(roomId, oldest?.id);
      mergeMessages(roomId, page.messages);
      setRoomMessages(roomId, { hasMore: page.has_more, loading: false });
    } catch (error) {
      setRoomMessages(roomId, { loading: false });
      notifyError(apiErrorMessage(error));
    }
  }

  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Called when the signed-in user is known; a new token or user restarts the connection. */
    start(nextToken: string, userId: number) {
      if (token === nextToken && state.userId === userId) return;
      // Opened before the connection started (it waits for the first screen, decision 171): it stays open.
      const { open } = state;
      this.stop();
      token = nextToken;
      set({ userId, open });
      void loadRooms();
      connect();
    },

    stop() {
      token = null;
      clearTimeout(retryTimer);
      for (const timer of sendTimers.values()) clearTimeout(timer);
      sendTimers.clear();
      const ws = socket;
      socket = null;
      ws?.close();
      lastSeenId = 0;
      attempt = 0;
      state = initialState;
      for (const listener of listeners) listener();
    },

    open: () => set({ open: true }),
    close: () => set({ open: false }),

    async openRoom(roomId: string | null) {
      set({ activeRoomId: roomId });
      if (!roomId) return;
      if (!state.messages[roomId]) await loadOlder(roomId);
      const room = state.rooms.find((r) => r.chat_room_id === roomId);
      if (room && state.userId !== null && (room.unseen[String(state.userId)] ?? 0) > 0) await markRead(roomId);
    },

    /** "Message" buttons: open the chat on the room with this user (created on first use). */
    async openWith(userId: number) {
      set({ open: true });
      try {
        const { room } = await chatApi.roomWith(userId);
        upsertRoom(room);
        await this.openRoom(room.chat_room_id);
      } catch (error) {
        notifyError(apiErrorMessage(error));
      }
    },

    loadOlder,

    send(roomId: string, text: string) {
      if (state.userId === null) return;
      const message: UiMessage = {
        id: -Date.now(),
        room_id: roomId,
        user_id: state.userId,
        date: new Date().toISOString(),
        message: text,
        status: 'sending',
        client_id: newClientId(),
      };
      const current = state.messages[roomId] ?? { items: [], hasMore: false, loading: false };
      setRoomMessages(roomId, { items: [...current.items, message] });
      sendFrame(message);
    },

    retry(roomId: string, clientId: string) {
      const room = state.messages[roomId];
      const failed = room?.items.find((m) => m.client_id === clientId);
      if (!room || !failed) return;
      const again = { ...failed, status: 'sending' as const, error: undefined };
      setRoomMessages(roomId, { items: room.items.map((m) => (m.client_id === clientId ? again : m)) });
      sendFrame(again);
    },

    /** After the tab comes back into view, the open room counts as read. */
    onVisible() {
      const roomId = state.activeRoomId;
      const room = state.rooms.find((r) => r.chat_room_id === roomId);
      if (roomId && room && state.open && state.userId !== null && (room.unseen[String(state.userId)] ?? 0) > 0)
        void markRead(roomId);
    },
  };
}

export const chatClient = createChatClient();

export function useChat(): ChatState {
  return useSyncExternalStore(chatClient.subscribe, chatClient.get, chatClient.get);
}
