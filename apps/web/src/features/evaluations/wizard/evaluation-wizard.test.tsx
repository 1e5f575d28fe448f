// The evaluation wizard as a user meets it (issue 29 item 7, decision 180): fields found by their translated labels,
// buttons by their names, and what a save sends read from the request. The API is a stub of fetch.
import { screen, within } from '@testing-library/react';
import { dayjs } from '../../../lib/dates-locale.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@medida/contracts/constants';
import { getInputByLabel, queryInputByLabel, renderWithProviders, tr } from '../../../test/render.tsx';
import { creditsSummaryKey } from '../../credits/index.ts';
import { ownProfileKeys } from '../../../lib/own-profile.ts';
import { sessionKeys } from '../../../lib/session.ts';
import { evaluationWizard, type WizardClient } from '../wizard-store.ts';
import { EvaluationWizardModal } from './evaluation-wizard-modal.tsx';
import type { Method } from './wizard-form.ts';

const TOKEN = 'component-test-token';
const OLGA: WizardClient = {
  id_usuario: 41,
  nombre: 'Olga',
  apellido: 'Ortiz',
  email: 'olga@example.org',
  rut: null,
  nacimiento: '1985-04-02',
  sexo: 'Femenino',
};
const TEN_YEARS_AGO = dayjs().subtract(10, 'year').format('YYYY-MM-DD');
const MINOR: WizardClient = {
  ...OLGA,
  id_usuario: 42,
  nombre: 'Mateo',
  email: 'mateo@example.org',
  nacimiento: TEN_YEARS_AGO,
};

/** The requests the wizard sent, as [path, parsed JSON body]. */
let sent: Array<[string, unknown]> = [];

/** The API: the balance, the client search (by name) and a save that fails, so the body is all that counts. */
function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost:3000');
  sent.push([url.pathname, init?.body ? JSON.parse(String(init.body)) : undefined]);
  if (url.pathname === '/web/creditos') return Promise.resolve(Response.json({ creditos: 5, evaluation_cost: 1 }));
  if (url.pathname === '/web/evaluationListing') {
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const lista = [OLGA, MINOR]
      .filter((c) => c.nombre.toLowerCase().includes(search))
      .map((c) => ({ ...c, age: dayjs().diff(c.nacimiento, 'year') }));
    return Promise.resolve(Response.json({ lista }));
  }
  return Promise.resolve(Response.json({ message: 'unavailable in this test' }, { status: 503 }));
}

beforeEach(() => {
  sent = [];
  window.localStorage.setItem('token', TOKEN);
  vi.stubGlobal('fetch', vi.fn(fakeApi));
});
afterEach(() => {
  evaluationWizard.close();
  vi.unstubAllGlobals();
});

/** Renders the wizard as the app does (a global overlay) and opens it, with `client` already chosen or not. */
async function openWizard(client: WizardClient | null, lang: Language = 'es') {
  const rendered = await renderWithProviders(<EvaluationWizardModal />, {
    lang,
    queryData: [
      [sessionKeys.user(TOKEN), { id: 7, type: 1, cambia_pass: 0 }],
      [ownProfileKeys.own, { units: 'metric', lang }],
      [creditsSummaryKey, { creditos: 5, evaluation_cost: 1 }],
    ],
  });
  evaluationWizard.open(client);
  const dialog = await screen.findByRole('dialog', { name: tr(lang, 'evaluations.wizard.title') });
  const t = (key: string, options?: Record<string, unknown>) => tr(lang, key, options);
  const button = (key: string) => within(dialog).getByRole('button', { name: t(key) });
  return { ...rendered, dialog, t, button };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An input by its label as read (a required one ends with its asterisk). */
const named = (label: string) => new RegExp(`^${escape(label)}( \\*)?$`);
/** A measurement by its label (the label's text as shown, with its asterisk when required). */
const measurement = (lang: Language, field: string) => getInputByLabel(named(tr(lang, `evaluations.fields.${field}`)));
/** What a screen reader reads after the field's name: its description and its error. */
function descriptionOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
const savedBody = () => sent.find(([path]) => path === '/web/ingresaevaluacion')?.[1] as Record<string, unknown>;

const REQUIRED_BY_METHOD: Record<Exclude<Method, 5>, string[]> = {
  1: ['pgrasa'],
  2: ['triceps', 'subescapular'],
  3: ['cuello'],
  4: ['triceps', 'subescapular', 'abdominal', 'cuadriceps'],
};
const BASE = { peso: '80', estatura: '178', presion_s: '125', presion_d: '80', pcintura: '90', pcadera: '100' };
const LIMBS = { pbrazo: '32', ppierna: '55', pgrasa: '20' };

async function fillBioimpedance(user: Awaited<ReturnType<typeof openWizard>>['user'], lang: Language) {
  // Pasted: typing nine fields key by key costs seconds in jsdom; the decimal test types its field.
  for (const [field, value] of Object.entries({ ...BASE, ...LIMBS })) {
    await user.click(measurement(lang, field));
    await user.paste(value);
  }
}

describe('step 1: the client, the date and the method', () => {
  it('keeps Next disabled until a client found by name is chosen', async () => {
    const { user, dialog, t, button } = await openWizard(null);
    expect(button('evaluations.wizard.next')).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByRole('textbox', { name: t('evaluations.wizard.client') }), 'Olg');
    // The search waits 800 ms after the last key (spec §7).
    await user.click(await within(dialog).findByRole('button', { name: /Olga Ortiz/ }, { timeout: 3000 }));
    expect(within(dialog).queryByText('olga@example.org')).not.toBeNull();
    expect(button('evaluations.wizard.next')).toHaveProperty('disabled', false);
    expect(sent.some(([path]) => path === '/web/evaluationListing')).toBe(true);
  });

  it.each(['es', 'en', 'pt'] as const)(
    'blocks a client under 13 with the %s message and offers to edit them',
    async (lang) => {
      const { dialog, t, button } = await openWizard(MINOR, lang);
      expect(within(dialog).queryByText(t('domain.evaluation.errors.underAge'))).not.toBeNull();
      expect(button('evaluations.wizard.editClient')).toHaveProperty('disabled', false);
      expect(button('evaluations.wizard.next')).toHaveProperty('disabled', true);
    },
  );

  it('starts with bioimpedance chosen and the required date set to today', async () => {
    const { dialog, t } = await openWizard(OLGA);
    const methods = within(dialog).getByRole('radiogroup', { name: t('evaluations.wizard.method') });
    expect(within(methods).getAllByRole('radio')).toHaveLength(5);
    const chosen = within(methods).getByRole('radio', { checked: true });
    expect(chosen.textContent).toContain(t('evaluations.types.1'));
    const date = within(dialog).getByRole('button', { name: named(t('evaluations.wizard.fecha')) });
    expect(date.textContent).toContain(String(dayjs().year()));
  });
});

describe('step 2: the measurements of the chosen method', () => {
  it.each([1, 2, 3, 4] as const)('shows the fields of method %i and none of the other methods', async (method) => {
    const { user, dialog, t, button } = await openWizard(OLGA);
    await user.click(within(dialog).getByRole('radio', { name: new RegExp(escape(t(`evaluations.types.${method}`))) }));
    await user.click(button('evaluations.wizard.next'));
    await within(dialog).findByRole('group', {
      name: t('evaluations.wizard.measurements', { method: t(`evaluations.types.${method}`) }),
    });
    for (const field of ['peso', 'estatura', ...REQUIRED_BY_METHOD[method]])
      expect(measurement('es', field).getAttribute('aria-required'), field).toBe('true');
    const others = new Set(
      Object.values(REQUIRED_BY_METHOD)
        .flat()
        .filter((f) => !REQUIRED_BY_METHOD[method].includes(f)),
    );
    for (const field of others) expect(queryInputByLabel(named(t(`evaluations.fields.${field}`))), field).toBeNull();
  });

  it('names the required fields left empty, in a toast and under each field, and sends nothing', async () => {
    const { user, t, button } = await openWizard(OLGA);
    await user.click(button('evaluations.wizard.next'));
    await user.type(measurement('es', 'peso'), '80');
    await user.click(button('evaluations.wizard.save'));
    await screen.findByText(t('messages.fieldsRequired'));
    const estatura = measurement('es', 'estatura');
    expect(estatura.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(estatura)).toContain(t('domain.evaluation.errors.required'));
    expect(measurement('es', 'peso').getAttribute('aria-invalid')).not.toBe('true');
    expect(sent.some(([path]) => path === '/web/ingresaevaluacion')).toBe(false);
  });

  it.each(['es', 'en', 'pt'] as const)('gives an out-of-range weight its accepted range in %s', async (lang) => {
    const { user, t, button } = await openWizard(OLGA, lang);
    await user.click(button('evaluations.wizard.next'));
    await user.type(measurement(lang, 'peso'), '900');
    await user.click(button('evaluations.wizard.save'));
    const peso = measurement(lang, 'peso');
    expect(peso.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(peso)).toContain(t('evaluations.wizard.rangeError', { min: 20, max: 300, unit: 'kg' }));
    expect(savedBody()).toBeUndefined();
  });

  it('reads "68,5" typed in Spanish as 68.5, counts the out-of-range fields, and sends what was entered', async () => {
    const { user, t, button } = await openWizard(OLGA);
    await user.click(button('evaluations.wizard.next'));
    await fillBioimpedance(user, 'es');
    await user.type(measurement('es', 'temperatura'), '36,6');
    await user.type(measurement('es', 'peso'), '0');
    await user.click(button('evaluations.wizard.save'));
    // 800 kg: every problem is a range, and the toast counts them.
    await screen.findByText(t('evaluations.wizard.outOfRangeCount', { count: 1 }));
    expect(savedBody()).toBeUndefined();

    await user.clear(measurement('es', 'peso'));
    await user.type(measurement('es', 'peso'), '68,5');
    expect(measurement('es', 'peso')).toHaveProperty('value', '68,5');
    await user.click(button('evaluations.wizard.save'));
    await vi.waitFor(() => expect(savedBody()).toBeDefined());
    expect(savedBody()).toMatchObject({
      id_evaluado: OLGA.id_usuario,
      evaluation_type: 1,
      fecha: dayjs().format('YYYY-MM-DD'),
      peso: 68.5,
      estatura: 178,
      presion_s: 125,
      pgrasa: 20,
      clinical_data: expect.objectContaining({ temperatura: 36.6 }),
    });
  });

  it('shows training frequency only for a client who exercises', async () => {
    const { user, dialog, t, button } = await openWizard(OLGA);
    await user.click(button('evaluations.wizard.next'));
    const exercises = within(dialog).getByRole('radiogroup', { name: t('evaluations.fields.ejercita') });
    expect(within(exercises).getByRole('radio', { name: t('evaluations.no') })).toHaveProperty('checked', true);
    expect(within(dialog).queryByRole('combobox', { name: named(t('evaluations.fields.frecentrena')) })).toBeNull();
    await user.click(within(exercises).getByRole('radio', { name: t('evaluations.yes') }));
    expect(within(dialog).getByRole('combobox', { name: named(t('evaluations.fields.frecentrena')) }));
  });
});

describe('moving between the steps', () => {
  it('keeps the measurements and the method after Back and Next', async () => {
    const { user, dialog, t, button } = await openWizard(OLGA);
    await user.click(within(dialog).getByRole('radio', { name: new RegExp(escape(t('evaluations.types.3'))) }));
    await user.click(button('evaluations.wizard.next'));
    await user.type(measurement('es', 'peso'), '72,4');
    await user.type(measurement('es', 'cuello'), '34');
    await user.click(button('evaluations.wizard.back'));
    expect(within(dialog).getByRole('radio', { checked: true }).textContent).toContain(t('evaluations.types.3'));
    expect(within(dialog).queryByText('Olga Ortiz')).not.toBeNull();
    await user.click(button('evaluations.wizard.next'));
    expect(measurement('es', 'peso')).toHaveProperty('value', '72,4');
    expect(measurement('es', 'cuello')).toHaveProperty('value', '34');
  });
});
