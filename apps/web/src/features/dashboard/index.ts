// The dashboard feature as other features see it: its query keys (evaluations refresh the figures).
export { dashboardKeys } from './dashboard-api.ts';
