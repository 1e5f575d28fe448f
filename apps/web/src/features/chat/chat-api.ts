import {
  chatMessagesResponseSchema,
  chatRoomResponseSchema,
  getUserChatRoomsResponseSchema,
  CHAT_LIMITS,
} from '@medida/contracts';
import { apiRequest } from '../../lib/api.ts';

/** The chat's REST calls (spec §7 plus decision 120); live events come over the socket (chat-client.ts). */
export const chatApi = {
  rooms: () => apiRequest('/web/getUserChatRooms', { method: 'POST', schema: getUserChatRoomsResponseSchema }),
  roomWith: (userId: number) =>
    apiRequest('/web/getOrCreateUserChatRoom', {
      method: 'POST',
      body: { user_id: userId },
      schema: chatRoomResponseSchema,
    }),
  messages: (roomId: string, before?: number) =>
    apiRequest('/web/chat/messages', {
      query: { room_id: roomId, before, limit: CHAT_LIMITS.pageSize },
      schema: chatMessagesResponseSchema,
    }),
  read: (roomId: string) =>
    apiRequest('/web/chat/read', { method: 'POST', body: { room_id: roomId }, schema: chatRoomResponseSchema }),
};
