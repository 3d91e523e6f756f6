import type { CurrentUser, Message } from '@kinora/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { isApiError } from '../../../../lib/api';
import {
  chatKeys,
  fetchMessages,
  markConversationRead,
  MESSAGES_PAGE_SIZE,
  sendMessage,
} from '../../api/chat-api';
import type { ChatConnection, ChatConnectionStatus } from '../../socket/chat-connection';
import {
  confirmMessage,
  isTemporary,
  mergeMessages,
  removeMessage,
  temporaryMessage,
  type ChatMessage,
} from './chat-timeline';

export type ChatLoadStatus = 'loading' | 'ready' | 'notFound' | 'error';

interface ChatState {
  status: ChatLoadStatus;
  messages: ChatMessage[];
  hasOlder: boolean;
  olderStatus: 'idle' | 'loading' | 'error';
  /** What changed last, for the scroll: new at the end, or older above. */
  change: { kind: 'newest' | 'older'; seq: number };
}

type ChatAction =
  | { type: 'reset' }
  | { type: 'loaded'; page: Message[] }
  | { type: 'failed'; isNotFound: boolean }
  | { type: 'olderStarted' }
  | { type: 'olderLoaded'; page: Message[] }
  | { type: 'olderFailed' }
  | { type: 'received'; messages: Message[] }
  | { type: 'sending'; message: ChatMessage }
  | { type: 'sent'; tempId: string; saved: Message }
  | { type: 'sendFailed'; tempId: string };

const initialState: ChatState = {
  status: 'loading',
  messages: [],
  hasOlder: false,
  olderStatus: 'idle',
  change: { kind: 'newest', seq: 0 },
};

const changed = (state: ChatState, kind: 'newest' | 'older') => ({
  kind,
  seq: state.change.seq + 1,
});

/** A page read from the server, merged in at `end`; a short page means there is nothing older. */
const withPage = (state: ChatState, page: Message[], end: 'newest' | 'older') => ({
  messages: mergeMessages(state.messages, page),
  hasOlder: page.length >= MESSAGES_PAGE_SIZE,
  change: changed(state, end),
});

function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'reset':
      return initialState;
    case 'loaded':
      return { ...state, status: 'ready', ...withPage(state, action.page, 'newest') };
    case 'failed':
      return { ...state, status: action.isNotFound ? 'notFound' : 'error' };
    case 'olderStarted':
      return { ...state, olderStatus: 'loading' };
    case 'olderLoaded':
      return { ...state, olderStatus: 'idle', ...withPage(state, action.page, 'older') };
    case 'olderFailed':
      return { ...state, olderStatus: 'error' };
    case 'received': {
      const messages = mergeMessages(state.messages, action.messages);
      if (messages === state.messages) return state;
      return { ...state, messages, change: changed(state, 'newest') };
    }
    case 'sending':
      return {
        ...state,
        messages: [...state.messages, action.message],
        change: changed(state, 'newest'),
      };
    case 'sent':
      return { ...state, messages: confirmMessage(state.messages, action.tempId, action.saved) };
    case 'sendFailed':
      return { ...state, messages: removeMessage(state.messages, action.tempId) };
  }
}

const isVisible = () => document.visibilityState === 'visible';

/**
 * One conversation's messages: the newest page, older pages by the `before` cursor, live
 * messages from the socket (its room joined while open, left when closed), optimistic sends,
 * and marking it read on open and when the other person writes while the page is seen.
 */
export function useChatMessages({
  conversationId,
  currentUser,
  connection,
  status,
}: {
  conversationId: string;
  currentUser: CurrentUser;
  connection: ChatConnection | null;
  status: ChatConnectionStatus;
}) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, initialState);
  const [isSending, setIsSending] = useState(false);
  const [loadAttempt, setLoadAttempt] = useState(0);
  const userId = currentUser._id;

  const markRead = useCallback(() => {
    markConversationRead(conversationId).then(
      () => queryClient.invalidateQueries({ queryKey: chatKeys.conversations }),
      () => undefined, // the badge stays until the next read; nothing for the person to do
    );
  }, [conversationId, queryClient]);

  // The newest page, then read.
  useEffect(() => {
    const controller = new AbortController();
    dispatch({ type: 'reset' });
    fetchMessages(conversationId, { signal: controller.signal }).then(
      (page) => {
        dispatch({ type: 'loaded', page });
        markRead();
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const isNotFound = isApiError(error) && [400, 403, 404].includes(error.status);
        dispatch({ type: 'failed', isNotFound });
      },
    );
    return () => controller.abort();
  }, [conversationId, loadAttempt, markRead]);

  // Messages the other person writes while the page is hidden are read when it is seen again.
  const unseenRef = useRef(false);
  useEffect(() => {
    const onVisibility = () => {
      if (isVisible() && unseenRef.current) {
        unseenRef.current = false;
        markRead();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [markRead]);

  // Live: join the room whenever connected (a reconnection is a new socket on the server) and
  // catch up on what came meanwhile.
  const isReady = state.status === 'ready';
  const shownRef = useRef(state.messages);
  useEffect(() => {
    shownRef.current = state.messages;
  }, [state.messages]);
  const heardRef = useRef(new Set<string>());
  const hasJoinedRef = useRef(false);
  useEffect(() => {
    hasJoinedRef.current = false;
  }, [conversationId]);
  useEffect(() => {
    if (!connection || status !== 'connected' || !isReady) return;
    const { socket } = connection;
    const stop = connection.on('new_message', (message) => {
      if (message.conversationId !== conversationId) return;
      // Heard before (a repeat can come before the list re-renders): nothing new to read.
      const isShown =
        heardRef.current.has(message._id) || shownRef.current.some((m) => m._id === message._id);
      heardRef.current.add(message._id);
      dispatch({ type: 'received', messages: [message] });
      if (!isShown && message.sender._id !== userId) {
        if (isVisible()) markRead();
        else unseenRef.current = true;
      }
    });
    socket.emit('join_conversation', conversationId);
    if (hasJoinedRef.current) {
      fetchMessages(conversationId).then(
        (page) => dispatch({ type: 'received', messages: page }),
        () => undefined, // the next reconnection or a reload catches up
      );
    }
    hasJoinedRef.current = true;
    return () => {
      stop();
      if (socket.connected) socket.emit('leave_conversation', conversationId);
    };
  }, [connection, status, isReady, conversationId, userId, markRead]);

  const oldestId = state.messages.find((m) => !isTemporary(m))?._id;
  const loadOlder = useCallback(() => {
    if (!oldestId || state.olderStatus === 'loading' || !state.hasOlder) return;
    dispatch({ type: 'olderStarted' });
    fetchMessages(conversationId, { before: oldestId }).then(
      (page) => dispatch({ type: 'olderLoaded', page }),
      () => dispatch({ type: 'olderFailed' }),
    );
  }, [conversationId, oldestId, state.olderStatus, state.hasOlder]);

  const isConnected = status === 'connected';
  /** Sends `text`; false when it failed (the caller puts the text back). */
  const send = useCallback(
    async (text: string, recipient: string): Promise<boolean> => {
      const content = text.trim();
      if (!content || isSending || !isConnected) return false;
      const temp = temporaryMessage({
        conversationId,
        sender: { _id: userId, username: currentUser.username, avatar: currentUser.avatar },
        recipient,
        content,
      });
      dispatch({ type: 'sending', message: temp });
      setIsSending(true);
      try {
        const saved = await sendMessage(conversationId, content);
        dispatch({ type: 'sent', tempId: temp._id, saved });
        return true;
      } catch {
        dispatch({ type: 'sendFailed', tempId: temp._id });
        return false;
      } finally {
        setIsSending(false);
      }
    },
    [conversationId, userId, currentUser.username, currentUser.avatar, isSending, isConnected],
  );

  return {
    ...state,
    isSending,
    loadOlder,
    send,
    reload: () => setLoadAttempt((n) => n + 1),
  };
}
