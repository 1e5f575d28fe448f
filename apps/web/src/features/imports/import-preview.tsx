import { Badge, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { ImportResponse, ImportRow } from '@medida/contracts';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<ImportRow['status'], string> = {
  created: 'teal',
  updated: 'blue',
  skipped: 'gray',
  error: 'red',
};

/**
 * The dry run's answer as a table: one select per file column (the field it feeds, or ignored), then the first
 * rows' cells, each error under its cell; cells are editable when the whole file is shown, so a row can be fixed
 * here and checked again.
 */
export function ImportPreview(props: {
  result: ImportResponse;
  cells: string[][];
  editable: boolean;
  mapping: Record<string, string | null>;
  onMapping: (header: string, key: string | null) => void;
  onCell: (row: number, column: number, value: string) => void;
}) {
  const { t } = useTranslation();
  const { result } = props;
  const ignore = '__ignore__';
  const options = [
    { value: ignore, label: t('imports.ignoreColumn') },
    ...result.fields.map((f) => ({ value: f.key, label: f.label })),
  ];
  return (
    <Table.ScrollContainer minWidth={Math.max(480, result.columns.length * 170)}>
      <Table withTableBorder withColumnBorders verticalSpacing={4} data-testid="import-preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={120}>{t('imports.rowColumn')}</Table.Th>
            {result.columns.map((column, i) => (
              <Table.Th key={`${column.header}-${i}`} miw={160}>
                <Stack gap={4}>
                  <Text size="xs" c="dimmed" lineClamp={1} title={column.header}>
                    {column.header}
                  </Text>
                  <Select
                    size="xs"
                    aria-label={t('imports.columnField', { header: column.header })}
                    data={options}
                    value={props.mapping[column.header] ?? ignore}
                    onChange={(value) => props.onMapping(column.header, !value || value === ignore ? null : value)}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                    data-testid={`import-map-${i}`}
                  />
                </Stack>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.cells.map((cells, r) => {
            const row = result.rows[r];
            const rowErrors = row?.errors.row ?? [];
            return (
              <Table.Tr key={row?.row ?? r} data-testid={`import-row-${r}`}>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="xs">{t('imports.rowNumber', { row: row?.row ?? r + 2 })}</Text>
                    {row && (
                      <Badge size="xs" color={STATUS_COLOR[row.status]} data-testid={`import-status-${r}`}>
                        {t(`imports.status.${row.status}`)}
                      </Badge>
                    )}
                    {rowErrors.map((message) => (
                      <Text key={message} size="xs" c="red">
                        {message}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
                {result.columns.map((column, c) => {
                  const key = props.mapping[column.header] ?? null;
                  const errors = key ? (row?.errors[key] ?? []) : [];
                  const value = cells[c] ?? '';
                  return (
                    <Table.Td key={c} bg={errors.length ? 'var(--mantine-color-red-light)' : undefined}>
                      {props.editable ? (
                        <TextInput
                          size="xs"
                          value={value}
                          aria-label={t('imports.cellLabel', { header: column.header, row: row?.row ?? r + 2 })}
                          error={errors.length ? errors.join(' ') : undefined}
                          onChange={(event) => props.onCell(r, c, event.currentTarget.value)}
                          data-testid={`import-cell-${r}-${c}`}
                        />
                      ) : (
                        <>
                          <Text size="xs">{value}</Text>
                          {errors.map((message) => (
                            <Text key={message} size="xs" c="red">
                              {message}
                            </Text>
                          ))}
                        </>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
