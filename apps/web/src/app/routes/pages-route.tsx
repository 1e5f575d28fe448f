import { useParams } from 'react-router';
import { RegisterPage } from '../../features/auth/register-page.tsx';
import { NotFoundPage } from '../../features/errors/not-found-page.tsx';
import { resolveRegistrationVariant } from '@medida/contracts/constants';
import '../../lib/dates-locale.ts';
import '../../styles/all.css';

/** React Router cannot match `register-*` as a partial segment, so the variant table decides. */
export function PagesRoute() {
  const { page = '' } = useParams();
  const variant = resolveRegistrationVariant(page);
  if (!variant) return <NotFoundPage />;
  // key: switching variant resets the form and its presets
  return <RegisterPage key={variant.slug} variant={variant} />;
}
