/** What the two builds read, relative to the repository. */
export const BUILD_INPUTS: string[];
/** The fingerprint of the build inputs under `root` (decision 211). */
export function sourcesHash(root: string, inputs?: string[]): string;
