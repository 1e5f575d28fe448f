import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { engineText, type EquationRef, type ResultWarning } from '@medida/domain';
import { currentLanguage } from '../../../lib/i18n.ts';

/** The engine's cautions (validity, estimates, fever, crisis) in the reader's language, numbers with its decimal separator. */
export function WarningsList({ warnings, equations }: { warnings: ResultWarning[]; equations: EquationRef[] }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  const nameOf = (id: string | undefined) => equations.find((e) => e.id === id)?.name;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle />}
      title={t('evaluations.detail.warnings')}
      data-testid="evaluation-warnings"
    >
      <List size="sm" spacing={4}>
        {warnings.map((w, i) => {
          const name = nameOf(w.equation);
          return (
            <List.Item key={`${w.code}-${w.equation ?? ''}-${i}`} data-testid="evaluation-warning" data-code={w.code}>
              {engineText(w.code, currentLanguage(), w.params)}
              {name ? ` (${name})` : ''}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
