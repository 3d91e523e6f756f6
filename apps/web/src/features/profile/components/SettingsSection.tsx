import { useId, type ReactNode } from 'react';

/** One titled card of Edit profile (messaging, sign-in and security, your data). */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 flex flex-col gap-6 rounded-lg border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        {title}
      </h2>
      {children}
    </section>
  );
}
