import { UpdateDetailsBody, type CurrentUser } from '@kinora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { Button, buttonClass } from '../../../components/Button';
import { CoverImage } from '../../../components/CoverImage';
import { TextField } from '../../../components/form/TextField';
import { ArrowLeftIcon } from '../../../components/icons';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { useToast } from '../../../components/toast';
import { announceProfileUpdated, replaceSessionUser, useSession } from '../../../lib/auth';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFormFields } from '../../../lib/use-form-fields';
import { fieldErrorsFromApi } from '../../../lib/validation';
import { updateProfileDetails } from '../api/profile-api';
import { useProfileImageUpload } from '../hooks/use-profile-image-upload';
import { ImagePickerButton } from './ImagePickerButton';
import { AccountDataSection } from './AccountDataSection';
import { ChangePasswordSection } from './ChangePasswordSection';
import { MessagingSettingsSection } from './MessagingSettingsSection';
import { profileFailureText } from './ProfileLayout';
import { UploadStatus } from './UploadStatus';
import { wasAccountDeleted } from './account-deleted';

export const editProfileMessages = {
  success: 'Profile updated successfully!',
  failure: 'Failed to update profile',
} as const;

/** After saving, back to the profile after this long (signed-in-areas §4). */
export const PROFILE_REDIRECT_MS = 1500;
const PROFILE_PATH = '/profile/videos';

/** /profile/edit: images upload as soon as they are chosen; name and email on Save. */
export function EditProfilePage() {
  useDocumentTitle('Edit Profile');
  const session = useSession();
  if (session.status === 'loading') return <PageSkeleton label="Loading profile" />;
  if (session.status === 'signedOut') {
    // A visitor goes to sign in; a profile that could not be loaded says so (§8), with the way
    // to sign in beside it.
    if (session.failure === null) {
      // Just deleted here: the app is on its way home, not to the sign-in page.
      if (wasAccountDeleted()) return <PageSkeleton label="Loading profile" />;
      return <Navigate to="/login" replace />;
    }
    return <SignInPrompt title="Edit Profile" message={profileFailureText(session.failure)} />;
  }
  return <EditProfile user={session.user} />;
}

function EditProfile({ user }: { user: CurrentUser }) {
  const avatar = useProfileImageUpload('avatar');
  const cover = useProfileImageUpload('coverImage');

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <Link
        to={PROFILE_PATH}
        className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-fg-muted hover:text-fg"
      >
        <ArrowLeftIcon size={16} />
        Back to Profile
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">Edit Profile</h1>

      <section
        aria-labelledby="profile-images"
        className="mt-6 overflow-hidden rounded-lg border border-border bg-surface"
      >
        <h2 id="profile-images" className="sr-only">
          Profile images
        </h2>
        <div className="relative">
          <CoverImage src={user.coverImage} />
          <ImagePickerButton
            inputLabel="Cover image"
            buttonLabel="Change cover"
            showText
            upload={cover}
            className="absolute top-3 right-3"
          />
        </div>
        <div className="flex flex-col gap-3 px-4 pb-5 sm:px-6">
          <div className="relative -mt-12 w-fit">
            <Avatar
              src={user.avatar}
              name={user.username}
              size="xl"
              className="ring-4 ring-surface"
            />
            <ImagePickerButton
              inputLabel="Avatar"
              buttonLabel="Change avatar"
              upload={avatar}
              className="absolute right-0 bottom-0"
            />
          </div>
          <p className="text-xs text-fg-muted">
            Images upload as soon as you choose them. Avatar: under 5MB. Cover image: under 10MB.
          </p>
          <UploadStatus label="Avatar" upload={avatar} />
          <UploadStatus label="Cover image" upload={cover} />
        </div>
      </section>

      <DetailsForm user={user} />
      <MessagingSettingsSection user={user} />
      <section className="mt-6 flex flex-col gap-2 rounded-lg border border-border bg-surface p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div>
          <h2 className="text-lg font-semibold text-fg">Two-factor sign-in</h2>
          <p className="text-sm text-fg-muted">
            A code from an authenticator app after your password.
          </p>
        </div>
        <Link to="/settings/two-factor" className={buttonClass({ variant: 'secondary' })}>
          Manage two-factor sign-in
        </Link>
      </section>
      <ChangePasswordSection />
      <AccountDataSection user={user} />
    </div>
  );
}

function DetailsForm({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const { values, setErrors, field, validate } = useFormFields({
    fullname: user.fullname,
    email: user.email,
  });
  const [isLeaving, setIsLeaving] = useState(false);

  const save = useMutation({
    mutationFn: updateProfileDetails,
    onSuccess: (updated) => {
      replaceSessionUser(queryClient, updated);
      announceProfileUpdated();
      toast.success(editProfileMessages.success);
      setIsLeaving(true);
      navigateLater(PROFILE_PATH, PROFILE_REDIRECT_MS);
    },
    onError: (error) => {
      setErrors(fieldErrorsFromApi(error));
      toast.error(editProfileMessages.failure);
    },
  });
  const isBusy = save.isPending || isLeaving;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Only what changed is sent; nothing changed means nothing to save.
    const { fullname, email } = values;
    const changes = {
      ...(fullname.trim() !== user.fullname ? { fullname } : {}),
      ...(email.trim().toLowerCase() !== user.email ? { email } : {}),
    };
    if (Object.keys(changes).length === 0) {
      navigate(PROFILE_PATH);
      return;
    }
    const body = validate(UpdateDetailsBody, changes);
    if (body) save.mutate(body);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Profile details"
      className="mt-6 flex flex-col gap-4 rounded-lg border border-border bg-surface p-4 sm:p-6"
    >
      <TextField label="Full name" autoComplete="name" required {...field('fullname')} />
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <TextField
        label="Username"
        name="username"
        value={user.username}
        readOnly
        hint="Your username cannot be changed."
      />
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onClick={() => navigate(PROFILE_PATH)}
          disabled={save.isPending}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={isBusy}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
