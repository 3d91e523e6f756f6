import { Outlet } from 'react-router';

/** Sign-in screens (spec §2.2): a plain dark page, no top bar or sidebar, whatever the theme. */
export function AuthLayout() {
  return (
    <div className="dark flex min-h-dvh flex-col bg-canvas text-fg">
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
        <Outlet />
      </main>
    </div>
  );
}
