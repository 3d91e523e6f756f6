import { useId } from 'react';
import { cn } from '../../lib/cn';

export interface ChoiceCard<T extends string> {
  value: T;
  label: string;
  /** A line under the label saying what the choice means. */
  hint: string;
}

/**
 * One choice among a few, each a card with its label and hint (a radio group under `legend`):
 * the chosen card is drawn in the accent colour and the focus ring goes round the whole card.
 */
export function ChoiceCards<T extends string>({
  legend,
  options,
  chosen,
  onChoose,
  isBusy = false,
}: {
  legend: string;
  options: readonly ChoiceCard<T>[];
  chosen: T;
  onChoose: (value: T) => void;
  /** While a choice is being saved the cards cannot be chosen. */
  isBusy?: boolean;
}) {
  const name = useId();
  return (
    <fieldset disabled={isBusy} aria-busy={isBusy || undefined}>
      <legend className="text-sm font-medium text-fg">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-md border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus',
              chosen === option.value
                ? 'border-accent bg-accent-soft'
                : 'border-border hover:bg-raised',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={chosen === option.value}
              onChange={() => onChoose(option.value)}
              className="mt-0.5 size-4 shrink-0 accent-accent"
            />
            <span className="flex flex-col gap-0.5">
              <span className="text-sm font-medium text-fg">{option.label}</span>
              <span className="text-xs text-fg-muted">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
