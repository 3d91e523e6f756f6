import { useCallback, useEffect, useState } from 'react';
import { pushKey, subscribePush, unsubscribePush } from '../api/notifications-api';

/** Where the service worker lives (apps/web/public/push-sw.js), controlling the whole site. */
export const pushWorkerPath = '/push-sw.js';

export type PushDeviceState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function bytesOf(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Whether this browser gets pushes, and the two actions: turning them on asks the browser's
 * permission, registers the service worker, subscribes with the server's VAPID key and tells
 * the server; turning them off does the reverse. `failed` is set when a step did not work.
 */
export function usePushDevice() {
  const [state, setState] = useState<PushDeviceState>('checking');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    if (!supported()) setState('unsupported');
    else if (Notification.permission === 'denied') setState('blocked');
    else {
      currentSubscription().then(
        (subscription) => live && setState(subscription ? 'on' : 'off'),
        () => live && setState('off'),
      );
    }
    return () => {
      live = false;
    };
  }, []);

  const turnOn = useCallback(async () => {
    setBusy(true);
    setFailed(false);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'blocked' : 'off');
        return;
      }
      const registration = await navigator.serviceWorker.register(pushWorkerPath, { scope: '/' });
      await navigator.serviceWorker.ready;
      const { publicKey } = await pushKey();
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: bytesOf(publicKey),
      });
      const { endpoint, keys } = subscription.toJSON();
      if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('incomplete subscription');
      try {
        await subscribePush({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
      } catch (error) {
        // The server would not send to it: leave the browser unsubscribed too.
        await subscription.unsubscribe();
        throw error;
      }
      setState('on');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, []);

  const turnOff = useCallback(async () => {
    setBusy(true);
    setFailed(false);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await unsubscribePush(subscription.endpoint).catch(() => undefined);
        await subscription.unsubscribe();
      }
      setState('off');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, failed, turnOn, turnOff };
}
