import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@medida/contracts/constants';
import { setStoredLanguage } from '../lib/storage.ts';
import { LanguageButton, NATIVE_NAMES } from './language-button.tsx';
import '../styles/menu.css';

/** The es / en / pt menu; mounted open, on the first click of the switcher's button. */
export function LanguageMenu() {
  const { i18n } = useTranslation();
  const choose = (lang: Language) => {
    setStoredLanguage(lang);
    void i18n.changeLanguage(lang);
  };

  return (
    <Menu position="bottom-end" withinPortal shadow="md" defaultOpened>
      <Menu.Target>
        <LanguageButton />
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
