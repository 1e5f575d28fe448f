import { ActionIcon, Button, Group } from '@mantine/core';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { UiKitSection } from './ui-kit-section.tsx';

const VARIANTS = ['filled', 'light', 'outline', 'subtle', 'default'] as const;
const SIZES = ['xs', 'sm', 'md', 'lg'] as const;

export function ButtonsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('uiKit.buttons.title')} description={t('uiKit.buttons.description')} />
      <UiKitSection title={t('uiKit.buttons.variants')}>
        <Group>
          {VARIANTS.map((variant) => (
            <Button key={variant} variant={variant}>
              {variant}
            </Button>
          ))}
        </Group>
      </UiKitSection>
      <UiKitSection title={t('uiKit.buttons.sizes')}>
        <Group align="center">
          {SIZES.map((size) => (
            <Button key={size} size={size}>
              {size}
            </Button>
          ))}
        </Group>
      </UiKitSection>
      <UiKitSection title={t('uiKit.buttons.states')}>
        <Group>
          <Button leftSection={<IconPlus size={16} />}>{t('uiKit.buttons.withIcon')}</Button>
          <Button loading>{t('common.loading')}</Button>
          <Button disabled>{t('uiKit.buttons.disabled')}</Button>
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />}>
            {t('common.delete')}
          </Button>
          <Button color="teal" leftSection={<IconDeviceFloppy size={16} />}>
            {t('common.save')}
          </Button>
          <ActionIcon size="lg" variant="light" aria-label={t('uiKit.buttons.iconOnly')}>
            <IconPlus size={18} />
          </ActionIcon>
        </Group>
      </UiKitSection>
    </>
  );
}
