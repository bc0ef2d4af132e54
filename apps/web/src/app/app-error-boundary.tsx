import { Component, type ErrorInfo, type ReactNode } from 'react';

type State = { error: Error | null };

/** Last line of defence for errors outside the router's own error pages. */
export class AppErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback : this.props.children;
  }
}
