import { Menu } from '@mantine/core';
import { LANGUAGES, type Language } from '@medida/contracts';
import { useTranslation } from 'react-i18next';
import { NATIVE_LANGUAGE_NAMES } from '../../lib/language.ts';
import { ReportLanguageButton } from './report-language-button.tsx';

/**
 * The PDF's other languages; mounted open, on the first click of its button (report-buttons.tsx): Menu and the
 * floating-ui under it are not part of the detail's first screen (decision 215).
 */
export function ReportLanguageMenu({ clientLang, get }: { clientLang?: Language; get: (lang: Language) => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" defaultOpened>
      <Menu.Target>
        <ReportLanguageButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('evaluations.send.language')}</Menu.Label>
        {LANGUAGES.map((lang) => (
          <Menu.Item key={lang} onClick={() => get(lang)} data-testid={`evaluation-pdf-${lang}`}>
            {lang === clientLang
              ? t('evaluations.send.clientLanguage', { language: NATIVE_LANGUAGE_NAMES[lang] })
              : NATIVE_LANGUAGE_NAMES[lang]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
