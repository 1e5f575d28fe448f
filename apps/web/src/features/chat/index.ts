// The chat's public surface for other features (people pages); the layout imports the chat button itself.
export { MessageButton } from './message-button.tsx';
import { chatClient } from './chat-client.ts';

/** Opens the chat on the room with this user (the people lists' "Message" action). */
export const openChatWith = (userId: number) => void chatClient.openWith(userId);
