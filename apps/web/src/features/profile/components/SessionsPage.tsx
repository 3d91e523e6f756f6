import type { DeviceSession } from '@kinora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, Navigate } from 'react-router';
import { Button } from '../../../components/Button';
import { ArrowLeftIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { useToast } from '../../../components/toast';
import { messageOf } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import { formatDate } from '../../../lib/format-date';
import { formatRelativeTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  accountKeys,
  accountQueries,
  accountText as text,
  endOtherSessions,
  endSession,
} from '../api/account-api';
import { profileFailureText } from './ProfileLayout';
import { MonitorIcon, SmartphoneIcon } from '../icons';

/** How often the list is read again while open: a device signed in elsewhere appears. */
const REFRESH_MS = 30_000;

/** /settings/sessions: where the person is signed in, and signing other devices out. */
export function SessionsPage() {
  useDocumentTitle(text.sessionsHeading);
  const session = useSession();
  if (session.status === 'loading') return <PageSkeleton label="Loading sessions" />;
  if (session.status === 'signedOut') {
    if (session.failure === null) return <Navigate to="/login" replace />;
    return (
      <SignInPrompt title={text.sessionsHeading} message={profileFailureText(session.failure)} />
    );
  }
  return <Sessions />;
}

function Sessions() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const listId = useId();
  const sessions = useQuery({ ...accountQueries.sessions(), refetchInterval: REFRESH_MS });
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
  const endOne = useMutation({
    mutationFn: (device: DeviceSession) => endSession(device._id),
    onSuccess: (_, device) => {
      queryClient.setQueryData<DeviceSession[]>(accountKeys.sessions, (list) =>
        list?.filter((s) => s._id !== device._id),
      );
      toast.success(text.sessionEnded);
    },
    onError: (error) => toast.error(messageOf(error, text.sessionEndFailed)),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: ({ ended }) => {
      queryClient.setQueryData<DeviceSession[]>(accountKeys.sessions, (list) =>
        list?.filter((s) => s.isCurrent),
      );
      toast.success(text.othersEnded(ended));
    },
    onError: (error) => toast.error(messageOf(error, text.othersEndFailed)),
    onSettled: refresh,
  });
  const endingId = endOne.isPending ? endOne.variables._id : null;
  const others = sessions.data?.filter((s) => !s.isCurrent).length ?? 0;

  let body;
  if (sessions.isPending) {
    body = (
      <div role="status" aria-label="Loading sessions" className="flex flex-col gap-3">
        {[0, 1].map((n) => (
          <div key={n} className="flex animate-pulse gap-3 py-2">
            <div className="size-10 rounded-full bg-raised" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-4 w-40 rounded-sm bg-raised" />
              <div className="h-3 w-56 rounded-sm bg-raised" />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (sessions.isError) {
    body = <LoadError title={text.sessionsLoadFailed} query={sessions} className="py-6" />;
  } else {
    body = (
      <ul aria-labelledby={listId} className="flex flex-col divide-y divide-border">
        {sessions.data.map((device) => (
          <li key={device._id} className="flex flex-wrap items-center gap-3 py-4">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-raised text-fg-muted">
              {device.device === 'mobile' || device.device === 'tablet' ? (
                <SmartphoneIcon size={18} />
              ) : (
                <MonitorIcon size={18} />
              )}
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
                {deviceName(device)}
                {device.isCurrent && (
                  <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-text">
                    This device
                  </span>
                )}
              </p>
              <p className="text-sm break-words text-fg-muted">
                {[
                  device.address,
                  device.isCurrent
                    ? 'Active now'
                    : `Last active ${formatRelativeTime(device.lastActiveAt).toLowerCase()}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <p className="text-xs text-fg-muted">Signed in {formatDate(device.signedInAt)}</p>
            </div>
            {!device.isCurrent && (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Sign out ${deviceName(device)}, last active ${formatRelativeTime(device.lastActiveAt).toLowerCase()}`}
                disabled={endingId === device._id || endOthers.isPending}
                onClick={() => endOne.mutate(device)}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <Link
        to="/profile/edit"
        className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-fg-muted hover:text-fg"
      >
        <ArrowLeftIcon size={16} />
        Back to Edit Profile
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">{text.sessionsHeading}</h1>
      <p className="mt-1 text-sm text-fg-muted">
        You are signed in on these devices. Sign out of any you do not recognise, then change your
        password.
      </p>
      <section className="mt-6 rounded-lg border border-border bg-surface p-4 sm:p-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id={listId} className="text-lg font-semibold text-fg">
            Where you are signed in
          </h2>
          <Button
            variant="secondary"
            disabled={others === 0 || endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            {endOthers.isPending ? 'Signing out...' : 'Sign out all other devices'}
          </Button>
        </div>
        {body}
      </section>
    </div>
  );
}

/** "Chrome on Windows", "Safari on iOS", or what little is known. */
export function deviceName(device: Pick<DeviceSession, 'browser' | 'os'>): string {
  if (device.browser && device.os) return `${device.browser} on ${device.os}`;
  return device.browser ?? device.os ?? 'Unknown device';
}
