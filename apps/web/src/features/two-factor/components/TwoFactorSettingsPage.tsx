import { AuthenticatorCode, DisableTwoFactorBody, type TwoFactorSetup } from '@kinora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { Button } from '../../../components/Button';
import { FormAlert } from '../../../components/form/FormAlert';
import { PasswordField } from '../../../components/form/PasswordField';
import { TextField } from '../../../components/form/TextField';
import { ArrowLeftIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useToast } from '../../../components/toast';
import { messageOf } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import { copyText } from '../../../lib/clipboard';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  fieldErrorsFromApi,
  fieldErrorsFromSchema,
  type FieldErrors,
} from '../../../lib/validation';
import {
  disableTwoFactor,
  enableTwoFactor,
  setTwoFactorStatus,
  startTwoFactorSetup,
  twoFactorQueries,
  twoFactorText as text,
} from '../api/two-factor-api';
import { QrCode } from './QrCode';

const cardClass = 'flex flex-col gap-4 rounded-lg border border-border bg-surface p-4 sm:p-6';

/** /settings/two-factor: turn two-factor sign-in on (app + recovery codes) or off. */
export function TwoFactorSettingsPage() {
  useDocumentTitle(text.title);
  const session = useSession();
  if (session.status === 'loading') return <PageSkeleton label="Loading sign-in settings" />;
  if (session.status === 'signedOut') return <Navigate to="/login" replace />;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8">
      <Link
        to="/profile/edit"
        className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-fg-muted hover:text-fg"
      >
        <ArrowLeftIcon size={16} /> Edit profile
      </Link>
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-fg">{text.title}</h1>
        <p className="mt-1 max-w-prose text-sm text-fg-muted">{text.intro}</p>
      </header>
      <TwoFactorSettings />
    </div>
  );
}

function TwoFactorSettings() {
  const status = useQuery(twoFactorQueries.status());
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) {
    return <RecoveryCodesCard codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  }
  if (status.isPending) return <PageSkeleton label="Loading sign-in settings" />;
  if (status.isError) {
    return <LoadError title={text.loadFailed} onRetry={() => void status.refetch()} />;
  }
  if (status.data.enabled) return <TurnOffCard codesLeft={status.data.recoveryCodesLeft} />;
  if (setup) {
    return (
      <SetupCard
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  }
  return <StartCard onStarted={setSetup} />;
}

function StatusLine({ isOn }: { isOn: boolean }) {
  return (
    <p className="flex items-center gap-2 text-sm font-medium text-fg">
      <span
        aria-hidden
        className={isOn ? 'size-2.5 rounded-full bg-success' : 'size-2.5 rounded-full bg-fg-muted'}
      />
      Status: {isOn ? text.onStatus : text.offStatus}
    </p>
  );
}

function StartCard({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const toast = useToast();
  const start = useMutation({
    mutationFn: startTwoFactorSetup,
    onSuccess: onStarted,
    onError: (error) => toast.error(messageOf(error, text.failed)),
  });
  return (
    <section className={cardClass} aria-label={text.title}>
      <StatusLine isOn={false} />
      <Button className="w-full sm:w-fit" disabled={start.isPending} onClick={() => start.mutate()}>
        {start.isPending ? text.starting : text.start}
      </Button>
    </section>
  );
}

function SetupCard({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const queryClient = useQueryClient();
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const headingId = useId();
  const enable = useMutation({ mutationFn: enableTwoFactor });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = AuthenticatorCode.safeParse(new FormData(form).get('code') ?? '');
    setFormError(null);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message);
      form.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
      return;
    }
    enable.mutate(parsed.data, {
      onSuccess: ({ recoveryCodes }) => {
        setTwoFactorStatus(queryClient, {
          enabled: true,
          recoveryCodesLeft: recoveryCodes.length,
        });
        onEnabled(recoveryCodes);
      },
      onError: (error) => {
        const fields = fieldErrorsFromApi(error);
        setCodeError(fields.code);
        setFormError(fields.code ? null : messageOf(error, text.failed));
      },
    });
  };

  return (
    <section className={cardClass} aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        {text.start}
      </h2>
      <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm text-fg">
        <li>
          <p>{text.scan}</p>
          <div className="mt-3 w-fit rounded-md border border-border bg-white p-2">
            <QrCode value={setup.otpauthUri} label="QR code for your authenticator app" />
          </div>
          <p className="mt-3 text-fg-muted">{text.typeInstead}</p>
          <code
            aria-label="Secret key"
            className="mt-1 block break-all rounded-md bg-raised px-3 py-2 font-mono text-sm tracking-wider text-fg"
          >
            {setup.secret.match(/.{1,4}/g)?.join(' ')}
          </code>
        </li>
        <li>
          <form
            noValidate
            onSubmit={submit}
            className="flex flex-col gap-3"
            aria-label="Confirm the app"
          >
            <TextField
              label={text.confirmLabel}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              required
              error={codeError}
              onInput={() => setCodeError(undefined)}
              className="max-w-xs"
            />
            <FormAlert message={formError} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={enable.isPending}>
                {enable.isPending ? text.confirming : text.confirm}
              </Button>
              <Button variant="secondary" onClick={onCancel}>
                {text.cancel}
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </section>
  );
}

function RecoveryCodesCard({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const toast = useToast();
  const headingId = useId();
  return (
    <section className={cardClass} aria-labelledby={headingId}>
      <StatusLine isOn />
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        {text.codesTitle}
      </h2>
      <p className="text-sm text-fg-muted">{text.codesIntro}</p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md bg-raised p-3 font-mono text-sm text-fg sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            void copyText(codes.join('\n')).then((ok) =>
              ok ? toast.success(text.copied) : toast.error(text.failed),
            )
          }
        >
          {text.copyCodes}
        </Button>
        <Button onClick={onDone}>{text.codesSaved}</Button>
      </div>
    </section>
  );
}

function TurnOffCard({ codesLeft }: { codesLeft: number }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const headingId = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const turnOff = useMutation({
    mutationFn: ({ password, code }: { password: string; code: string }) =>
      disableTwoFactor(password, code),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = DisableTwoFactorBody.safeParse({
      password: data.get('password') ?? '',
      code: data.get('code') ?? '',
    });
    setFormError(null);
    if (!parsed.success) return setErrors(fieldErrorsFromSchema(parsed.error));
    setErrors({});
    turnOff.mutate(parsed.data, {
      onSuccess: () => {
        setTwoFactorStatus(queryClient, { enabled: false, recoveryCodesLeft: 0 });
        toast.success(text.turnedOff);
      },
      onError: (error) => {
        const fields = fieldErrorsFromApi(error);
        setErrors(fields);
        if (!fields.password && !fields.code) setFormError(messageOf(error, text.failed));
      },
    });
  };

  return (
    <section className={cardClass} aria-labelledby={headingId}>
      <StatusLine isOn />
      <p className="text-sm text-fg-muted">{text.codesLeft(codesLeft)}</p>
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        {text.turnOffTitle}
      </h2>
      <p className="text-sm text-fg-muted">{text.turnOffIntro}</p>
      <form
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-3"
        aria-label={text.turnOffTitle}
      >
        <PasswordField
          label={text.passwordLabel}
          name="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <TextField
          label={text.codeLabel}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          required
          error={errors.code}
          className="max-w-xs"
        />
        <FormAlert message={formError} />
        <Button
          type="submit"
          variant="danger"
          disabled={turnOff.isPending}
          className="w-full sm:w-fit"
        >
          {turnOff.isPending ? text.turningOff : text.turnOff}
        </Button>
      </form>
    </section>
  );
}
