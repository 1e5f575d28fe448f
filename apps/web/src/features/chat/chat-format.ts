import type { ChatRoom } from '@medida/contracts';
import { dateTimeFormat } from '@medida/domain';

/** The other participant of a room (the room list shows them). */
export function otherUser(room: ChatRoom, userId: number | null) {
  return room.users.find((u) => u.user_id !== userId) ?? room.users[0];
}

export const participantName = (user: ChatRoom['users'][number] | undefined) =>
  user ? `${user.profile.nombre} ${user.profile.apellido}`.trim() : '';

export const participantInitials = (user: ChatRoom['users'][number] | undefined) =>
  user ? `${user.profile.nombre[0] ?? ''}${user.profile.apellido[0] ?? ''}`.toUpperCase() : '';

/** Today: the time; earlier: the date (in the reader's language). */
export function formatChatTime(iso: string, lang: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return dateTimeFormat(
    lang,
    sameDay ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short' },
  ).format(date);
}

/** Accent- and case-insensitive match of the room list's search box against the other person's name. */
export function matchesSearch(name: string, search: string): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  return fold(name).includes(fold(search.trim()));
}
