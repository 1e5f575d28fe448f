// The evaluations domain's public surface for other features (the client page) and the layout.
export { ClientEvaluationsSection, NewEvaluationForClientButton } from './client-evaluations-section.tsx';
export { evaluationWizard } from './wizard-store.ts';
// For the client portal's timeline: the same figures, category badges, report download and charts.
export { formatNumber } from './detail/format.ts';
export { LevelBadge } from './detail/result-parts.tsx';
export { useDownloadReport } from './evaluation-actions.tsx';
export { EvaluationListDownload } from './evaluation-list-download.tsx';
export { inReaderUnits, type HistoryPoint } from './detail/history.ts';
export { HistoryCharts } from './detail/history-section.tsx';
