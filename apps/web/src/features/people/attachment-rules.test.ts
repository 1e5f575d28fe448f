import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from '@medida/contracts';
import { attachmentProblem, formatBytes } from './attachment-rules.ts';

describe('attachment checks before upload (spec §5)', () => {
  it('rejects 10,000,000 bytes or more', () => {
    expect(attachmentProblem({ size: MAX_ATTACHMENT_BYTES - 1, type: 'application/pdf' })).toBeNull();
    expect(attachmentProblem({ size: MAX_ATTACHMENT_BYTES, type: 'application/pdf' })).toBe(
      'messages.maxFileSizeAdvice',
    );
  });

  it('accepts images and PDF only', () => {
    expect(attachmentProblem({ size: 10, type: 'image/png' })).toBeNull();
    expect(attachmentProblem({ size: 10, type: 'image/jpeg' })).toBeNull();
    expect(attachmentProblem({ size: 10, type: 'text/plain' })).toBe('attachments.typeAdvice');
    expect(attachmentProblem({ size: 0, type: 'image/png' })).toBe('attachments.emptyAdvice');
  });

  it('formats sizes', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1_250_000, 'en')).toBe('1.3 MB');
    expect(formatBytes(1_250_000, 'es')).toBe('1,3 MB');
  });
});
