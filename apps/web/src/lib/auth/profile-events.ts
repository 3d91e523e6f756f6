import { useEffect, useRef } from 'react';

/**
 * After any change to the signed-in user's profile the app announces it: a `profileUpdated`
 * window event for this tab and a storage key for the others. Screens showing profile data
 * (channel, profile) refetch when they hear it (spec §2.10, signed-in-areas §2).
 */
export const PROFILE_UPDATED_EVENT = 'profileUpdated';
export const PROFILE_UPDATED_STORAGE_KEY = 'profileUpdatedAt';

export function announceProfileUpdated(): void {
  window.dispatchEvent(new Event(PROFILE_UPDATED_EVENT));
  try {
    localStorage.setItem(PROFILE_UPDATED_STORAGE_KEY, String(Date.now()));
  } catch {
    // Other tabs just will not hear about it.
  }
}

/** Calls `onUpdate` whenever the profile changed, in this tab or another. */
export function useOnProfileUpdated(onUpdate: () => void): void {
  const latest = useRef(onUpdate);
  useEffect(() => {
    latest.current = onUpdate;
  });
  useEffect(() => {
    const onEvent = () => latest.current();
    const onStorage = (event: StorageEvent) => {
      if (event.key === PROFILE_UPDATED_STORAGE_KEY) latest.current();
    };
    window.addEventListener(PROFILE_UPDATED_EVENT, onEvent);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(PROFILE_UPDATED_EVENT, onEvent);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
}
