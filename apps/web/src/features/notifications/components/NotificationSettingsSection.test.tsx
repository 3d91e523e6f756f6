import { notificationKinds, type NotificationSetting } from '@kinora/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';

const server = withContractServer();
const me = makeUser();

describe('notification settings in Edit profile', () => {
  it('shows every kind and saves a switch at once', async () => {
    localStorage.setItem('accessToken', 'token-1');
    server().on('currentUser', () => ({ data: me }));
    let settings: NotificationSetting[] = notificationKinds.map((kind) => ({
      kind,
      inApp: true,
      push: false,
    }));
    server().on('notificationSettings', () => ({ data: settings }));
    server().on('updateNotificationSettings', (request) => {
      const [changed] = (request.body as { settings: NotificationSetting[] }).settings;
      settings = settings.map((s) => (s.kind === changed!.kind ? changed! : s));
      return { data: settings };
    });
    const { user } = renderRoute('/profile/edit');
    const inApp = await screen.findByRole(
      'checkbox',
      { name: 'Likes on your comments: in app' },
      { timeout: 15_000 },
    );
    expect(screen.getAllByRole('checkbox')).toHaveLength(notificationKinds.length * 2);
    expect(inApp).toBeChecked();
    await user.click(inApp);
    await waitFor(() => expect(inApp).not.toBeChecked());
    expect(server().requestsTo('updateNotificationSettings')[0]?.body).toEqual({
      settings: [{ kind: 'comment_like', inApp: false, push: false }],
    });
    expect(await screen.findByText('Notification settings saved')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Mentions of you: push' }));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Mentions of you: push' })).toBeChecked(),
    );
  });
});
