// Worker-thread entry for the password judge (decision 205). Plain JavaScript so that Node can start it as it is
// (under `tsx`, under vitest or in production alike); it registers tsx and loads the TypeScript judge.
import { register } from 'tsx/esm/api';

register();
await import('./password-judge.worker.ts');
