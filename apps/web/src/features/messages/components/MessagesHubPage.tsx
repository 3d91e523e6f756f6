import type { CurrentUser } from '@kinora/contract';
import { useId } from 'react';
import { MessageSquareIcon } from '../../../components/icons';
import { cn } from '../../../lib/cn';
import { useAddressTabs } from '../../../lib/use-address-tabs';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { conversationText } from '../api/conversations-api';
import { useIncomingRequests } from '../hooks/use-message-requests';
import { ConversationList } from './ConversationList';
import { RequestsPanel } from './RequestsPanel';
import { signedInOnly } from '../../../components/SignedInOnly';

const hubTabs = ['conversations', 'requests'] as const;
type HubTab = (typeof hubTabs)[number];
const tabLabels: Record<HubTab, string> = {
  conversations: conversationText.conversationsTab,
  requests: conversationText.requestsTab,
};

/**
 * /messages/conversations (signed-in-areas §2 "Messages hub"): the conversations and the
 * message requests as two tabs; on wide screens a second pane says 'Select a conversation'.
 * The open tab lives in the address (?tab=requests) so it can be linked to.
 */
export const MessagesHubPage = signedInOnly(MessagesHub, conversationText);

function MessagesHub({ user }: { user: CurrentUser }) {
  useDocumentTitle(conversationText.heading);
  const baseId = useId();
  const { active, onKeyDown, tabProps, panelProps } = useAddressTabs(hubTabs);
  const pending = useIncomingRequests().data?.length ?? 0;

  return (
    <div className="mx-auto flex w-full max-w-content px-0 sm:px-6 sm:py-6 lg:h-[calc(100dvh-var(--spacing-topbar))]">
      <div className="flex w-full overflow-hidden border-border bg-surface sm:rounded-lg sm:border">
        <section
          aria-labelledby={`${baseId}-heading`}
          className="flex min-h-0 w-full flex-col lg:w-96 lg:shrink-0 lg:border-r lg:border-border"
        >
          <div className="border-b border-border px-4 pt-5">
            <h1 id={`${baseId}-heading`} className="text-2xl font-bold tracking-tight text-fg">
              {conversationText.heading}
            </h1>
            <div role="tablist" aria-label="Messages" className="mt-3 flex" onKeyDown={onKeyDown}>
              {hubTabs.map((tab) => (
                <button
                  key={tab}
                  {...tabProps(tab)}
                  className={cn(
                    'inline-flex h-11 flex-1 items-center justify-center gap-1.5 border-b-2 px-2 text-sm font-medium whitespace-nowrap transition-colors',
                    active === tab
                      ? 'border-accent text-fg'
                      : 'border-transparent text-fg-muted hover:text-fg',
                  )}
                >
                  {tabLabels[tab]}
                  {tab === 'requests' && pending > 0 ? (
                    <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-semibold text-accent-fg">
                      <span aria-hidden="true">{pending}</span>
                      <span className="sr-only">{` (${pending} pending)`}</span>
                    </span>
                  ) : null}
                </button>
              ))}
            </div>
          </div>
          <div {...panelProps()} className="min-h-0 flex-1 overflow-y-auto p-2 sm:p-3">
            {active === 'conversations' ? (
              <ConversationList myId={user._id} />
            ) : (
              <RequestsPanel headingLevel={2} />
            )}
          </div>
        </section>
        <div className="hidden flex-1 flex-col items-center justify-center gap-3 bg-canvas/40 p-8 text-center lg:flex">
          <span className="flex size-16 items-center justify-center rounded-full bg-accent-soft text-accent-text">
            <MessageSquareIcon size={30} />
          </span>
          <p className="text-lg font-semibold text-fg">{conversationText.selectConversation}</p>
          <p className="max-w-xs text-sm text-fg-muted">
            Choose a conversation on the left to read it and reply.
          </p>
        </div>
      </div>
    </div>
  );
}
