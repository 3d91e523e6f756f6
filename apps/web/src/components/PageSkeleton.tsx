/** Grey blocks in the shape of a page while it loads (no layout jump when it arrives). */
export function PageSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="mx-auto w-full max-w-content animate-pulse px-4 py-8 sm:px-6"
    >
      <div className="h-8 w-48 rounded-md bg-raised" />
      <div className="mt-6 h-40 rounded-lg bg-raised" />
      <div className="mt-4 h-4 w-2/3 rounded-sm bg-raised" />
      <div className="mt-2 h-4 w-1/2 rounded-sm bg-raised" />
    </div>
  );
}
