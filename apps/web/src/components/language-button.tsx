import { Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@medida/contracts/constants';

export const NATIVE_NAMES: Record<Language, string> = { es: 'Español', en: 'English', pt: 'Português' };

type LanguageButtonProps = ButtonProps & Omit<ComponentPropsWithRef<'button'>, keyof ButtonProps>;

/** The switcher's trigger: the current language's code; the same button before and after the menu loads. */
export function LanguageButton(props: LanguageButtonProps) {
  const { t, i18n } = useTranslation();
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-md"
      leftSection={<IconLanguage size={18} aria-hidden="true" />}
      aria-label={t('language.label', { language: NATIVE_NAMES[i18n.language as Language] ?? i18n.language })}
      aria-haspopup="menu"
      data-testid="language-switcher"
      {...props}
    >
      {i18n.language.toUpperCase()}
    </Button>
  );
}
