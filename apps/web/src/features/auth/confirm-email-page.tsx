import { confirmEmailChange } from './auth-api.ts';
import { OneTimeLinkPage } from './one-time-link-page.tsx';

/** Target of the link mailed to a new login address (issue 10 item 3): confirms the change, then log in with it. */
export function ConfirmEmailPage() {
  return <OneTimeLinkPage i18nKey="auth.confirmEmail" testId="confirm-email" post={confirmEmailChange} />;
}
