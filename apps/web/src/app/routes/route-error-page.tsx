import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../../features/errors/not-found-page.tsx';
import { ServerErrorPage } from '../../features/errors/server-error-page.tsx';

/** Last resort for a render error anywhere under the router. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return <ServerErrorPage />;
}
