// The ISAK profile in the wizard (issue 31, decision 197) as a professional meets it: the repeat rule's third reading,
// the full profile, the body a save sends, an edit that brings every reading back, and a server error at its site.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@medida/contracts/constants';
import { getInputByLabel, queryInputByLabel, renderWithProviders, tr } from '../../../test/render.tsx';
import { creditsSummaryKey } from '../../credits/index.ts';
import { ownProfileKeys } from '../../../lib/own-profile.ts';
import { sessionKeys } from '../../../lib/session.ts';
import { evaluationWizard, type WizardClient, type WizardEdit } from '../wizard-store.ts';
import { EvaluationWizardModal } from './evaluation-wizard-modal.tsx';

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

let sent: Array<[string, unknown]> = [];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** What the save answers: by default a failure, so that the body is all that counts. */
let saveAnswer: () => Response = () => Response.json({ message: 'unavailable in this test' }, { status: 503 });

function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost:3000');
  sent.push([url.pathname, init?.body ? JSON.parse(String(init.body)) : undefined]);
  if (url.pathname === '/web/creditos') return Promise.resolve(Response.json({ creditos: 5, evaluation_cost: 1 }));
  if (url.pathname === '/web/ingresaevaluacion' || url.pathname === '/web/editEvaluation')
    return Promise.resolve(saveAnswer());
  return Promise.resolve(Response.json({ message: 'unavailable in this test' }, { status: 503 }));
}

// A step of sixty inputs filled reading by reading: slower than the default 20 s on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  sent = [];
  saveAnswer = () => Response.json({ message: 'unavailable in this test' }, { status: 503 });
  window.localStorage.setItem('token', TOKEN);
  vi.stubGlobal('fetch', vi.fn(fakeApi));
});
afterEach(() => {
  evaluationWizard.close();
  vi.unstubAllGlobals();
});

async function openWizard(lang: Language = 'es', edit: WizardEdit | null = null, units = 'metric') {
  const rendered = await renderWithProviders(<EvaluationWizardModal />, {
    lang,
    queryData: [
      [sessionKeys.user(TOKEN), { id: 7, type: 1, cambia_pass: 0 }],
      [ownProfileKeys.own, { units, lang }],
      [creditsSummaryKey, { creditos: 5, evaluation_cost: 1 }],
    ],
  });
  if (edit) evaluationWizard.edit(OLGA, edit);
  else evaluationWizard.open(OLGA);
  const title = tr(lang, edit ? 'evaluations.edit.title' : 'evaluations.wizard.title');
  const dialog = await screen.findByRole('dialog', { name: title });
  const t = (key: string, options?: Record<string, unknown>) => tr(lang, key, options);
  const button = (key: string) => within(dialog).getByRole('button', { name: t(key) });
  /** One reading's input of a site, by its accessible name ("Pliegue tricipital, medición 1"). */
  const label = (site: string, n: number) =>
    new RegExp(`^${escape(t('evaluations.isakWizard.reading', { site: t(`evaluations.isakSites.${site}`), n }))}$`);
  const reading = (site: string, n: number) => getInputByLabel(label(site, n));
  const queryReading = (site: string, n: number) => queryInputByLabel(label(site, n));
  return { ...rendered, dialog, t, button, reading, queryReading };
}

type Wizard = Awaited<ReturnType<typeof openWizard>>;

/** The full-profile switch (its name also reads its description). */
const fullProfile = (w: Wizard) =>
  within(w.dialog).getByRole('switch', { name: new RegExp(escape(w.t('evaluations.isakWizard.fullProfile'))) });

async function chooseIsak({ user, dialog, t, button }: Wizard) {
  await user.click(within(dialog).getByRole('radio', { name: new RegExp(t('evaluations.types.5')) }));
  await user.click(button('evaluations.wizard.next'));
  await within(dialog).findByRole('group', { name: t('evaluations.isakWizard.legend') });
}

async function typeReadings(w: Wizard, site: string, values: string[]) {
  for (const [i, value] of values.entries()) {
    // Pasted: typing sixty readings key by key costs seconds in jsdom; the repeat rule reads the value either way.
    const input = w.reading(site, i + 1);
    await w.user.clear(input);
    await w.user.paste(value);
  }
}

const field = (lang: Language, name: string) =>
  getInputByLabel(new RegExp(`^${tr(lang, `evaluations.fields.${name}`)}( \\*)?$`));

/** Weight, height, pressures and temperature: what every method asks besides its own sites. */
async function fillCommon(w: Wizard) {
  for (const [name, value] of Object.entries({ peso: '64', estatura: '168', presion_s: '118', presion_d: '76' })) {
    await w.user.click(field('es', name));
    await w.user.paste(value);
  }
  await w.user.click(field('es', 'temperatura'));
  await w.user.paste('36,5');
}

const savedBody = (path = '/web/ingresaevaluacion') =>
  sent.find(([p]) => p === path)?.[1] as Record<string, unknown> | undefined;

describe('the ISAK profile beside the four methods', () => {
  it.each(['es', 'en', 'pt'] as const)('is the fifth method in %s, with the restricted profile first', async (lang) => {
    const w = await openWizard(lang);
    const methods = within(w.dialog).getByRole('radiogroup', { name: w.t('evaluations.wizard.method') });
    expect(within(methods).getAllByRole('radio')).toHaveLength(5);
    await chooseIsak(w);
    // 8 skinfolds, 6 girths, 3 breadths, sitting height and arm span; none of Kerr's extra sites.
    expect(within(w.dialog).getAllByTestId(/^isak-site-/)).toHaveLength(19);
    expect(w.queryReading('head', 1)).toBeNull();
    expect(w.reading('triceps', 1)).toBeDefined();
    expect(within(w.dialog).getByTestId('isak-site-triceps').textContent).toContain('mm');
    expect(within(w.dialog).getByTestId('isak-site-waist').textContent).toContain('cm');
    // The legacy tape and skinfold fields of the other methods are not asked for.
    for (const legacy of ['pcintura', 'pcadera', 'triceps', 'subescapular'])
      expect(queryInputByLabel(new RegExp(`^${escape(tr(lang, `evaluations.fields.${legacy}`))}( \\*)?$`))).toBeNull();
  });

  it('adds the eight full-profile sites with the Kerr switch, and drops them from the body when it is off', async () => {
    const w = await openWizard();
    await chooseIsak(w);
    await w.user.click(fullProfile(w));
    expect(within(w.dialog).getAllByTestId(/^isak-site-/)).toHaveLength(27);
    await typeReadings(w, 'head', ['55,2', '55,3']);
    await w.user.click(fullProfile(w));
    expect(w.queryReading('head', 1)).toBeNull();
    await fillCommon(w);
    await typeReadings(w, 'triceps', ['12', '12,2']);
    await typeReadings(w, 'subscapular', ['10', '10']);
    await typeReadings(w, 'waist', ['70', '70']);
    await typeReadings(w, 'gluteal', ['95', '95']);
    await w.user.click(w.button('evaluations.wizard.save'));
    await vi.waitFor(() => expect(savedBody()).toBeDefined());
    expect(Object.keys((savedBody()!.isak as { sites: object }).sites)).toEqual([
      'triceps',
      'subscapular',
      'waist',
      'gluteal',
    ]);
  });
});

describe('the repeat rule', () => {
  it('asks for no third reading at exactly 5 % and for one at 5.1 %, saying which site and why', async () => {
    const w = await openWizard();
    await chooseIsak(w);
    // 19.5 and 20.5: a difference of 1 on a mean of 20 is exactly 5 %.
    await typeReadings(w, 'triceps', ['19,5', '20,5']);
    expect(w.queryReading('triceps', 3)).toBeNull();
    expect(within(w.dialog).queryByTestId('isak-third-triceps')).toBeNull();
    expect(within(w.dialog).getByTestId('isak-final-triceps').textContent).toBe(
      w.t('evaluations.isakWizard.final', { value: '20', unit: 'mm' }),
    );
    // 19.1 and 20.1: 1 on a mean of 19.6 is 5.10 %.
    await typeReadings(w, 'triceps', ['19,1', '20,1']);
    expect(w.reading('triceps', 3)).toBeDefined();
    expect(within(w.dialog).getByTestId('isak-third-triceps').textContent).toBe(
      w.t('evaluations.isakWizard.thirdNeeded', {
        site: w.t('evaluations.isakSites.triceps'),
        difference: '5,1',
        tolerance: 5,
      }),
    );
    // No final value until the third is taken.
    expect(within(w.dialog).queryByTestId('isak-final-triceps')).toBeNull();
  });

  it('uses 1 % for a girth', async () => {
    const w = await openWizard('en');
    await chooseIsak(w);
    await typeReadings(w, 'waist', ['70', '70.7']);
    expect(w.queryReading('waist', 3)).toBeNull();
    await typeReadings(w, 'waist', ['70', '70.8']);
    expect(within(w.dialog).getByTestId('isak-third-waist').textContent).toBe(
      'Waist girth (minimum): the first two differ by 1.1 % (more than 1 %): take a third measurement',
    );
  });

  it('blocks the save until the third is taken, and shows the median of three', async () => {
    const w = await openWizard();
    await chooseIsak(w);
    await fillCommon(w);
    await typeReadings(w, 'triceps', ['19,1', '20,1']);
    await typeReadings(w, 'subscapular', ['10', '10']);
    await typeReadings(w, 'waist', ['70', '70']);
    await typeReadings(w, 'gluteal', ['95', '95']);
    await w.user.click(w.button('evaluations.wizard.save'));
    const third = w.reading('triceps', 3);
    await vi.waitFor(() => expect(third.getAttribute('aria-invalid')).toBe('true'));
    expect(w.reading('triceps', 1).getAttribute('aria-invalid')).not.toBe('true');
    expect(within(w.dialog).getByTestId('isak-error-triceps').textContent).toBe(
      w.t('domain.evaluation.errors.isakThirdRequired'),
    );
    expect(savedBody()).toBeUndefined();

    await w.user.type(third, '19,8');
    expect(within(w.dialog).getByTestId('isak-final-triceps').textContent).toBe(
      w.t('evaluations.isakWizard.final', { value: '19,8', unit: 'mm' }),
    );
    await w.user.click(w.button('evaluations.wizard.save'));
    await vi.waitFor(() => expect(savedBody()).toBeDefined());
    expect((savedBody()!.isak as { sites: Record<string, number[]> }).sites.triceps).toEqual([19.1, 20.1, 19.8]);
  });

  it('drops the third reading when the first two come back within tolerance', async () => {
    const w = await openWizard();
    await chooseIsak(w);
    await typeReadings(w, 'triceps', ['19,1', '20,1']);
    await w.user.type(w.reading('triceps', 3), '19,8');
    await typeReadings(w, 'triceps', ['19,1', '19,4']);
    expect(w.queryReading('triceps', 3)).toBeNull();
    expect(within(w.dialog).queryByTestId('isak-third-triceps')).toBeNull();
    // Back out of tolerance: the third input is empty again, its earlier value was dropped.
    await typeReadings(w, 'triceps', ['19,1', '20,1']);
    expect(w.reading('triceps', 3)).toHaveProperty('value', '');
  });

  it('names the required sites left empty and sends nothing', async () => {
    const w = await openWizard();
    await chooseIsak(w);
    await fillCommon(w);
    await typeReadings(w, 'triceps', ['12', '12']);
    await w.user.click(w.button('evaluations.wizard.save'));
    await screen.findByText(w.t('messages.fieldsRequired'));
    for (const site of ['subscapular', 'waist', 'gluteal'])
      expect(w.reading(site, 1).getAttribute('aria-invalid'), site).toBe('true');
    expect(w.reading('triceps', 1).getAttribute('aria-invalid')).not.toBe('true');
    expect(savedBody()).toBeUndefined();
  });
});

describe('what a save sends and an edit brings back', () => {
  const STORED_ISAK = {
    sites: {
      triceps: [19.1, 20.1, 19.8],
      subscapular: [10.2, 10.4],
      supraspinale: [8, 8.2],
      waist: [70, 70.2],
      gluteal: [95, 95.1],
      humerus: [6.35, 6.35],
      head: [55.2, 55.3],
      biacromial: [36.5, 36.6],
    },
  };

  it('sends type 5 with every reading of the sites filled and none of the legacy fields', async () => {
    const w = await openWizard();
    await chooseIsak(w);
    await fillCommon(w);
    await w.user.click(fullProfile(w));
    for (const [site, readings] of Object.entries(STORED_ISAK.sites))
      await typeReadings(
        w,
        site,
        readings.map((r) => String(r).replace('.', ',')),
      );
    await w.user.click(w.button('evaluations.wizard.save'));
    await vi.waitFor(() => expect(savedBody()).toBeDefined());
    const body = savedBody()!;
    expect(body).toMatchObject({ evaluation_type: 5, peso: 64, estatura: 168, presion_s: 118, presion_d: 76 });
    expect(body.isak).toEqual(STORED_ISAK);
    for (const legacy of ['pcintura', 'pcadera', 'pbrazo', 'ppierna', 'triceps', 'subescapular', 'pgrasa'])
      expect(body, legacy).not.toHaveProperty(legacy);
  });

  it('loads a stored ISAK evaluation with all its readings and saves them back unchanged', async () => {
    const inputs = {
      evaluation_type: 5,
      sexo: 'Femenino',
      nacimiento: OLGA.nacimiento,
      fecha: '2026-10-01',
      peso: 64,
      estatura: 168,
      presion_s: 118,
      presion_d: 76,
      // Derived by the engine from the sites and stored with them: never sent back from the form.
      pcintura: 70.1,
      triceps: 19.8,
      fuma: 'No',
      alcohol: 'No',
      ejercita: 'No',
      clinical_data: { temperatura: 36.5, dif_respirar: false, ecnt: [], autoinmune: [], exams: [] },
      isak: STORED_ISAK,
    };
    const w = await openWizard('es', { evaluationId: 9, inputs });
    await w.user.click(w.button('evaluations.wizard.next'));
    await within(w.dialog).findByRole('group', { name: w.t('evaluations.isakWizard.legend') });
    expect(fullProfile(w)).toHaveProperty('checked', true);
    expect(w.reading('triceps', 3)).toHaveProperty('value', '19,8');
    expect(w.reading('humerus', 1)).toHaveProperty('value', '6,35');
    expect(w.reading('biacromial', 2)).toHaveProperty('value', '36,6');
    await w.user.click(w.button('evaluations.wizard.save'));
    await vi.waitFor(() => expect(savedBody('/web/editEvaluation')).toBeDefined());
    const body = savedBody('/web/editEvaluation')!;
    expect(body).toMatchObject({ evaluationID: 9, evaluation_type: 5, isak: STORED_ISAK });
    expect(body).not.toHaveProperty('pcintura');
    expect(body).not.toHaveProperty('triceps');
  });

  it('keeps the sites in mm and cm for a user who weighs in pounds', async () => {
    const w = await openWizard('en', null, 'imperial');
    await chooseIsak(w);
    expect(within(w.dialog).getByTestId('isak-site-waist').textContent).toContain('cm');
    await typeReadings(w, 'waist', ['70', '70']);
    expect(within(w.dialog).getByTestId('isak-final-waist').textContent).toBe('= 70 cm');
    await w.user.click(field('en', 'peso'));
    await w.user.paste('141.1');
    for (const [site, value] of Object.entries({ triceps: '12', subscapular: '10', gluteal: '95' }))
      await typeReadings(w, site, [value, value]);
    await w.user.click(field('en', 'estatura'));
    await w.user.paste('66');
    await w.user.click(field('en', 'presion_s'));
    await w.user.paste('118');
    await w.user.click(field('en', 'presion_d'));
    await w.user.paste('76');
    await w.user.click(field('en', 'temperatura'));
    await w.user.paste('36.5');
    await w.user.click(w.button('evaluations.wizard.save'));
    await vi.waitFor(() => expect(savedBody()).toBeDefined());
    const body = savedBody()!;
    // Weight and height arrive in kg and cm from the pounds and inches typed; the sites as typed.
    expect(body.peso).toBeCloseTo(64, 1);
    expect(body.estatura).toBeCloseTo(167.64, 2);
    expect((body.isak as { sites: Record<string, number[]> }).sites.waist).toEqual([70, 70]);
  });

  it("shows the server's error at the site it names", async () => {
    const message = 'Las dos primeras mediciones difieren más que la tolerancia ISAK';
    saveAnswer = () =>
      Response.json(
        { error: { code: 'validation_failed', message: { 'isak.sites.subscapular': [message] } } },
        { status: 422 },
      );
    const w = await openWizard();
    await chooseIsak(w);
    await fillCommon(w);
    await typeReadings(w, 'triceps', ['12', '12']);
    await typeReadings(w, 'subscapular', ['10', '10']);
    await typeReadings(w, 'waist', ['70', '70']);
    await typeReadings(w, 'gluteal', ['95', '95']);
    await w.user.click(w.button('evaluations.wizard.save'));
    await vi.waitFor(() => expect(within(w.dialog).getByTestId('isak-error-subscapular').textContent).toBe(message));
    expect(w.reading('subscapular', 1).getAttribute('aria-invalid')).toBe('true');
  });
});
