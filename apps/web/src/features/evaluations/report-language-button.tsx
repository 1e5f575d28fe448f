import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

type Props = ActionIconProps & Omit<ComponentPropsWithRef<'button'>, keyof ActionIconProps>;

/** The PDF language menu's trigger: the same button before and after the menu's chunk loads. */
export function ReportLanguageButton(props: Props) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant="light"
      size={36}
      aria-label={t('evaluations.send.language')}
      aria-haspopup="menu"
      data-testid="evaluation-pdf-language"
      {...props}
    >
      <IconLanguage size={18} aria-hidden="true" />
    </ActionIcon>
  );
}
