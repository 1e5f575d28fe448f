// The clients feature's public surface for the client portal (the client's own view of its record).
export { AttachmentList } from './attachment-list.tsx';
export { AuditTrailSection, ConsentCard, ConsentWithdrawnBanner, useClientConsent } from './trust-sections.tsx';
export { ExportDataCard } from './export-data-card.tsx';
