import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconFileTypePdf, IconLanguage, IconMail } from '@tabler/icons-react';
import { languageSchema, LANGUAGES, type EvaluationDetail, type Language } from '@medida/contracts';
import { useTranslation } from 'react-i18next';
import { NATIVE_LANGUAGE_NAMES } from '../../lib/language.ts';
import { useDownloadReport } from './evaluation-actions.tsx';
import { useSendReportDialog } from './send-report-dialog.ts';

/** The client's language when it is one of ours (the report's default). */
const clientLanguageOf = (d: Pick<EvaluationDetail, 'client'>): Language | undefined => {
  const lang = languageSchema.safeParse(d.client.lang);
  return lang.success ? lang.data : undefined;
};

/**
 * "Download PDF" (in the client's language) with a menu for another language, and "Send by e-mail",
 * which opens the send dialog (issue 14). A client sees only the download.
 */
export function ReportButtons({ data, canSend }: { data: EvaluationDetail; canSend: boolean }) {
  const { t } = useTranslation();
  const download = useDownloadReport();
  const openSend = useSendReportDialog();
  const clientLang = clientLanguageOf(data);
  const get = (lang?: Language) => download.mutate({ id: data.id, fallbackName: `evaluation-${data.id}.pdf`, lang });
  return (
    <>
      <Button.Group>
        <Button
          variant="light"
          leftSection={<IconFileTypePdf size={18} />}
          loading={download.isPending}
          onClick={() => get()}
          data-testid="evaluation-pdf"
        >
          {t('evaluations.detail.pdf')}
        </Button>
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon
              variant="light"
              size={36}
              aria-label={t('evaluations.send.language')}
              data-testid="evaluation-pdf-language"
            >
              <IconLanguage size={18} aria-hidden="true" />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('evaluations.send.language')}</Menu.Label>
            {LANGUAGES.map((lang) => (
              <Menu.Item key={lang} onClick={() => get(lang)} data-testid={`evaluation-pdf-${lang}`}>
                {lang === clientLang
                  ? t('evaluations.send.clientLanguage', { language: NATIVE_LANGUAGE_NAMES[lang] })
                  : NATIVE_LANGUAGE_NAMES[lang]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Button.Group>
      {canSend && (
        <Button
          variant="light"
          leftSection={<IconMail size={18} />}
          onClick={() => openSend({ id: data.id, email: data.client.email, lang: clientLang })}
          data-testid="evaluation-send"
        >
          {t('evaluations.send.action')}
        </Button>
      )}
    </>
  );
}
