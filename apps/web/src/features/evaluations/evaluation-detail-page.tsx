import { USER_TYPE } from '@medida/contracts';
import { startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconHistory, IconPencil, IconInfoCircle, IconTrash, IconUserCheck } from '@tabler/icons-react';
import { dayjs } from '../../lib/dates-locale.ts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { EvaluationDetail } from '@medida/contracts';
import { localizeResult } from '@medida/domain';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { markFirstScreenShown, markFirstScreenShownAfterPaint } from '../../lib/first-screen-shown.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { longDate } from '../../lib/long-date.ts';
import { useMeasurementUnits } from '../../lib/own-profile.ts';
import { apiErrorMessage } from '../../lib/notify.ts';
import { useSessionUser } from '../../lib/session.ts';
import { CompositionCard } from './detail/composition-card.tsx';
import { EquationFootnoteProvider, EquationFootnotes } from './detail/equation-source.tsx';
import { collectEquations } from './detail/format.ts';
import { historyPoints, inReaderUnits, somatoPoints } from './detail/history.ts';
import type * as IsakCardModule from './detail/isak-card.tsx';
import { useLaterStages } from './detail/use-later-stages.ts';
import { WarningsList } from './detail/warnings-list.tsx';
import { useConfirmDeleteEvaluation } from './evaluation-actions.tsx';
import { ReportButtons } from './report-buttons.tsx';
import { useEvaluation, useEvaluationVersion } from './evaluation-queries.ts';
import { evaluationWizard } from './wizard-store.ts';
import { paths } from '../../config/paths.ts';
import { ChunkErrorBoundary } from '../../components/chunk-error.tsx';
import { lazyWithTimeout } from '../../components/lazy-with-timeout.tsx';
import { CHUNK_TIMEOUT_MS } from '../../lib/constants.ts';
import { loadChunk } from '../../lib/with-timeout.ts';
import '../../styles/evaluation-detail.css';

// An evaluation with versions shows their comparison (its Selects, the diff) at the foot of the page: its chunk loads
// only then (decision 215).
const VersionsSection = lazyWithTimeout(() => import('./detail/versions-section.tsx').then((m) => m.VersionsSection), {
  fallback: null,
});

/** Opens the wizard filled with this version's inputs; saving adds version n+1 (editEvaluation). */
function openEdit(data: EvaluationDetail) {
  const c = data.client;
  evaluationWizard.edit(
    {
      id_usuario: c.id,
      nombre: c.nombre,
      apellido: c.apellido,
      email: c.email,
      rut: c.rut,
      nacimiento: c.nacimiento,
      sexo: c.sexo,
    },
    { evaluationId: data.id, inputs: data.inputs },
  );
}

/** Reading an earlier version: say so, who saved it and when, and link back to the current one. */
function OlderVersionNotice({ data }: { data: EvaluationDetail }) {
  const { t } = useTranslation();
  const v = data.versions.find((x) => x.version === data.version);
  return (
    <Alert color="gray" variant="light" icon={<IconHistory />} data-testid="evaluation-older-version">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {t('evaluations.versions.reading', {
            version: data.version,
            total: data.current_version,
            name: v ? `${v.created_by.nombre} ${v.created_by.apellido}`.trim() : '',
            date: v ? dayjs(v.created_at).format('D MMM YYYY HH:mm') : '',
          })}
        </Text>
        <Anchor component={Link} to={paths.evaluation(data.id)} size="sm">
          {t('evaluations.versions.current')}
        </Anchor>
      </Group>
    </Alert>
  );
}

function DetailSkeleton() {
  return (
    <Stack data-testid="evaluation-loading" aria-busy="true">
      <Skeleton h={60} w="50%" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Skeleton h={420} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Skeleton h={420} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function DetailHeader({ data }: { data: EvaluationDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isClient = useSessionUser().data?.type === USER_TYPE.client;
  const confirmDelete = useConfirmDeleteEvaluation();
  const name = `${data.client.nombre} ${data.client.apellido}`.trim();
  const lastEmail = data.emails.at(-1);
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2" data-testid="page-title">
            {isClient ? t('portal.detail.title', { date: longDate(data.fecha, currentLanguage()) }) : name}
          </Title>
          <Group gap={6}>
            <Badge variant="light">{t(`evaluations.types.${data.evaluation_type}`)}</Badge>
            <Text size="sm" c="dimmed" data-testid="evaluation-meta">
              {t('evaluations.detail.meta', {
                date: dayjs(data.fecha).format('D MMM YYYY'),
                evaluator: `${data.evaluator.nombre} ${data.evaluator.apellido}`.trim(),
                age: data.results.age.years,
              })}
            </Text>
            {data.created_by_me && (
              <Badge size="sm" variant="light" color="teal" leftSection={<IconUserCheck size={12} />}>
                {t('evaluations.list.mine')}
              </Badge>
            )}
            {data.current_version > 1 && (
              <Badge size="sm" variant="outline" color="gray">
                {t('evaluations.detail.version', { version: data.version, total: data.current_version })}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          <ReportButtons data={data} canSend={!isClient} />
          {!isClient && data.can_edit && (
            <Button
              variant="light"
              leftSection={<IconPencil size={18} />}
              onClick={() => openEdit(data)}
              data-testid="evaluation-edit"
            >
              {t('evaluations.edit.action')}
            </Button>
          )}
          {!isClient && data.created_by_me && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={18} />}
              onClick={() =>
                confirmDelete(
                  { id: data.id, clientName: name },
                  () => void navigate(paths.evaluations, { replace: true }),
                )
              }
              data-testid="evaluation-delete"
            >
              {t('common.delete')}
            </Button>
          )}
        </Group>
      </Group>
      {lastEmail && (
        <Text size="xs" c="dimmed" data-testid="evaluation-last-email">
          {t('evaluations.send.last', {
            email: lastEmail.to,
            date: dayjs(lastEmail.sent_at).format('D MMM YYYY HH:mm'),
          })}
        </Text>
      )}
    </Stack>
  );
}

/** A chunk of the page loaded once, kept once in: a failed load is tried afresh on the next call. */
function chunk<T>(load: () => Promise<T>) {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    loaded: () => loaded,
    load: (): Promise<T> =>
      (loading ??= loadChunk(load, CHUNK_TIMEOUT_MS).then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
  };
}

const laterCards = chunk(() => import('./detail/later-cards.tsx'));
// An ISAK profile (type 5) leads with its own card (its tables: Mantine's Table and the ScrollArea under it): its chunk
// loads when the answer is one, and the page shows its skeleton until then, so the card does not push the others down.
const isakCard = chunk(() => import('./detail/isak-card.tsx'));

/**
 * How long after its frame a paint may still be on its way to the screen: a slow or loaded device presents it (and
 * records the largest contentful paint) tens of milliseconds after the next frame has started.
 */
const AFTER_PAINT_MS = 200;

/**
 * A chunk of the page in state: asked for once `when` holds (at once, or with `afterPaint` once the frame after the
 * current one has started and AFTER_PAINT_MS have passed: what is committed is then on screen), and
 * `then` run at that moment; at once when already loaded. `failed` is the load's error, `retry` asks again.
 */
function useChunk<T>(
  source: ReturnType<typeof chunk<T>>,
  { when = true, afterPaint = false, then }: { when?: boolean; afterPaint?: boolean; then?: () => void } = {},
): { module: T | null; failed: Error | null; retry: () => void } {
  const [module, setModule] = useState<T | null>(source.loaded);
  const [failed, setFailed] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (module || !when) return;
    let live = true;
    const start = () => {
      // In a task of its own: what `then` starts (the chat, the overlays) renders at once, and the chunk's request
      // need not wait for it in one long task.
      if (then) setTimeout(then, 0);
      source.load().then(
        // In a transition: what the module brings (the later cards, the equations' tooltips over the first screen's
        // [n]) renders in slices, not in one task.
        (loaded) => live && startTransition(() => setModule(() => loaded)),
        (error: unknown) => live && setFailed(error instanceof Error ? error : new Error(String(error))),
      );
    };
    if (!afterPaint) {
      start();
      return () => {
        live = false;
      };
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(start, AFTER_PAINT_MS);
      });
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
    // `then` is read when the load starts, not a reason to start again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [module, when, afterPaint, attempt, source]);
  const retry = () => {
    setFailed(null);
    setAttempt((n) => n + 1);
  };
  return { module, failed, retry };
}

/** Throws a chunk's load error into ChunkErrorBoundary, which offers a retry (as a route's chunk does). */
function Failed({ error }: { error: Error }): never {
  throw error;
}

/** The stages of the cards after the first screen, in the page's order; the footnotes come last. */
const LATER_STAGES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
const LAST_STAGE = LATER_STAGES.length;

function EvaluationBody({ data, Isak }: { data: EvaluationDetail; Isak: typeof IsakCardModule | null }) {
  // The cards below the first screen: their chunk is asked for once the first stage is painted (a request started
  // before that paint would share the network and the main thread with it, decision 215), which also releases what
  // waited for the first screen (the chat, the overlays; decision 171).
  const { module: cards, failed, retry } = useChunk(laterCards, { afterPaint: true, then: markFirstScreenShown });
  // The stages after the first wait for the later cards' chunk and for the reader to come near them.
  const { stage, started, ref: nextCard } = useLaterStages(Boolean(cards), LAST_STAGE);
  const upTo = (n: number) => (stage >= n ? cards : null);
  const [fitness, energy, food, risks, labs, comparison, history, versions, foot] = LATER_STAGES.map(upTo);
  const isClient = useSessionUser().data?.type === USER_TYPE.client;
  useTranslation(); // re-render on a language change
  const lang = currentLanguage();
  // Equation names and client citations in the interface language (decision 150); codes and numbers as stored.
  const r = useMemo(() => localizeResult(data.results, lang), [data.results, lang]);
  const equations = useMemo(() => collectEquations(r), [r]);
  // Weights and the waist in the reader's units (decision 183): the table, the changes and the charts alike.
  const units = useMeasurementUnits();
  const points = useMemo(() => inReaderUnits(historyPoints(data.history, data), units), [data, units]);
  return (
    <EquationFootnoteProvider equations={equations} tooltip={cards?.EquationTooltip}>
      {/* Busy while the stages render; complete once the last has (what waits for the whole page, e.g. tests). */}
      <Stack
        gap="lg"
        data-testid="evaluation-body"
        data-evaluation={data.id}
        data-complete={Boolean(foot)}
        aria-busy={started && !foot}
      >
        <WarningsList warnings={r.warnings} equations={equations} />
        {/* An ISAK profile (type 5) leads with its own results: sites, TEM, sums, somatotype, Phantom, Kerr. */}
        {r.isak && Isak && <Isak.IsakCard isak={r.isak} somatoPoints={somatoPoints(points, data.id)} />}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="lg">
              <CompositionCard result={r} inputs={data.inputs} />
              {fitness && <fitness.FitnessCard result={r} inputs={data.inputs} />}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            {energy ? (
              <Stack gap="lg">
                <energy.EnergyCard result={r} />
                {food && <food.FoodGuideCard guide={r.food_guide} />}
              </Stack>
            ) : (
              // The next card's place: beside the composition on a wide screen (the stages start at once), below it
              // on a phone (they start as the reader scrolls towards it). Browser tests scroll to it.
              <div ref={nextCard} data-when-in-view="" style={{ minHeight: 1 }} />
            )}
          </Grid.Col>
          {risks && (
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <risks.RisksCard result={r} inputs={data.inputs} />
            </Grid.Col>
          )}
          {labs && (
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <labs.LabsCard exams={r.exams} sex={r.sex} />
            </Grid.Col>
          )}
        </Grid>
        {comparison &&
          r.comparisons.length > 0 &&
          (isClient ? (
            <comparison.FoldedComparison>
              <comparison.ComparisonTable comparisons={r.comparisons} />
            </comparison.FoldedComparison>
          ) : (
            <comparison.ComparisonTable comparisons={r.comparisons} />
          ))}
        {history && <history.HistorySection points={points} currentId={data.id} />}
        {/* Keyed by the current version: a new version resets the comparison to previous → current. Not for clients: the versions are the professionals' record. */}
        {versions && !isClient && data.versions.length > 1 && (
          <VersionsSection key={data.current_version} data={data} />
        )}
        {foot && <EquationFootnotes equations={equations} />}
        {failed && (
          <ChunkErrorBoundary key={failed.message} onRetry={retry}>
            <Failed error={failed} />
          </ChunkErrorBoundary>
        )}
      </Stack>
    </EquationFootnoteProvider>
  );
}

/** /evaluations/detail?evaluationID=… (spec §2): every result grouped as a professional reads them. */
export function EvaluationDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('evaluationID') ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : null;
  const rawVersion = params.get('version') ?? '';
  const version = /^\d+$/.test(rawVersion) ? Number(rawVersion) : null;
  const current = useEvaluation(id);
  const older = useEvaluationVersion(id ?? 0, version);
  const query = version === null ? current : older;
  // The results render in the background (a transition React slices into short tasks) once the answer is in;
  // the skeleton, or the evaluation shown before, stays until then (decision 167).
  const data = useDeferredValue(query.data);
  const isak = useChunk(isakCard, { when: Boolean(query.data?.results.isak) });
  // What waited for the first screen (the chat, the overlays; decision 171) starts once the body's first stage is
  // painted (EvaluationBody), or an error or the not-found state is; leaving before that releases it too.
  const settled = id === null || query.isError;
  useEffect(() => {
    if (settled) markFirstScreenShownAfterPaint();
  }, [settled]);
  useEffect(() => markFirstScreenShown, []);

  const back = (
    <Anchor component={Link} to={paths.evaluations} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} />
        {t('evaluations.detail.back')}
      </Group>
    </Anchor>
  );

  if (id === null || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return (
      <Stack>
        {back}
        <EmptyState
          icon={<IconInfoCircle size={32} />}
          title={t('evaluations.detail.notFoundTitle')}
          description={t('evaluations.detail.notFoundText')}
        />
      </Stack>
    );
  }
  if (query.isError) return <LoadError message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (isak.failed)
    return (
      <ChunkErrorBoundary key={isak.failed.message} onRetry={isak.retry}>
        <Failed error={isak.failed} />
      </ChunkErrorBoundary>
    );
  if (!data || (data.results.isak && !isak.module)) return <DetailSkeleton />;

  return (
    <Stack gap="lg" data-testid="evaluation-detail">
      {back}
      {data.version !== data.current_version && <OlderVersionNotice data={data} />}
      <DetailHeader data={data} />
      <EvaluationBody data={data} Isak={isak.module} />
    </Stack>
  );
}
