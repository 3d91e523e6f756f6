import { useState, type ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * A 16:9 box holding a lazily loaded image, so nothing moves while it loads. Where there is no
 * image, or it fails to load (`hasFailed`), `fallback` draws what stands in its place; the
 * badges and bars drawn over the image are `children`.
 */
export function ThumbnailBox({
  src,
  className,
  fallback,
  children,
}: {
  src: string | null;
  className?: string;
  fallback: (hasFailed: boolean) => ReactNode;
  children?: ReactNode;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const hasFailed = src !== null && failedSrc === src;
  return (
    <div className={cn('relative aspect-video overflow-hidden rounded-lg bg-raised', className)}>
      {src !== null && !hasFailed ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailedSrc(src)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        fallback(hasFailed)
      )}
      {children}
    </div>
  );
}
