import type { ReactNode } from 'react';
import { ActionIcon, Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { TooltipOnDemand } from '../../components/tooltip-on-demand.tsx';
import { IconArrowBackUp, IconDownload, IconFileTypePdf, IconPhoto, IconTrash } from '@tabler/icons-react';
import { dayjs } from '../../lib/dates-locale.ts';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@medida/contracts';
import { especialidadKey } from '../../lib/especialidades.ts';
import { formatBytes } from '../people/index.ts';
import { useDownloadAttachment } from './use-download-attachment.ts';

interface AttachmentListProps {
  attachments: Attachment[];
  /** Edit modal: ids marked for deletion, and the toggle. Without it the list is read-only. */
  marked?: number[];
  onToggleMark?: (id: number) => void;
}

function IconButton({
  label,
  onClick,
  children,
  color,
  loading,
  testId,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  color?: string;
  loading?: boolean;
  testId: string;
}) {
  return (
    <TooltipOnDemand label={label}>
      <ActionIcon
        variant="subtle"
        color={color}
        onClick={onClick}
        aria-label={label}
        loading={loading}
        data-testid={testId}
      >
        {children}
      </ActionIcon>
    </TooltipOnDemand>
  );
}

/** A client's saved documents: title, description, who uploaded it and when, with download. */
export function AttachmentList({ attachments, marked, onToggleMark }: AttachmentListProps) {
  const { t, i18n } = useTranslation();
  const { download, pending } = useDownloadAttachment();
  return (
    <Stack gap="xs">
      {attachments.map((a) => {
        const isMarked = marked?.includes(a.id) ?? false;
        const especialidad = a.uploader.especialidad
          ? t(especialidadKey(a.uploader.especialidad) ?? '', { defaultValue: a.uploader.especialidad })
          : null;
        return (
          <Paper
            key={a.id}
            withBorder
            radius="md"
            p="sm"
            data-testid="saved-attachment"
            data-marked={isMarked || undefined}
            bg={isMarked ? 'red.0' : undefined}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
                <ThemeIcon variant="light" size="lg" color={isMarked ? 'red' : undefined}>
                  {a.mime_type === 'application/pdf' ? <IconFileTypePdf size={20} /> : <IconPhoto size={20} />}
                </ThemeIcon>
                <Stack gap={2} miw={0}>
                  <Group gap={6}>
                    <Text fw={600} size="sm" td={isMarked ? 'line-through' : undefined}>
                      {a.title}
                    </Text>
                    {isMarked && (
                      <Badge color="red" variant="light" size="sm">
                        {t('attachments.markedBadge')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {a.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('attachments.uploadedBy', {
                      name: `${a.uploader.nombre} ${a.uploader.apellido}`.trim(),
                      date: dayjs(a.created_at).format('D MMM YYYY'),
                    })}
                    {especialidad ? ` · ${especialidad}` : ''} · {formatBytes(a.size_bytes, i18n.language)}
                  </Text>
                </Stack>
              </Group>
              <Group gap={4} wrap="nowrap">
                <IconButton
                  label={t('attachments.download', { title: a.title })}
                  onClick={() => void download(a)}
                  loading={pending === a.id}
                  testId="attachment-download"
                >
                  <IconDownload size={18} />
                </IconButton>
                {onToggleMark && (
                  <IconButton
                    label={
                      isMarked ? t('attachments.unmark', { title: a.title }) : t('attachments.mark', { title: a.title })
                    }
                    onClick={() => onToggleMark(a.id)}
                    color={isMarked ? undefined : 'red'}
                    testId="attachment-toggle-delete"
                  >
                    {isMarked ? <IconArrowBackUp size={18} /> : <IconTrash size={18} />}
                  </IconButton>
                )}
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
