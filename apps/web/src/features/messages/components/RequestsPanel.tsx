import type { MessageRequest } from '@kinora/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { AvatarLink } from '../../../components/Avatar';
import { Button, buttonClass } from '../../../components/Button';
import { CheckCircleIcon, MailIcon, MessageSquareIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { StatusPanel } from '../../../components/StatusPanel';
import { useToast } from '../../../components/toast';
import { messageOf } from '../../../lib/api';
import { formatRelativeTime } from '../../../lib/format';
import { conversationPath } from '../api/conversations-api';
import { requestText } from '../api/requests-api';
import { useIncomingRequests, useRespondToRequest } from '../hooks/use-message-requests';
import { BoneList } from '../../../components/Skeleton';
import { RichText } from '../../../components/RichText';
import { channelPathOf } from '../../../lib/paths';

interface AcceptedChat {
  name: string;
  conversationId: string;
}

/**
 * Pending message requests to the signed-in person (signed-in-areas §4): each with its
 * sender, text and time, and Accept or Decline. The list reloads after either; accepting
 * offers the new chat. `headingLevel` is the level of its empty state's heading: one below the
 * heading of what holds the panel.
 */
export function RequestsPanel({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const requests = useIncomingRequests();
  const respond = useRespondToRequest();
  const toast = useToast();
  const [accepted, setAccepted] = useState<AcceptedChat | null>(null);
  const answeringId = respond.isPending ? respond.variables.id : null;

  const answer = (request: MessageRequest, action: 'accept' | 'decline') => {
    respond.mutate(
      { id: request._id, action },
      {
        onSuccess: (result) => {
          if (action === 'accept') {
            toast.success(requestText.accepted);
            if (result.conversationId) {
              setAccepted({
                name: request.sender.fullname || request.sender.username,
                conversationId: result.conversationId,
              });
            }
          } else {
            toast.info(requestText.declined);
          }
        },
        onError: (error) => toast.error(messageOf(error, requestText.respondFailed)),
      },
    );
  };

  let list;
  if (requests.isPending) list = <RequestsSkeleton />;
  else if (requests.isError) {
    list = (
      <LoadError
        title={requestText.loadFailed}
        detail={messageOf(requests.error, 'Check your connection and try again.')}
        query={requests}
      />
    );
  } else if (requests.data.length === 0) {
    list = (
      <StatusPanel
        icon={<MailIcon size={26} />}
        title={requestText.empty}
        headingLevel={headingLevel}
        description="When someone asks to message you, their request shows here."
      />
    );
  } else {
    list = (
      <ul aria-label={requestText.heading} className="flex flex-col gap-3">
        {requests.data.map((request) => (
          <RequestItem
            key={request._id}
            request={request}
            isAnswering={answeringId === request._id}
            onAnswer={(action) => answer(request, action)}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {accepted ? (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-lg border border-success/40 bg-success-soft p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-center gap-2 text-sm font-medium text-fg">
            <CheckCircleIcon size={18} className="shrink-0 text-success" />
            You can now chat with {accepted.name}.
          </p>
          <Link
            to={conversationPath(accepted.conversationId)}
            className={buttonClass({ size: 'sm', className: 'self-start sm:self-auto' })}
          >
            <MessageSquareIcon size={16} />
            Open Chat
          </Link>
        </div>
      ) : null}
      {list}
    </div>
  );
}

/** The two answers to a request, in the order they stand. */
const answers = [
  { action: 'decline', label: 'Decline', variant: 'secondary' },
  { action: 'accept', label: 'Accept', variant: 'primary' },
] as const;

function RequestItem({
  request,
  isAnswering,
  onAnswer,
}: {
  request: MessageRequest;
  isAnswering: boolean;
  onAnswer: (action: 'accept' | 'decline') => void;
}) {
  const { sender } = request;
  const name = sender.fullname || sender.username;
  const channelPath = channelPathOf(sender._id);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <div className="flex items-start gap-3">
        <AvatarLink to={channelPath} src={sender.avatar} name={sender.username} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <Link
              to={channelPath}
              className="truncate rounded-sm font-semibold text-fg hover:text-accent-text"
            >
              {name}
            </Link>
            <span className="truncate text-sm text-fg-muted">@{sender.username}</span>
            <time
              dateTime={request.createdAt}
              title={new Date(request.createdAt).toLocaleString()}
              className="text-xs text-fg-muted"
            >
              {formatRelativeTime(request.createdAt)}
            </time>
          </div>
          <p className="mt-1 whitespace-pre-line break-words text-fg">
            <RichText text={request.content} />
          </p>
        </div>
      </div>
      <div className="flex gap-2 sm:justify-end">
        {answers.map(({ action, label, variant }) => (
          <Button
            key={action}
            size="sm"
            variant={variant}
            disabled={isAnswering}
            aria-label={`${label} the request from ${sender.username}`}
            onClick={() => onAnswer(action)}
            className="flex-1 sm:flex-none"
          >
            {label}
          </Button>
        ))}
      </div>
    </li>
  );
}

function RequestsSkeleton() {
  return (
    <BoneList
      as="ul"
      label="Loading message requests"
      count={3}
      className="flex flex-col gap-3"
      row={{
        className: 'animate-pulse gap-3 rounded-lg border border-border bg-surface p-4',
        media: 'size-10 shrink-0 rounded-full',
        bars: ['h-4 w-40', 'h-4 w-full'],
      }}
    />
  );
}
