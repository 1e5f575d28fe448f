import { createContext, useContext, type ReactNode } from 'react';
import { Anchor, List, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EquationRef } from '@medida/domain';

/** Footnote numbers by equation id (1-based, in the order of collectEquations). */
const FootnoteContext = createContext<ReadonlyMap<string, number>>(new Map());

export function EquationFootnoteProvider({ equations, children }: { equations: EquationRef[]; children: ReactNode }) {
  return (
    <FootnoteContext.Provider value={new Map(equations.map((e, i) => [e.id, i + 1]))}>
      {children}
    </FootnoteContext.Provider>
  );
}

/**
 * The small [n] after a number: hovering (or focusing) shows the equation's name and citation, and it
 * links to the same entry in the footnote list, which is what a printed report keeps.
 */
export function EquationSource({ equation }: { equation: EquationRef | null | undefined }) {
  const numbers = useContext(FootnoteContext);
  if (!equation) return null;
  const n = numbers.get(equation.id);
  return (
    <Tooltip
      multiline
      w={320}
      withArrow
      label={
        <Stack gap={2}>
          <Text size="xs" fw={600}>
            {equation.name}
          </Text>
          <Text size="xs">{equation.citation}</Text>
        </Stack>
      }
    >
      <Anchor
        href={`#eq-${equation.id}`}
        size="xs"
        fw={500}
        c="dimmed"
        underline="never"
        style={{ verticalAlign: 'super', lineHeight: 1 }}
        data-testid="equation-source"
        data-equation={equation.id}
      >
        [{n ?? '?'}]
      </Anchor>
    </Tooltip>
  );
}

/** The numbered list of every equation and cut-off the page used, with its citation. */
export function EquationFootnotes({ equations }: { equations: EquationRef[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="equation-footnotes">
      <Title order={4} mb="xs">
        {t('evaluations.detail.sources')}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t('evaluations.detail.sourcesHint')}
      </Text>
      <List type="ordered" size="xs" spacing={4}>
        {equations.map((e) => (
          <List.Item key={e.id} id={`eq-${e.id}`}>
            <Text span size="xs" fw={600}>
              {e.name}.
            </Text>{' '}
            <Text span size="xs" c="dimmed">
              {e.citation}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
