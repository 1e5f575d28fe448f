import type { Locator, Page } from 'playwright-core';
import { namePattern, Screen } from './screen.ts';

/**
 * Waits until every card of the evaluation shown (or of `id`) is rendered. The body renders in stages after its first
 * paint (decision 215), and on a phone only once the reader scrolls towards the card after the first screen (decision
 * 241): its place is scrolled into view, as a reader would, then the page goes back to the top.
 */
export async function everyCardRendered(page: Page, id?: number): Promise<void> {
  const body = page.locator(`[data-testid=evaluation-body]${id === undefined ? '' : `[data-evaluation="${id}"]`}`);
  await body.waitFor();
  const scrolled = await body.evaluate((el) => {
    const next = el.querySelector('[data-when-in-view]');
    next?.scrollIntoView({ block: 'center' });
    return next !== null;
  });
  await body.and(page.locator('[data-complete=true]')).waitFor();
  if (scrolled) await page.evaluate(() => window.scrollTo(0, 0));
}

export type ResultGroup = 'composition' | 'energy' | 'foodGuide' | 'fitness' | 'risks' | 'labs' | 'comparison';

/**
 * An evaluation's results (`/evaluations/detail?evaluationID=`): one region per result group, named by its title,
 * the PDF report (and its language menu), "Send by e-mail" and its dialogs. A number's value is read through its
 * test id (`metric-<name>-value`): a figure has no role of its own.
 */
export class EvaluationDetailPage extends Screen {
  async open(id: number): Promise<this> {
    await this.page.goto(`/evaluations/detail?evaluationID=${id}`);
    await this.rendered(id);
    return this;
  }

  /** Every card of the evaluation shown (or of `id`) rendered (everyCardRendered). */
  async rendered(id?: number): Promise<void> {
    await everyCardRendered(this.page, id);
  }

  group(name: ResultGroup): Locator {
    return this.page.getByRole('region', { name: this.t(`evaluations.detail.${name}`), exact: true });
  }

  /** The engine's warnings about this evaluation (an alert titled "Warnings"). */
  get warnings(): Locator {
    return this.page.getByRole('alert').filter({ hasText: this.t('evaluations.detail.warnings') });
  }

  get pdfButton(): Locator {
    return this.button('evaluations.detail.pdf');
  }
  /** The report-language menu beside the PDF button. */
  get reportLanguageButton(): Locator {
    return this.button('evaluations.send.language');
  }
  get sendButton(): Locator {
    return this.button('evaluations.send.action');
  }

  /** "Send by e-mail": recipient, message, report language. */
  get sendDialog(): Locator {
    return this.dialog('evaluations.send.dialogTitle');
  }
  get recipient(): Locator {
    return this.field('evaluations.send.recipient', this.sendDialog);
  }
  get message(): Locator {
    return this.field('evaluations.send.message', this.sendDialog);
  }
  get sendSubmit(): Locator {
    return this.button('evaluations.send.submit', this.sendDialog);
  }

  /** After sending: the PDF's password, shown apart from the e-mail, and "send again" for a new one. */
  get passwordDialog(): Locator {
    return this.dialog('evaluations.send.passwordTitle');
  }
  async shownPassword(): Promise<string> {
    return ((await this.passwordDialog.locator('code').textContent()) ?? '').trim();
  }
  get reissueButton(): Locator {
    return this.button('evaluations.send.reissue', this.passwordDialog);
  }

  /** "Last sent to … on …". */
  get lastEmail(): Locator {
    return this.page.getByText(namePattern(this.t('evaluations.send.last')));
  }
}
