import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileTypePdf, IconMail } from '@tabler/icons-react';
import { languageSchema, type EvaluationDetail, type Language } from '@medida/contracts';
import { useTranslation } from 'react-i18next';
import { lazyWithTimeout } from '../../components/lazy-with-timeout.tsx';
import { useDownloadReport } from './evaluation-actions.tsx';
import { ReportLanguageButton } from './report-language-button.tsx';
import { useSendReportDialog } from './send-report-dialog.ts';

// The PDF language menu (Menu, Popover, floating-ui) loads when the professional points at, focuses or clicks its
// button, not with the detail's first screen (decision 215), as the language switcher's does (issue 11).
const loadMenu = () => import('./report-language-menu.tsx');
const ReportLanguageMenu = lazyWithTimeout(() => loadMenu().then((m) => m.ReportLanguageMenu), {
  fallback: <ReportLanguageButton />,
});
const preloadMenu = () => void loadMenu().catch(() => undefined); // a failure shows on the click, with its retry

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
  const [menuWanted, setMenuWanted] = useState(false);
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
        {menuWanted ? (
          <ReportLanguageMenu clientLang={clientLang} get={get} />
        ) : (
          <ReportLanguageButton
            onClick={() => setMenuWanted(true)}
            onPointerEnter={preloadMenu}
            onFocus={preloadMenu}
          />
        )}
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
