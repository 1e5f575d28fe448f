import type { Locator } from 'playwright-core';
import { EXAM_CATALOGUE, type ExamId } from '@medida/domain';
import { everyCardRendered } from './evaluation-detail-page.ts';
import { namePattern, Screen } from './screen.ts';

export type Method = 1 | 2 | 3 | 4;

/** A valid set of measurements per method (spec §5), typed as a professional would. */
const BASE_MEASUREMENTS = {
  peso: '80',
  estatura: '178',
  presion_s: '125',
  presion_d: '80',
  pcintura: '90',
  pcadera: '100',
  pbrazo: '32',
  ppierna: '55',
} as const;
const MEASUREMENTS_BY_METHOD: Record<Method, Record<string, string>> = {
  1: { pgrasa: '20' },
  2: { triceps: '12', subescapular: '15' },
  3: { cuello: '39' },
  4: { triceps: '12', subescapular: '15', abdominal: '22', cuadriceps: '14' },
};

/**
 * The new-evaluation wizard (spec §4, §5), opened from the header: step 1 chooses the client, the date and the
 * method; step 2 takes the method's measurements, lifestyle, Rockport, clinical data and exams.
 */
export class EvaluationWizard extends Screen {
  /** The wizard's dialog: "New evaluation", or "Edit evaluation" when it saves a new version. */
  get root(): Locator {
    return this.page
      .getByRole('dialog', { name: namePattern(this.t('evaluations.wizard.title')) })
      .or(this.page.getByRole('dialog', { name: namePattern(this.t('evaluations.edit.title')) }));
  }

  /** The evaluation's date (a date picker, today by default). */
  get date(): Locator {
    return this.field('evaluations.wizard.fecha', this.root);
  }

  /** Opens the wizard with the header's "New evaluation". */
  async open(): Promise<void> {
    await this.page
      .getByRole('banner')
      .getByRole('button', { name: namePattern(this.t('evaluations.new')) })
      .click();
    await this.root.waitFor();
  }

  // ------------------------------------------------------------ step 1

  get clientSearch(): Locator {
    return this.field('evaluations.wizard.client', this.root);
  }

  /** A result of the client search: a button named by the client's name and e-mail. */
  clientOption(email: string): Locator {
    return this.root.getByRole('button', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
  }

  /** Searches (the search waits 800 ms after the last key) and picks the client with `email`. */
  async pickClient(search: string, email: string): Promise<void> {
    await this.clientSearch.fill(search);
    await this.clientOption(email).click();
    await this.changeClientButton.waitFor();
  }

  /** Shown once a client is chosen. */
  get changeClientButton(): Locator {
    return this.button('evaluations.wizard.changeClient', this.root);
  }

  /** The chosen client's card: the part of step 1 that holds "Change client". */
  get chosenClient(): Locator {
    // (`has` is relative to each div: the button's own locator, not the one scoped to the dialog.)
    return this.root.locator('div', { has: this.button('evaluations.wizard.changeClient') }).last();
  }

  get underAgeAlert(): Locator {
    return this.root.getByRole('alert').filter({ hasText: this.t('domain.evaluation.errors.underAge') });
  }

  method(method: Method): Locator {
    return this.root.getByRole('radio', { name: new RegExp(this.t(`evaluations.types.${method}`)) });
  }

  get nextButton(): Locator {
    return this.button('evaluations.wizard.next', this.root);
  }
  get backButton(): Locator {
    return this.button('evaluations.wizard.back', this.root);
  }
  get saveButton(): Locator {
    return this.button('evaluations.wizard.save', this.root);
  }
  get cancelButton(): Locator {
    return this.button('common.cancel', this.root);
  }

  async next(): Promise<void> {
    await this.nextButton.click();
    await this.measurement('peso').waitFor();
  }

  async cancel(): Promise<void> {
    await this.cancelButton.click();
    await this.root.waitFor({ state: 'hidden' });
  }

  // ------------------------------------------------------------ step 2

  /** A measurement (`peso`, `estatura`, `pgrasa`, `temperatura`, `device.muscle_kg`…) by its label. */
  measurement(name: string): Locator {
    return this.field(`evaluations.fields.${name}`, this.root);
  }

  /** What a measurement's field shows around its number: its label and its unit (kg or lb, cm or in). */
  async textAround(name: string): Promise<string> {
    const wrapper = this.root.locator('.mantine-InputWrapper-root', { has: this.field(`evaluations.fields.${name}`) });
    return (await wrapper.textContent()) ?? '';
  }

  async fillMeasurements(method: Method, extra: Record<string, string> = {}): Promise<void> {
    for (const [field, value] of Object.entries({ ...BASE_MEASUREMENTS, ...MEASUREMENTS_BY_METHOD[method], ...extra }))
      await this.measurement(field).fill(value);
    await this.measurement('temperatura').fill('36.6');
  }

  /** A yes/no question (`fuma`, `alcohol`, `ejercita`): a radio group named by the question. */
  yesNo(question: 'fuma' | 'alcohol' | 'ejercita'): Locator {
    return this.root.getByRole('radiogroup', { name: namePattern(this.t(`evaluations.fields.${question}`)) });
  }

  async answer(question: 'fuma' | 'alcohol' | 'ejercita', yes: boolean): Promise<void> {
    await this.yesNo(question)
      .getByText(this.t(yes ? 'evaluations.yes' : 'evaluations.no'), { exact: true })
      .click();
  }

  /** The answer checked in a yes/no question. */
  async answerOf(question: 'fuma' | 'alcohol' | 'ejercita'): Promise<string> {
    return this.yesNo(question).locator('input:checked').inputValue();
  }

  get walkTime(): Locator {
    return this.measurement('walkTime');
  }
  get walkBpm(): Locator {
    return this.measurement('bpm');
  }

  get feverWarning(): Locator {
    return this.root.getByRole('alert').filter({ hasText: this.t('messages.feverWarning') });
  }

  /** A condition of a list (`ecnt` or `autoinmune`) by its stored (Spanish) name, or the list's "Other". */
  condition(list: 'ecnt' | 'autoinmune', name: string | 'other'): Locator {
    const label = name === 'other' ? this.t('evaluations.wizard.other') : this.t(`evaluations.conditions.${name}`);
    return this.conditionList(list).getByRole('checkbox', { name: namePattern(label) });
  }

  treatment(list: 'ecnt' | 'autoinmune', name: string | 'other'): Locator {
    const label = name === 'other' ? this.t('evaluations.wizard.other') : this.t(`evaluations.conditions.${name}`);
    return this.conditionList(list).getByRole('checkbox', {
      name: namePattern(this.t('evaluations.wizard.treatmentFor', { name: label })),
    });
  }

  otherConditionName(list: 'ecnt' | 'autoinmune'): Locator {
    return this.conditionList(list).getByRole('textbox', {
      name: namePattern(this.t('evaluations.wizard.otherPlaceholder')),
    });
  }

  conditionList(list: 'ecnt' | 'autoinmune'): Locator {
    return this.root.getByRole('table', { name: namePattern(this.t(`evaluations.wizard.${list}`)) });
  }

  examName(exam: ExamId): string {
    return EXAM_CATALOGUE[exam].name[this.lang];
  }

  exam(exam: ExamId): Locator {
    return this.root.getByRole('checkbox', { name: namePattern(this.examName(exam)) });
  }

  examValue(exam: ExamId): Locator {
    return this.root.getByRole('textbox', {
      name: namePattern(this.t('evaluations.wizard.examValue', { name: this.examName(exam) })),
    });
  }

  /** The reference limit shown under an exam (the engine's text; sex-specific for some exams). */
  examLimit(exam: ExamId): Locator {
    const limit = EXAM_CATALOGUE[exam].limit;
    return this.root
      .getByText(limit('F')[this.lang])
      .or(this.root.getByText(limit('M')[this.lang]))
      .first();
  }

  async tickExam(exam: ExamId, value: string): Promise<void> {
    await this.exam(exam).check();
    await this.examValue(exam).fill(value);
  }

  /** The skinfold methods' protocol choice. */
  get protocol(): Locator {
    return this.root.getByRole('combobox', { name: namePattern(this.t('evaluations.wizard.protocol')) });
  }

  /** Save, then the detail page of the new evaluation (the toast says it was created). */
  async saveAndOpenDetail(): Promise<number> {
    const before = this.page.url();
    await this.saveButton.click();
    await this.expectToast(this.t('messages.evaluationCreatedTitle'));
    await this.page.waitForURL((url) => url.pathname === '/evaluations/detail' && url.href !== before);
    const id = Number(new URL(this.page.url()).searchParams.get('evaluationID'));
    // Its cards render in stages after the first paint (decisions 215, 241): every one, before the caller reads them.
    await everyCardRendered(this.page, id);
    return id;
  }

  /** Chooses another method from step 2: Back, the method, Next (the measurements typed so far are kept). */
  async chooseMethod(method: Method): Promise<void> {
    if (await this.backButton.isVisible()) await this.backButton.click();
    await this.method(method).click();
    await this.next();
  }

  /**
   * Pastes `text` over a field's whole value the way a user does: copied to the clipboard, then Ctrl+V
   * (the context needs the clipboard permissions).
   */
  async paste(field: Locator, text: string): Promise<void> {
    await this.page.evaluate((copied) => navigator.clipboard.writeText(copied), text);
    await field.focus();
    await field.selectText();
    await this.page.keyboard.press('ControlOrMeta+V');
  }

  /**
   * Pastes `text` over a field's whole value with the event a paste raises (the text in its clipboard data),
   * without the browser's one clipboard: pages that paste at the same time do not take each other's text.
   */
  async pasteEvent(field: Locator, text: string): Promise<void> {
    await field.focus();
    await field.selectText();
    await field.evaluate((input, pasted) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', pasted);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    }, text);
  }

  /** Types `text` key by key into an emptied field. */
  async typeInto(field: Locator, text: string): Promise<void> {
    await field.fill('');
    await field.pressSequentially(text);
  }

  /** The error a field shows (what a screen reader reads after its name). */
  async errorOf(field: Locator): Promise<string> {
    return this.descriptionOf(field);
  }
}
