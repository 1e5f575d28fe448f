// The evaluations domain's public surface for other features (the client page) and the layout.
export {
  ClientEvaluationsSection,
  NewEvaluationForClientButton,
  wizardClientOf,
} from './client-evaluations-section.tsx';
export { evaluationWizard, useEvaluationWizard, type WizardClient } from './wizard-store.ts';
