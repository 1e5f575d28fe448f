import { Anchor, Blockquote, Code, Divider, Kbd, List, Mark, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { UiKitSection } from './ui-kit-section.tsx';

/** Base text elements as they render in this theme. */
export function BasePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('uiKit.base.title')} description={t('uiKit.base.description')} />
      <UiKitSection title={t('uiKit.base.text')}>
        <Stack gap="xs">
          <Text>{t('uiKit.theme.sample')}</Text>
          <Text fw={700}>{t('uiKit.base.bold')}</Text>
          <Text fs="italic">{t('uiKit.base.italic')}</Text>
          <Text c="dimmed">{t('uiKit.base.dimmed')}</Text>
          <Text>
            <Mark>{t('uiKit.base.highlight')}</Mark> · <Anchor href="#base">{t('uiKit.base.link')}</Anchor> ·{' '}
            <Code>GET /web/countries</Code> · <Kbd>Esc</Kbd>
          </Text>
        </Stack>
      </UiKitSection>
      <UiKitSection title={t('uiKit.base.lists')}>
        <List>
          <List.Item>{t('uiKit.base.item', { n: 1 })}</List.Item>
          <List.Item>{t('uiKit.base.item', { n: 2 })}</List.Item>
          <List.Item>{t('uiKit.base.item', { n: 3 })}</List.Item>
        </List>
        <Divider />
        <Blockquote icon={<IconInfoCircle />} color="medida">
          {t('uiKit.base.quote')}
        </Blockquote>
      </UiKitSection>
      <UiKitSection title={t('uiKit.base.table')}>
        <Table.ScrollContainer minWidth={420}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('uiKit.base.constant')}</Table.Th>
                <Table.Th>{t('uiKit.base.value')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{t('uiKit.base.toastTime')}</Table.Td>
                <Table.Td>5000 ms</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('uiKit.base.apiTimeout')}</Table.Td>
                <Table.Td>30 s</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('uiKit.base.chunkTimeout')}</Table.Td>
                <Table.Td>120 s</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </UiKitSection>
    </>
  );
}
