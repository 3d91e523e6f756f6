import type { NotificationSetting } from '@kinora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useToast } from '../../../components/toast';
import {
  notificationKeys,
  notificationQueries,
  notificationText,
  saveNotificationSettings,
} from '../api/notifications-api';
import { kindLabels } from '@kinora/contract';

/**
 * Edit profile's notifications section: per kind, shown in Kinora or not, and sent as a push
 * (kept now, delivered once web push comes). Each switch saves at once.
 */
export function NotificationSettingsSection() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const settings = useQuery(notificationQueries.settings());
  const save = useMutation({
    mutationFn: (setting: NotificationSetting) => saveNotificationSettings([setting]),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.settings, saved);
      toast.success(notificationText.settingsSaved);
    },
    onError: () => toast.error(notificationText.settingsFailed),
  });

  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-lg border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-bold">
        {notificationText.settingsHeading}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{notificationText.settingsHint}</p>
      {settings.isPending ? (
        <p className="mt-4 text-sm text-fg-muted">Loading…</p>
      ) : settings.isError ? (
        <p className="mt-4 text-sm text-fg-muted">{notificationText.settingsLoadFailed}</p>
      ) : (
        <table className="mt-4 w-full text-sm">
          <thead>
            <tr className="text-left text-fg-muted">
              <th scope="col" className="py-2 font-medium">
                Kind
              </th>
              <th scope="col" className="w-16 py-2 text-center font-medium">
                In app
              </th>
              <th scope="col" className="w-16 py-2 text-center font-medium">
                Push
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {settings.data.map((setting) => (
              <tr key={setting.kind}>
                <th scope="row" className="py-2.5 pr-2 text-left font-normal text-fg">
                  {kindLabels[setting.kind]}
                </th>
                {(['inApp', 'push'] as const).map((field) => (
                  <td key={field} className="py-2.5 text-center">
                    <input
                      type="checkbox"
                      className="size-4 accent-[var(--color-accent)]"
                      aria-label={`${kindLabels[setting.kind]}: ${field === 'inApp' ? 'in app' : 'push'}`}
                      checked={setting[field]}
                      disabled={save.isPending}
                      onChange={(event) =>
                        save.mutate({ ...setting, [field]: event.target.checked })
                      }
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
