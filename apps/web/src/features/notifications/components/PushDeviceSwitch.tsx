import { useId } from 'react';
import { Button } from '../../../components/Button';
import { notificationText as text } from '../api/notifications-api';
import { usePushDevice, type PushDeviceState } from '../hooks/use-push-device';

const stateText: Record<Exclude<PushDeviceState, 'checking'>, string> = {
  on: text.pushOn,
  off: text.pushOff,
  blocked: text.pushBlocked,
  unsupported: text.pushUnsupported,
};

/** Whether this browser receives pushes, with the one action that changes it. */
export function PushDeviceSwitch() {
  const headingId = useId();
  const { state, busy, failed, turnOn, turnOff } = usePushDevice();
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="mt-4 flex flex-col gap-3 rounded-md border border-border bg-raised p-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <h3 id={headingId} className="text-sm font-semibold">
          {text.pushHeading}
        </h3>
        <p className="mt-0.5 text-sm text-fg-muted" aria-live="polite">
          {state === 'checking' ? 'Checking…' : stateText[state]}
        </p>
        {failed ? (
          <p role="alert" className="mt-1 text-sm text-danger">
            {text.pushFailed}
          </p>
        ) : null}
      </div>
      {state === 'on' || state === 'off' ? (
        <Button
          variant={state === 'on' ? 'secondary' : 'primary'}
          className="shrink-0"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void (state === 'on' ? turnOff() : turnOn())}
        >
          {state === 'on' ? text.pushTurnOff : text.pushTurnOn}
        </Button>
      ) : null}
    </div>
  );
}
