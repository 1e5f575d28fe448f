import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { IconClipboardPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ChunkErrorBoundary } from '../../components/chunk-error.tsx';
import { withAllStyles } from '../../lib/all-styles.ts';
import { CHUNK_TIMEOUT_MS } from '../../lib/constants.ts';
import { loadChunk } from '../../lib/with-timeout.ts';
import { evaluationWizard, useEvaluationWizard } from './wizard-store.ts';

// The wizard (engine schema, exam catalogue, forms) loads on first use, not with every screen, with every Mantine
// style (decision 171).
const Wizard = lazy(() =>
  loadChunk(
    withAllStyles(() => import('./wizard/evaluation-wizard-modal.tsx')),
    CHUNK_TIMEOUT_MS,
  ).then((m) => ({
    default: m.EvaluationWizardModal,
  })),
);

/** Spec §2 global overlay: the new-evaluation modal, mounted once by the main layout. */
export function EvaluationWizardOverlay() {
  const { open } = useEvaluationWizard();
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  return mounted ? (
    <ChunkErrorBoundary onRetry={() => window.location.reload()}>
      <Suspense fallback={null}>
        <Wizard />
      </Suspense>
    </ChunkErrorBoundary>
  ) : null;
}

/** The header's "New evaluation" button (a compact icon on phones). */
export function NewEvaluationButton() {
  const { t } = useTranslation();
  return (
    <>
      <Button
        visibleFrom="sm"
        size="sm"
        leftSection={<IconClipboardPlus size={18} />}
        onClick={() => evaluationWizard.open()}
        data-testid="new-evaluation"
      >
        {t('evaluations.new')}
      </Button>
      <Button
        hiddenFrom="sm"
        size="compact-md"
        px={8}
        aria-label={t('evaluations.new')}
        onClick={() => evaluationWizard.open()}
        data-testid="new-evaluation-compact"
      >
        <IconClipboardPlus size={18} />
      </Button>
    </>
  );
}
