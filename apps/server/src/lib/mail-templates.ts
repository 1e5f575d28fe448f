import type { Language } from '@medida/contracts';
import type { MailMessage } from './mailer.ts';
import { translate } from './i18n.ts';

type Template =
  | 'totpEnabled'
  | 'totpDisabled'
  | 'recoveryCodesRenewed'
  | 'secondFactorReset'
  | 'welcome'
  | 'passwordReset'
  | 'passwordChanged'
  | 'invitationAccepted'
  | 'invitation'
  | 'portalInvitation'
  | 'evaluationReport'
  | 'emailChangeConfirm'
  | 'emailChangeNotice'
  | 'emailChangeRequest'
  | 'lockoutNotice'
  | 'verifyEmail'
  | 'alreadyRegistered'
  | 'handover'
  | 'passkeyAdded'
  | 'passkeyRemoved'
  | 'creditRequested'
  | 'creditRequestGranted'
  | 'creditRequestDeclined';

/** Plain-text messages in the recipient's language; they carry no health data (security.md F6). */
export function renderMail(
  template: Template,
  lang: Language,
  to: string,
  rawParams: Record<string, string | number>,
): MailMessage {
  // Every parameter is a one-line value (a name, a link): line breaks from user input are flattened.
  const params = Object.fromEntries(Object.entries(rawParams).map(([k, v]) => [k, String(v).replace(/[\r\n]+/g, ' ')]));
  const body = translate(lang, `mail.${template}.body`, params);
  return {
    to,
    subject: translate(lang, `mail.${template}.subject`, params),
    text: `${body}\n\n${translate(lang, 'mail.signature')}\n`,
  };
}
