import { ChangePasswordBody } from '@kinora/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { FormAlert } from '../../../components/form/FormAlert';
import { NewPasswordField, PasswordField } from '../../../components/form/PasswordField';
import { ChevronDownIcon } from '../../../components/icons';
import { useToast } from '../../../components/toast';
import { isApiError, messageOf } from '../../../lib/api';
import { fieldErrorsFromApi, type FieldErrors } from '../../../lib/validation';
import { useFormFields } from '../../../lib/use-form-fields';
import { accountText as text, changePassword } from '../api/account-api';
import { SettingsSection } from './SettingsSection';

export const SESSIONS_PATH = '/settings/sessions';

/**
 * Edit profile's sign-in part: the password (the current one asked first; the other devices
 * are signed out when it changes) and the way to the list of signed-in devices.
 */
export function ChangePasswordSection() {
  return (
    <SettingsSection title="Sign-in and security">
      <ChangePasswordForm />
      <Link
        to={SESSIONS_PATH}
        className="flex items-center justify-between gap-3 rounded-md border border-border px-4 py-3 hover:bg-raised"
      >
        <span className="flex flex-col">
          <span className="text-sm font-medium text-fg">{text.sessionsHeading}</span>
          <span className="text-xs text-fg-muted">
            See where you are signed in and sign out of other devices.
          </span>
        </span>
        <ChevronDownIcon size={18} className="shrink-0 -rotate-90 text-fg-muted" />
      </Link>
    </SettingsSection>
  );
}

function ChangePasswordForm() {
  const toast = useToast();
  const { values, setErrors, field, validate, reset } = useFormFields({
    oldPassword: '',
    newPassword: '',
    confirmation: '',
  });
  const [failure, setFailure] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      reset();
      setFailure(null);
      toast.success(text.passwordChanged);
    },
    onError: (error) => {
      const fields = fieldErrorsFromApi(error);
      setErrors(fields);
      // A refusal that names no field (too many attempts, no answer) is said above the button.
      setFailure(
        Object.keys(fields).length === 0 || (isApiError(error) && error.status === 429)
          ? messageOf(error, text.passwordFailed)
          : null,
      );
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const { oldPassword, newPassword, confirmation } = values;
    const found: FieldErrors = {};
    if (!oldPassword) found.oldPassword = 'Current password is required';
    if (newPassword !== confirmation) found.confirmation = text.passwordsDiffer;
    const body = validate(ChangePasswordBody, { oldPassword, newPassword }, found);
    if (body) save.mutate(body);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={text.passwordHeading}
      className="flex flex-col gap-4"
    >
      <h3 className="text-sm font-medium text-fg">{text.passwordHeading}</h3>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        required
        {...field('oldPassword')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <NewPasswordField label="New password" {...field('newPassword')} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...field('confirmation')}
        />
      </div>
      <p className="text-xs text-fg-muted">
        Changing your password signs you out on every other device.
      </p>
      <FormAlert message={failure} />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
