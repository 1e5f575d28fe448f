// Worker-thread entry for report rendering. Plain JavaScript so that Node can start it as it is (under
// `tsx`, under vitest or in production alike); it registers tsx and loads the TypeScript renderer.
import { register } from 'tsx/esm/api';

register();
await import('./report-render.worker.ts');
