import { ResetPasswordBody, ResetToken } from '@kinora/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { NewPasswordField, PasswordField } from '../../../components/form/PasswordField';
import { useToast } from '../../../components/toast';
import { messageOf } from '../../../lib/api';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  fieldErrorsFromApi,
  fieldErrorsFromSchema,
  type FieldErrors,
} from '../../../lib/validation';
import { passwordResetText as text, resetPassword } from '../api/password-reset-api';
import { focusFirstInvalid, textOf } from '../form-helpers';
import { AuthForm, AuthSubmit } from './AuthForm';
import { AuthCard, AuthLink } from './AuthCard';

/** After the new password is set, on to Sign In after this long. */
export const RESET_REDIRECT_MS = 1500;

const askAgain = <AuthLink to="/forgot-password">{text.askAgain}</AuthLink>;

/** /reset-password?token=...: the page a reset link opens; the rules of registration apply. */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const toast = useToast();
  const navigateLater = useDelayedNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isDone, setIsDone] = useState(false);
  const reset = useMutation({
    mutationFn: ({ newPassword }: { newPassword: string }) => resetPassword(token, newPassword),
  });

  if (!ResetToken.safeParse(token).success) {
    return (
      <AuthCard title={text.resetTitle} subtitle={text.missingToken} footer={askAgain}>
        <AuthLink to="/login">{text.backToSignIn}</AuthLink>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = ResetPasswordBody.safeParse({ token, newPassword: textOf(data, 'newPassword') });
    setFormError(null);
    const found: FieldErrors = parsed.success ? {} : fieldErrorsFromSchema(parsed.error);
    if (!found.newPassword && textOf(data, 'confirmPassword') !== textOf(data, 'newPassword')) {
      found.confirmPassword = text.mismatch;
    }
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstInvalid(form, found);
      return;
    }
    setErrors({});
    reset.mutate(parsed.data, {
      onSuccess: () => {
        setIsDone(true);
        toast.success(text.resetDone);
        navigateLater('/login', RESET_REDIRECT_MS);
      },
      onError: (error) => {
        const fields = fieldErrorsFromApi(error);
        setErrors(fields);
        setFormError(fields.token ?? messageOf(error, text.resetFailed));
      },
    });
  };

  return (
    <AuthCard title={text.resetTitle} subtitle={text.resetSubtitle} footer={askAgain}>
      {isDone ? (
        <p role="status" className="text-sm text-fg">
          {text.resetDone} <AuthLink to="/login">Sign In</AuthLink>
        </p>
      ) : (
        <AuthForm label="Choose a new password" onSubmit={submit} setErrors={setErrors}>
          <NewPasswordField label="New password" name="newPassword" error={errors.newPassword} />
          <PasswordField
            label="Confirm new password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            error={errors.confirmPassword}
          />
          <AuthSubmit
            failure={formError}
            isBusy={reset.isPending}
            label={text.save}
            busyLabel={text.saving}
          />
        </AuthForm>
      )}
    </AuthCard>
  );
}
