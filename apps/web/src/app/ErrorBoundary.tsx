import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CrashScreen, messageOf } from './CrashScreen';

interface State {
  error: unknown;
  hasError: boolean;
}

/** Catches what breaks outside the router (providers); the router's own errors use the screen below. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Kinora crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.hasError) return <CrashScreen message={messageOf(this.state.error)} />;
    return this.props.children;
  }
}

/** The router's error element: a screen that threw while rendering or loading. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : messageOf(error);
  return <CrashScreen message={message} />;
}
