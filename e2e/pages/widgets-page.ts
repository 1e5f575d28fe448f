import type { Locator } from 'playwright-core';
import { Screen } from './screen.ts';

/** Widgets (`/widgets`): which dashboard cards show and in which order, and the follow-up interval. */
export class WidgetsPage extends Screen {
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.t('widgets.title') });
  }
  /** A card's block, an article named by the card (`credits`, `latest`, `weekly`…). */
  card(card: string): Locator {
    return this.page.getByRole('article', { name: this.t(`widgets.cards.${card}`), exact: true });
  }
  /** Shown on the dashboard or not. */
  shown(card: string): Locator {
    return this.card(card).getByRole('switch');
  }
  up(card: string): Locator {
    return this.button('widgets.up', this.card(card));
  }
  down(card: string): Locator {
    return this.button('widgets.down', this.card(card));
  }
  get followUpWeeks(): Locator {
    return this.field('widgets.followUpWeeks');
  }
  get saveButton(): Locator {
    return this.button('common.save');
  }
}
