import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ServerErrorPage } from '../../features/errors/server-error-page.tsx';

interface Props {
  pathname: string;
  children: ReactNode;
}

/** Last resort for a render error anywhere under the router; the next navigation clears it. */
class RouteErrorBoundaryInner extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error !== null && previous.pathname !== this.props.pathname) this.setState({ error: null });
  }

  override render() {
    return this.state.error === null ? this.props.children : <ServerErrorPage />;
  }
}

/**
 * The routes render with `useRoutes` (declarative mode: no loaders, and the data router's code stays out of
 * the first load, issue 11), so render errors are caught here instead of by a route's `errorElement`.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundaryInner pathname={pathname}>{children}</RouteErrorBoundaryInner>;
}
