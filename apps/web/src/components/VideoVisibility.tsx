import type { SetVideoVisibilityBody, Video, VideoVisibility } from '@kinora/contract';
import { useId } from 'react';
import { cn } from '../lib/cn';
import { Field } from './form/Field';
import { FieldError, inputClass } from './form/TextField';

/*
 * A video's privacy level (decision 0039), chosen the same way on upload and in My videos, and
 * shown as the same badge: Public, Unlisted, Private, or Scheduled with its date.
 */

/** What the select offers: a level, or a schedule (private until a date, then public). */
export type VisibilityChoice = VideoVisibility | 'scheduled';

export interface VisibilityValue {
  choice: VisibilityChoice;
  /** The `datetime-local` input's value (local time, `2026-12-01T18:00`), for a schedule. */
  publishAt: string;
}

export const visibilityText = {
  label: 'Visibility',
  when: 'Publish on',
  options: {
    public: 'Public',
    unlisted: 'Unlisted',
    private: 'Private',
    scheduled: 'Schedule',
  },
  hints: {
    public: 'Everyone can find and watch it.',
    unlisted: 'Anyone with the link can watch it. It is not listed, searched or sent to followers.',
    private: 'Only you can watch it.',
    scheduled: 'Private until the date and time you choose, then public.',
  },
  whenRequired: 'Choose the date and time to publish on',
  whenPast: 'Choose a date and time in the future',
  scheduled: 'Scheduled',
} as const;

const choices: readonly VisibilityChoice[] = ['public', 'unlisted', 'private', 'scheduled'];

/** A new video's default: public, as the spec's upload makes it. */
export const defaultVisibility: VisibilityValue = { choice: 'public', publishAt: '' };

/** The `datetime-local` value of an instant, in the browser's time zone. */
export function localDateTimeValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What the select shows for a video as it is now. */
export function visibilityValueOf(video: Pick<Video, 'visibility' | 'publishAt'>): VisibilityValue {
  return video.publishAt
    ? { choice: 'scheduled', publishAt: localDateTimeValue(new Date(video.publishAt)) }
    : { choice: video.visibility, publishAt: '' };
}

/**
 * The request body for a value, or the error to show under the date: a schedule needs a date
 * in the future (the server says so too; this says it before anything is sent).
 */
export function visibilityBody(
  value: VisibilityValue,
  now: Date = new Date(),
): { body: SetVideoVisibilityBody } | { error: string } {
  if (value.choice !== 'scheduled') return { body: { visibility: value.choice } };
  if (!value.publishAt) return { error: visibilityText.whenRequired };
  const at = new Date(value.publishAt);
  if (Number.isNaN(at.getTime())) return { error: visibilityText.whenRequired };
  if (at.getTime() <= now.getTime()) return { error: visibilityText.whenPast };
  return { body: { visibility: 'private', publishAt: at.toISOString() } };
}

/** The select of levels and, for a schedule, the date-time input. */
export function VisibilityFields({
  value,
  onChange,
  error,
  disabled,
}: {
  value: VisibilityValue;
  onChange: (value: VisibilityValue) => void;
  /** Shown under the date-time input. */
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-3">
      <Field label={visibilityText.label} htmlFor={`${id}-level`}>
        <select
          id={`${id}-level`}
          name="visibility"
          value={value.choice}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => {
            const picked = choices.find((choice) => choice === event.target.value);
            if (picked) onChange({ ...value, choice: picked });
          }}
          className={cn(inputClass, 'pr-8')}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {visibilityText.options[choice]}
            </option>
          ))}
        </select>
        <p id={hintId} className="text-xs text-fg-muted">
          {visibilityText.hints[value.choice]}
        </p>
      </Field>
      {value.choice === 'scheduled' ? (
        <Field label={visibilityText.when} htmlFor={`${id}-when`}>
          <input
            id={`${id}-when`}
            name="publishAt"
            type="datetime-local"
            required
            value={value.publishAt}
            min={localDateTimeValue(new Date())}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => onChange({ ...value, publishAt: event.target.value })}
            className={inputClass}
          />
          <FieldError id={errorId} message={error} />
        </Field>
      ) : null}
    </div>
  );
}

const badgeStyles: Record<VisibilityChoice, { pill: string; dot: string }> = {
  public: { pill: 'bg-success-soft', dot: 'bg-success' },
  unlisted: { pill: 'bg-info-soft', dot: 'bg-info' },
  private: { pill: 'bg-warning-soft', dot: 'bg-warning' },
  scheduled: { pill: 'bg-accent-soft', dot: 'bg-accent' },
};

/** The level as a small pill: 'Public', 'Unlisted', 'Private' or 'Scheduled · 1 Dec, 18:00'. */
export function VisibilityBadge({
  video,
  className,
}: {
  video: Pick<Video, 'visibility' | 'publishAt'>;
  className?: string;
}) {
  const choice: VisibilityChoice = video.publishAt ? 'scheduled' : video.visibility;
  const label = video.publishAt
    ? `${visibilityText.scheduled} · ${new Date(video.publishAt).toLocaleString(undefined, {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      })}`
    : visibilityText.options[video.visibility];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-fg',
        badgeStyles[choice].pill,
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', badgeStyles[choice].dot)} />
      {label}
    </span>
  );
}
