import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '../../components/icons';
import { cn } from '../../lib/cn';

/** The top bar's search: goes to /search?q=...; a blank query is ignored (spec §2.3, §5). */
export function SearchForm({
  className,
  autoFocus,
  onSearched,
}: {
  className?: string;
  autoFocus?: boolean;
  onSearched?: () => void;
}) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [text, setText] = useState(() => searchParams.get('q') ?? '');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(`/search?q=${encodeURIComponent(query)}`);
    onSearched?.();
  };

  return (
    <form role="search" onSubmit={submit} className={cn('flex min-w-0 items-center', className)}>
      <input
        type="search"
        name="q"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search"
        aria-label="Search videos and channels"
        autoComplete="off"
        enterKeyHint="search"
        autoFocus={autoFocus}
        className="h-10 min-w-0 flex-1 rounded-l-full border border-border bg-canvas px-4 text-base text-fg placeholder:text-fg-muted hover:border-border-strong focus-visible:border-focus sm:text-sm"
      />
      <button
        type="submit"
        aria-label="Search"
        title="Search"
        className="flex h-10 w-14 shrink-0 items-center justify-center rounded-r-full border border-l-0 border-border bg-raised text-fg hover:bg-border"
      >
        <SearchIcon size={18} />
      </button>
    </form>
  );
}
