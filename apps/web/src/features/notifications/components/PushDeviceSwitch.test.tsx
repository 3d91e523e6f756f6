import { notificationKinds } from '@kinora/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';

const server = withContractServer();
const me = makeUser();
const endpoint = 'https://fcm.googleapis.com/fcm/send/browser-1';
const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
const serverKey = `B${'Q'.repeat(86)}`;

/**
 * The browser's push machinery (jsdom has none): a service worker container, a push manager
 * that remembers one subscription, and the Notification permission.
 */
function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission) {
  let current: PushSubscription | null = null;
  const subscription = {
    endpoint,
    toJSON: () => ({ endpoint, keys }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  } as unknown as PushSubscription;
  const pushManager = {
    getSubscription: async () => current,
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const register = vi.fn(async () => registration);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register,
      getRegistration: async () => registration,
      ready: Promise.resolve(registration),
    },
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn(async () => answer) });
  return { subscription, pushManager, register };
}

function withSettings() {
  localStorage.setItem('accessToken', 'token-1');
  server().on('currentUser', () => ({ data: me }));
  server().on('notificationSettings', () => ({
    data: notificationKinds.map((kind) => ({ kind, inApp: true, push: false })),
  }));
  server().on('pushKey', () => ({ data: { publicKey: serverKey } }));
}

const find = (name: string) => screen.findByRole('button', { name }, { timeout: 15_000 });

beforeEach(withSettings);
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('push notifications on this device', () => {
  it('turns on with the browser’s permission and the server’s key, and off again', async () => {
    const browser = fakeBrowser('default', 'granted');
    server().on('subscribePush', () => ({ status: 201, data: { subscribed: true } }));
    server().on('unsubscribePush', () => ({ data: { subscribed: false } }));
    const { user } = renderRoute('/profile/edit');
    await user.click(await find('Turn on for this browser'));
    expect(await find('Turn off for this browser')).toBeVisible();
    expect(screen.getByText(/On for this browser/)).toBeVisible();
    expect(browser.register).toHaveBeenCalledWith('/push-sw.js', { scope: '/' });
    const [options] = browser.pushManager.subscribe.mock.calls[0] as unknown as [
      PushSubscriptionOptionsInit,
    ];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(server().requestsTo('subscribePush')[0]?.body).toEqual({ endpoint, keys });

    await user.click(screen.getByRole('button', { name: 'Turn off for this browser' }));
    expect(await find('Turn on for this browser')).toBeVisible();
    expect(server().requestsTo('unsubscribePush')[0]?.query).toEqual({ endpoint });
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
  });

  it('says so when the person blocks notifications', async () => {
    fakeBrowser('default', 'denied');
    const { user } = renderRoute('/profile/edit');
    await user.click(await find('Turn on for this browser'));
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /for this browser/ })).toBeNull();
    expect(server().requestsTo('subscribePush')).toHaveLength(0);
  });

  it('leaves the browser unsubscribed when the server refuses its push service', async () => {
    const browser = fakeBrowser('granted', 'granted');
    server().on('subscribePush', () => ({
      status: 400,
      error: { code: 'VALIDATION_FAILED', message: 'This push service is not one Kinora sends to' },
    }));
    const { user } = renderRoute('/profile/edit');
    await user.click(await find('Turn on for this browser'));
    expect(
      await screen.findByText('Push notifications could not be changed. Try again.'),
    ).toHaveAttribute('role', 'alert');
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Turn on for this browser' })).toBeEnabled();
  });

  it('says when the browser cannot receive pushes', async () => {
    renderRoute('/profile/edit');
    expect(
      await screen.findByText(
        'This browser cannot receive push notifications.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /for this browser/ })).toBeNull(),
    );
  });
});
