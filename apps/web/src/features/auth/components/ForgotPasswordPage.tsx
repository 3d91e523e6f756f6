import { passwordResetRequestedMessage, RequestPasswordResetBody } from '@kinora/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/form/FormAlert';
import { isApiError, messageOf } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { fieldErrorsFromApi, type FieldErrors } from '../../../lib/validation';
import {
  passwordResetQueries,
  passwordResetText as text,
  requestPasswordReset,
} from '../api/password-reset-api';
import { checkForm, textOf } from '../form-helpers';
import { AuthCard, authLinkClass, AuthLink } from './AuthCard';
import { AuthSubmit } from './AuthForm';
import { EmailField } from './EmailField';

const backToSignIn = <AuthLink to="/login">{text.backToSignIn}</AuthLink>;

/** /forgot-password: asks for a reset link by email, or says whom to ask on a server without mail. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const options = useQuery(passwordResetQueries.options());
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [noEmail, setNoEmail] = useState(false);

  if (options.data?.byEmail === false || noEmail) {
    return (
      <AuthCard title={text.noEmailTitle} subtitle={text.noEmail} footer={backToSignIn}>
        <p className="text-sm text-fg-muted">
          They run{' '}
          <code className="rounded-sm bg-raised px-1 py-0.5 text-fg">npm run user:reset-link</code>{' '}
          on the server, then send you the link it prints. It works once, within an hour.
        </p>
      </AuthCard>
    );
  }
  if (sentMessage) {
    return (
      <AuthCard title={text.sentTitle} subtitle={sentMessage} footer={backToSignIn}>
        <p className="text-sm text-fg-muted">
          No mail after a few minutes? Check your spam folder, or{' '}
          <button type="button" className={authLinkClass} onClick={() => setSentMessage(null)}>
            send it again
          </button>
          .
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={text.forgotTitle} subtitle={text.forgotSubtitle} footer={backToSignIn}>
      {options.isError ? <FormAlert message={text.optionsFailed} className="mb-4" /> : null}
      <RequestForm
        isReady={options.isSuccess}
        onSent={setSentMessage}
        onNoEmail={() => setNoEmail(true)}
      />
    </AuthCard>
  );
}

function RequestForm({
  isReady,
  onSent,
  onNoEmail,
}: {
  isReady: boolean;
  onSent: (message: string) => void;
  onNoEmail: () => void;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const request = useMutation({ mutationFn: requestPasswordReset });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const values = { email: textOf(new FormData(form), 'email') };
    const checked = checkForm(form, RequestPasswordResetBody, values, setErrors);
    if (!checked) return;
    request.mutate(checked.email, {
      // The server's words: the same whether or not the email has an account.
      onSuccess: () => onSent(passwordResetRequestedMessage),
      onError: (error) => {
        if (isApiError(error) && error.code === 'EMAIL_NOT_CONFIGURED') return onNoEmail();
        setErrors(fieldErrorsFromApi(error));
        setFormError(messageOf(error, text.requestFailed));
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label="Ask for a reset link"
    >
      <EmailField error={errors.email} />
      <AuthSubmit
        failure={formError}
        isBusy={request.isPending}
        disabled={!isReady || request.isPending}
        label={text.send}
        busyLabel={text.sending}
      />
    </form>
  );
}
