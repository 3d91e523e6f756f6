import type { Conversation, CurrentUser } from '@kinora/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../../../components/Button';
import { FormAlert } from '../../../../components/form/FormAlert';
import { ArrowLeftIcon, MessageSquareIcon } from '../../../../components/icons';
import { LoadError } from '../../../../components/LoadError';
import { PageSkeleton } from '../../../../components/PageSkeleton';
import { SignInPrompt } from '../../../../components/SignInPrompt';
import { StatusPanel } from '../../../../components/StatusPanel';
import { useSession } from '../../../../lib/auth';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { chatKeys, chatText, fetchConversations } from '../../api/chat-api';
import { useChatSocket } from '../../socket/ChatSocketProvider';
import type { ChatParticipant } from './ChatHeader';
import { ChatHeader } from './ChatHeader';
import type { ChatMessage } from './chat-timeline';
import { MessageComposer } from './MessageComposer';
import { MessageList } from './MessageList';
import { useChatMessages } from './use-chat-messages';

const conversationsPath = '/messages/conversations';

/** /messages/conversations/{conversationId} (signed-in-areas §2 "Chat page"). */
export function ChatPage() {
  const { conversationId = '' } = useParams();
  const session = useSession();
  if (session.status === 'loading') return <PageSkeleton label={chatText.loadingMessages} />;
  if (session.status === 'signedOut') return <SignInPrompt title={chatText.signInTitle} />;
  // Another conversation is another chat: fresh state, fresh room.
  return <ChatView key={conversationId} conversationId={conversationId} user={session.user} />;
}

/**
 * The other person: from the conversations list, else (§4) the first message whose sender is
 * not the current user, or whose recipient is not.
 */
function findParticipant(
  conversationId: string,
  conversations: Conversation[] | undefined,
  messages: ChatMessage[],
  userId: string,
): ChatParticipant | null {
  const listed = conversations
    ?.find((c) => c._id === conversationId)
    ?.participants.find((p) => p._id !== userId);
  if (listed) return listed;
  for (const message of messages) {
    if (message.sender._id !== userId) return message.sender;
    if (message.recipient !== userId)
      return { _id: message.recipient, username: null, avatar: null };
  }
  return null;
}

function ChatView({ conversationId, user }: { conversationId: string; user: CurrentUser }) {
  const { connection, status } = useChatSocket();
  const chat = useChatMessages({ conversationId, currentUser: user, connection, status });
  const conversations = useQuery({
    queryKey: chatKeys.conversations,
    queryFn: ({ signal }) => fetchConversations(signal),
  });
  const [sendError, setSendError] = useState<string | null>(null);
  const participant = findParticipant(conversationId, conversations.data, chat.messages, user._id);
  useDocumentTitle(participant?.username ?? chatText.untitled);

  const backLink = (
    <Link
      to={conversationsPath}
      className="inline-flex items-center gap-1.5 self-start rounded-md px-2 py-1 text-sm font-medium text-fg-muted hover:bg-raised hover:text-fg"
    >
      <ArrowLeftIcon size={16} />
      {chatText.back}
    </Link>
  );

  if (chat.status === 'notFound') {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-3 px-4 py-6">
        {backLink}
        <StatusPanel
          title={chatText.notFound}
          description={chatText.notFoundHint}
          icon={<MessageSquareIcon size={26} />}
          headingLevel={1}
        >
          <Link to={conversationsPath} className={buttonClass()}>
            {chatText.back}
          </Link>
        </StatusPanel>
      </div>
    );
  }

  const onSend = async (text: string) => {
    setSendError(null);
    const isSent = await chat.send(text, participant?._id ?? '');
    if (!isSent) setSendError(chatText.sendFailed);
    return isSent;
  };

  return (
    <div className="mx-auto flex h-[calc(100dvh-var(--spacing-topbar))] w-full max-w-3xl flex-col gap-2 px-2 py-2 sm:px-4 sm:py-4">
      <h1 className="sr-only">
        {participant?.username ? `Chat with ${participant.username}` : chatText.untitled}
      </h1>
      {backLink}
      <section className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-lg border border-border bg-surface shadow-card">
        <ChatHeader
          conversationId={conversationId}
          participant={participant}
          status={status}
          onRetry={() => connection?.retry()}
        />
        {chat.status === 'error' ? (
          <div className="flex-1 overflow-y-auto p-4">
            <LoadError title={chatText.loadFailed} onRetry={chat.reload} />
          </div>
        ) : (
          <MessageList
            messages={chat.messages}
            currentUserId={user._id}
            isLoading={chat.status === 'loading'}
            hasOlder={chat.hasOlder}
            olderStatus={chat.olderStatus}
            change={chat.change}
            onLoadOlder={chat.loadOlder}
          />
        )}
        <FormAlert message={sendError} className="mx-3 mb-0" />
        <MessageComposer
          isConnected={status === 'connected'}
          isSending={chat.isSending}
          onSend={onSend}
        />
      </section>
    </div>
  );
}
