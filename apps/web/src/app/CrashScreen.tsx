import { Button } from '../components/Button';
import { AlertTriangleIcon } from '../components/icons';

/** The generic crash screen (spec §2.2): what broke and a way out. */
export function CrashScreen({
  message,
  onReload = () => window.location.reload(),
}: {
  message: string;
  onReload?: () => void;
}) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-canvas px-4 text-fg">
      <div
        role="alert"
        className="flex w-full max-w-md flex-col items-center gap-4 rounded-lg border border-border bg-surface p-8 text-center shadow-card"
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
          <AlertTriangleIcon size={28} />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Something went wrong</h1>
        <p className="text-sm break-words text-fg-muted">{message}</p>
        <Button size="lg" onClick={onReload}>
          Reload Page
        </Button>
      </div>
    </div>
  );
}

export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'An unexpected error occurred.';
}
