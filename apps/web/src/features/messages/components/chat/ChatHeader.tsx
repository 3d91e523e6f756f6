import { Link } from 'react-router';
import { Avatar } from '../../../../components/Avatar';
import type { ChatConnectionStatus } from '../../socket/chat-connection';
import { chatText } from '../../api/chat-api';
import { ChatActionsMenu } from './ChatActionsMenu';
import { ConnectionBadge } from './ConnectionBadge';

/** Who the chat is with (opens their channel), the connection badge, and the safety menu. */
export interface ChatParticipant {
  _id: string;
  username: string | null;
  avatar: string | null;
}

export function ChatHeader({
  conversationId,
  participant,
  status,
  onRetry,
}: {
  conversationId: string;
  participant: ChatParticipant | null;
  status: ChatConnectionStatus;
  onRetry: () => void;
}) {
  const username = participant?.username ?? null;
  return (
    <header className="flex items-center gap-2 border-b border-border px-3 py-2.5 sm:px-4">
      {participant && username ? (
        <Link
          to={`/channel/${participant._id}`}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-md p-1 hover:bg-raised"
        >
          <Avatar src={participant.avatar} name={username} size="md" />
          <span className="min-w-0">
            <span className="block truncate font-semibold text-fg">{username}</span>
            <span className="block text-xs whitespace-nowrap text-success">
              {chatText.activeNow}
            </span>
          </span>
        </Link>
      ) : (
        <div className="flex min-w-0 flex-1 items-center gap-3 p-1">
          <span className="size-10 shrink-0 animate-pulse rounded-full bg-raised" />
          <span className="min-w-0">
            <span className="block font-semibold text-fg">{chatText.untitled}</span>
            <span className="block text-xs text-fg-muted">{chatText.loadingParticipant}</span>
          </span>
        </div>
      )}
      <ConnectionBadge status={status} onRetry={onRetry} />
      {participant && username ? (
        <ChatActionsMenu
          conversationId={conversationId}
          participant={{ _id: participant._id, username }}
        />
      ) : null}
    </header>
  );
}
