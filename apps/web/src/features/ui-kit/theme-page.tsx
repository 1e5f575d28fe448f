import { ColorSwatch, Group, SimpleGrid, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { UiKitSection } from './ui-kit-section.tsx';

/** The colours the app actually uses: brand, then the status colours of toasts and badges. */
const PALETTES = ['medida', 'teal', 'orange', 'red', 'yellow', 'gray'] as const;

export function ThemePage() {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  return (
    <>
      <PageHeader title={t('uiKit.theme.title')} description={t('uiKit.theme.description')} />
      <UiKitSection title={t('uiKit.theme.colors')}>
        <Stack gap="md">
          {PALETTES.map((name) => (
            <Stack gap={6} key={name}>
              <Text size="sm" fw={600}>
                {t(`uiKit.theme.palette.${name}`)}{' '}
                <Text span c="dimmed" size="xs">
                  ({name})
                </Text>
              </Text>
              <Group gap={6}>
                {(theme.colors[name] ?? []).map((hex, shade) => (
                  <Stack gap={2} align="center" key={hex}>
                    <ColorSwatch color={hex} size={36} radius="sm" aria-label={`${name} ${shade}: ${hex}`} />
                    <Text size="10px" c="dimmed">
                      {shade}
                    </Text>
                  </Stack>
                ))}
              </Group>
            </Stack>
          ))}
        </Stack>
      </UiKitSection>
      <UiKitSection title={t('uiKit.theme.typography')}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack gap={4}>
            {([1, 2, 3, 4, 5, 6] as const).map((order) => (
              <Title order={order} key={order}>
                {t('uiKit.theme.heading', { level: order })}
              </Title>
            ))}
          </Stack>
          <Stack gap={4}>
            {(['xs', 'sm', 'md', 'lg', 'xl'] as const).map((size) => (
              <Text size={size} key={size}>
                {size} · {t('uiKit.theme.sample')}
              </Text>
            ))}
          </Stack>
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('uiKit.theme.fontFamily')}: {theme.fontFamily}
        </Text>
      </UiKitSection>
    </>
  );
}
