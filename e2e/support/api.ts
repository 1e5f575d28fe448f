import type { Page } from 'playwright-core';
import { expectPath, openSignedIn } from './session.ts';
import { lane } from './lane.ts';

/** One JSON API call: the HTTP status and the parsed answer. */
export type Api = <T = Record<string, unknown>>(
  path: string,
  init?: { method?: string; body?: unknown },
) => Promise<{ status: number; json: T }>;

/** The JSON API with a session token, called the way the web app calls it (bearer and X-Requested-With). */
export function apiWith(token: string): Api {
  return async (path, init = {}) => {
    const res = await fetch(lane().baseURL + path, {
      method: init.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${token}`,
        'X-Requested-With': 'XMLHttpRequest',
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as never };
  };
}

/**
 * A professional signed in (through the API, `openSignedIn`) and on the dashboard: the API with that session, and
 * the professional's id.
 */
export async function signInForApi(
  page: Page,
  user: { email: string; password: string },
): Promise<{ api: Api; userId: number }> {
  const api = apiWith(await openSignedIn(page, user, '/dashboard'));
  await expectPath(page, '/dashboard');
  const userId = (await api<{ user: { id: number } }>('/web/authenticate/user')).json.user.id;
  return { api, userId };
}

/** The id of the first client the wizard's search finds below `parentId`. */
export async function findClientId(api: Api, parentId: number, search: string): Promise<number> {
  const res = await api<{ lista: { id_usuario: number }[] }>(
    `/web/evaluationListing?type=2&search=${search}&parent_user_id=${parentId}`,
  );
  return res.json.lista[0]!.id_usuario;
}

/**
 * A valid bioimpedance evaluation (type 1) for POST /web/ingresaevaluacion; the server recomputes every
 * result. Override any measurement.
 */
export function bioimpedanceEvaluation(
  ids: { id_evaluado: number; id_evaluador: number; fecha: string },
  measurements: Partial<
    Record<'peso' | 'estatura' | 'presion_s' | 'pcintura' | 'pcadera' | 'pbrazo' | 'pgrasa', number>
  >,
) {
  return {
    ...ids,
    evaluation_type: 1,
    peso: 80,
    estatura: 178,
    presion_s: 124,
    presion_d: 80,
    pcintura: 92,
    pcadera: 101,
    pbrazo: 32,
    ppierna: 55,
    pgrasa: 22,
    fuma: 'No',
    alcohol: 'No',
    ejercita: 'No',
    clinical_data: { temperatura: 36.5 },
    ...measurements,
  };
}
