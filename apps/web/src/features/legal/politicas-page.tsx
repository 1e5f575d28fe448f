import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PublicShell } from '../../components/public-shell.tsx';
import '../../styles/all.css';

/** Section ids of the privacy policy and terms; the texts are in the locale files under legal.sections. */
const SECTIONS = [
  'controller',
  'data',
  'purpose',
  'legalBasis',
  'sharing',
  'security',
  'retention',
  'rights',
  'minors',
  'terms',
  'liability',
  'changes',
] as const;

export function PoliticasPage() {
  const { t } = useTranslation();
  return (
    <PublicShell title={t('legal.title')} subtitle={t('legal.updated')} size="md">
      <Stack gap="lg" data-testid="politicas">
        <Text>{t('legal.intro')}</Text>
        {SECTIONS.map((id) => {
          const points = t(`legal.sections.${id}.points`, { returnObjects: true, defaultValue: [] }) as unknown;
          return (
            <Stack gap={6} key={id} component="section" aria-labelledby={`legal-${id}`}>
              <Title order={2} fz="lg" id={`legal-${id}`}>
                {t(`legal.sections.${id}.title`)}
              </Title>
              <Text size="sm">{t(`legal.sections.${id}.body`)}</Text>
              {Array.isArray(points) && points.length > 0 && (
                <List size="sm" spacing={4}>
                  {points.map((point) => (
                    <List.Item key={String(point)}>{String(point)}</List.Item>
                  ))}
                </List>
              )}
            </Stack>
          );
        })}
        <Text size="sm" c="dimmed">
          {t('legal.contact')}
        </Text>
      </Stack>
    </PublicShell>
  );
}
