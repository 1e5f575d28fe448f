import { ActionIcon, Group, Paper, SimpleGrid, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import type { UseFormReturnType } from '@mantine/form';
import { IconFileTypePdf, IconPhoto, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_ATTACHMENT_BYTES } from '@medida/contracts';
import { notifyError } from '../../lib/notify.ts';
import { ACCEPTED_ATTACHMENT_TYPES, attachmentProblem, formatBytes, type PersonFormValues } from '../people/index.ts';

let nextKey = 0;

/** Picks documents for the client (images and PDF under 10 MB), each with a title and a description. */
export function AttachmentsPicker({ form }: { form: UseFormReturnType<PersonFormValues> }) {
  const { t, i18n } = useTranslation();
  const items = form.getValues().attachments;

  const add = (files: File[]) => {
    for (const file of files)
      form.insertListItem('attachments', { key: `new-${nextKey++}`, file, title: '', description: '' });
  };
  // Checked before upload (spec §5); the translated advice names the limit.
  const reject = (rejections: FileRejection[]) => {
    for (const { file } of rejections)
      notifyError(`${file.name}: ${t(attachmentProblem(file) ?? 'attachments.typeAdvice')}`);
  };

  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={add}
        onReject={reject}
        accept={ACCEPTED_ATTACHMENT_TYPES}
        validator={(file) => {
          const problem = attachmentProblem(file);
          return problem ? { code: problem, message: t(problem) } : null;
        }}
        maxSize={MAX_ATTACHMENT_BYTES - 1}
        radius="md"
        data-testid="attachments-dropzone"
      >
        <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={36} color="var(--mantine-color-medida-6)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconUpload size={36} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <Stack gap={2}>
            <Text fw={600}>{t('attachments.drop')}</Text>
            <Text size="sm" c="dimmed">
              {t('attachments.limits')}
            </Text>
          </Stack>
        </Group>
      </Dropzone>

      {items.map((item, index) => (
        <Paper key={item.key} withBorder radius="md" p="sm" data-testid="new-attachment">
          <Group justify="space-between" wrap="nowrap" mb="xs">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <ThemeIcon variant="light" size="md">
                {item.file.type === 'application/pdf' ? <IconFileTypePdf size={18} /> : <IconPhoto size={18} />}
              </ThemeIcon>
              <Text size="sm" fw={500} truncate="end">
                {item.file.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatBytes(item.file.size, i18n.language)}
              </Text>
            </Group>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => form.removeListItem('attachments', index)}
              aria-label={t('attachments.remove', { name: item.file.name })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('attachments.title')}
              required
              data-testid={`attachment-title-${index}`}
              {...form.getInputProps(`attachments.${index}.title`)}
            />
            <TextInput
              label={t('attachments.description')}
              required
              data-testid={`attachment-description-${index}`}
              {...form.getInputProps(`attachments.${index}.description`)}
            />
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
