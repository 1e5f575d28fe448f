import { CONSENT_TEXT_VERSION } from '@medida/contracts';
import type { AccessCase, Target } from './access-matrix.ts';
import { evaluationBody } from './evaluation-factories.ts';
import { DEFAULT_PASSWORD } from './factories.ts';
import { passkeyRegistrationOptions, registeredPasskey, TEST_RP } from './passkey-factories.ts';
import { clientBody, editableFields, multipartPayload, networkBody, sampleFiles } from './people-factories.ts';
import { enrolledTotp, startTotp, totpCode } from './second-factor-factories.ts';
import { softAuthenticator } from './soft-authenticator.ts';
import type { TestContext } from './test-app.ts';

/**
 * One valid request for every authenticated route, aimed at the target account's objects, with the owner's and
 * the client's statuses: the access matrix (trust/access-matrix.int.test.ts) sends each as every kind of actor,
 * the OpenAPI conformance test (trust/openapi-conformance.int.test.ts) checks the answers against the document.
 */
export function accessCases(context: () => TestContext): AccessCase[] {
  const post = (url: string, payload: object) => ({ method: 'POST' as const, url, payload });
  const get = (url: string) => ({ method: 'GET' as const, url });

  const consent = {
    consent_method: 'verbal',
    consent_version: CONSENT_TEXT_VERSION,
    consent_lang: 'en',
  } as const;

  async function giveConsent(t: Target) {
    const res = await context().app.inject({
      ...post(`/web/clients/${t.client.id}/consent`, consent),
      headers: t.owner.headers,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  }

  /** The job of the export the target's owner started last (the export rows' object). */
  let exportJobId = '';
  async function ownersExport(t: Target) {
    const res = await context().app.inject({
      ...post(`/web/clients/${t.client.id}/export`, {}),
      headers: t.owner.headers,
    });
    if (res.statusCode !== 202) throw new Error(res.body);
    exportJobId = res.json<{ export: { id: string } }>().export.id;
    await context().app.deps.background.idle();
  }

  /** The passkey the target's owner registered last (the passkey rows' object). */
  let passkeyId = 0;
  async function ownersPasskey(t: Target) {
    passkeyId = (await registeredPasskey(context().app, t.owner.headers)).passkey.id;
  }

  /** The credit request the target's owner sent last (the console's decision rows' object). */
  let creditRequestId = 0;
  async function ownersCreditRequest(t: Target) {
    const res = await context().app.inject({
      ...post('/web/credit-requests', { credits: 20 }),
      headers: t.owner.headers,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    creditRequestId = res.json<{ request: { id: number } }>().request.id;
  }

  /** The authenticator the target's owner set up last (pending or confirmed), for the second-factor rows. */
  let ownersSecret: Buffer = Buffer.alloc(0);

  return [
    // Oneself: answers about the acting user only.
    {
      route: 'GET /web/authenticate/user',
      request: () => get('/web/authenticate/user'),
      owner: 200,
      client: 200,
      ownScope: true,
    },
    { route: 'POST /web/logout', request: () => post('/web/logout', {}), owner: 204, client: 204, ownScope: true },
    {
      route: 'POST /web/actualizapass',
      request: (t) =>
        post('/web/actualizapass', {
          id_usuario: t.owner.id,
          current_password: DEFAULT_PASSWORD,
          password: 'otra clave muy larga 77',
        }),
      owner: 200,
    },
    { route: 'GET /web/sessions', request: () => get('/web/sessions'), owner: 200, client: 200, ownScope: true },
    {
      route: 'DELETE /web/sessions',
      request: () => ({ method: 'DELETE', url: '/web/sessions' }),
      owner: 200,
      client: 200,
      ownScope: true,
    },
    // Passkeys (decision 209): one's own list and options; the owner's passkey is nobody else's to rename or delete,
    // and the owner's registration challenge is nobody else's to answer (422).
    { route: 'GET /web/passkeys', request: () => get('/web/passkeys'), owner: 200, client: 200, ownScope: true },
    {
      route: 'POST /web/passkeys/register/options',
      request: () => post('/web/passkeys/register/options', {}),
      owner: 200,
      client: 200,
      ownScope: true,
    },
    {
      route: 'POST /web/passkeys/register',
      request: async (t) => {
        const options = await passkeyRegistrationOptions(context().app, t.owner.headers);
        return post('/web/passkeys/register', { name: 'Key', response: softAuthenticator(TEST_RP).create(options) });
      },
      owner: 201,
    },
    {
      route: 'PATCH /web/passkeys/:id',
      setup: (t) => ownersPasskey(t),
      request: () => ({ method: 'PATCH', url: `/web/passkeys/${passkeyId}`, payload: { name: 'Renamed' } }),
      owner: 200,
    },
    {
      route: 'DELETE /web/passkeys/:id',
      setup: (t) => ownersPasskey(t),
      request: () => ({ method: 'DELETE', url: `/web/passkeys/${passkeyId}`, payload: { password: DEFAULT_PASSWORD } }),
      owner: 204,
    },
    // Second factors (decisions 207, 208): each actor's own; the owner's pending or confirmed authenticator answers
    // the owner's code only (anyone else has none, or another: 409/422). Only an account's root sets its network's
    // requirement (a client gets 403, a network child 403); only someone above a person resets its factors.
    {
      route: 'GET /web/second-factor',
      request: () => get('/web/second-factor'),
      owner: 200,
      client: 200,
      ownScope: true,
    },
    {
      route: 'POST /web/second-factor/totp/setup',
      request: () => post('/web/second-factor/totp/setup', { current_password: DEFAULT_PASSWORD }),
      owner: 200,
      client: 200,
      ownScope: true,
    },
    {
      route: 'POST /web/second-factor/totp/confirm',
      setup: async (t) => {
        ownersSecret = (await startTotp(context().app, t.owner.headers)).secret;
      },
      request: () => post('/web/second-factor/totp/confirm', { code: totpCode(context().app, ownersSecret) }),
      owner: 200,
    },
    {
      route: 'POST /web/second-factor/totp/disable',
      setup: async (t) => {
        ownersSecret = (await enrolledTotp(context().app, t.owner.headers)).secret;
      },
      request: () =>
        post('/web/second-factor/totp/disable', {
          current_password: DEFAULT_PASSWORD,
          code: totpCode(context().app, ownersSecret),
        }),
      owner: 204,
    },
    {
      route: 'POST /web/second-factor/recovery-codes',
      setup: async (t) => {
        ownersSecret = (await enrolledTotp(context().app, t.owner.headers)).secret;
      },
      request: () =>
        post('/web/second-factor/recovery-codes', {
          current_password: DEFAULT_PASSWORD,
          code: totpCode(context().app, ownersSecret),
        }),
      owner: 200,
    },
    {
      route: 'PUT /web/second-factor/network-policy',
      request: () => ({ method: 'PUT', url: '/web/second-factor/network-policy', payload: { required: false } }),
      owner: 200,
      ownScope: true,
    },
    {
      route: 'POST /web/people/:id/second-factor/reset',
      request: (t) => post(`/web/people/${t.colleague.id}/second-factor/reset`, {}),
      owner: 204,
    },
    {
      route: 'DELETE /web/sessions/:id',
      request: (t) => ({ method: 'DELETE', url: `/web/sessions/${t.sessionId}` }),
      owner: 204,
    },
    {
      route: 'POST /web/cambiaemail',
      request: (t) => post('/web/cambiaemail', { email: `new-${t.owner.id}@example.com`, password: DEFAULT_PASSWORD }),
      owner: 200,
      client: 200,
      ownScope: true,
    },
    {
      // Acts on the session's own account only; a verified one gets 200 and no mail (decision 017).
      route: 'POST /web/reenviaconfirmacion',
      request: () => post('/web/reenviaconfirmacion', {}),
      owner: 200,
      client: 200,
      ownScope: true,
    },
    {
      route: 'GET /web/datosusuario',
      request: (t) => get(`/web/datosusuario?id_usuario=${t.client.id}`),
      owner: 200,
      client: 200,
    },
    {
      route: 'GET /web/listadoperfil',
      request: () => get('/web/listadoperfil'),
      owner: 200,
      client: 200,
      ownScope: true,
    },
    {
      route: 'POST /web/ingresoperfil',
      request: (t) => {
        const { email: _email, ...fields } = editableFields(networkBody(t.ids, t.owner.id));
        return post('/web/ingresoperfil', { ...fields, lang: 'es' });
      },
      owner: 200,
      client: 200,
      ownScope: true,
    },
    {
      route: 'GET /web/account/deletion',
      request: () => get('/web/account/deletion'),
      owner: 200,
      client: 200,
      ownScope: true,
    },
    {
      route: 'POST /web/account/delete',
      request: (_t, actor) => post('/web/account/delete', { password: DEFAULT_PASSWORD, confirmation: actor.email }),
      // An account with clients is not deleted (decision 113): the owner's 409 shows the request got that far.
      owner: 409,
      client: 200,
      ownScope: true,
    },
    {
      route: 'GET /web/handover/receivers',
      request: () => get('/web/handover/receivers'),
      owner: 200,
      ownScope: true,
    },
    {
      // The owner hands its client to its colleague (decision 117); anyone else is refused.
      route: 'POST /web/handover',
      request: (t) => post('/web/handover', { receiver_id: t.colleague.id, client_ids: [t.client.id] }),
      owner: 200,
    },
    { route: 'GET /web/creditos', request: () => get('/web/creditos'), owner: 200, ownScope: true },
    // Credit requests (decision 229): each top-level account's own; a network child or a client is refused.
    {
      route: 'GET /web/credit-requests',
      request: () => get('/web/credit-requests'),
      owner: 200,
      ownScope: true,
    },
    {
      route: 'POST /web/credit-requests',
      request: () => post('/web/credit-requests', { credits: 20, note: 'matrix' }),
      owner: 201,
      ownScope: true,
    },
    // The operator's console (decision 229): the operator only; professionals and clients are refused, and no
    // answer holds the target's client data.
    {
      route: 'GET /web/operator/accounts',
      request: () => get('/web/operator/accounts?limit=100'),
      owner: 200,
      by: 'operator',
    },
    {
      route: 'GET /web/operator/accounts/:id',
      request: (t) => get(`/web/operator/accounts/${t.owner.id}`),
      owner: 200,
      by: 'operator',
    },
    {
      route: 'POST /web/operator/accounts/:id/grant',
      request: (t) => post(`/web/operator/accounts/${t.owner.id}/grant`, { credits: 5, note: 'matrix' }),
      owner: 200,
      by: 'operator',
    },
    {
      route: 'POST /web/operator/accounts/:id/suspend',
      request: (t) => post(`/web/operator/accounts/${t.owner.id}/suspend`, {}),
      owner: 200,
      by: 'operator',
    },
    {
      route: 'POST /web/operator/accounts/:id/reactivate',
      request: (t) => post(`/web/operator/accounts/${t.owner.id}/reactivate`, {}),
      owner: 200,
      by: 'operator',
    },
    {
      route: 'GET /web/operator/credit-requests',
      request: () => get('/web/operator/credit-requests'),
      owner: 200,
      by: 'operator',
    },
    {
      route: 'POST /web/operator/credit-requests/:id/grant',
      setup: (t) => ownersCreditRequest(t),
      request: () => post(`/web/operator/credit-requests/${creditRequestId}/grant`, { note: 'paid' }),
      owner: 200,
      by: 'operator',
    },
    {
      route: 'POST /web/operator/credit-requests/:id/decline',
      setup: (t) => ownersCreditRequest(t),
      request: () => post(`/web/operator/credit-requests/${creditRequestId}/decline`, { note: 'unpaid' }),
      owner: 200,
      by: 'operator',
    },
    {
      route: 'GET /web/operator/audit',
      request: () => get('/web/operator/audit'),
      owner: 200,
      by: 'operator',
    },
    { route: 'GET /web/dashboard/settings', request: () => get('/web/dashboard/settings'), owner: 200, ownScope: true },
    {
      route: 'PUT /web/dashboard/settings',
      request: () => ({ method: 'PUT', url: '/web/dashboard/settings', payload: { cards: [], follow_up_weeks: 8 } }),
      owner: 200,
      ownScope: true,
    },
    { route: 'GET /web/getdash', request: (t) => get(`/web/getdash?id_usuario=${t.owner.id}&type=1`), owner: 200 },
    { route: 'GET /web/charts', request: () => get('/web/charts'), owner: 200, ownScope: true },
    { route: 'GET /web/isak/tem', request: () => get('/web/isak/tem'), owner: 200, ownScope: true },
    {
      route: 'POST /web/avatar',
      request: async () => {
        const { payload, headers } = await multipartPayload({}, [{ name: 'me.png', data: sampleFiles.png() }], 'files');
        return { method: 'POST', url: '/web/avatar', payload, headers };
      },
      owner: 200,
      client: 200,
      ownScope: true,
    },
    {
      route: 'DELETE /web/avatar',
      request: () => ({ method: 'DELETE', url: '/web/avatar' }),
      owner: 200,
      client: 200,
      ownScope: true,
    },
    // Companies.
    {
      route: 'GET /web/getCompanies',
      request: () => get('/web/getCompanies'),
      owner: 200,
      client: 200,
      ownScope: true,
    },
    { route: 'GET /web/companies', request: () => get('/web/companies'), owner: 200, ownScope: true },
    {
      route: 'POST /web/companies',
      request: () => post('/web/companies', { name: 'Otra' }),
      owner: 200,
      ownScope: true,
    },
    {
      route: 'PATCH /web/companies/:id',
      request: (t) => ({ method: 'PATCH', url: `/web/companies/${t.companyId}`, payload: { name: 'Renombrada' } }),
      owner: 200,
    },
    // People.
    {
      route: 'POST /web/create_user',
      request: (t) => post('/web/create_user', clientBody(t.ids, t.owner.id)),
      owner: 200,
    },
    {
      route: 'POST /web/editaperfil',
      request: async (t, actor) => {
        const { payload, headers } = await multipartPayload(
          {
            ...editableFields(clientBody(t.ids, t.owner.id)),
            id_usuario: t.client.id,
            email: t.client.email,
            rut: t.client.rut,
            id_uploader: actor.id,
            files_info: [{ title: 't', description: 'd' }],
            deleted_files: [t.attachmentId],
          },
          [{ name: 'x.png', data: sampleFiles.png() }],
        );
        return { method: 'POST', url: '/web/editaperfil', payload, headers };
      },
      owner: 200,
    },
    {
      route: 'POST /web/people/:id/email-change-request',
      request: (t) =>
        post(`/web/people/${t.client.id}/email-change-request`, { email: `ask-${t.client.id}@example.com` }),
      owner: 200,
    },
    {
      route: 'POST /web/eliminausuario',
      request: (t) => post('/web/eliminausuario', { id_usuario: t.client.id }),
      owner: 200,
    },
    {
      route: 'GET /web/getMyClients',
      request: (t) => get(`/web/getMyClients?type=2&parent_user_id=${t.owner.id}&limit=10&skip=0`),
      owner: 200,
    },
    // The list as CSV (decision 191): every professional gets its own clients; the target's never leak (secrets).
    {
      route: 'GET /web/clients.csv',
      request: () => get('/web/clients.csv'),
      owner: 200,
      ownScope: true,
    },
    // Imports (decision 228): the template is the same for everybody; an import acts in the actor's own account.
    {
      route: 'GET /web/import/template',
      request: () => get('/web/import/template?kind=evaluations&format=csv'),
      owner: 200,
      ownScope: true,
    },
    {
      route: 'POST /web/import/clients',
      request: async (t) => {
        const file = `Nombre;Apellido;Correo electrónico\r\nAna;Import;import-${t.owner.id}-${Math.random()}@example.com\r\n`;
        const { payload, headers } = await multipartPayload({}, [{ name: 'c.csv', data: Buffer.from(file) }], 'file');
        return { method: 'POST', url: '/web/import/clients?dry_run=true', payload, headers };
      },
      owner: 200,
      ownScope: true,
    },
    // An evaluation of the target's client: created for its owner; anybody else's answer says no such client.
    {
      route: 'POST /web/import/evaluations',
      request: async (t) => {
        const row = `${t.client.email};2026-02-20;1;72,5;168;122;78;84;100;30;56;28;36,6;No;No;Si;4;3`;
        const header =
          'email;fecha;evaluation_type;peso;estatura;presion_s;presion_d;pcintura;pcadera;pbrazo;ppierna;pgrasa;temperatura;fuma;alcohol;ejercita;hace;frecentrena';
        const file = Buffer.from(`${header}\r\n${row}\r\n`);
        const { payload, headers } = await multipartPayload({}, [{ name: 'e.csv', data: file }], 'file');
        return { method: 'POST', url: '/web/import/evaluations', payload, headers };
      },
      owner: 200,
      ownScope: true,
    },
    // The lists as spreadsheets (decision 227): CSV here, so the blind check can read the body for the secrets.
    {
      route: 'GET /web/client-list/export',
      request: () => get('/web/client-list/export?format=csv'),
      owner: 200,
      ownScope: true,
    },
    {
      route: 'GET /web/evaluation-list/export',
      request: (t) => get(`/web/evaluation-list/export?format=csv&id_evaluado=${t.client.id}`),
      owner: 200,
      client: 200,
      ownScope: true,
    },
    {
      route: 'GET /web/getMyEvaluators',
      request: (t) => get(`/web/getMyEvaluators?parent_user_id=${t.owner.id}`),
      owner: 200,
    },
    {
      route: 'GET /web/usuario',
      request: (t) => get(`/web/usuario?id_usuario=${t.client.id}`),
      owner: 200,
      client: 200,
    },
    {
      route: 'GET /web/attachments/:id/download',
      request: (t) => get(`/web/attachments/${t.attachmentId}/download`),
      owner: 200,
      client: 200,
    },
    {
      route: 'POST /web/cambiacreditosnew',
      request: (t, actor) =>
        post('/web/cambiacreditosnew', { user_id: t.colleague.id, id_usuario: actor.id, creditos: 5 }),
      owner: 200,
    },
    // Evaluations and reports.
    {
      route: 'POST /web/ingresaevaluacion',
      request: (t, actor) => post('/web/ingresaevaluacion', evaluationBody(t.client.id, actor.id)),
      owner: 200,
    },
    {
      route: 'POST /web/editEvaluation',
      request: (t, actor) =>
        post('/web/editEvaluation', { ...evaluationBody(t.client.id, actor.id), evaluationID: t.evaluationId }),
      owner: 200,
    },
    {
      route: 'POST /web/eliminaevaluacion',
      request: (t) => post('/web/eliminaevaluacion', { evaluationID: t.evaluationId }),
      owner: 200,
    },
    {
      route: 'GET /web/getevaluacion',
      request: (t) => get(`/web/getevaluacion?evaluationID=${t.evaluationId}`),
      owner: 200,
      client: 200,
    },
    {
      route: 'GET /web/listaevaluaciones',
      request: (t) => get(`/web/listaevaluaciones?page=1&limit=10&id_evaluado=${t.client.id}`),
      owner: 200,
      client: 200,
      ownScope: true,
    },
    {
      route: 'GET /web/evaluationListing',
      request: (t) => get(`/web/evaluationListing?type=2&parent_user_id=${t.owner.id}`),
      owner: 200,
    },
    {
      route: 'GET /web/evaluations/:id/report.pdf',
      request: (t) => get(`/web/evaluations/${t.evaluationId}/report.pdf`),
      owner: 200,
      client: 200,
    },
    {
      route: 'POST /web/enviarevalua',
      request: (t) => post('/web/enviarevalua', { evaluationID: t.evaluationId }),
      owner: 200,
    },
    // Chat.
    {
      route: 'POST /web/getUserChatRooms',
      request: (t) => post('/web/getUserChatRooms', { user_id: t.owner.id }),
      owner: 200,
    },
    {
      route: 'POST /web/getOrCreateUserChatRoom',
      request: (t) => post('/web/getOrCreateUserChatRoom', { user_id: t.client.id }),
      owner: 200,
    },
    {
      route: 'GET /web/chat/messages',
      request: (t) => get(`/web/chat/messages?room_id=${t.roomId}`),
      owner: 200,
      client: 200,
    },
    {
      route: 'POST /web/chat/read',
      request: (t) => post('/web/chat/read', { room_id: t.roomId }),
      owner: 200,
      client: 200,
    },
    // Consent and audit trail of the target's client.
    {
      route: 'GET /web/clients/:id/consent',
      request: (t) => get(`/web/clients/${t.client.id}/consent`),
      owner: 200,
      client: 200,
    },
    {
      route: 'POST /web/clients/:id/consent',
      request: (t) => post(`/web/clients/${t.client.id}/consent`, consent),
      owner: 200,
    },
    {
      route: 'POST /web/clients/:id/consent/withdraw',
      setup: (t) => giveConsent(t),
      request: (t) => post(`/web/clients/${t.client.id}/consent/withdraw`, {}),
      // The client withdraws its own consent first; the owner then finds none left to withdraw.
      client: 200,
      owner: 409,
    },
    {
      route: 'GET /web/clients/:id/audit',
      request: (t) => get(`/web/clients/${t.client.id}/audit`),
      owner: 200,
      client: 200,
    },
    // The client's data export (decision 145): the client's professionals and the client itself may start one;
    // a job and its ZIP are only for the user who started it.
    {
      route: 'POST /web/clients/:id/export',
      request: (t) => post(`/web/clients/${t.client.id}/export`, {}),
      owner: 202,
      client: 202,
    },
    // The client's FHIR R4 bundle (decision 226): the same readers as the export, answered at once.
    {
      route: 'GET /web/clients/:id/fhir',
      request: (t) => get(`/web/clients/${t.client.id}/fhir`),
      owner: 200,
      client: 200,
    },
    {
      route: 'GET /web/exports/:id',
      setup: (t) => ownersExport(t),
      request: () => get(`/web/exports/${exportJobId}`),
      owner: 200,
    },
    {
      route: 'GET /web/exports/:id/download',
      setup: (t) => ownersExport(t),
      request: () => get(`/web/exports/${exportJobId}/download`),
      owner: 200,
    },
    // The client portal (decision 132): the invitation and its status on the target's client, and the
    // client's own reads (its professional, its evaluation cards; professionals have no cards: 403).
    {
      route: 'POST /web/clients/:id/invite',
      request: (t) => post(`/web/clients/${t.client.id}/invite`, { time_zone: 'America/Santiago' }),
      owner: 200,
    },
    {
      route: 'GET /web/clients/:id/portal',
      request: (t) => get(`/web/clients/${t.client.id}/portal`),
      owner: 200,
    },
    {
      route: 'GET /web/portal/professional',
      request: () => get('/web/portal/professional'),
      owner: 200,
      client: 200,
      ownScope: true,
    },
    {
      route: 'GET /web/portal/evaluations',
      request: () => get('/web/portal/evaluations'),
      owner: 403,
      client: 200,
      ownScope: true,
    },
    // The chat socket: a plain GET (no upgrade) reaches no hub for anyone (the socket's own tests cover upgrades).
    { route: 'GET /web/chat/ws', request: () => get('/web/chat/ws'), owner: 404 },
  ];
}
