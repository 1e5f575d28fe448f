// Report-thread entry when the server runs from its TypeScript sources (tsx, vitest): plain JavaScript so Node
// starts it as it is; it registers tsx and loads the TypeScript worker. The esbuild bundle has its own
// compiled entry (apps/server/build.ts) and never loads this file.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
