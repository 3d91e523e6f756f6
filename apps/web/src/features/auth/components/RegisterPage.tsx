import { RegisterFields } from '@kinora/contract';
import { useState, type FormEvent } from 'react';
import { NewPasswordField } from '../../../components/form/PasswordField';
import { TextField } from '../../../components/form/TextField';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api';
import { useRegister } from '../../../lib/auth';
import { validateAvatarFile, validateCoverImageFile } from '../../../lib/image-file';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  fieldErrorsFromApi,
  fieldErrorsFromSchema,
  type FieldErrors,
} from '../../../lib/validation';
import { focusFirstInvalid, textOf } from '../form-helpers';
import { AuthForm, AuthSubmit } from './AuthForm';
import { AuthCard, AuthLink } from './AuthCard';
import { EmailField } from './EmailField';
import { ImageFileField } from './ImageFileField';

export const registerMessages = {
  success: 'Account created successfully!',
  failureToast: 'Account creation failed!',
  avatarRequired: 'Avatar is required',
} as const;

/** Wait after creating the account before going home (signed-in-areas §4). */
export const REGISTER_REDIRECT_MS = 1500;

function fileErrors(avatar: File | null, coverImage: File | null): FieldErrors {
  const errors: FieldErrors = {};
  const avatarError = avatar ? validateAvatarFile(avatar) : registerMessages.avatarRequired;
  if (avatarError) errors.avatar = avatarError;
  const coverError = coverImage ? validateCoverImageFile(coverImage) : null;
  if (coverError) errors.coverImage = coverError;
  return errors;
}

export function RegisterPage() {
  useDocumentTitle('Sign Up');
  const register = useRegister();
  const toast = useToast();
  const navigateLater = useDelayedNavigate();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [coverImage, setCoverImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isRedirecting, setIsRedirecting] = useState(false);
  const isBusy = register.isPending || isRedirecting;

  const chooseFile = (field: 'avatar' | 'coverImage', file: File | null) => {
    (field === 'avatar' ? setAvatar : setCoverImage)(file);
    const message = file
      ? field === 'avatar'
        ? validateAvatarFile(file)
        : validateCoverImageFile(file)
      : null;
    setErrors((current) => ({ ...current, [field]: message ?? undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = RegisterFields.safeParse({
      fullname: textOf(data, 'fullname'),
      username: textOf(data, 'username'),
      email: textOf(data, 'email'),
      password: textOf(data, 'password'),
    });
    const found = {
      ...(parsed.success ? {} : fieldErrorsFromSchema(parsed.error)),
      ...fileErrors(avatar, coverImage),
    };
    setFormError(null);
    if (!parsed.success || Object.values(found).some(Boolean)) {
      setErrors(found);
      focusFirstInvalid(form, found);
      return;
    }
    setErrors({});
    register.mutate(
      { fields: parsed.data, avatar: avatar as File, coverImage },
      {
        onSuccess: () => {
          setIsRedirecting(true);
          toast.success(registerMessages.success);
          navigateLater('/', REGISTER_REDIRECT_MS);
        },
        onError: (error) => {
          setErrors(fieldErrorsFromApi(error));
          setFormError(errorMessage(error, registerMessages.failureToast));
          toast.error(registerMessages.failureToast);
        },
      },
    );
  };

  return (
    <AuthCard
      title="Sign Up"
      subtitle="Create your account and start your channel."
      footer={
        <>
          Already have an account? <AuthLink to="/login">Sign In</AuthLink>
        </>
      }
    >
      <AuthForm label="Create account" onSubmit={submit} setErrors={setErrors}>
        <TextField
          label="Full name"
          name="fullname"
          autoComplete="name"
          required
          error={errors.fullname}
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={errors.username}
          hint="Letters, digits, dots and underscores."
        />
        <EmailField error={errors.email} />
        <NewPasswordField label="Password" name="password" error={errors.password} />
        <ImageFileField
          label="Avatar"
          name="avatar"
          shape="round"
          required
          error={errors.avatar}
          onChange={(file) => chooseFile('avatar', file)}
        />
        <ImageFileField
          label="Cover image"
          name="coverImage"
          shape="wide"
          optionalNote="Optional"
          error={errors.coverImage}
          onChange={(file) => chooseFile('coverImage', file)}
        />
        <AuthSubmit
          failure={formError}
          isBusy={isBusy}
          label="Create Account"
          busyLabel="Creating account..."
          className="mt-2"
        />
      </AuthForm>
    </AuthCard>
  );
}
