import { Component, type ReactNode } from 'react';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';

interface Props {
  children: ReactNode;
  /** Replaces the default message; `reset` renders the children again. */
  fallback?: (error: unknown, reset: () => void) => ReactNode;
  /** Called on reset, e.g. to reset failed queries before rendering again. */
  onReset?: () => void;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** Keeps one broken page or panel from taking the rest of the screen down. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  reset = (): void => {
    this.props.onReset?.();
    this.setState({ error: null, failed: false });
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.state.error, this.reset);
    return <ApiErrorMessage error={this.state.error} onRetry={this.reset} />;
  }
}
