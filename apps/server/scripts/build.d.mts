/** Types of build.mjs, for the tests, the browser suite and the benches that compile the server. */
export function buildServerBundle(
  outdir: string,
  entry?: string,
): Promise<{ main: string; migrations: number }>;
export function nodeFlags(main: string): string[];
