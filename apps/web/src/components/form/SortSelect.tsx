import { cn } from '../../lib/cn';
import { inputClass } from './TextField';

export interface SortOption<T extends string> {
  value: T;
  label: string;
}

/** The 'Sort by' select of a list; it only ever hands back one of the `options` it was given. */
export function SortSelect<T extends string>({
  value,
  options,
  onChange,
}: {
  value: T;
  options: readonly SortOption<T>[];
  onChange: (value: T) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm whitespace-nowrap text-fg-muted">
      Sort by
      <select
        value={value}
        onChange={(event) => {
          const picked = options.find((option) => option.value === event.target.value);
          if (picked) onChange(picked.value);
        }}
        className={cn(inputClass, 'w-auto pr-8')}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
