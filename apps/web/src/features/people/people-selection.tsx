import { useCallback, useMemo, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Rows chosen in a people list for a bulk action (the hand-over, decision 117). */
export interface PeopleSelection {
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
  setMany: (ids: number[], on: boolean) => void;
  clear: () => void;
}

export function usePeopleSelection(): PeopleSelection {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = useCallback(
    (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const setMany = useCallback(
    (ids: number[], on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  return useMemo(() => ({ selected, toggle, setMany, clear }), [selected, toggle, setMany, clear]);
}

/** Shown while rows are chosen: how many, "Hand over", "Clear". */
export function SelectionBar({ selection, onHandOver }: { selection: PeopleSelection; onHandOver: () => void }) {
  const { t } = useTranslation();
  if (selection.selected.size === 0) return null;
  return (
    <Paper withBorder radius="md" p="xs" bg="var(--mantine-color-gray-0)" data-testid="selection-bar">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {t('handover.selected', { count: selection.selected.size })}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={selection.clear}>
            {t('handover.clearSelection')}
          </Button>
          <Button
            size="xs"
            leftSection={<IconArrowsExchange size={16} />}
            onClick={onHandOver}
            data-testid="handover-selected"
          >
            {t('handover.handOverSelected')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
