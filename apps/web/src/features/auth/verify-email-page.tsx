import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { confirmRegistration } from './auth-api.ts';
import { OneTimeLinkPage } from './one-time-link-page.tsx';

/** Target of the registration link (decision 017): confirms the e-mail, signs in, opens the dashboard. */
export function VerifyEmailPage() {
  const navigate = useNavigate();
  return (
    <OneTimeLinkPage
      i18nKey="auth.verifyEmail"
      testId="verify-email"
      post={confirmRegistration}
      onSuccess={({ token }) => {
        sessionStore.signIn(token);
        void navigate(paths.dashboard, { replace: true });
      }}
    />
  );
}
