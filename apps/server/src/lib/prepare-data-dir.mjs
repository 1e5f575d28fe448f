// Child-process entry from the sources (decision 237). Plain JavaScript so that Node can start it as it is (under
// `tsx` or under vitest); it registers tsx and runs the TypeScript entry. The build's own is prepare-data-dir.js.
import { register } from 'tsx/esm/api';

register();
await import('./prepare-data-dir.main.ts');
