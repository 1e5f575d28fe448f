import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBell,
  IconCalendar,
  IconChartBar,
  IconClipboardHeart,
  IconCoins,
  IconDeviceFloppy,
  IconKey,
  IconLanguage,
  IconLayoutDashboard,
  IconLayoutGrid,
  IconLinkOff,
  IconLogout,
  IconMailCheck,
  IconMessageCircle,
  IconMessages,
  IconNetwork,
  IconPalette,
  IconPlus,
  IconRefresh,
  IconReportMedical,
  IconTrash,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { UiKitSection } from './ui-kit-section.tsx';

/** The Tabler icons the app uses, by name: pick from these before adding new ones. */
const APP_ICONS = {
  IconLayoutDashboard,
  IconUsers,
  IconNetwork,
  IconClipboardHeart,
  IconReportMedical,
  IconChartBar,
  IconLayoutGrid,
  IconMessageCircle,
  IconMessages,
  IconUserCircle,
  IconKey,
  IconLogout,
  IconLanguage,
  IconCoins,
  IconCalendar,
  IconMailCheck,
  IconLinkOff,
  IconAlertTriangle,
  IconRefresh,
  IconPlus,
  IconTrash,
  IconDeviceFloppy,
  IconBell,
  IconPalette,
};

export function IconsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('uiKit.icons.title')} description={t('uiKit.icons.description')} />
      <UiKitSection title={t('uiKit.icons.set', { count: Object.keys(APP_ICONS).length })}>
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, lg: 6 }}>
          {Object.entries(APP_ICONS).map(([name, Icon]) => {
            return (
              <Paper withBorder radius="md" p="sm" key={name}>
                <Stack align="center" gap={6}>
                  <Icon size={28} stroke={1.6} aria-hidden="true" />
                  <Text size="xs" c="dimmed" ta="center" style={{ wordBreak: 'break-all' }}>
                    {name}
                  </Text>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      </UiKitSection>
    </>
  );
}
