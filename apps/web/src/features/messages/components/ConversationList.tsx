import type { Conversation, Person } from '@kinora/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { MessageSquareIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { StatusPanel } from '../../../components/StatusPanel';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { conversationPath, conversationText } from '../api/conversations-api';
import { formatConversationTime } from '../conversation-time';
import { useConversations } from '../hooks/use-conversations';
import { BoneList } from '../../../components/Skeleton';

/** The other person of a conversation (the first participant who is not me). */
export function otherParticipant(conversation: Conversation, myId: string): Person | undefined {
  return conversation.participants.find((p) => p._id !== myId) ?? conversation.participants[0];
}

/** More than this many unread reads '99+'. */
const MAX_BADGE = 99;

/**
 * The signed-in person's conversations, most recent first: the other participant, the last
 * message and its time, and how many are unread. Selecting one opens its chat.
 */
export function ConversationList({ myId }: { myId: string }) {
  const conversations = useConversations();

  if (conversations.isPending) return <ConversationsSkeleton />;
  if (conversations.isError) {
    const detail = errorMessage(conversations.error, '');
    return (
      <LoadError
        title={conversationText.loadFailed}
        detail={detail && detail !== conversationText.loadFailed ? detail : null}
        retryLabel={conversationText.retry}
        query={conversations}
      />
    );
  }
  if (conversations.data.length === 0) {
    return (
      <StatusPanel
        icon={<MessageSquareIcon size={26} />}
        title={conversationText.empty}
        headingLevel={2}
        description="Message a creator from their channel or video. Once they accept, your chat shows here."
      />
    );
  }
  return (
    <ul aria-label={conversationText.conversationsTab} className="flex flex-col gap-1">
      {conversations.data.map((conversation) => (
        <ConversationItem key={conversation._id} conversation={conversation} myId={myId} />
      ))}
    </ul>
  );
}

function ConversationItem({ conversation, myId }: { conversation: Conversation; myId: string }) {
  const other = otherParticipant(conversation, myId);
  const name = other ? other.fullname || other.username : 'Conversation';
  const unread = conversation.unreadCount;
  const hasUnread = unread > 0;
  const last = conversation.lastMessage;
  const time = last?.createdAt ?? conversation.updatedAt;

  return (
    <li>
      <Link
        to={conversationPath(conversation._id)}
        className="flex items-center gap-3 rounded-lg px-3 py-3 transition-colors hover:bg-raised"
      >
        <Avatar src={other?.avatar} name={other?.username ?? name} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate text-fg', hasUnread ? 'font-bold' : 'font-semibold')}>
              {name}
            </span>
            <time
              dateTime={time}
              title={new Date(time).toLocaleString()}
              className={cn(
                'shrink-0 text-xs tabular-nums',
                hasUnread ? 'font-semibold text-accent-text' : 'text-fg-muted',
              )}
            >
              {formatConversationTime(time)}
            </time>
          </span>
          <span className="mt-0.5 flex items-center justify-between gap-2">
            <span
              className={cn(
                'truncate text-sm',
                hasUnread ? 'font-medium text-fg' : 'text-fg-muted',
                !last && 'italic',
              )}
            >
              {last ? last.content : 'No messages yet'}
            </span>
            {hasUnread ? (
              <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-semibold text-accent-fg">
                <span aria-hidden="true">{unread > MAX_BADGE ? `${MAX_BADGE}+` : unread}</span>
                <span className="sr-only">
                  {unread === 1 ? '1 unread message' : `${unread} unread messages`}
                </span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

function ConversationsSkeleton() {
  return (
    <BoneList
      as="ul"
      label="Loading conversations"
      count={5}
      className="flex flex-col gap-1"
      row={{
        className: 'animate-pulse items-center gap-3 px-3 py-3',
        media: 'size-10 shrink-0 rounded-full',
        bars: ['h-4 w-1/2', 'h-3 w-3/4'],
      }}
    />
  );
}
