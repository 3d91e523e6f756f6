import type { AccountExport, CurrentUser } from '@kinora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/form/FormAlert';
import { PasswordField } from '../../../components/form/PasswordField';
import { AlertTriangleIcon, TrashIcon } from '../../../components/icons';
import { useToast } from '../../../components/toast';
import { messageOf } from '../../../lib/api';
import { logout } from '../../../lib/auth';
import { markAccountDeleted } from './account-deleted';
import { fieldErrorsFromApi } from '../../../lib/validation';
import { accountText as text, deleteAccount, exportAccount } from '../api/account-api';
import { SettingsSection } from './SettingsSection';

/** Edit profile's last part: taking one's data away, then deleting the account. */
export function AccountDataSection({ user }: { user: CurrentUser }) {
  const [isDeleting, setIsDeleting] = useState(false);
  return (
    <SettingsSection title="Your data and account">
      <DownloadData user={user} />
      <div className="flex flex-col gap-3 rounded-md border border-danger/40 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-0.5">
          <h3 className="text-sm font-medium text-fg">Delete account</h3>
          <p className="text-xs text-fg-muted">
            Your channel, videos, comments, likes, playlists, history, tweets and messages are
            removed for good.
          </p>
        </div>
        <Button variant="danger" onClick={() => setIsDeleting(true)}>
          <TrashIcon size={16} />
          Delete account
        </Button>
      </div>
      {isDeleting && <DeleteAccountDialog onClose={() => setIsDeleting(false)} />}
    </SettingsSection>
  );
}

function DownloadData({ user }: { user: CurrentUser }) {
  const toast = useToast();
  const download = useMutation({
    mutationFn: exportAccount,
    onSuccess: (data) => {
      saveJson(data, `kinora-${user.username}-${data.exportedAt.slice(0, 10)}.json`);
      toast.success(text.exportReady);
    },
    onError: (error) => toast.error(messageOf(error, text.exportFailed)),
  });
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col gap-0.5">
        <h3 className="text-sm font-medium text-fg">Download your data</h3>
        <p className="text-xs text-fg-muted">
          A JSON file of your profile, videos, comments, likes, playlists, history, subscriptions,
          tweets and messages, with links to your media files.
        </p>
      </div>
      <Button
        variant="secondary"
        onClick={() => download.mutate()}
        disabled={download.isPending}
        aria-busy={download.isPending || undefined}
      >
        {download.isPending ? 'Preparing...' : 'Download my data'}
      </Button>
    </div>
  );
}

/** Hands the browser a file to save, made from the answer (no second request). */
function saveJson(data: AccountExport, fileName: string) {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      markAccountDeleted();
      toast.success(text.deleted);
      // Home first (this page would send a signed-out person to sign in), then the session
      // the server already ended is forgotten here too.
      await navigate('/', { replace: true });
      await logout(queryClient);
    },
    onError: (err) => {
      const fields = fieldErrorsFromApi(err);
      setError(fields.password);
      setFailure(fields.password ? null : messageOf(err, text.deleteFailed));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      return;
    }
    setError(undefined);
    setFailure(null);
    remove.mutate(password);
  };

  return (
    <Dialog title="Delete your account?" onClose={remove.isPending ? () => undefined : onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="flex items-start gap-2 text-sm text-fg">
          <AlertTriangleIcon size={18} className="mt-0.5 shrink-0 text-danger" />
          <span>
            This cannot be undone. Your videos and their files, comments, likes, playlists, history,
            tweets, conversations and sessions are deleted, and you are signed out everywhere.
            Download your data first if you want to keep it.
          </span>
        </p>
        <PasswordField
          label="Your password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error}
        />
        <FormAlert message={failure} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
