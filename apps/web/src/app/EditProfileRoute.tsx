import { NotificationSettingsSection } from '../features/notifications';
import { EditProfilePage } from '../features/profile/components/EditProfilePage';
import { useSession } from '../lib/auth';

/**
 * /profile/edit: the profile feature's page, and under it, in the same column, the
 * notifications feature's per-kind settings (features do not import each other).
 */
export function EditProfileRoute() {
  const session = useSession();
  return (
    <>
      <EditProfilePage />
      {session.status === 'signedIn' ? (
        <div className="mx-auto -mt-6 w-full max-w-3xl px-4 pb-8 sm:px-6 lg:-mt-8">
          <NotificationSettingsSection />
        </div>
      ) : null}
    </>
  );
}
