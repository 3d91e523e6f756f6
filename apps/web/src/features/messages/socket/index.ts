export {
  chatSocketOptions,
  createChatConnection,
  retryRecheckMs,
  type ChatConnection,
  type ChatConnectionStatus,
} from './chat-connection';
export { ChatSocketProvider, chatSocketUrl, useChatSocket } from './ChatSocketProvider';
export { useUnreadTotal } from './use-unread-total';
