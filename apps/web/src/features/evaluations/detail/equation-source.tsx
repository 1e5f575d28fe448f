import { createContext, useContext, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { Anchor, List, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EquationRef } from '@medida/domain';

/** Footnote numbers by equation id (1-based, in the order of collectEquations). */
const FootnoteContext = createContext<ReadonlyMap<string, number>>(new Map());

type Tip = ComponentType<{ equation: EquationRef; children: ReactElement }>;

/** The tooltip over each [n] (equation-tooltip.tsx), once its chunk is in: the [n] alone until then. */
const TooltipContext = createContext<Tip | null>(null);

export function EquationFootnoteProvider({
  equations,
  tooltip = null,
  children,
}: {
  equations: EquationRef[];
  tooltip?: Tip | null;
  children: ReactNode;
}) {
  return (
    <FootnoteContext.Provider value={new Map(equations.map((e, i) => [e.id, i + 1]))}>
      <TooltipContext.Provider value={tooltip}>{children}</TooltipContext.Provider>
    </FootnoteContext.Provider>
  );
}

/**
 * The small [n] after a number: hovering (or focusing) shows the equation's name and citation (once the provider has
 * the tooltip), and it links to the same entry in the footnote list, which is what a printed report keeps.
 */
export function EquationSource({ equation }: { equation: EquationRef | null | undefined }) {
  const numbers = useContext(FootnoteContext);
  const Tooltip = useContext(TooltipContext);
  if (!equation) return null;
  const n = numbers.get(equation.id);
  const anchor = (
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
  );
  return Tooltip ? <Tooltip equation={equation}>{anchor}</Tooltip> : anchor;
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
