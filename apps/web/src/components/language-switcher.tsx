import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LANGUAGES, type Language } from '@medida/contracts';
import { isLanguageForced } from '../lib/language.ts';
import { setStoredLanguage } from '../lib/storage.ts';

const NATIVE_NAMES: Record<Language, string> = { es: 'Español', en: 'English', pt: 'Português' };

/** es / en / pt; the choice is kept in localStorage 'lang'. Hidden where the page forces a language. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  if (isLanguageForced(pathname)) return null;

  const choose = (lang: Language) => {
    setStoredLanguage(lang);
    void i18n.changeLanguage(lang);
  };

  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} aria-hidden="true" />}
          aria-label={t('language.label', { language: NATIVE_NAMES[i18n.language as Language] ?? i18n.language })}
          data-testid="language-switcher"
        >
          {i18n.language.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((lang) => (
          <Menu.Item
            key={lang}
            lang={lang}
            onClick={() => choose(lang)}
            rightSection={lang === i18n.language ? <IconCheck size={14} aria-hidden="true" /> : null}
            data-testid={`language-option-${lang}`}
          >
            {NATIVE_NAMES[lang]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
