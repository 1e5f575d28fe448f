// The chat's public surface for the layout and other features (people pages).
export { ChatButton } from './chat-button.tsx';
export { MessageButton } from './message-button.tsx';
import { chatClient } from './chat-client.ts';

/** Opens the chat on the room with this user (the people lists' "Message" action). */
export const openChatWith = (userId: number) => void chatClient.openWith(userId);
