// What other screens show of messaging: the message button, the chat socket and unread count.
export { MessageCreatorButton } from './components/MessageCreatorButton';
export { ChatSocketProvider, useUnreadTotal } from './socket';
