import { ATTACHMENT_MIME_TYPES, MAX_ATTACHMENT_BYTES } from '@medida/contracts';
import { numberFormat } from '@medida/domain';

/** What the file picker offers: images and PDF (the server checks the content again). */
export const ACCEPTED_ATTACHMENT_TYPES: string[] = [...ATTACHMENT_MIME_TYPES];

/** Checked before upload (spec §5): a translation key, or null when the file may be sent. */
export function attachmentProblem(file: { size: number; type: string }): string | null {
  if (file.size >= MAX_ATTACHMENT_BYTES) return 'messages.maxFileSizeAdvice';
  if (!(ATTACHMENT_MIME_TYPES as readonly string[]).includes(file.type)) return 'attachments.typeAdvice';
  if (file.size === 0) return 'attachments.emptyAdvice';
  return null;
}

/** 1234567 → "1.2 MB" in the reader's language. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${numberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}
