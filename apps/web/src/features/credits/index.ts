// The credits feature as other features see it.
export { CreditsExplanation, WizardCredits } from './credits-explanation.tsx';
export { canAffordEvaluation, creditsSummaryKey, useCreditsSummary } from './credits-summary.ts';
export { CreditRequestState, formatMoment, formatPrice } from './credit-request-texts.tsx';
