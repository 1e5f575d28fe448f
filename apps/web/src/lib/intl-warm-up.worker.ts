/**
 * Makes, off the page's main thread, the kinds of Intl formatters the signed-in first screens make first (lib/warm-up-intl.ts,
 * decision 252): the dashboard's short dates and figures, an evaluation's decimals. The formatters themselves are
 * thrown away; what stays is ICU's locale data, loaded into the caches every thread of the page shares.
 */
import { dateTimeFormat, numberFormat } from '@medida/domain';
import { LANGUAGES } from '@medida/contracts/constants';

for (const lang of LANGUAGES) {
  numberFormat(lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(1.5);
  dateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(0);
}
postMessage('warm');
