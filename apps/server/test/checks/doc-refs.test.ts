import { describe, expect, it } from 'vitest';
import { anchorOf, brokenReferences, headingsOf } from './doc-refs.js';

// Every reference to a section of a page under docs/ (or the README), from code, scripts, benches and
// the docs themselves, names a section that exists: `api.md "Sync"`, `[…](api.md#sync)`, and every
// `docs/….md` path names a page that exists.
describe('references to the docs', () => {
  it('name pages and sections that exist', () => {
    expect(brokenReferences()).toEqual([]);
  });

  it('know a page by its headings and bold labels, and an anchor as GitHub makes it', () => {
    const page = [
      '# Title',
      '## Resumable uploads (tus)',
      '```',
      '## not a heading',
      '```',
      '- **Sync.** how sync works',
    ].join('\n');
    expect([...headingsOf(page)]).toEqual(['Title', 'Resumable uploads (tus)', 'Resumable uploads', 'Sync']);
    expect(anchorOf('Socket protocol (GET /ws/{token})')).toBe('socket-protocol-get-wstoken');
  });
});
