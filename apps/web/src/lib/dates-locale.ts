import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';
import { currentLanguage, i18n } from './i18n.ts';
import { dateLocale } from './language.ts';
import { isLanguage } from './storage.ts';

// dayjs and its locales load with the screens that show dates (the signed-in layout, registration), not
// with Login (issue 11). Importing this module keeps dayjs's locale on the UI language from then on.
dayjs.locale(dateLocale(currentLanguage()));
i18n.on('languageChanged', (next) => {
  if (isLanguage(next)) dayjs.locale(dateLocale(next));
});

/** dayjs for the app's modules: through here, so its locale follows the UI language wherever dates are shown. */
export { dayjs };
