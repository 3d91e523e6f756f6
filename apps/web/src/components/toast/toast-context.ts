import { createContext, useContext } from 'react';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

/** Auto-hide delays (spec §4, §9): notifications 3 s, share confirmations 2 s. */
export const toastDurations = { default: 3000, share: 2000 } as const;

export interface ToastOptions {
  /** Milliseconds before the toast hides itself; default {@link toastDurations.default}. */
  duration?: number;
}

export interface ToastApi {
  show(type: ToastType, message: string, options?: ToastOptions): void;
  success(message: string, options?: ToastOptions): void;
  error(message: string, options?: ToastOptions): void;
  info(message: string, options?: ToastOptions): void;
  warning(message: string, options?: ToastOptions): void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/**
 * Shows short notifications: `toast.success('Profile updated successfully!')`,
 * `toast.success('Video URL copied to clipboard!', { duration: toastDurations.share })`.
 */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
