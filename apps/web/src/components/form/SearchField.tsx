import { cn } from '../../lib/cn';
import { SearchIcon } from '../icons';
import { inputClass } from './TextField';

/**
 * A search box with its magnifier, named by `label` for screen readers only (the placeholder
 * says what it searches), as the personal lists and the Add Videos dialog use it.
 */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className?: string;
}) {
  return (
    <label className={cn('relative block', className)}>
      <span className="sr-only">{label}</span>
      <SearchIcon
        size={18}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-fg-muted"
      />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className={cn(inputClass, 'pl-10')}
      />
    </label>
  );
}
