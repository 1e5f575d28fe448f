import { unlockSignIn } from './auth-api.ts';
import { OneTimeLinkPage } from './one-time-link-page.tsx';

/** Target of the unlock link mailed to the owner on a lockout (issue 10 item 13, decision 015). */
export function UnlockPage() {
  return <OneTimeLinkPage i18nKey="auth.unlock" testId="unlock" post={unlockSignIn} />;
}
