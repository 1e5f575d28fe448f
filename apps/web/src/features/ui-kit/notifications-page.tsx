import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { UiKitSection } from './ui-kit-section.tsx';

/** The spec's messages (§8) as they appear; each toast hides after 5000 ms. */
const SUCCESS = [
  ['messages.createdUser', 'messages.createdUserText'],
  ['messages.editedUser', 'messages.editedUserText'],
  ['messages.okCreditsTitle', 'messages.okCreditsText'],
  ['messages.okChangePassTitle', 'messages.okChangePassText'],
  ['messages.passwordResetTitle', 'messages.passwordResetText'],
  ['messages.evaluationCreatedTitle', 'messages.evaluationCreatedText'],
  ['messages.evaluationDeletedTitle', 'messages.evaluationDeletedText'],
] as const;
const ERRORS = [
  'messages.genericError',
  'messages.errorCreatedUser',
  'messages.errorMessage',
  'messages.passwordDoNotMatch',
  'messages.maxFileSizeAdvice',
  'messages.rockportFieldsError',
] as const;

export function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('uiKit.notifications.title')} description={t('uiKit.notifications.description')} />
      <UiKitSection title={t('uiKit.notifications.success')}>
        <Group>
          {SUCCESS.map(([title, text]) => (
            <Button key={title} variant="light" color="teal" onClick={() => notifySuccess(t(title), t(text))}>
              {t(title)}
            </Button>
          ))}
        </Group>
      </UiKitSection>
      <UiKitSection title={t('uiKit.notifications.errors')}>
        <Stack gap="xs">
          {ERRORS.map((key) => (
            <Group key={key} justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0}>
                <Code w="fit-content">{key.split('.')[1]}</Code>
                <Text size="sm">{t(key)}</Text>
              </Stack>
              <Button
                variant="light"
                color="orange"
                size="xs"
                onClick={() => notifyError(t(key))}
                data-testid={`notify-${key.split('.')[1]}`}
              >
                {t('uiKit.notifications.show')}
              </Button>
            </Group>
          ))}
        </Stack>
        <Text size="sm" c="dimmed">
          {t('uiKit.notifications.hint')}
        </Text>
      </UiKitSection>
    </>
  );
}
