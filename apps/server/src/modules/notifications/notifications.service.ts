import type { Database, Kysely } from '@medida/db';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { asLanguage, formatInstant } from '../../lib/i18n.ts';
import { renderMail } from '../../lib/mail-templates.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { createNotificationsRepository } from './notifications.repository.ts';

/** The second-factor notices (decision 207, 208). */
export type SecondFactorChange = 'totpEnabled' | 'totpDisabled' | 'recoveryCodesRenewed' | 'secondFactorReset';

export interface Recipient {
  id: number;
  email: string;
  nombre: string;
  lang: string;
}

/** Account e-mails. They are queued (sendLater) so a response never waits on, or reveals, mail delivery. */
export function createNotificationsService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, 'publicBaseUrl'>;
}) {
  const repo = createNotificationsRepository(deps.db);
  const base = deps.config.publicBaseUrl;

  async function queue(
    template:
      | SecondFactorChange
      | 'passwordReset'
      | 'passwordChanged'
      | 'invitationAccepted'
      | 'invitation'
      | 'verifyEmail'
      | 'alreadyRegistered'
      | 'portalInvitation'
      | 'handover'
      | 'emailChangeRequest'
      | 'passkeyAdded'
      | 'passkeyRemoved'
      | 'creditRequested'
      | 'creditRequestGranted'
      | 'creditRequestDeclined',
    user: Recipient,
    params: Record<string, string | number>,
  ) {
    deps.mailer.sendLater(renderMail(template, asLanguage(user.lang), user.email, { nombre: user.nombre, ...params }));
    await repo.logEmail({ userId: user.id, template, recipient: user.email, now: deps.clock.now() });
  }

  return {
    /** A passkey was added to or removed from the account (security.md R03: every credential change is told). */
    passkeyChanged: (user: Recipient, change: 'passkeyAdded' | 'passkeyRemoved', name: string) =>
      queue(change, user, { email: user.email, name }),
    /**
     * A network professional added by a professional (decision 186): who invited it and a one-time link to
     * choose its own password, whose expiry is written in the e-mail's language and the inviter's time zone.
     * No password travels by e-mail.
     */
    invitation: (user: Recipient, invitation: { inviter: string; token: string; expiresAt: Date; timeZone: string }) =>
      queue('invitation', user, {
        email: user.email,
        inviter: invitation.inviter,
        link: `${base}/pages/reset-password#token=${invitation.token}&invitation=1`,
        expires: formatInstant(invitation.expiresAt, asLanguage(user.lang), invitation.timeZone),
        loginUrl: `${base}/pages/login`,
      }),
    /** Self-registration (decision 017): the link verifies the address and signs in. */
    verifyEmail: (user: Recipient, token: string, hours: number) =>
      queue('verifyEmail', user, { email: user.email, hours, link: `${base}/pages/verify-email#token=${token}` }),
    /** Someone registered with an address that has an account: its owner is told, nothing else happens. */
    alreadyRegistered: (user: Recipient) =>
      queue('alreadyRegistered', user, {
        email: user.email,
        loginUrl: `${base}/pages/login`,
        resetUrl: `${base}/pages/forgot-password`,
      }),
    /**
     * A client invited to the portal by its professional: what the portal is, and a one-time link to
     * choose a password, whose expiry is written in the client's language and the given time zone.
     */
    portalInvitation: (
      user: Recipient,
      invitation: { inviter: string; token: string; expiresAt: Date; timeZone: string },
    ) =>
      queue('portalInvitation', user, {
        inviter: invitation.inviter,
        link: `${base}/pages/reset-password#token=${invitation.token}&invitation=1`,
        expires: formatInstant(invitation.expiresAt, asLanguage(user.lang), invitation.timeZone),
        loginUrl: `${base}/pages/login`,
      }),
    /**
     * A professional of the account handed clients or network professionals over to the receiver (decision
     * 117): who, how many, where to find them. No names of clients, no health data (security.md F6).
     */
    handover: (user: Recipient, handover: { giver: string; clients: number; network: number }) =>
      queue('handover', user, {
        giver: handover.giver,
        clients: handover.clients,
        network: handover.network,
        clientsUrl: `${base}/users`,
        networkUrl: `${base}/networkusers`,
      }),
    /**
     * A professional above the user asks it to change its login e-mail (decision 202): who asks, the suggested
     * address and where the user changes it itself. Only the user can; the mail carries no link that changes it.
     */
    emailChangeRequest: (user: Recipient, ask: { requester: string; suggested: string }) =>
      queue('emailChangeRequest', user, {
        email: user.email,
        requester: ask.requester,
        suggested: ask.suggested,
        loginUrl: `${base}/pages/login`,
      }),
    /** The link carries the token in the fragment, which browsers never send to a server or a log. */
    passwordReset: (user: Recipient, token: string, minutes: number) =>
      queue('passwordReset', user, { link: `${base}/pages/reset-password#token=${token}`, minutes }),
    /** An invitation's link used: the account's first password is set and the person is signed in (decision 186). */
    invitationAccepted: (user: Recipient) =>
      queue('invitationAccepted', user, {
        email: user.email,
        loginUrl: `${base}/pages/login`,
        resetUrl: `${base}/pages/forgot-password`,
      }),
    /**
     * A change of the user's second factors (security.md R03: every credential change is told): an authenticator
     * set up or removed, new recovery codes, or a reset by `by` (a professional above it, decision 208).
     */
    secondFactorChanged: (user: Recipient, change: SecondFactorChange, by?: string) =>
      queue(change, user, {
        email: user.email,
        when: deps.clock.now().toISOString().slice(0, 16).replace('T', ' '),
        by: by ?? '',
        loginUrl: `${base}/pages/login`,
      }),

    /**
     * A professional asked for credits (decision 229): the operator is told who, how many, the pack's price (the
     * manual invoice driver: the operator invoices it and grants once paid) and where the console's requests are.
     */
    creditRequested: (
      operator: Recipient,
      ask: { requester: string; email: string; credits: number; price: string; note: string },
    ) => queue('creditRequested', operator, { ...ask, consoleUrl: `${base}/operator/requests` }),
    /** An operator granted or declined the user's request, with its note (decision 229). */
    creditRequestDecided: (
      user: Recipient,
      decision: { state: 'granted' | 'declined'; credits: number; note: string },
    ) =>
      queue(decision.state === 'granted' ? 'creditRequestGranted' : 'creditRequestDeclined', user, {
        credits: decision.credits,
        note: decision.note,
        loginUrl: `${base}/pages/login`,
      }),

    passwordChanged: (user: Recipient) =>
      queue('passwordChanged', user, {
        when: deps.clock.now().toISOString().slice(0, 16).replace('T', ' '),
        resetUrl: `${base}/pages/login`,
      }),
  };
}
