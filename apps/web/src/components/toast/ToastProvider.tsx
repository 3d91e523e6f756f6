import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import {
  AlertTriangleIcon,
  CheckCircleIcon,
  CloseIcon,
  InfoIcon,
  XCircleIcon,
  type IconProps,
} from '../icons';
import {
  ToastContext,
  toastDurations,
  type ToastApi,
  type ToastOptions,
  type ToastType,
} from './toast-context';

interface ToastItem {
  id: number;
  type: ToastType;
  message: string;
  duration: number;
}

/** More than this and the oldest make room: a wall of toasts helps no one. */
const MAX_VISIBLE = 4;

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((t) => t.id !== id));
  }, []);

  const api = useMemo<ToastApi>(() => {
    const show = (type: ToastType, message: string, options?: ToastOptions) => {
      const toast = {
        id: nextId++,
        type,
        message,
        duration: options?.duration ?? toastDurations.default,
      };
      setToasts((current) => [...current, toast].slice(-MAX_VISIBLE));
    };
    return {
      show,
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
      info: (message, options) => show('info', message, options),
      warning: (message, options) => show('warning', message, options),
    };
  }, []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        role="status"
        aria-live="polite"
        aria-label="Notifications"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
      >
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

const looks: Record<ToastType, { Icon: (p: IconProps) => ReactNode; tone: string }> = {
  success: { Icon: CheckCircleIcon, tone: 'text-success' },
  error: { Icon: XCircleIcon, tone: 'text-danger' },
  info: { Icon: InfoIcon, tone: 'text-info' },
  warning: { Icon: AlertTriangleIcon, tone: 'text-warning' },
};

const labels: Record<ToastType, string> = {
  success: 'Success',
  error: 'Error',
  info: 'Information',
  warning: 'Warning',
};

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, onDismiss]);

  const { Icon, tone } = looks[toast.type];
  return (
    <div
      data-toast-type={toast.type}
      className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-md border border-border bg-surface p-3 text-sm text-fg shadow-pop"
    >
      <Icon className={cn('mt-0.5 shrink-0', tone)} />
      <p className="min-w-0 flex-1 py-0.5 break-words">
        <span className="sr-only">{labels[toast.type]}: </span>
        {toast.message}
      </p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label="Dismiss notification"
        className="-m-1 shrink-0 rounded-sm p-1 text-fg-muted hover:bg-raised hover:text-fg"
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
