import { TwoFactorCode, type TwoFactorChallenge } from '@kinora/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { FormAlert } from '../../../components/form/FormAlert';
import { TextField } from '../../../components/form/TextField';
import { isApiError, messageOf } from '../../../lib/api';
import { useCompleteTwoFactorLogin } from '../../../lib/auth';
import { textOf } from '../form-helpers';

export const twoFactorLoginText = {
  title: 'Two-factor sign-in',
  subtitle: 'Enter the 6-digit code your authenticator app shows for Kinora.',
  codeLabel: 'Authentication code',
  codeHint: 'Lost your phone? Enter one of your recovery codes instead.',
  verify: 'Verify',
  verifying: 'Verifying...',
  back: 'Use another account',
  failed: 'Could not check the code. Try again.',
} as const;

/**
 * The second step of signing in, shown once the password was right on an account with
 * two-factor on. No session exists until the code is accepted.
 */
export function TwoFactorLoginStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: TwoFactorChallenge;
  onSignedIn: () => void;
  /** Back to the password (the challenge expired, or the person wants another account). */
  onRestart: (message: string | null) => void;
}) {
  const complete = useCompleteTwoFactorLogin();
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = TwoFactorCode.safeParse(textOf(new FormData(form), 'code'));
    setFormError(null);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message);
      form.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
      return;
    }
    setCodeError(undefined);
    complete.mutate(
      { challengeToken: challenge.challengeToken, code: parsed.data },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          // An expired challenge means the password step again; a wrong code stays here.
          if (isApiError(error) && error.code === 'UNAUTHENTICATED')
            return onRestart(error.message);
          const message = messageOf(error, twoFactorLoginText.failed);
          setFormError(message);
          form.querySelector<HTMLInputElement>('input[name="code"]')?.select();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Two-factor code">
      <p className="text-sm text-fg-muted">{twoFactorLoginText.subtitle}</p>
      <TextField
        label={twoFactorLoginText.codeLabel}
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        autoCapitalize="off"
        spellCheck={false}
        autoFocus
        required
        hint={twoFactorLoginText.codeHint}
        error={codeError}
        onInput={() => setCodeError(undefined)}
      />
      <FormAlert message={formError} />
      <Button type="submit" size="lg" disabled={complete.isPending} className="w-full">
        {complete.isPending ? twoFactorLoginText.verifying : twoFactorLoginText.verify}
      </Button>
      <Button variant="ghost" onClick={() => onRestart(null)} className="w-full">
        {twoFactorLoginText.back}
      </Button>
    </form>
  );
}
