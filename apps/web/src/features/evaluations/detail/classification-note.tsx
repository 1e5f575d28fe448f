import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Decision 196: every class is decided on the value as shown, at the precision its guideline states. */
export function ClassificationNote({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" mt="xs" data-testid={testId}>
      {t('evaluations.results.classifiedAsShown')}
    </Text>
  );
}
