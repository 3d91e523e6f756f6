import { LoginBody, type TwoFactorChallenge } from '@kinora/contract';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/form/PasswordField';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { useLogin } from '../../../lib/auth';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { fieldErrorsFromApi, type FieldErrors } from '../../../lib/validation';
import { checkForm, textOf } from '../form-helpers';
import { AuthForm, AuthSubmit } from './AuthForm';
import { AuthCard, AuthLink } from './AuthCard';
import { EmailField } from './EmailField';
import { TwoFactorLoginStep, twoFactorLoginText } from './TwoFactorLoginStep';

export const loginMessages = {
  success: 'Logged in successfully!',
  failure: 'Invalid email or password. Please try again.',
} as const;

/** Wait after a successful sign-in before going home (signed-in-areas §4). */
export const LOGIN_REDIRECT_MS = 1200;

/** What to tell the user when signing in failed. */
function loginFailureMessage(error: unknown): string {
  // No access token in the answer, or a failure that is not about the credentials at all
  // (offline, rate limited, server down): say what really happened.
  if (!isApiError(error)) return error instanceof Error ? error.message : loginMessages.failure;
  if (error.status === 0 || error.status === 429 || error.status >= 500) return error.message;
  return loginMessages.failure;
}

export function LoginPage() {
  useDocumentTitle('Sign In');
  const login = useLogin();
  const toast = useToast();
  const navigateLater = useDelayedNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isRedirecting, setIsRedirecting] = useState(false);
  const isBusy = login.isPending || isRedirecting;
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  const signedIn = () => {
    setIsRedirecting(true);
    toast.success(loginMessages.success);
    navigateLater('/', LOGIN_REDIRECT_MS);
  };

  if (challenge) {
    return (
      <AuthCard title={twoFactorLoginText.title} subtitle="" footer={null}>
        <TwoFactorLoginStep
          challenge={challenge}
          onSignedIn={signedIn}
          onRestart={(message) => {
            setChallenge(null);
            setFormError(message);
          }}
        />
      </AuthCard>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setFormError(null);
    const values = { email: textOf(data, 'email'), password: textOf(data, 'password') };
    const credentials = checkForm(form, LoginBody, values, setErrors);
    if (!credentials) return;
    login.mutate(credentials, {
      onSuccess: (result) => {
        // The password was right; the account asks for its code before any session starts.
        if ('challenge' in result) return setChallenge(result.challenge);
        signedIn();
      },
      onError: (error) => {
        const message = loginFailureMessage(error);
        setErrors(fieldErrorsFromApi(error));
        setFormError(message);
        toast.error(message);
      },
    });
  };

  return (
    <AuthCard
      title="Sign In"
      subtitle="Welcome back. Sign in to like, comment, subscribe and upload."
      footer={
        <>
          Don&apos;t have an account? <AuthLink to="/register">Sign Up</AuthLink>
        </>
      }
    >
      <AuthForm label="Sign in" onSubmit={submit} setErrors={setErrors}>
        <EmailField error={errors.email} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <AuthLink to="/forgot-password" className="-mt-2 self-end text-sm">
          Forgot password?
        </AuthLink>
        <AuthSubmit
          failure={formError}
          isBusy={isBusy}
          label="Sign In"
          busyLabel="Signing in..."
          className="mt-2"
        />
      </AuthForm>
    </AuthCard>
  );
}
