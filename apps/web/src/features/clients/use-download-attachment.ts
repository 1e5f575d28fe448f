import { useState } from 'react';
import type { Attachment } from '@medida/contracts';
import { notifyApiError } from '../../lib/notify.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { downloadAttachment } from '../people/index.ts';

/** Downloads one document with the bearer header and saves it; `pending` is the id in flight. */
export function useDownloadAttachment() {
  const [pending, setPending] = useState<number | null>(null);
  const download = async (attachment: Attachment) => {
    setPending(attachment.id);
    try {
      const { blob, fileName } = await downloadAttachment(attachment.file_path);
      saveBlob(blob, fileName ?? attachment.title);
    } catch (error) {
      notifyApiError(error);
    } finally {
      setPending(null);
    }
  };
  return { download, pending };
}
