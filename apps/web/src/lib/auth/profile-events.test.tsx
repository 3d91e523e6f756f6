import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  announceProfileUpdated,
  PROFILE_UPDATED_EVENT,
  PROFILE_UPDATED_STORAGE_KEY,
  useOnProfileUpdated,
} from './profile-events';

describe('profile updated announcements', () => {
  it("fires the 'profileUpdated' window event and sets the storage key", () => {
    const onEvent = vi.fn();
    window.addEventListener(PROFILE_UPDATED_EVENT, onEvent);
    announceProfileUpdated();
    expect(PROFILE_UPDATED_EVENT).toBe('profileUpdated');
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(PROFILE_UPDATED_STORAGE_KEY)).toMatch(/^\d+$/);
    window.removeEventListener(PROFILE_UPDATED_EVENT, onEvent);
  });

  it('calls back on the event in this tab and on the storage key from another tab', () => {
    const onUpdate = vi.fn();
    const { unmount } = renderHook(() => useOnProfileUpdated(onUpdate));

    act(() => announceProfileUpdated());
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: PROFILE_UPDATED_STORAGE_KEY }));
    });
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    });
    expect(onUpdate).toHaveBeenCalledTimes(2);

    unmount();
    act(() => announceProfileUpdated());
    expect(onUpdate).toHaveBeenCalledTimes(2);
  });
});
