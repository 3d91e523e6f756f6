import type { BlockedUser, CurrentUser, MessagePolicy } from '@kinora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { ChoiceCards } from '../../../components/form/ChoiceCards';
import { LoadError } from '../../../components/LoadError';
import { useToast } from '../../../components/toast';
import { messageOf } from '../../../lib/api';
import { replaceSessionUser } from '../../../lib/auth';
import { formatRelativeTime } from '../../../lib/format';
import {
  blockedKeys,
  blockedQueries,
  messagePolicyOptions,
  messagingSettingsText as text,
  unblockUser,
  updateMessagePolicy,
} from '../api/messaging-settings-api';
import { Bone } from '../../../components/Skeleton';
import { channelPathOf } from '../../../lib/paths';
import { SettingsSection } from './SettingsSection';

/**
 * Edit profile's messaging part: who may send the person message requests (saved as soon as
 * it is chosen) and the people they block, each with Unblock.
 */
export function MessagingSettingsSection({ user }: { user: CurrentUser }) {
  return (
    <SettingsSection title="Messaging">
      <MessagePolicyChoice user={user} />
      <BlockedPeople />
    </SettingsSection>
  );
}

function MessagePolicyChoice({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  // Shown at once; put back if the server refuses.
  const [chosen, setChosen] = useState<MessagePolicy>(user.messagePolicy);
  const save = useMutation({
    mutationFn: updateMessagePolicy,
    onSuccess: (updated) => {
      replaceSessionUser(queryClient, updated);
      setChosen(updated.messagePolicy);
      toast.success(text.policySaved);
    },
    onError: (error) => {
      setChosen(user.messagePolicy);
      toast.error(messageOf(error, text.policyFailed));
    },
  });

  const choose = (policy: MessagePolicy) => {
    if (policy === chosen) return;
    setChosen(policy);
    save.mutate(policy);
  };

  return (
    <ChoiceCards
      legend={text.policyLegend}
      options={messagePolicyOptions}
      chosen={chosen}
      onChoose={choose}
      isBusy={save.isPending}
    />
  );
}

function BlockedPeople() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const headingId = useId();
  const blocked = useQuery(blockedQueries.list());
  const unblock = useMutation({
    mutationFn: (person: BlockedUser) => unblockUser(person._id),
    onSuccess: (_, person) => {
      queryClient.setQueryData<BlockedUser[]>(blockedKeys.list, (list) =>
        list?.filter((p) => p._id !== person._id),
      );
      toast.success(`${person.username} is unblocked`);
    },
    onError: (error) => toast.error(messageOf(error, text.unblockFailed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blockedKeys.list }),
  });
  const unblockingId = unblock.isPending ? unblock.variables._id : null;

  let body;
  if (blocked.isPending) {
    body = (
      <div role="status" aria-label="Loading blocked people" className="flex animate-pulse gap-3">
        <Bone className="size-10 rounded-full" />
        <Bone className="h-4 w-40 self-center" />
      </div>
    );
  } else if (blocked.isError) {
    body = <LoadError title={text.blockedLoadFailed} query={blocked} className="py-6" />;
  } else if (blocked.data.length === 0) {
    body = <p className="text-sm text-fg-muted">{text.blockedEmpty}</p>;
  } else {
    body = (
      <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-border">
        {blocked.data.map((person) => (
          <li key={person._id} className="flex items-center gap-3 py-3">
            <Avatar src={person.avatar} name={person.username} />
            <div className="min-w-0 flex-1">
              <Link
                to={channelPathOf(person._id)}
                className="block truncate rounded-sm font-medium text-fg hover:text-accent-text"
              >
                {person.fullname || person.username}
              </Link>
              <p className="text-sm break-words text-fg-muted">
                @{person.username} · Blocked {formatRelativeTime(person.blockedAt).toLowerCase()}
              </p>
            </div>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`${text.unblock} ${person.username}`}
              disabled={unblockingId === person._id}
              onClick={() => unblock.mutate(person)}
            >
              {text.unblock}
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-medium text-fg">
        {text.blockedHeading}
      </h3>
      <p className="text-xs text-fg-muted">
        People you block cannot send you requests or messages, and theirs are hidden from you.
      </p>
      {body}
    </div>
  );
}
