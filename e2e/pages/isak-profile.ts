import type { Locator } from 'playwright-core';
import { namePattern } from './screen.ts';
import { EvaluationWizard } from './evaluation-wizard.ts';

/**
 * The wizard's ISAK profile (evaluation type 5, issue 31): each site's readings named "<site>, reading n", the
 * full-profile switch, the third reading's prompt and the site's final value.
 */
export class IsakProfile extends EvaluationWizard {
  /** The method card "ISAK profile" of step 1. */
  get isakMethod(): Locator {
    return this.root.getByRole('radio', { name: new RegExp(this.t('evaluations.types.5')) });
  }

  /** The step's section of sites (a group named by its legend). */
  get sites(): Locator {
    return this.root.getByRole('group', { name: this.t('evaluations.isakWizard.legend') });
  }

  siteName(site: string): string {
    return this.t(`evaluations.isakSites.${site}`);
  }

  /** One reading of a site (1, 2 or the third). */
  reading(site: string, n: 1 | 2 | 3): Locator {
    const name = this.t('evaluations.isakWizard.reading', { site: this.siteName(site), n });
    return this.sites.getByLabel(namePattern(name), { exact: false }).and(this.page.locator('input'));
  }

  get fullProfile(): Locator {
    return this.sites.getByRole('switch', {
      name: new RegExp(this.t('evaluations.isakWizard.fullProfile').replace(/[()]/g, '\\$&')),
    });
  }

  /** The line asking for a third reading: which site and why. */
  thirdPrompt(site: string): Locator {
    const start = this.t('evaluations.isakWizard.thirdNeeded', { site: this.siteName(site) }).split('{{')[0]!;
    return this.sites.getByRole('status').filter({ hasText: start });
  }

  /** A site's row: its name, its readings and its final value. */
  row(site: string): Locator {
    return this.sites.getByTestId(`isak-site-${site}`);
  }

  /** Step 1 → the ISAK step. */
  async chooseIsak(): Promise<void> {
    await this.isakMethod.click();
    await this.next();
    await this.sites.waitFor();
  }

  /** Types a site's readings, as the language writes them (`lang`'s decimal separator). */
  async measure(site: string, readings: number[]): Promise<void> {
    const format = new Intl.NumberFormat(this.lang, { useGrouping: false, maximumFractionDigits: 2 });
    for (const [i, value] of readings.entries())
      await this.reading(site, (i + 1) as 1 | 2 | 3).fill(format.format(value));
  }
}
