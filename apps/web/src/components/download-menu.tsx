import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet } from '@tabler/icons-react';
import type { ListExportFormat } from '@medida/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError } from '../lib/notify.ts';
import { saveBlob } from '../lib/save-blob.ts';

/** A fetched file and the name its answer gave it. */
type Download = { blob: Blob; fileName: string | undefined };

/**
 * "Export ▾" with CSV and Excel (XLSX): a list's download in either format (decision 227). `download` fetches the
 * file, which is saved under the server's name (`fallbackName` plus the extension without one); busy meanwhile, an
 * error is a notification and the button stays usable.
 */
export function DownloadMenu(props: {
  label: string;
  hint: string;
  download: (format: ListExportFormat) => Promise<Download>;
  fallbackName: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const pick = async (format: ListExportFormat) => {
    setBusy(true);
    try {
      const { blob, fileName } = await props.download(format);
      saveBlob(blob, fileName ?? `${props.fallbackName}.${format}`);
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} />}
          rightSection={<IconChevronDown size={14} />}
          loading={busy}
          title={props.hint}
          data-testid={props.testId}
        >
          {props.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void pick('csv')}>{t('common.exportFormats.csv')}</Menu.Item>
        <Menu.Item onClick={() => void pick('xlsx')}>{t('common.exportFormats.xlsx')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
