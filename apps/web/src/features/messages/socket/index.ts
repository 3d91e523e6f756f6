export type { ChatConnection, ChatConnectionStatus } from './chat-connection';
export { ChatSocketProvider, chatSocketUrl, useChatSocket } from './ChatSocketProvider';
export { useUnreadTotal } from './use-unread-total';
